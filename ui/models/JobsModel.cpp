#include "JobsModel.h"

#include "Format.h"
#include "StoreClient.h"
#include "UiLogging.h"

#include <QElapsedTimer>

#include <QFont>
#include <QGuiApplication>
#include <QHash>
#include <QKeySequence>
#include <QPalette>
#include <QSet>

#include <algorithm>
#include <climits>

namespace jobdesk::ui {

JobsModel::JobsModel(StoreClient *client, QObject *parent)
    : QAbstractTableModel(parent), m_client(client)
{
    connect(client, &StoreClient::pageLoaded, this, &JobsModel::onPageLoaded);
    connect(client, &StoreClient::polled, this, &JobsModel::onPolled);
    connect(client, &StoreClient::attemptsLoaded, this, &JobsModel::onAttemptsLoaded);
}

int JobsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int JobsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return tr("Id");
    case OwnerColumn: return tr("Owner");
    case KeyColumn: return tr("Idempotency key");
    case RouteColumn: return tr("Route");
    case StateColumn: return tr("State");
    case AttemptsColumn: return tr("Attempts");
    case ProviderColumn: return tr("Provider");
    case AgeColumn: return tr("Age");
    case VersionColumn: return tr("Version");
    default: return QVariant();
    }
}

QVariant JobsModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ToolTipRole) // it may hold a customer's or a provider's text
        return Format::plainToolTip(dataFor(index, role));
    return dataFor(index, role);
}

QVariant JobsModel::dataFor(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const JobRow &r = m_rows.at(index.row());
    const Job &j = r.job;
    const int unknown = r.unknownAttempts();
    // A live update moved the row out of the filter: it stays (rows never move under the
    // pointer) but greyed, saying so, until the next read.
    const bool leftFilter = (role == Qt::ForegroundRole || role == Qt::ToolTipRole || role == Qt::FontRole
                             || role == StillMatchesRole) && !matches(r);
    if (leftFilter && role == Qt::ForegroundRole)
        return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
    if (leftFilter && role == Qt::ToolTipRole) {
        const QVariant tip = dataFor(index, JobsModel::PlainToolTipRole);
        const QString mark = tr("No longer matches the filter (%1 reads the list again).")
                                 .arg(QKeySequence(Qt::Key_F5).toString(QKeySequence::NativeText));
        return tip.toString().isEmpty() ? mark : QString(mark + u'\n' + tip.toString());
    }
    if (leftFilter && role == Qt::FontRole) {
        QFont f;
        f.setItalic(true);
        return f;
    }
    switch (role) {
    case StillMatchesRole: return !leftFilter;
    case JobIdRole: return j.id;
    case JobStateRole: return static_cast<int>(j.state);
    case ChangeSeqRole: return j.changeSeq;
    case NeedsAttentionRole: return j.state == JobState::Blocked || (unknown > 0 && !j.completedBy);
    case Qt::DisplayRole:
    case SortKeyRole:
        switch (index.column()) {
        case IdColumn: return j.id;
        case OwnerColumn: return j.ownerId;
        case KeyColumn: return j.idempotencyKey;
        case RouteColumn: return j.route;
        case StateColumn: return role == SortKeyRole ? QVariant(static_cast<int>(j.state)) : QVariant(Format::jobState(j.state));
        case AttemptsColumn:
            if (role == SortKeyRole)
                return static_cast<int>(r.attempts.size());
            if (unknown > 0)
                return tr("%1 (%2 UNKNOWN)").arg(r.attempts.size()).arg(unknown);
            return static_cast<int>(r.attempts.size());
        case ProviderColumn: {
            const Attempt *a = r.currentAttempt();
            return a ? a->provider : QString();
        }
        case AgeColumn:
            if (role == SortKeyRole)
                return j.createdAtMs;
            return m_nowMs > 0 ? Format::duration(m_nowMs - j.createdAtMs) : Format::time(j.createdAtMs);
        case VersionColumn: return role == SortKeyRole ? QVariant(j.version) : QVariant(tr("v%1").arg(j.version));
        default: return QVariant();
        }
    case Qt::DecorationRole:
        if (index.column() == StateColumn && (j.state == JobState::Blocked || j.state == JobState::Failed))
            return Format::stateIcon(j.state);
        if (index.column() == AttemptsColumn && unknown > 0)
            return Format::attentionIcon();
        return QVariant();
    case Qt::ForegroundRole:
        if (index.column() == StateColumn)
            return Format::stateColor(j.state, QGuiApplication::palette());
        if (index.column() == AttemptsColumn && unknown > 0)
            return Format::stateColor(AttemptState::Unknown, QGuiApplication::palette());
        return QVariant();
    case Qt::FontRole:
        if ((index.column() == StateColumn && j.state == JobState::Blocked) || (index.column() == AttemptsColumn && unknown > 0)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == IdColumn || index.column() == VersionColumn || index.column() == AgeColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    case Qt::ToolTipRole:
    case PlainToolTipRole:
        switch (index.column()) {
        case StateColumn:
            if (!j.stateReason.isEmpty())
                return tr("%1: %2").arg(Format::jobState(j.state), j.stateReason);
            if (j.state == JobState::Blocked)
                return tr("Blocked: an attempt is unknown and there is no winner. An operator must learn its outcome "
                          "or cancel it.");
            return Format::jobState(j.state);
        case AttemptsColumn: {
            QStringList lines;
            for (const Attempt &a : r.attempts)
                lines.append(tr("#%1 %2 on %3").arg(a.attemptNo).arg(Format::attemptState(a.state), a.provider));
            return lines.join(u'\n');
        }
        case AgeColumn: return tr("created %1").arg(Format::dateTime(j.createdAtMs));
        default: return QVariant();
        }
    default:
        return QVariant();
    }
}

bool JobsModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_nextCursor.has_value() && !m_loading;
}

void JobsModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    request(m_nextCursor);
}

void JobsModel::request(const std::optional<JobCursor> &after)
{
    setLoading(true);
    m_generation = m_client->loadPage(m_filter, after, m_pageSize);
}

std::optional<std::pair<JobFilter::Sort, bool>> JobsModel::storeOrder(int column, Qt::SortOrder order)
{
    const bool ascending = order == Qt::AscendingOrder;
    switch (column) {
    case IdColumn: return std::pair(JobFilter::Sort::Id, ascending);
    case AgeColumn: return std::pair(JobFilter::Sort::Id, !ascending); // youngest first: the highest ids
    case OwnerColumn: return std::pair(JobFilter::Sort::Owner, ascending);
    case KeyColumn: return std::pair(JobFilter::Sort::Key, ascending);
    case RouteColumn: return std::pair(JobFilter::Sort::Route, ascending);
    case StateColumn: return std::pair(JobFilter::Sort::State, ascending);
    default: return std::nullopt; // attempts, provider, version: not kept in an index the pages could follow
    }
}

bool JobsModel::isSortable(int column)
{
    return storeOrder(column, Qt::AscendingOrder).has_value();
}

void JobsModel::sort(int column, Qt::SortOrder order)
{
    const auto o = storeOrder(column, order);
    if (!o || (m_filter.sort == o->first && m_filter.ascending == o->second))
        return;
    m_filter.sort = o->first;
    m_filter.ascending = o->second;
    reload();
}

QVariant JobsModel::sortValueOf(const Job &j) const
{
    switch (m_filter.sort) {
    case JobFilter::Sort::Owner: return j.ownerId;
    case JobFilter::Sort::Key: return j.idempotencyKey;
    case JobFilter::Sort::Route: return j.route;
    case JobFilter::Sort::State: return toText(j.state);
    case JobFilter::Sort::Id: break;
    }
    return {};
}

bool JobsModel::comesBefore(const QVariant &aValue, qint64 aId, const QVariant &bValue, qint64 bId) const
{
    // As the store orders them: the value (code point order), then the id, in one direction.
    int c = 0;
    if (m_filter.sort != JobFilter::Sort::Id) {
        const QList<uint> a = aValue.toString().toUcs4();
        const QList<uint> b = bValue.toString().toUcs4();
        c = std::lexicographical_compare(a.cbegin(), a.cend(), b.cbegin(), b.cend()) ? -1 : (a == b ? 0 : 1);
    }
    if (c == 0)
        c = aId < bId ? -1 : (aId == bId ? 0 : 1);
    return m_filter.ascending ? c < 0 : c > 0;
}

void JobsModel::reindex()
{
    m_rowOf.clear();
    m_rowOf.reserve(m_rows.size());
    for (int r = 0; r < m_rows.size(); ++r)
        m_rowOf.insert(m_rows.at(r).job.id, r);
}

QString JobsModel::toCsv() const
{
    auto cell = [](QString text) {
        if (text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r'))
            text = u'"' + text.replace(u'"', QStringLiteral("\"\"")) + u'"';
        return text;
    };
    QStringList lines;
    QStringList header;
    for (int c = 0; c < ColumnCount; ++c)
        header.append(cell(headerData(c, Qt::Horizontal).toString()));
    lines.append(header.join(u','));
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < ColumnCount; ++c)
            cells.append(cell(data(index(r, c)).toString()));
        lines.append(cells.join(u','));
    }
    return lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n");
}

