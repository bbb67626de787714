#pragma once

// A retention archive (docs/retention.md) read back as the store's own
// records: each job's record becomes the JobDetail that JobService::jobDetail
// gave while the job was live (job, attempts with where each went and since
// when its provider said it was still working, events, race losses, the key's
// history, the audit trail), so the console's detail, time line, charge account
// and incident report read an archived job exactly as a live one. Pure: no I/O
// beyond reading the file in openRetentionArchive.

#include "service/JobService.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace jobdesk {

// Which store wrote the records: PostgreSQL's row_to_json nests json/jsonb
// columns as JSON values; SQLite's json_object holds them as JSON text.
enum class ArchiveDialect { Postgres, Sqlite };

struct RetentionArchive
{
    QString path;
    qint64 run = 0;       // the retention run that wrote it
    qint64 cutoffMs = 0;  // jobs whose last change was before this were old enough
    ArchiveDialect dialect = ArchiveDialect::Sqlite;
    QList<JobDetail> jobs; // in the file's order (by job id)
};

// One job's record ({"job": {...}, "attempts": [...], ...}) as its JobDetail.
// Throws JobDeskError InvalidArgument when the record holds no job.
JobDetail jobDetailFromArchiveRecord(const QJsonObject &record, ArchiveDialect dialect);

// The records readRetentionArchive returned (header first) as an archive.
// Throws JobDeskError InvalidArgument for an unknown version or a bad record.
RetentionArchive retentionArchiveFromRecords(const QList<QJsonObject> &records, const QString &path = {});

// Reads, checks (readRetentionArchive) and converts the file. Throws
// JobDeskError InvalidArgument for a missing, corrupt or altered archive.
RetentionArchive openRetentionArchive(const QString &path);

} // namespace jobdesk
