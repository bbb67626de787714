// An archive record read back without a store (core/service/ArchiveRecords.h):
// both stores' JSON shapes read as the same row, a result's exact text is
// kept, and a record without its job is refused. tst_archive_records reads
// real archives of both stores.

#include "StoreFixture.h"

#include "service/ArchiveRecords.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

using namespace jobdesk;
using namespace jobdesk::test;

Q_DECLARE_METATYPE(jobdesk::ArchiveDialect)

class TestArchiveFormat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // PostgreSQL's row_to_json nests json columns; SQLite's json_object holds
    // them as text; numbers may come as text. Either reads as the live row.
    void jsonColumnsReadTheSameNestedOrAsText_data()
    {
        QTest::addColumn<QJsonObject>("job");
        QTest::addColumn<ArchiveDialect>("dialect");
        const QJsonObject base{{QStringLiteral("id"), 7}, {QStringLiteral("owner_id"), QStringLiteral("o")},
                               {QStringLiteral("idempotency_key"), QStringLiteral("k")}, {QStringLiteral("fingerprint"), QStringLiteral("f")},
                               {QStringLiteral("route"), QStringLiteral("r")}, {QStringLiteral("state"), QStringLiteral("succeeded")},
                               {QStringLiteral("version"), 1}, {QStringLiteral("change_seq"), 9}, {QStringLiteral("max_parallel"), 1},
                               {QStringLiteral("max_attempts"), 3}, {QStringLiteral("completed_by"), 3},
                               {QStringLiteral("state_reason"), QJsonValue()}, {QStringLiteral("created_at_ms"), 1000},
                               {QStringLiteral("updated_at_ms"), 2000}};
        QJsonObject pg = base;
        pg.insert(QStringLiteral("input"), QJsonObject{{QStringLiteral("prompt"), QStringLiteral("hi")}});
        pg.insert(QStringLiteral("result"), QJsonObject{{QStringLiteral("answer"), QStringLiteral("ok")}});
        pg.insert(QStringLiteral("client_meta"), QJsonObject{{QStringLiteral("client"), QStringLiteral("web")}});
        QTest::newRow("postgres: nested values") << pg << ArchiveDialect::Postgres;
        QJsonObject lite = base;
        lite.insert(QStringLiteral("input"), QStringLiteral(R"({"prompt":"hi"})"));
        lite.insert(QStringLiteral("result"), QStringLiteral(R"({"answer":"ok"})"));
        lite.insert(QStringLiteral("client_meta"), QStringLiteral(R"({"client":"web"})"));
        QTest::newRow("sqlite: JSON text") << lite << ArchiveDialect::Sqlite;
        QJsonObject asText = lite;
        for (const char *column : {"id", "version", "change_seq", "completed_by", "created_at_ms", "updated_at_ms"})
            asText.insert(QLatin1String(column), QString::number(asText.value(QLatin1String(column)).toInteger()));
        QTest::newRow("integers as text") << asText << ArchiveDialect::Sqlite;
    }

    void jsonColumnsReadTheSameNestedOrAsText()
    {
        QFETCH(QJsonObject, job);
        QFETCH(ArchiveDialect, dialect);
        const JobDetail d = jobDetailFromArchiveRecord({{QStringLiteral("job"), job}}, dialect);
        QCOMPARE(d.job.id, qint64(7));
        QCOMPARE(d.job.input.value(QStringLiteral("prompt")).toString(), QStringLiteral("hi"));
        QCOMPARE(d.job.result, QByteArray(R"({"answer":"ok"})"));
        QCOMPARE(d.job.clientMeta.value(QStringLiteral("client")).toString(), QStringLiteral("web"));
        QCOMPARE(d.job.state, JobState::Succeeded);
        QCOMPARE(d.job.completedBy, std::optional<qint64>(3));
        QCOMPARE(d.job.changeSeq, qint64(9));
        QCOMPARE(d.job.createdAtMs, qint64(1000));
        QVERIFY(d.job.stateReason.isEmpty());
        QVERIFY(d.attempts.isEmpty());
    }

    // A result that is a JSON string, not an object: both stores archive a
    // result as its exact text, so the quotes stay.
    void aResultThatIsAJsonStringKeepsItsQuotes()
    {
        const QJsonObject base{{QStringLiteral("id"), 1}, {QStringLiteral("state"), QStringLiteral("succeeded")}};
        QJsonObject pg = base;
        pg.insert(QStringLiteral("result"), QStringLiteral(R"("done")"));
        QCOMPARE(jobDetailFromArchiveRecord({{QStringLiteral("job"), pg}}, ArchiveDialect::Postgres).job.result, QByteArray(R"("done")"));
        QJsonObject lite = base;
        lite.insert(QStringLiteral("result"), QStringLiteral(R"("done")"));
        QCOMPARE(jobDetailFromArchiveRecord({{QStringLiteral("job"), lite}}, ArchiveDialect::Sqlite).job.result, QByteArray(R"("done")"));
    }

    void aRecordWithoutAJobIsRefused()
    {
        JD_VERIFY_THROWS_CODE(jobDetailFromArchiveRecord({{QStringLiteral("attempts"), QJsonArray()}}, ArchiveDialect::Sqlite),
                              JobDeskError::Code::InvalidArgument);
        JD_VERIFY_THROWS_CODE(retentionArchiveFromRecords({QJsonObject{{QStringLiteral("archive"), QStringLiteral("jobdesk-retention")},
                                                                       {QStringLiteral("version"), 2}}}),
                              JobDeskError::Code::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestArchiveFormat)
#include "tst_archive_format.moc"
