#include "LiveQueries.h"

#include "service/Rows.h"

namespace jobdesk::live {

namespace {

// One statement shape per chunk size, so the statement caches keep one entry.
constexpr int kChunk = 64;

// The session is JobService's own; its operations reconnect after a lost
// connection, these plain reads only report it in JobService's terms.
SqlRows read(JobService &svc, const QString &sql, const SqlParams &params = {})
{
    try {
        return svc.session().exec(sql, params);
    } catch (const SqlError &e) {
        if (e.kind() == SqlError::Kind::ConnectionLost)
            throw JobDeskError(JobDeskError::Code::StoreUnavailable, QStringLiteral("live query: ") + e.message());
        throw JobDeskError(JobDeskError::Code::StoreError, QStringLiteral("live query: ") + e.message());
    }
}

QString chunkSql()
{
    QString in;
    for (int i = 1; i <= kChunk; ++i) {
        if (i > 1)
            in += QStringLiteral(", ");
        in += u'$' + QString::number(i);
    }
    return QStringLiteral("SELECT ") + QLatin1String(rows::kAttemptColumns)
           + QStringLiteral(" FROM attempts WHERE job_id IN (") + in + QStringLiteral(") ORDER BY job_id, attempt_no");
}

} // namespace

QHash<qint64, QList<Attempt>> attemptsOfJobs(JobService &svc, const QList<qint64> &jobIds)
{
    static const QString sql = chunkSql();
    QHash<qint64, QList<Attempt>> out;
    for (qsizetype from = 0; from < jobIds.size(); from += kChunk) {
        SqlParams params;
        params.reserve(kChunk);
        for (qsizetype i = from; i < from + kChunk; ++i)
            params.append(i < jobIds.size() ? QVariant(jobIds.at(i)) : QVariant()); // NULL matches nothing
        for (const SqlRow &row : read(svc, sql, params)) {
            Attempt a = rows::attempt(row);
            out[a.jobId].append(a);
        }
    }
    return out;
}

} // namespace jobdesk::live
