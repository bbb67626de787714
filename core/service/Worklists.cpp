// The console's worklists: what is stuck, who lost a race, did this customer
// double-click, which provider can take a fallback, what is the system doing.
// Plain reads, each served by an index (bench/README.md has their plans at a
// million jobs).

#include "JobService.h"
#include "Names.h"
#include "Rows.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace jobdesk {

namespace {


UnknownQueueItem::Cause causeOf(const QString &reason)
{
    const QString r = reason.toLower();
    if (r.contains(QLatin1String("lease expired")))
        return UnknownQueueItem::Cause::LeaseExpired;
    if (r.contains(QLatin1String("deadline")))
        return UnknownQueueItem::Cause::Deadline;
    if (r.contains(QLatin1String("connection")) || r.contains(QLatin1String("reset")) || r.contains(QLatin1String("truncated")))
        return UnknownQueueItem::Cause::LostConnection;
    return UnknownQueueItem::Cause::Other;
}

// How a request's client reads in a list: "203.0.113.9 curl/8.1" or the client's name.
QString describeClient(const QJsonObject &meta)
{
    QStringList parts;
    for (const char *key : {"ip", "address", "user_agent", "client", "via"}) {
        const QString v = meta.value(QLatin1String(key)).toString();
        if (!v.isEmpty() && !parts.contains(v))
            parts.append(v);
        if (parts.size() == 2)
            break;
    }
    return parts.isEmpty() ? QStringLiteral("(unknown client)") : parts.join(u' ');
}

qint64 percentile(QList<qint64> sorted, double p)
{
    if (sorted.isEmpty())
        return 0;
    const qsizetype i = std::clamp<qsizetype>(qsizetype(std::ceil(p * double(sorted.size()))) - 1, 0, sorted.size() - 1);
    return sorted.at(i);
}

// PostgreSQL's text form of an array ("{a,b}" / "{0.5,0.25}").
QStringList pgArray(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(u'{'))
        t = t.mid(1);
    if (t.endsWith(u'}'))
        t.chop(1);
    return t.isEmpty() ? QStringList() : t.split(u',');
}

} // namespace

QString toText(UnknownQueueItem::Cause c)
{
    switch (c) {
    case UnknownQueueItem::Cause::Deadline: return QStringLiteral("deadline");
    case UnknownQueueItem::Cause::LostConnection: return QStringLiteral("lost connection");
    case UnknownQueueItem::Cause::LeaseExpired: return QStringLiteral("expired lease");
    case UnknownQueueItem::Cause::Other: break;
    }
    return QStringLiteral("unclear answer");
}

QList<UnknownQueueItem> JobService::unknownQueue(const QString &provider, int limit)
{
    requireSearchName(provider, "provider");
    SqlParams params{limit};
    QString filter;
    if (!provider.isEmpty()) {
        params.append(provider);
        filter = QStringLiteral(" AND a.provider = $2");
    }
    // Served by attempts_unknown_by_age (updated_at_ms WHERE state = 'unknown').
    const SqlRows r = execStatement(
        "unknown queue",
        QStringLiteral("SELECT ") + rows::qualified(rows::kAttemptColumns, QStringLiteral("a"))
            + QStringLiteral(", j.owner_id, j.idempotency_key, j.route, a.lookup_count, p.config, a.lookup_requested_at_ms, "
                             "j.change_seq, a.last_lookup_answer, a.last_lookup_detail, a.sent_to, a.lookup_in_progress_since_ms "
                             "FROM attempts a JOIN jobs j ON j.id = a.job_id LEFT JOIN providers p ON p.name = a.provider "
                             "WHERE a.state = 'unknown' AND j.completed_by IS NULL")
            + filter + QStringLiteral(" ORDER BY a.updated_at_ms, a.id LIMIT $1"),
        params);
    const int n = int(QString::fromLatin1(rows::kAttemptColumns).count(u',')) + 1;
    QList<UnknownQueueItem> out;
    for (const SqlRow &row : r) {
        UnknownQueueItem item;
        item.attempt = rows::attempt(row);
        item.ownerId = row.at(n).toString();
        item.idempotencyKey = row.at(n + 1).toString();
        item.route = row.at(n + 2).toString();
        item.lookupCount = row.at(n + 3).toInt();
        item.providerHasStatusLookup = rows::jsonObject(row.at(n + 4)).value(QStringLiteral("status_lookup")).toBool();
        item.lookupRequestedAtMs = rows::optInt(row.at(n + 5));
        item.jobChangeSeq = row.at(n + 6).toLongLong();
        item.lastAnswer = lookupAnswerFromString(row.at(n + 7).toString());
        item.lastAnswerDetail = row.at(n + 8).toString();
        item.sentTo = row.at(n + 9).toString();
        item.inProgressSinceMs = rows::optInt(row.at(n + 10));
        item.unknownSinceMs = item.attempt.updatedAtMs;
        item.cause = causeOf(item.attempt.lastReason);
        out.append(item);
    }
    return out;
}

