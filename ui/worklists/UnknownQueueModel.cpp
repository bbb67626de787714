#include "UnknownQueueModel.h"

#include "Format.h"
#include "LiveRefresh.h"
#include "StoreClient.h"

#include <QFont>
#include <QGuiApplication>
#include <QHash>
#include <QPalette>

#include <algorithm>

namespace jobdesk::ui {

namespace {

QString causeText(UnknownQueueItem::Cause c)
{
    switch (c) {
    case UnknownQueueItem::Cause::Deadline: return UnknownQueueModel::tr("deadline passed");
    case UnknownQueueItem::Cause::LostConnection: return UnknownQueueModel::tr("lost connection");
    case UnknownQueueItem::Cause::LeaseExpired: return UnknownQueueModel::tr("lease expired (worker died)");
    case UnknownQueueItem::Cause::Other: break;
    }
    return UnknownQueueModel::tr("unclear answer");
}

} // namespace

QString UnknownQueueModel::answerText(const UnknownQueueItem &i)
{
    if (!i.lastAnswer)
        return QString();
    switch (*i.lastAnswer) {
    case LookupAnswer::InProgress: return UnknownQueueModel::tr("still working on it");
    case LookupAnswer::NeverProcessed: return UnknownQueueModel::tr("no record of it yet (not conclusive yet)");
    case LookupAnswer::NoAnswer: break;
    }
    return UnknownQueueModel::tr("no answer: the lookup failed");
}

UnknownQueueModel::UnknownQueueModel(StoreClient *client, QObject *parent)
    : QAbstractTableModel(parent), m_client(client)
{
    // Attempts moved, an operator asked for a lookup (audit row), or a reconciler asked.
    m_live = new LiveRefresh(client, [](const ChangeMarks &a, const ChangeMarks &b) {
        return a.changeSeq != b.changeSeq || a.auditMoved(b) || a.lookupAtMs != b.lookupAtMs;
    }, this);
    // The sidebar's count is the on-call signal: kept live while hidden too, at most every 2 s.
    m_live->setHiddenRefreshMs(2000);
    connect(m_live, &LiveRefresh::reloadWanted, this, &UnknownQueueModel::reload);
    connect(client, &StoreClient::polled, this, &UnknownQueueModel::onPolled);
}

int UnknownQueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_items.size());
}

int UnknownQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant UnknownQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case JobColumn: return tr("Job");
    case AttemptColumn: return tr("Attempt");
    case ProviderColumn: return tr("Provider");
    case UnknownForColumn: return tr("Unknown for");
    case WhyColumn: return tr("Why");
    case LookupColumn: return tr("Status lookup");
    case LastAskedColumn: return tr("Last asked");
    case AnswerColumn: return tr("Provider's answer");
    case OwnerColumn: return tr("Owner");
    case KeyColumn: return tr("Idempotency key");
    default: return QVariant();
    }
}

QString UnknownQueueModel::lastAsked(const UnknownQueueItem &i) const
{
    QString s = i.attempt.lastLookupAtMs
        ? tr("%1 (lookups: %2)").arg(Format::ago(m_nowMs - *i.attempt.lastLookupAtMs)).arg(i.lookupCount)
        : tr("never");
    if (i.lookupOutstanding())
        s += u' ' + tr("— asked for %1, waiting for the reconciler").arg(Format::ago(m_nowMs - *i.lookupRequestedAtMs));
    return s;
}

QVariant UnknownQueueModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ToolTipRole) // it may hold a customer's or a provider's text
        return Format::plainToolTip(dataFor(index, role));
    return dataFor(index, role);
}