void JobsModel::setLoading(bool loading)
{
    if (m_loading == loading)
        return;
    m_loading = loading;
    Q_EMIT loadingChanged(loading);
}

void JobsModel::setFilter(const JobFilter &filter)
{
    m_filter = filter;
    reload();
}

void JobsModel::reload()
{
    beginResetModel();
    m_rows.clear();
    m_rowOf.clear();
    m_nextCursor.reset();
    const bool hadPending = !m_pending.isEmpty();
    m_pending.clear();
    endResetModel();
    if (hadPending)
        Q_EMIT pendingChanged(0);
    request(std::nullopt);
}

void JobsModel::onPageLoaded(const PageResult &r)
{
    if (r.generation != m_generation)
        return; // an answer to a question no longer asked
    setLoading(false);
    if (!r.error.isEmpty()) {
        Q_EMIT loadFailed(r.error);
        return;
    }
    QElapsedTimer took;
    took.start();
    QList<JobRow> fresh;
    fresh.reserve(r.rows.size());
    bool pendingMoved = false;
    for (const JobRow &row : r.rows) {
        if (rowOfJob(row.job.id) >= 0)
            continue;
        if (m_pending.remove(row.job.id))
            pendingMoved = true;
        fresh.append(row);
    }
    m_nextCursor = r.nextCursor;
    if (!fresh.isEmpty()) {
        const int first = static_cast<int>(m_rows.size());
        beginInsertRows(QModelIndex(), first, first + static_cast<int>(fresh.size()) - 1);
        m_rows.append(fresh);
        for (int i = first; i < m_rows.size(); ++i)
            m_rowOf.insert(m_rows.at(i).job.id, i);
        endInsertRows();
    }
    if (pendingMoved)
        Q_EMIT pendingChanged(pendingCount());
    if (r.firstPage)
        Q_EMIT firstPageLoaded();
    qCDebug(lcUi) << "page of" << r.rows.size() << "jobs applied in" << took.elapsed() << "ms";
}

int JobsModel::rowOfJob(qint64 jobId) const
{
    return m_rowOf.value(jobId, -1);
}

const JobRow *JobsModel::rowAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

const JobRow *JobsModel::findJob(qint64 jobId) const
{
    const int row = rowOfJob(jobId);
    if (row >= 0)
        return &m_rows.at(row);
    const auto it = m_pending.constFind(jobId);
    return it != m_pending.cend() ? &it.value() : nullptr;
}

void JobsModel::setNowMs(qint64 dbNowMs)
{
    m_nowMs = dbNowMs;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, AgeColumn), index(static_cast<int>(m_rows.size()) - 1, AgeColumn), {Qt::DisplayRole});
}

bool JobsModel::matches(const JobRow &row) const
{
    const Job &j = row.job;
    if (!m_filter.states.isEmpty() && !m_filter.states.contains(j.state))
        return false;
    if (!m_filter.ownerId.isEmpty() && j.ownerId != m_filter.ownerId)
        return false;
    if (!m_filter.idempotencyKey.isEmpty() && j.idempotencyKey != m_filter.idempotencyKey)
        return false;
    if (!m_filter.keyPrefix.isEmpty() && !j.idempotencyKey.startsWith(m_filter.keyPrefix))
        return false;
    if (!m_filter.route.isEmpty() && j.route != m_filter.route)
        return false;
    if (m_filter.createdAfterMs && j.createdAtMs < *m_filter.createdAfterMs)
        return false;
    if (m_filter.createdBeforeMs && j.createdAtMs >= *m_filter.createdBeforeMs)
        return false;
    if (!m_filter.provider.isEmpty())
        return std::any_of(row.attempts.cbegin(), row.attempts.cend(),
                           [&](const Attempt &a) { return a.provider == m_filter.provider; });
    return true;
}

void JobsModel::onPolled(const PollResult &r)
{
    if (r.dbNowMs > 0)
        m_nowMs = r.dbNowMs;
    if (!r.looked || (r.jobs.isEmpty() && r.attempts.isEmpty())) {
        setNowMs(m_nowMs);
        return;
    }
    applyBatch(r.jobs, r.attempts);
}

void JobsModel::applyJob(const Job &job, const QList<Attempt> &attempts)
{
    applyBatch({job}, attempts);
}