QList<RaceLossItem> JobService::raceLossList(const RaceLossFilter &f, std::optional<qint64> beforeId, int limit)
{
    requireSearchName(f.provider, "provider");
    QStringList where;
    SqlParams params{limit};
    auto param = [&](const QVariant &v) -> QString {
        params.append(v);
        return QStringLiteral("$") + QString::number(params.size());
    };
    if (beforeId)
        where.append(QStringLiteral("r.id < ") + param(*beforeId));
    if (f.fromMs)
        where.append(QStringLiteral("r.at_ms >= ") + param(*f.fromMs));
    if (f.toMs)
        where.append(QStringLiteral("r.at_ms < ") + param(*f.toMs));
    if (!f.provider.isEmpty()) {
        const QString p = param(f.provider);
        where.append(QStringLiteral("(l.provider = ") + p + QStringLiteral(" OR w.provider = ") + p + u')');
    }
    const SqlRows r = execStatement(
        "race losses",
        QStringLiteral("SELECT ") + rows::qualified(rows::kRaceLossColumns, QStringLiteral("r"))
            + QStringLiteral(", l.attempt_no, l.provider, w.attempt_no, w.provider, j.owner_id, j.idempotency_key "
                             "FROM race_losses r JOIN attempts l ON l.id = r.attempt_id "
                             "LEFT JOIN attempts w ON w.id = r.winner_attempt_id JOIN jobs j ON j.id = r.job_id")
            + (where.isEmpty() ? QString() : QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND ")))
            + QStringLiteral(" ORDER BY r.id DESC LIMIT $1"),
        params);
    const int n = int(QString::fromLatin1(rows::kRaceLossColumns).count(u',')) + 1;
    QList<RaceLossItem> out;
    for (const SqlRow &row : r) {
        RaceLossItem item;
        item.loss = rows::raceLoss(row);
        item.loserAttemptNo = row.at(n).toInt();
        item.loserProvider = row.at(n + 1).toString();
        if (!row.at(n + 2).isNull())
            item.winnerAttemptNo = row.at(n + 2).toInt();
        item.winnerProvider = row.at(n + 3).toString();
        item.ownerId = row.at(n + 4).toString();
        item.idempotencyKey = row.at(n + 5).toString();
        out.append(item);
    }
    return out;
}

QList<KeyIncident> JobService::keyIncidents(const QString &search, std::optional<qint64> beforeEventId, int limit, bool *mayBeMore)
{
    if (mayBeMore)
        *mayBeMore = false;
    if (limit < 1 || limit > 500)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD219"));
    requireSearchName(search, "search");
    // 1. Which (owner, key) pairs: the newest duplicates, or what was searched for.
    struct Key
    {
        QString owner;
        QString key;
    };
    QList<Key> keys;
    if (search.trimmed().isEmpty()) {
        // The requests newest first, a window at a time, keeping each key the
        // first time it is met: a retry storm on one key fills a window, and
        // the walk goes on past it, so one key sent 2,000 times hides no other
        // incident (tst_worklists::aRetryStormOnOneKeyHidesNoOtherIncident).
        // Bounded: past kWindows windows the list may miss older keys (mayBeMore).
        constexpr int kWindows = 20;
        const int window = limit * 10;
        QSet<QString> seen;
        std::optional<qint64> cursor = beforeEventId;
        bool exhausted = false;
        for (int w = 0; w < kWindows && keys.size() < limit && !exhausted; ++w) {
            const SqlRows r = execStatement(
                "key incidents",
                QStringLiteral("SELECT id, owner_id, idempotency_key FROM idempotency_events")
                    + (cursor ? QStringLiteral(" WHERE id < $2") : QString()) + QStringLiteral(" ORDER BY id DESC LIMIT $1"),
                cursor ? SqlParams{window, *cursor} : SqlParams{window});
            exhausted = r.size() < window;
            for (const SqlRow &row : r) {
                const QString owner = row.at(1).toString();
                const QString key = row.at(2).toString();
                if (seen.contains(owner + QChar(0x1f) + key))
                    continue;
                seen.insert(owner + QChar(0x1f) + key);
                keys.append({owner, key});
                if (keys.size() == limit)
                    break;
            }
            if (!r.isEmpty())
                cursor = r.last().at(0).toLongLong();
        }
        if (mayBeMore)
            *mayBeMore = !exhausted || keys.size() == limit; // the walk's bound reached, or a full page
    } else {
        const QString s = search.trimmed();
        const SqlRows r = execStatement(
            "key search",
            QStringLiteral("SELECT owner_id, idempotency_key FROM (SELECT id, owner_id, idempotency_key FROM jobs "
                           "WHERE idempotency_key = $2 UNION SELECT id, owner_id, idempotency_key FROM jobs "
                           "WHERE owner_id = $2) k ORDER BY id DESC LIMIT $1"),
            {limit, s});
        for (const SqlRow &row : r)
            keys.append({row.at(0).toString(), row.at(1).toString()});
        if (mayBeMore)
            *mayBeMore = r.size() == limit; // the owner's newest `limit` jobs
    }
    if (keys.isEmpty())
        return {};
    // 2. Their jobs and every request with those keys: two statements, each
    // index lookups by (owner, key).
    SqlParams params;
    QStringList pairs;
    for (const Key &k : keys) {
        params.append(k.owner);
        params.append(k.key);
        pairs.append(QStringLiteral("($%1, $%2)").arg(params.size() - 1).arg(params.size()));
    }
    const QString inPairs = QStringLiteral("(owner_id, idempotency_key) IN (VALUES ") + pairs.join(QStringLiteral(", ")) + u')';
    QHash<QString, KeyIncident> byKey;
    auto id = [](const QString &owner, const QString &key) -> QString { return owner + QChar(0x1f) + key; };
    for (const SqlRow &row : execStatement(
             "key incidents",
             QStringLiteral("SELECT owner_id, idempotency_key, id, state, created_at_ms, client_meta FROM jobs WHERE ") + inPairs,
             params)) {
        KeyIncident inc;
        inc.ownerId = row.at(0).toString();
        inc.idempotencyKey = row.at(1).toString();
        inc.jobId = row.at(2).toLongLong();
        inc.jobState = jobStateFromString(row.at(3).toString()).value_or(JobState::Queued);
        inc.createdAtMs = row.at(4).toLongLong();
        inc.lastAtMs = inc.createdAtMs;
        inc.clients.append(describeClient(rows::jsonObject(row.at(5))));
        byKey.insert(id(inc.ownerId, inc.idempotencyKey), inc);
    }
    for (const SqlRow &row : execStatement(
             "key incidents",
             QStringLiteral("SELECT owner_id, idempotency_key, id, kind, at_ms, client_meta FROM idempotency_events WHERE ")
                 + inPairs + QStringLiteral(" ORDER BY id"),
             params)) {
        auto it = byKey.find(id(row.at(0).toString(), row.at(1).toString()));
        if (it == byKey.end())
            continue;
        (row.at(3).toString() == QStringLiteral("conflict") ? it->conflicts : it->replays)++;
        it->lastEventId = std::max(it->lastEventId, row.at(2).toLongLong());
        it->lastAtMs = std::max(it->lastAtMs, row.at(4).toLongLong());
        const QString c = describeClient(rows::jsonObject(row.at(5)));
        if (!it->clients.contains(c))
            it->clients.append(c);
    }
    QList<KeyIncident> out;
    for (const Key &k : keys)
        if (auto it = byKey.constFind(id(k.owner, k.key)); it != byKey.constEnd())
            out.append(*it);
    return out;
}

QList<ProviderRouteStatus> JobService::providerStatus()
{
    const QList<NamedConfig> providerList = providers();
    const QList<NamedConfig> routeList = routes();
    QList<ProviderRouteStatus> out;
    for (const NamedConfig &r : routeList) {
        QStringList chain;
        for (const QJsonValue &v : r.config.value(QStringLiteral("provider_chain")).toArray())
            chain.append(v.toString());
        for (const NamedConfig &p : providerList) {
            ProviderRouteStatus st;
            st.provider = p.name;
            st.route = r.name;
            st.providerConfig = p.config;
            st.routeConfig = r.config;
            st.inChain = chain.contains(p.name);
            st.latest = latestValidation(p.name, r.name);
            if (!st.inChain && !st.latest)
                continue; // neither in the route's chain nor ever validated for it
            out.append(st);
        }
    }
    return out;
}

QList<OutcomeBucket> JobService::outcomeHistory(qint64 fromMs, qint64 toMs, qint64 bucketMs)
{
    if (bucketMs < 1000 || toMs <= fromMs || (toMs - fromMs) / bucketMs > 10000)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD220"));
    QMap<qint64, OutcomeBucket> buckets;
    for (qint64 b = 0; fromMs + b * bucketMs < toMs; ++b)
        buckets[b].startMs = fromMs + b * bucketMs;
    // Served by attempt_events_by_time and race_losses_by_time.
    const SqlRows ev = execStatement(
        "outcome history",
        QStringLiteral("SELECT (at_ms - $1) / $3, to_state, count(*) FROM attempt_events WHERE at_ms >= $1 AND at_ms < $2 "
                       "AND to_state IN ('succeeded', 'superseded', 'failed', 'cancelled', 'unknown') GROUP BY 1, 2"),
        {fromMs, toMs, bucketMs});
    for (const SqlRow &row : ev) {
        OutcomeBucket &b = buckets[row.at(0).toLongLong()];
        const auto state = attemptStateFromString(row.at(1).toString());
        if (!state)
            continue;
        b.finished[*state] += row.at(2).toInt();
        if (*state == AttemptState::Unknown)
            b.wentUnknown += row.at(2).toInt();
    }
    const SqlRows rl = execStatement(
        "race loss history",
        QStringLiteral("SELECT (at_ms - $1) / $3, count(*) FROM race_losses WHERE at_ms >= $1 AND at_ms < $2 GROUP BY 1"),
        {fromMs, toMs, bucketMs});
    for (const SqlRow &row : rl)
        buckets[row.at(0).toLongLong()].raceLosses += row.at(1).toInt();
    return buckets.values();
}

QList<ProviderLatencyStat> JobService::providerLatency(qint64 fromMs, qint64 toMs)
{
    // The newest 5,000 finished attempts in the window (start to end), per provider.
    const SqlRows r = execStatement(
        "provider latency",
        QStringLiteral("SELECT a.provider, a.updated_at_ms - a.created_at_ms FROM (SELECT attempt_id FROM attempt_events "
                       "WHERE at_ms >= $1 AND at_ms < $2 AND to_state IN ('succeeded', 'superseded', 'failed') "
                       "ORDER BY at_ms DESC LIMIT 5000) e JOIN attempts a ON a.id = e.attempt_id"),
        {fromMs, toMs});
    QMap<QString, QList<qint64>> byProvider;
    for (const SqlRow &row : r)
        byProvider[row.at(0).toString()].append(std::max<qint64>(0, row.at(1).toLongLong()));
    QList<ProviderLatencyStat> out;
    for (auto it = byProvider.begin(); it != byProvider.end(); ++it) {
        std::sort(it->begin(), it->end());
        out.append({it.key(), int(it->size()), percentile(*it, 0.50), percentile(*it, 0.95)});
    }
    return out;
}

StateCounts JobService::stateCounts()
{
    StateCounts out;
    // What an operator acts on, exactly: index range scans of jobs_by_state.
    for (const SqlRow &row : execStatement(
             "state counts",
             QStringLiteral("SELECT state, count(*) FROM jobs WHERE state IN ('queued', 'running', 'blocked') GROUP BY state")))
        if (auto s = jobStateFromString(row.at(0).toString()))
            out.counts.insert(*s, row.at(1).toLongLong());
    for (JobState s : {JobState::Queued, JobState::Running, JobState::Blocked})
        if (!out.counts.contains(s))
            out.counts.insert(s, 0);
    const QList<JobState> terminal{JobState::Succeeded, JobState::Failed, JobState::Cancelled};
    if (dialect() == Dialect::Postgres) {
        const SqlRows est = execStatement(
            "state estimates",
            QStringLiteral("SELECT c.reltuples::bigint, s.most_common_vals::text, s.most_common_freqs::text FROM pg_class c "
                           "LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = 'jobs' "
                           "AND s.attname = 'state' WHERE c.oid = to_regclass('jobs')"));
        const qint64 total = est.isEmpty() ? -1 : est.first().at(0).toLongLong();
        if (total >= 200000 && !est.first().at(1).isNull()) {
            const QStringList vals = pgArray(est.first().at(1).toString());
            const QStringList freqs = pgArray(est.first().at(2).toString());
            for (JobState s : terminal) {
                const qsizetype i = vals.indexOf(toText(s));
                out.counts.insert(s, i >= 0 && i < freqs.size() ? qint64(freqs.at(i).toDouble() * double(total)) : 0);
                out.estimated.append(s);
            }
            return out;
        }
    }
    // Small enough (or SQLite, in-process): exact.
    for (const SqlRow &row : execStatement(
             "state counts",
             QStringLiteral("SELECT state, count(*) FROM jobs WHERE state IN ('succeeded', 'failed', 'cancelled') GROUP BY state")))
        if (auto s = jobStateFromString(row.at(0).toString()))
            out.counts.insert(*s, row.at(1).toLongLong());
    for (JobState s : terminal)
        if (!out.counts.contains(s))
            out.counts.insert(s, 0);
    return out;
}

ChangeMarks JobService::changeMarks()
{
    const SqlRows r = execStatement(
        "change marks",
        (dialect() == Dialect::Postgres ? QStringLiteral("SELECT (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM jd_change_seq), 0, ")
                                        : QStringLiteral("SELECT (SELECT value FROM jd_counter WHERE id = 1), 0, "))
            + QStringLiteral(
                       "(SELECT max(id) FROM idempotency_events), (SELECT max(id) FROM race_losses), "
                       "(SELECT max(id) FROM provider_validations), (SELECT max(id) FROM audit_log), "
                       // The reconciler's lookups move no change sequence; attempts_unknown_by_lookup serves this.
                       "(SELECT max(last_lookup_at_ms) FROM attempts WHERE state = 'unknown'), "
                       // Committed rows among the newest ids (ChangeMarks::kMarkWindowIds): a backward walk
                       // of each primary key, at most that many entries. The LIMIT is what bounds it: with
                       // only the range, whose bound is known at run time, PostgreSQL plans for a third of
                       // the table, a parallel scan of a million rows at every poll (135-700 ms against
                       // 1.2 ms; tst_worklists::changeMarksReadOnlyTheirWindowOfEachTable). Ids are
                       // unique: the count is the same. The window is in the text, not a parameter:
                       // with a parameter the large store's generic plan looked dearer than a custom
                       // one, and each poll planned the statement again (0.64 against 0.12 ms at 1M).
                       "(SELECT count(*) FROM (SELECT 1 FROM idempotency_events WHERE id > (SELECT max(id) FROM idempotency_events) - %1 "
                       "ORDER BY id DESC LIMIT %1) w), "
                       "(SELECT count(*) FROM (SELECT 1 FROM race_losses WHERE id > (SELECT max(id) FROM race_losses) - %1 "
                       "ORDER BY id DESC LIMIT %1) w), "
                       "(SELECT count(*) FROM (SELECT 1 FROM provider_validations WHERE id > (SELECT max(id) FROM provider_validations) - %1 "
                       "ORDER BY id DESC LIMIT %1) w), "
                       "(SELECT count(*) FROM (SELECT 1 FROM audit_log WHERE id > (SELECT max(id) FROM audit_log) - %1 "
                       "ORDER BY id DESC LIMIT %1) w)")
                .arg(ChangeMarks::kMarkWindowIds));
    // The change sequence's last value (one row), not a scan of two indexes.
    const SqlRow &row = r.first();
    ChangeMarks m;
    m.changeSeq = std::max(row.at(0).toLongLong(), row.at(1).toLongLong());
    m.idempotencyEventId = row.at(2).toLongLong();
    m.raceLossId = row.at(3).toLongLong();
    m.validationId = row.at(4).toLongLong();
    m.auditId = row.at(5).toLongLong();
    m.lookupAtMs = row.at(6).toLongLong();
    m.idempotencyEventsNear = row.at(7).toLongLong();
    m.raceLossesNear = row.at(8).toLongLong();
    m.validationsNear = row.at(9).toLongLong();
    m.auditNear = row.at(10).toLongLong();
    return m;
}

} // namespace jobdesk
