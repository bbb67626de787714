#include "service/ArchiveRecords.h"

#include "Rows.h"
#include "domain/Error.h"
#include "service/Retention.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QStringList>

#include <algorithm>

namespace jobdesk {
namespace {

using Code = JobDeskError::Code;

// The json/jsonb columns of the tables a JobDetail reads.
const QSet<QString> &jsonColumns()
{
    static const QSet<QString> columns{QStringLiteral("input"), QStringLiteral("result"), QStringLiteral("client_meta"),
                                       QStringLiteral("rejected_intent"), QStringLiteral("response")};
    return columns;
}

QByteArray jsonText(const QJsonValue &v)
{
    if (v.isObject())
        return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
    if (v.isArray())
        return QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
    // A scalar: written as the only element of an array, without the brackets.
    const QByteArray wrapped = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

// One column of an archived row as the live store's driver hands it to the
// row readers (core/service/Rows.cpp): text, an integer, or null.
QVariant cell(const QJsonObject &row, const QString &column, ArchiveDialect dialect)
{
    const QJsonValue v = row.value(column);
    if (v.isNull() || v.isUndefined())
        return {};
    if (jsonColumns().contains(column)) {
        // SQLite holds JSON as text; PostgreSQL's row_to_json nests the value
        // itself, but for a job's result, archived as its exact text on both.
        if ((dialect == ArchiveDialect::Sqlite || column == QLatin1String("result")) && v.isString())
            return v.toString();
        return QString::fromUtf8(jsonText(v));
    }
    switch (v.type()) {
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Double: {
        const qint64 i = v.toInteger();
        if (static_cast<double>(i) == v.toDouble())
            return i;
        return v.toDouble();
    }
    case QJsonValue::Bool:
        return v.toBool();
    default:
        return QString::fromUtf8(jsonText(v));
    }
}

SqlRow rowOf(const QJsonObject &row, const char *columns, ArchiveDialect dialect, const QStringList &extra = {})
{
    SqlRow out;
    QStringList names = QString::fromLatin1(columns).split(u',');
    names += extra;
    for (const QString &name : std::as_const(names))
        out.append(cell(row, name.trimmed(), dialect));
    return out;
}

template<typename T, typename Read>
QList<T> rowsOf(const QJsonObject &record, const char *part, Read read)
{
    QList<T> out;
    for (const QJsonValue &v : record.value(QLatin1String(part)).toArray())
        out.append(read(v.toObject()));
    std::stable_sort(out.begin(), out.end(), [](const T &a, const T &b) { return a.id < b.id; });
    return out;
}

ArchiveDialect dialectOf(const QJsonObject &header, const QList<QJsonObject> &records)
{
    const QString named = header.value(QStringLiteral("dialect")).toString();
    if (named == QLatin1String("postgres"))
        return ArchiveDialect::Postgres;
    if (named == QLatin1String("sqlite"))
        return ArchiveDialect::Sqlite;
    // Unnamed: a job's input (always an object) says how JSON columns are held.
    for (qsizetype i = 1; i < records.size(); ++i) {
        const QJsonValue input = records.at(i).value(QStringLiteral("job")).toObject().value(QStringLiteral("input"));
        if (input.isObject())
            return ArchiveDialect::Postgres;
        if (input.isString())
            return ArchiveDialect::Sqlite;
    }
    return ArchiveDialect::Sqlite;
}

} // namespace

JobDetail jobDetailFromArchiveRecord(const QJsonObject &record, ArchiveDialect dialect)
{
    const QJsonObject job = record.value(QStringLiteral("job")).toObject();
    if (job.isEmpty() || !job.contains(QStringLiteral("id")))
        throw JobDeskError(Code::InvalidArgument, refusal::make("JD318"));
    JobDetail d;
    d.job = rows::job(rowOf(job, rows::kJobColumns, dialect));
    const QStringList attemptExtra{QStringLiteral("sent_to"), QStringLiteral("lookup_in_progress_since_ms")};
    for (const QJsonValue &v : record.value(QStringLiteral("attempts")).toArray()) {
        const SqlRow row = rowOf(v.toObject(), rows::kAttemptColumns, dialect, attemptExtra);
        const Attempt a = rows::attempt(row);
        d.attempts.append(a);
        if (!row.at(17).isNull())
            d.sentTo.insert(a.id, row.at(17).toString());
        if (!row.at(18).isNull())
            d.inProgressSinceMs.insert(a.id, row.at(18).toLongLong());
    }
    // In the live store's order (JobService::jobDetail).
    std::stable_sort(d.attempts.begin(), d.attempts.end(), [](const Attempt &a, const Attempt &b) { return a.attemptNo < b.attemptNo; });
    d.events = rowsOf<AttemptEvent>(record, "attempt_events",
                                    [&](const QJsonObject &o) { return rows::attemptEvent(rowOf(o, rows::kAttemptEventColumns, dialect)); });
    d.raceLosses = rowsOf<RaceLoss>(record, "race_losses",
                                    [&](const QJsonObject &o) { return rows::raceLoss(rowOf(o, rows::kRaceLossColumns, dialect)); });
    d.keyHistory = rowsOf<IdempotencyEvent>(record, "idempotency_events", [&](const QJsonObject &o) {
        return rows::idempotencyEvent(rowOf(o, rows::kIdempotencyEventColumns, dialect));
    });
    d.audit = rowsOf<AuditEntry>(record, "audit_log",
                                 [&](const QJsonObject &o) { return rows::auditEntry(rowOf(o, rows::kAuditColumns, dialect)); });
    return d;
}

RetentionArchive retentionArchiveFromRecords(const QList<QJsonObject> &records, const QString &path)
{
    if (records.isEmpty())
        throw JobDeskError(Code::InvalidArgument, refusal::make("JD319", path));
    const QJsonObject &header = records.first();
    const int version = header.value(QStringLiteral("version")).toInt();
    if (version != 1)
        throw JobDeskError(Code::InvalidArgument, refusal::make("JD320", path, version));
    RetentionArchive archive;
    archive.path = path;
    archive.run = header.value(QStringLiteral("run")).toInteger();
    archive.cutoffMs = header.value(QStringLiteral("cutoff_ms")).toInteger();
    archive.dialect = dialectOf(header, records);
    archive.jobs.reserve(records.size() - 1);
    for (qsizetype i = 1; i < records.size(); ++i)
        archive.jobs.append(jobDetailFromArchiveRecord(records.at(i), archive.dialect));
    return archive;
}

RetentionArchive openRetentionArchive(const QString &path)
{
    return retentionArchiveFromRecords(readRetentionArchive(path), path);
}

} // namespace jobdesk
