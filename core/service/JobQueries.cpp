// The read side of JobService: what the console and the API show. Plain
// SELECTs in the same SQL text on both stores, keyset pagination, no locks.

#include "JobService.h"
#include "Names.h"
#include "Rows.h"

#include <QSet>
#include <QStringList>

namespace jobdesk {

namespace {

QString select(const char *columns, const QString &rest)
{
    return QStringLiteral("SELECT ") + QLatin1String(columns) + u' ' + rest;
}

} // namespace

std::optional<Job> JobService::job(qint64 jobId)
{
    const SqlRows r = execStatement("query", select(rows::kJobColumns, QStringLiteral("FROM jobs WHERE id = $1")), {jobId});
    if (r.isEmpty())
        return std::nullopt;
    return rows::job(r.first());
}

std::optional<Attempt> JobService::attempt(qint64 attemptId)
{
    const SqlRows r = execStatement("query", select(rows::kAttemptColumns, QStringLiteral("FROM attempts WHERE id = $1")),
                            {attemptId});
    if (r.isEmpty())
        return std::nullopt;
    return rows::attempt(r.first());
}

JobPage JobService::jobs(const JobFilter &f, std::optional<qint64> afterId, int limit)
{
    std::optional<JobCursor> after;
    if (afterId) {
        if (f.sort != JobFilter::Sort::Id)
            throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD232"));
        after = JobCursor{*afterId, {}};
    }
    return jobPage(f, after, limit);
}

namespace {
// The least string greater than every string that starts with `prefix`, in
// code point order (SQLite's BINARY, PostgreSQL's "C"): the prefix with its last
// code point one up; none when every code point is already the greatest.
std::optional<QString> prefixEnd(const QString &prefix)
{
    QList<uint> points = prefix.toUcs4();
    while (!points.isEmpty()) {
        uint last = points.takeLast() + 1;
        if (last == 0xD800)
            last = 0xE000; // past the surrogates, which are no characters
        if (last <= 0x10FFFF) {
            points.append(last);
            return QString::fromUcs4(reinterpret_cast<const char32_t *>(points.constData()), points.size());
        }
    }
    return std::nullopt;
}

const char *sortColumn(JobFilter::Sort s)
{
    switch (s) {
    case JobFilter::Sort::Owner: return "j.owner_id";
    case JobFilter::Sort::Key: return "j.idempotency_key";
    case JobFilter::Sort::Route: return "j.route";
    case JobFilter::Sort::State: return "j.state";
    case JobFilter::Sort::Id: break;
    }
    return nullptr;
}

QVariant sortValue(const Job &j, JobFilter::Sort s)
{
    switch (s) {
    case JobFilter::Sort::Owner: return j.ownerId;
    case JobFilter::Sort::Key: return j.idempotencyKey;
    case JobFilter::Sort::Route: return j.route;
    case JobFilter::Sort::State: return toText(j.state);
    case JobFilter::Sort::Id: break;
    }
    return {};
}
} // namespace

JobPage JobService::jobPage(const JobFilter &f, const std::optional<JobCursor> &after, int limit)
{
    if (limit < 1 || limit > 1000)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD218"));
    requireSearchName(f.ownerId, "owner id");
    requireSearchName(f.idempotencyKey, "idempotency key");
    requireSearchName(f.keyPrefix, "idempotency key prefix");
    requireSearchName(f.route, "route");
    requireSearchName(f.provider, "provider");
    const char *column = sortColumn(f.sort);
    if (after && column && !after->value.isValid())
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD233"));
    QStringList where;
    SqlParams params;
    auto param = [&](const QVariant &v) -> QString {
        params.append(v);
        return QStringLiteral("$") + QString::number(params.size());
    };
    if (!f.states.isEmpty()) {
        QStringList in;
        for (JobState s : f.states)
            in.append(param(toText(s)));
        where.append(QStringLiteral("j.state IN (") + in.join(QStringLiteral(", ")) + u')');
    }
    if (!f.ownerId.isEmpty())
        where.append(QStringLiteral("j.owner_id = ") + param(f.ownerId));
    if (!f.idempotencyKey.isEmpty())
        where.append(QStringLiteral("j.idempotency_key = ") + param(f.idempotencyKey));
    // A range on the key, which its index serves (the unique index on PostgreSQL,
    // jobs_by_key on SQLite); it compares in code point order, as keys are stored.
    if (!f.keyPrefix.isEmpty()) {
        where.append(QStringLiteral("j.idempotency_key >= ") + param(f.keyPrefix));
        if (const auto end = prefixEnd(f.keyPrefix))
            where.append(QStringLiteral("j.idempotency_key < ") + param(*end));
    }
    if (!f.route.isEmpty())
        where.append(QStringLiteral("j.route = ") + param(f.route));
    if (!f.provider.isEmpty())
        where.append(QStringLiteral("EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.provider = ")
                     + param(f.provider) + u')');
    if (f.createdAfterMs)
        where.append(QStringLiteral("j.created_at_ms >= ") + param(*f.createdAfterMs));
    if (f.createdBeforeMs)
        where.append(QStringLiteral("j.created_at_ms < ") + param(*f.createdBeforeMs));
    const QString cmp = f.ascending ? QStringLiteral(" > ") : QStringLiteral(" < ");
    const QString dir = f.ascending ? QStringLiteral(" ASC") : QStringLiteral(" DESC");
    if (after && column) // keyset: (value, id) after the cursor's, as one row comparison
        where.append(u'(' + QLatin1String(column) + QStringLiteral(", j.id)") + cmp + u'(' + param(after->value) + QStringLiteral(", ")
                     + param(after->id) + u')');
    else if (after)
        where.append(QStringLiteral("j.id") + cmp + param(after->id));
    const QString order = column ? QString(QLatin1String(column) + dir + QStringLiteral(", j.id") + dir) : QString(QStringLiteral("j.id") + dir);
    const QString sql = QStringLiteral("SELECT ") + rows::qualified(rows::kJobColumns, QStringLiteral("j"))
                        + QStringLiteral(" FROM jobs j")
                        + (where.isEmpty() ? QString() : QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND ")))
                        + QStringLiteral(" ORDER BY ") + order + QStringLiteral(" LIMIT ") + param(limit + 1);
    const SqlRows r = execStatement("query", sql, params);
    JobPage page;
    for (qsizetype i = 0; i < r.size() && i < limit; ++i)
        page.jobs.append(rows::job(r.at(i)));
    if (r.size() > limit) {
        const Job &last = page.jobs.last();
        page.next = JobCursor{last.id, sortValue(last, f.sort)};
        if (f.sort == JobFilter::Sort::Id && !f.ascending)
            page.nextCursor = last.id;
    }
    return page;
}

QList<Attempt> JobService::attempts(qint64 jobId)
{
    QList<Attempt> out;
    for (const SqlRow &row : execStatement("query", select(rows::kAttemptColumns,
                                                     QStringLiteral("FROM attempts WHERE job_id = $1 ORDER BY attempt_no")),
                                   {jobId}))
        out.append(rows::attempt(row));
    return out;
}

QList<AttemptEvent> JobService::attemptEvents(qint64 jobId)
{
    QList<AttemptEvent> out;
    for (const SqlRow &row : execStatement("query", select(rows::kAttemptEventColumns,
                                                     QStringLiteral("FROM attempt_events WHERE job_id = $1 ORDER BY id")),
                                   {jobId}))
        out.append(rows::attemptEvent(row));
    return out;
}

QList<RaceLoss> JobService::raceLosses(std::optional<qint64> jobId)
{
    QList<RaceLoss> out;
    const SqlRows r = jobId ? execStatement("query", select(rows::kRaceLossColumns,
                                                      QStringLiteral("FROM race_losses WHERE job_id = $1 ORDER BY id")),
                                    {*jobId})
                            : execStatement("query", select(rows::kRaceLossColumns,
                                                      QStringLiteral("FROM race_losses ORDER BY id DESC LIMIT 1000")));
    for (const SqlRow &row : r)
        out.append(rows::raceLoss(row));
    return out;
}

QList<IdempotencyEvent> JobService::keyHistory(const QString &ownerId, const QString &key)
{
    requireSearchName(ownerId, "owner id");
    requireSearchName(key, "idempotency key");
    QList<IdempotencyEvent> out;
    for (const SqlRow &row :
         execStatement("query", select(rows::kIdempotencyEventColumns,
                                 QStringLiteral("FROM idempotency_events WHERE owner_id = $1 AND idempotency_key = $2 ORDER BY id")),
               {ownerId, key}))
        out.append(rows::idempotencyEvent(row));
    return out;
}

QList<IdempotencyEvent> JobService::idempotencyEvents(std::optional<qint64> afterId, int limit)
{
    QList<IdempotencyEvent> out;
    const SqlRows r = afterId
                          ? execStatement("query", select(rows::kIdempotencyEventColumns,
                                                    QStringLiteral("FROM idempotency_events WHERE id < $1 ORDER BY id DESC LIMIT $2")),
                                  {*afterId, limit})
                          : execStatement("query", select(rows::kIdempotencyEventColumns,
                                                    QStringLiteral("FROM idempotency_events ORDER BY id DESC LIMIT $1")),
                                  {limit});
    for (const SqlRow &row : r)
        out.append(rows::idempotencyEvent(row));
    return out;
}

QList<AuditEntry> JobService::auditLog(std::optional<qint64> jobId)
{
    QList<AuditEntry> out;
    const SqlRows r = jobId ? execStatement("query", select(rows::kAuditColumns,
                                                      QStringLiteral("FROM audit_log WHERE job_id = $1 ORDER BY id")),
                                    {*jobId})
                            : execStatement("query", select(rows::kAuditColumns,
                                                      QStringLiteral("FROM audit_log ORDER BY id DESC LIMIT 1000")));
    for (const SqlRow &row : r)
        out.append(rows::auditEntry(row));
    return out;
}

void JobService::readAttemptsInto(qint64 jobId, JobDetail &detail)
{
    for (const SqlRow &row : execStatement("query", select(rows::kAttemptColumns,
                                                     QStringLiteral(", sent_to, lookup_in_progress_since_ms FROM attempts "
                                                                    "WHERE job_id = $1 ORDER BY attempt_no")),
                                   {jobId})) {
        detail.attempts.append(rows::attempt(row));
        if (!row.at(17).isNull())
            detail.sentTo.insert(detail.attempts.last().id, row.at(17).toString());
        if (!row.at(18).isNull())
            detail.inProgressSinceMs.insert(detail.attempts.last().id, row.at(18).toLongLong());
    }
}

JobDetail JobService::jobDetail(qint64 jobId)
{
    const auto j = job(jobId);
    if (!j)
        throw JobDeskError(JobDeskError::Code::NotFound, refusal::make("JD121", jobId));
    JobDetail detail;
    detail.job = *j;
    readAttemptsInto(jobId, detail);
    detail.events = attemptEvents(jobId);
    detail.raceLosses = raceLosses(jobId);
    detail.keyHistory = keyHistory(j->ownerId, j->idempotencyKey);
    detail.audit = auditLog(jobId);
    return detail;
}

ChargeAccount JobService::chargeAccount(qint64 jobId)
{
    JobDetail records;
    readAttemptsInto(jobId, records);
    if (records.attempts.isEmpty())
        return {};
    records.events = attemptEvents(jobId);
    records.raceLosses = raceLosses(jobId);
    return records.charges();
}

QMap<QString, qint64> JobService::possiblyChargedByProvider()
{
    // Only attempts that can be possibly charged (mayBePossiblyCharged) are
    // read, with their events and race losses, and classified by the one
    // function the console and the API use.
    JobDetail records;
    const SqlRows candidates = execStatement(
        "query", QStringLiteral("SELECT ") + rows::qualified(rows::kAttemptColumns, QStringLiteral("a"))
                     + QStringLiteral(", a.sent_to, a.lookup_in_progress_since_ms FROM attempts a "
                                      "WHERE a.state IN ('running', 'unknown', 'cancelled') "
                                      "OR (a.state = 'failed' AND a.lookup_in_progress_since_ms IS NOT NULL) ORDER BY a.id"));
    QStringList ids;
    for (const SqlRow &row : candidates) {
        records.attempts.append(rows::attempt(row));
        const qint64 id = records.attempts.last().id;
        ids.append(QString::number(id));
        if (!row.at(17).isNull())
            records.sentTo.insert(id, row.at(17).toString());
        if (!row.at(18).isNull())
            records.inProgressSinceMs.insert(id, row.at(18).toLongLong());
    }
    // Ids are numbers read from the store: listed inline, in slices.
    for (qsizetype from = 0; from < ids.size(); from += 500) {
        const QString in = ids.mid(from, 500).join(QStringLiteral(", "));
        for (const SqlRow &row : execStatement("query", select(rows::kAttemptEventColumns,
                                                         QStringLiteral("FROM attempt_events WHERE attempt_id IN (") + in
                                                             + QStringLiteral(") ORDER BY id"))))
            records.events.append(rows::attemptEvent(row));
        for (const SqlRow &row : execStatement("query", select(rows::kRaceLossColumns,
                                                         QStringLiteral("FROM race_losses WHERE attempt_id IN (") + in
                                                             + QStringLiteral(") ORDER BY id"))))
            records.raceLosses.append(rows::raceLoss(row));
    }
    QMap<QString, qint64> out;
    for (const AttemptCharge &c : records.charges().attempts)
        if (c.charge == Charge::PossiblyCharged)
            ++out[c.provider];
    return out;
}

QList<Attempt> JobService::unknownWorklist(int limit)
{
    return unknownAttempts(limit, /*includeDecided*/ false);
}

QMap<JobState, qint64> JobService::countsByState()
{
    QMap<JobState, qint64> out;
    for (const SqlRow &row : execStatement("query", QStringLiteral("SELECT state, count(*) FROM jobs GROUP BY state")))
        if (auto s = jobStateFromString(row.at(0).toString()))
            out.insert(*s, row.at(1).toLongLong());
    return out;
}

SessionIdentity JobService::sessionIdentity()
{
    SessionIdentity id;
    id.where = session().describe();
    if (dialect() == Dialect::Sqlite) {
        // A local, single-user file: whoever can open it acts as operator.
        id.databaseUser = operatingSystemUser();
        id.role = Role::Operator;
        id.roleName = QStringLiteral("local");
        return id;
    }
    const SqlRows rows = execStatement(
        "query",
        QStringLiteral("SELECT session_user::text,"
                       " (EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'jobdesk_operator')"
                       "   AND pg_has_role(session_user, 'jobdesk_operator', 'MEMBER'))::int,"
                       " (EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'jobdesk_viewer')"
                       "   AND pg_has_role(session_user, 'jobdesk_viewer', 'MEMBER'))::int,"
                       " (SELECT pg_get_userbyid(c.relowner) FROM pg_class c WHERE c.oid = to_regclass('jobs'))"));
    const SqlRow &r = rows.first();
    id.databaseUser = r.at(0).toString();
    const bool owner = r.at(3).toString() == id.databaseUser;
    if (owner) {
        id.role = Role::Operator;
        id.roleName = QStringLiteral("owner");
    } else if (r.at(1).toInt() == 1) {
        id.role = Role::Operator;
        id.roleName = QStringLiteral("jobdesk_operator");
    } else {
        id.role = Role::Viewer;
        id.roleName = r.at(2).toInt() == 1 ? QStringLiteral("jobdesk_viewer") : QStringLiteral("none");
    }
    return id;
}

std::optional<qint64> JobService::dataVersion()
{
    if (dialect() != Dialect::Sqlite)
        return std::nullopt;
    const SqlRows rows = session().exec(QStringLiteral("PRAGMA data_version"));
    return rows.isEmpty() ? std::nullopt : std::optional<qint64>(rows.first().first().toLongLong());
}

Changes JobService::changesSince(qint64 since, qint64 overlap, int limit)
{
    // Sequence order is not commit order: look back `overlap` numbers so a
    // transaction that took its number early but committed late is not missed.
    const qint64 from = std::max<qint64>(0, since - overlap);
    // Room for the look-back plus `limit` new numbers, so a cut list still
    // moves the mark forward.
    const qint64 rowLimit = std::max(1, limit) + std::max<qint64>(0, overlap);
    Changes c;
    qint64 seen = since;
    // One table's changed rows in change order, at most rowLimit. A list cut
    // short may end inside one change number (a job cancel stamps all its
    // attempts with one number): then the rest of that number is read too, so
    // the mark may stand on it without skipping its other rows; that number
    // comes back.
    const auto readChanged = [&](auto &out, const char *columns, const QString &table,
                                 auto parse) -> std::optional<qint64> {
        const SqlRows changed = execStatement(
            "query", select(columns, QStringLiteral("FROM ") + table + QStringLiteral(" WHERE change_seq > $1 ORDER BY change_seq LIMIT $2")),
            {from, rowLimit});
        for (const SqlRow &row : changed) {
            out.append(parse(row));
            seen = std::max(seen, out.last().changeSeq);
        }
        if (changed.size() < rowLimit)
            return std::nullopt;
        const qint64 last = out.last().changeSeq;
        QSet<qint64> have;
        for (const auto &r : std::as_const(out))
            if (r.changeSeq == last)
                have.insert(r.id);
        for (const SqlRow &row : execStatement(
                 "query", select(columns, QStringLiteral("FROM ") + table + QStringLiteral(" WHERE change_seq = $1 ORDER BY id")),
                 {last})) {
            auto r = parse(row);
            if (!have.contains(r.id))
                out.append(r);
        }
        return last;
    };
    const std::optional<qint64> jobsCut =
        readChanged(c.jobs, rows::kJobColumns, QStringLiteral("jobs"), [](const SqlRow &r) { return rows::job(r); });
    const std::optional<qint64> attemptsCut = readChanged(c.attempts, rows::kAttemptColumns, QStringLiteral("attempts"),
                                                          [](const SqlRow &r) { return rows::attempt(r); });
    // The last number a list that was cut short reached (the lower of two).
    std::optional<qint64> cut = jobsCut;
    if (attemptsCut)
        cut = std::min(cut.value_or(*attemptsCut), *attemptsCut);
    // Never past what a cut list reached: the rows between it and the other
    // list's last number are still to be read.
    c.highWaterMark = cut ? std::max(since, *cut) : seen;
    return c;
}

} // namespace jobdesk
