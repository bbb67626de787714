#include "RaceLossModel.h"

#include <algorithm>

#include "Format.h"
#include "LiveRefresh.h"
#include "StoreClient.h"

namespace jobdesk::ui {

RaceLossModel::RaceLossModel(StoreClient *client, QObject *parent)
    : QAbstractTableModel(parent), m_client(client)
{
    m_live = new LiveRefresh(client, [](const ChangeMarks &a, const ChangeMarks &b) { return a.raceLossesMoved(b); },
                             this);
    connect(m_live, &LiveRefresh::reloadWanted, this, &RaceLossModel::reload);
}

int RaceLossModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_items.size());
}

int RaceLossModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RaceLossModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case WhenColumn: return tr("When");
    case JobColumn: return tr("Job");
    case LoserColumn: return tr("Loser");
    case WinnerColumn: return tr("Lost to");
    case ExpectedColumn: return tr("Expected version");
    case FoundColumn: return tr("Found version");
    case DigestColumn: return tr("Loser's payload (SHA-256)");
    case OwnerColumn: return tr("Owner");
    case KeyColumn: return tr("Idempotency key");
    default: return QVariant();
    }
}

QVariant RaceLossModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ToolTipRole) // it may hold a customer's or a provider's text
        return Format::plainToolTip(dataFor(index, role));
    return dataFor(index, role);
}

QVariant RaceLossModel::dataFor(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const RaceLossItem &i = m_items.at(index.row());
    const RaceLoss &l = i.loss;
    switch (role) {
    case RaceLossIdRole: return l.id;
    case JobIdRole: return l.jobId;
    case LoserAttemptIdRole: return l.attemptId;
    case WinnerAttemptIdRole: return l.winnerAttemptId ? QVariant(*l.winnerAttemptId) : QVariant();
    case Qt::DisplayRole:
        switch (index.column()) {
        case WhenColumn: return Format::time(l.atMs);
        case JobColumn: return l.jobId;
        case LoserColumn: return tr("#%1 %2").arg(i.loserAttemptNo).arg(i.loserProvider);
        case WinnerColumn:
            return i.winnerAttemptNo ? tr("#%1 %2").arg(*i.winnerAttemptNo).arg(i.winnerProvider)
                                     : tr("no winner yet (the job was decided otherwise)");
        case ExpectedColumn: return tr("v%1").arg(l.expectedVersion);
        case FoundColumn: return tr("v%1").arg(l.foundVersion);
        case DigestColumn: return l.payloadDigest.isEmpty() ? tr("(no payload)") : l.payloadDigest.left(16) + QStringLiteral("…");
        case OwnerColumn: return i.ownerId;
        case KeyColumn: return i.idempotencyKey;
        default: return QVariant();
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case WhenColumn: return Format::dateTime(l.atMs);
        case LoserColumn: return tr("attempt id %1").arg(l.attemptId);
        case WinnerColumn: return l.winnerAttemptId ? tr("attempt id %1").arg(*l.winnerAttemptId) : QVariant();
        case DigestColumn: return l.payloadDigest;
        default: return QVariant();
        }
    default: return QVariant();
    }
}

bool RaceLossModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasMore && !m_loading;
}

void RaceLossModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent) || m_items.isEmpty())
        return;
    read(m_items.last().loss.id);
}

void RaceLossModel::setFilter(const RaceLossFilter &filter)
{
    m_filter = filter;
    ++m_generation; // answers to the old filter are dropped
    m_loading = false;
    beginResetModel();
    m_items.clear();
    m_hasMore = false;
    endResetModel();
    m_live->request();
}

void RaceLossModel::reload()
{
    read(std::nullopt);
}

const RaceLossItem *RaceLossModel::itemAt(int row) const
{
    return row >= 0 && row < m_items.size() ? &m_items.at(row) : nullptr;
}

int RaceLossModel::rowOfRaceLoss(qint64 id) const
{
    for (int r = 0; r < m_items.size(); ++r)
        if (m_items.at(r).loss.id == id)
            return r;
    return -1;
}

void RaceLossModel::read(std::optional<qint64> beforeId)
{
    const quint64 gen = ++m_generation;
    m_loading = true;
    m_live->readStarted();
    const RaceLossFilter filter = m_filter;
    const int limit = m_pageSize;
    m_client->call<QList<RaceLossItem>>(
        this, "race losses", [filter, beforeId, limit](JobService &svc) { return svc.raceLossList(filter, beforeId, limit); },
        [this, gen, beforeId, limit](const CallOutcome<QList<RaceLossItem>> &out) {
            if (gen != m_generation) {
                // Dropped (the filter changed, or a newer read was asked for).
                // Unless that newer read is already out, this was the read in
                // flight: say it came back, or the refresh waits for it forever.
                if (!m_loading)
                    m_live->readFinished();
                return;
            }
            if (!out.ok) {
                m_loading = false;
                m_live->readFinished(false);
                Q_EMIT loadFailed(out.error);
                return;
            }
            // Still loading while the rows go in: a view or tester that asks
            // for more from inside the insert signals must not send a second
            // read for the same page (it came back twice, duplicated).
            if (!beforeId || (!m_items.isEmpty() && m_items.last().loss.id == *beforeId))
                onRead(*out.value, !beforeId, out.value->size() >= limit);
            m_loading = false;
            m_live->readFinished();
        });
}

void RaceLossModel::onRead(const QList<RaceLossItem> &items, bool top, bool full)
{
    if (top && !m_items.isEmpty() && full && items.last().loss.id > m_items.first().loss.id) {
        // A whole page arrived since the last read and it does not reach back
        // to the top row: what lies between would be missing (not shown until
        // F5). Start again from this page; older rows come back by scrolling.
        beginResetModel();
        m_items = items;
        m_hasMore = true;
        endResetModel();
    } else if (top && !m_items.isEmpty()) {
        // The newest page again: what is newer than the top row comes in
        // above it, and a row not shown yet below the top at its place by id.
        // On PostgreSQL an id is drawn before its row commits, so a loss can
        // commit after one with a higher id that is shown already, and still
        // comes in (tst_ui_worklists::aRaceLossCommittedAfterANewerOneStillComesIn).
        const qint64 newest = m_items.first().loss.id;
        QList<RaceLossItem> fresh;
        QList<RaceLossItem> late;
        for (const RaceLossItem &i : items) {
            if (i.loss.id > newest)
                fresh.append(i);
            else if (!m_hasMore || i.loss.id > m_items.last().loss.id) // older than what is loaded: comes by scrolling
                late.append(i);
        }
        if (!fresh.isEmpty()) {
            beginInsertRows({}, 0, static_cast<int>(fresh.size()) - 1);
            m_items = fresh + m_items;
            endInsertRows();
        }
        for (const RaceLossItem &i : late) {
            const auto at = std::lower_bound(m_items.begin(), m_items.end(), i.loss.id,
                                             [](const RaceLossItem &shown, qint64 id) { return shown.loss.id > id; });
            if (at != m_items.end() && at->loss.id == i.loss.id)
                continue; // shown already
            const int row = static_cast<int>(at - m_items.begin());
            beginInsertRows({}, row, row);
            m_items.insert(row, i);
            endInsertRows();
        }
    } else if (!items.isEmpty()) {
        const int first = static_cast<int>(m_items.size());
        beginInsertRows({}, first, first + static_cast<int>(items.size()) - 1);
        m_items.append(items);
        endInsertRows();
        m_hasMore = full;
    } else {
        m_hasMore = false;
    }
    m_loaded = true;
    Q_EMIT loaded(rowCount());
}

} // namespace jobdesk::ui