void JobsModel::applyBatch(const QList<Job> &jobs, const QList<Attempt> &attempts)
{
    int minRow = INT_MAX;
    int maxRow = -1;
    QList<qint64> changed;
    auto mark = [&](int row) {
        minRow = std::min(minRow, row);
        maxRow = std::max(maxRow, row);
        const qint64 id = m_rows.at(row).job.id;
        if (!changed.contains(id))
            changed.append(id);
    };
    QHash<qint64, QList<Attempt>> byJob;
    for (const Attempt &a : attempts)
        byJob[a.jobId].append(a);

    const int pendingBefore = pendingCount();
    // Which ids are inside what has been loaded so far: newer than the cursor,
    // or anything once every page is in (older ones arrive with their page).
    const bool firstPageIn = !m_loading || !m_rows.isEmpty();
    auto inLoadedRange = [&](const Job &j) {
        if (!firstPageIn)
            return false; // the first page, still to come, reads the store after this poll
        return !m_nextCursor || comesBefore(sortValueOf(j), j.id, m_nextCursor->value, m_nextCursor->id);
    };

    for (const Job &j : jobs) {
        const int row = rowOfJob(j.id);
        if (row >= 0) {
            JobRow &mine = m_rows[row];
            if (j.changeSeq >= mine.job.changeSeq) {
                mine.job = j;
                mark(row);
            }
            continue;
        }
        auto pending = m_pending.find(j.id);
        if (pending != m_pending.end()) {
            if (j.changeSeq >= pending->job.changeSeq)
                pending->job = j;
            continue;
        }
        JobRow candidate{j, {}};
        for (const Attempt &a : byJob.value(j.id))
            candidate.mergeAttempt(a);
        if (inLoadedRange(j) && matches(candidate))
            m_pending.insert(j.id, candidate);
    }
    for (auto it = byJob.cbegin(); it != byJob.cend(); ++it) {
        const int row = rowOfJob(it.key());
        if (row >= 0) {
            for (const Attempt &a : it.value())
                m_rows[row].mergeAttempt(a);
            mark(row);
            continue;
        }
        auto pending = m_pending.find(it.key());
        if (pending != m_pending.end())
            for (const Attempt &a : it.value())
                pending->mergeAttempt(a);
    }
    // A pending job that no longer matches (e.g. it left the state filtered on) stops waiting.
    for (auto it = m_pending.begin(); it != m_pending.end();)
        it = matches(it.value()) ? std::next(it) : m_pending.erase(it);

    if (maxRow >= 0)
        Q_EMIT dataChanged(index(minRow, 0), index(maxRow, ColumnCount - 1));
    // An empty table has no rows to push down: the first jobs come straight in.
    if (m_rows.isEmpty() && !m_pending.isEmpty() && !m_loading) {
        insertPending();
    }
    if (m_nowMs > 0 && !m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, AgeColumn), index(static_cast<int>(m_rows.size()) - 1, AgeColumn), {Qt::DisplayRole});
    if (pendingCount() != pendingBefore)
        Q_EMIT pendingChanged(pendingCount());
    for (qint64 id : changed)
        Q_EMIT jobChanged(id);
}

void JobsModel::showPending()
{
    if (m_pending.isEmpty())
        return;
    insertPending();
    Q_EMIT pendingChanged(0);
}

void JobsModel::insertPending()
{
    QList<qint64> ids;
    // Each at its place among the loaded rows, in the filter's order.
    for (auto it = m_pending.cend(); it != m_pending.cbegin();) {
        --it;
        const JobRow &row = it.value();
        const QVariant value = sortValueOf(row.job);
        const auto pos = std::lower_bound(m_rows.cbegin(), m_rows.cend(), row, [&](const JobRow &r, const JobRow &) {
            return comesBefore(sortValueOf(r.job), r.job.id, value, row.job.id);
        });
        const int at = static_cast<int>(pos - m_rows.cbegin());
        beginInsertRows(QModelIndex(), at, at);
        m_rows.insert(at, row);
        reindex();
        endInsertRows();
        ids.append(row.job.id);
    }
    m_pending.clear();
    // Their attempts may have changed before they matched the filter: read them whole.
    m_attemptsGeneration = m_client->loadAttempts(ids);
}

void JobsModel::onAttemptsLoaded(const AttemptsResult &r)
{
    if (r.generation != m_attemptsGeneration)
        return;
    int minRow = INT_MAX;
    int maxRow = -1;
    for (qint64 id : r.jobIds) {
        const int row = rowOfJob(id);
        if (row < 0)
            continue;
        JobRow &mine = m_rows[row];
        for (const Attempt &a : r.attempts.value(id))
            mine.mergeAttempt(a);
        minRow = std::min(minRow, row);
        maxRow = std::max(maxRow, row);
    }
    if (maxRow >= 0)
        Q_EMIT dataChanged(index(minRow, 0), index(maxRow, ColumnCount - 1));
}

} // namespace jobdesk::ui