QVariant UnknownQueueModel::dataFor(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const UnknownQueueItem &i = m_items.at(index.row());
    const Attempt &a = i.attempt;
    switch (role) {
    case AttemptIdRole: return a.id;
    case JobIdRole: return a.jobId;
    case JobChangeSeqRole: return i.jobChangeSeq;
    case CanAskRole: return i.providerHasStatusLookup && !i.lookupOutstanding();
    case SortKeyRole:
        switch (index.column()) {
        case JobColumn: return a.jobId;
        case AttemptColumn: return a.id;
        case UnknownForColumn: return m_nowMs - i.unknownSinceMs;
        case LastAskedColumn: return a.lastLookupAtMs.value_or(0);
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::DisplayRole:
        switch (index.column()) {
        case JobColumn: return a.jobId;
        case AttemptColumn: return tr("#%1 (id %2)").arg(a.attemptNo).arg(a.id);
        case ProviderColumn: return a.provider;
        case UnknownForColumn: return Format::duration(std::max<qint64>(0, m_nowMs - i.unknownSinceMs));
        case WhyColumn: return causeText(i.cause);
        case LookupColumn: return i.providerHasStatusLookup ? tr("yes") : tr("no");
        case LastAskedColumn: return lastAsked(i);
        case AnswerColumn: return answerText(i);
        case OwnerColumn: return i.ownerId;
        case KeyColumn: return i.idempotencyKey;
        default: return QVariant();
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case WhyColumn: return a.lastReason;
        case UnknownForColumn: return tr("unknown since %1").arg(Format::dateTime(i.unknownSinceMs));
        case AttemptColumn:
            return i.sentTo.isEmpty()
                ? tr("The provider saw this attempt under the key %1. The attempt does not record where its request went.")
                      .arg(a.providerKey)
                : tr("The provider saw this attempt under the key %1, at %2.").arg(a.providerKey, i.sentTo);
        case LookupColumn:
            if (!i.providerHasStatusLookup)
                return tr("The provider offers no status lookup: ask its support about key %1.").arg(a.providerKey);
            return i.sentTo.isEmpty()
                ? tr("The dispatchers can ask the provider about this attempt. It does not record where its request went, "
                     "so a result settles it, a \"no record\" answer never does.")
                : tr("Every dispatcher with %1 asks the provider about this attempt; only one that has it at %2 settles it "
                     "on a \"no record\" answer.")
                      .arg(a.provider, i.sentTo);
        case LastAskedColumn:
            return a.lastLookupAtMs ? tr("last asked at %1").arg(Format::dateTime(*a.lastLookupAtMs)) : QVariant();
        case AnswerColumn:
            return i.lastAnswerDetail.isEmpty() ? QVariant() : QVariant(i.lastAnswerDetail);
        default: return QVariant();
        }
    case Qt::DecorationRole:
        if (index.column() == AttemptColumn)
            return Format::stateIcon(AttemptState::Unknown);
        return QVariant();
    case Qt::FontRole:
        if (index.column() == LastAskedColumn && i.lookupOutstanding()) {
            QFont f = QGuiApplication::font();
            f.setItalic(true);
            return f;
        }
        return QVariant();
    default: return QVariant();
    }
}

const UnknownQueueItem *UnknownQueueModel::itemAt(int row) const
{
    return row >= 0 && row < m_items.size() ? &m_items.at(row) : nullptr;
}

int UnknownQueueModel::rowOfAttempt(qint64 attemptId) const
{
    for (int r = 0; r < m_items.size(); ++r)
        if (m_items.at(r).attempt.id == attemptId)
            return r;
    return -1;
}

void UnknownQueueModel::setProvider(const QString &provider)
{
    if (provider == m_provider)
        return;
    m_provider = provider;
    setItems(m_all, m_nowMs);
}

void UnknownQueueModel::reload()
{
    const quint64 gen = ++m_generation;
    m_loading = true;
    m_live->readStarted();
    m_client->call<QList<UnknownQueueItem>>(
        this, "unknown queue", [](JobService &svc) { return svc.unknownQueue({}, kLimit); },
        [this, gen](const CallOutcome<QList<UnknownQueueItem>> &out) {
            if (gen != m_generation) {
                // Dropped (the filter changed, or a newer read was asked for).
                // Unless that newer read is already out, this was the read in
                // flight: say it came back, or the refresh waits for it forever.
                if (!m_loading)
                    m_live->readFinished();
                return;
            }
            m_loading = false;
            m_live->readFinished(out.ok);
            if (!out.ok) {
                Q_EMIT loadFailed(out.error);
                return;
            }
            setItems(*out.value, m_client->dbNowMs());
        });
}

void UnknownQueueModel::setItems(const QList<UnknownQueueItem> &all, qint64 dbNowMs)
{
    m_nowMs = dbNowMs;
    m_all = all;
    QList<UnknownQueueItem> rows;
    for (const UnknownQueueItem &i : all)
        if (m_provider.isEmpty() || i.attempt.provider == m_provider)
            rows.append(i);
    applyRows(rows);
    m_loaded = true;
    Q_EMIT totalChanged(static_cast<int>(m_all.size()));
    Q_EMIT loaded(rowCount());
}

void UnknownQueueModel::applyRows(const QList<UnknownQueueItem> &items)
{
    QHash<qint64, int> wanted;
    for (int i = 0; i < items.size(); ++i)
        wanted.insert(items.at(i).attempt.id, i);
    // 1. Rows that left the queue, bottom up, a run at a time.
    for (int r = static_cast<int>(m_items.size()) - 1; r >= 0;) {
        if (wanted.contains(m_items.at(r).attempt.id)) {
            --r;
            continue;
        }
        int first = r;
        while (first > 0 && !wanted.contains(m_items.at(first - 1).attempt.id))
            --first;
        beginRemoveRows({}, first, r);
        m_items.remove(first, r - first + 1);
        endRemoveRows();
        r = first - 1;
    }
    // 2. The rest in the new order: the same attempt updated in place, a new one inserted at its place.
    QHash<qint64, int> have;
    for (int r = 0; r < m_items.size(); ++r)
        have.insert(m_items.at(r).attempt.id, r);
    bool sameOrder = true;
    int last = -1;
    for (const UnknownQueueItem &i : items) {
        const int r = have.value(i.attempt.id, -1);
        if (r < 0)
            continue;
        if (r < last)
            sameOrder = false;
        last = r;
    }
    if (!sameOrder) { // an order an operator has not seen before: start over
        beginResetModel();
        m_items = items;
        endResetModel();
    } else {
        for (int i = 0; i < items.size(); ++i) {
            if (i < m_items.size() && m_items.at(i).attempt.id == items.at(i).attempt.id) {
                m_items[i] = items.at(i);
                continue;
            }
            beginInsertRows({}, i, i);
            m_items.insert(i, items.at(i));
            endInsertRows();
        }
        if (!m_items.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
}

void UnknownQueueModel::onPolled(const PollResult &r)
{
    if (r.dbNowMs <= 0 || m_items.isEmpty())
        return;
    m_nowMs = r.dbNowMs; // ages move with the database's clock, without a read
    Q_EMIT dataChanged(index(0, UnknownForColumn), index(rowCount() - 1, LastAskedColumn), {Qt::DisplayRole});
}

} // namespace jobdesk::ui
