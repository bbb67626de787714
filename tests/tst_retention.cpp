// Retention (docs/retention.md), on both stores: decided jobs archived and
// removed, keys kept as tombstones that replay and never create, open work
// never removed, history still refused to everyone else, archives that read
// back exactly, and a run killed at every step resumed without loss or double.

#include "StoreFixture.h"

#include "service/Retention.h"
#include "store/PgSession.h"
#include "store/SqlSession.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <future>
#include <limits>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

constexpr qint64 kDayMs = 86400000;
const QByteArray kResult = R"({"answer":"ok"})";

// The intent submitJob(svc, key) submits.
SubmitRequest sameIntent(const QString &key)
{
    return makeSubmit(key, {{QStringLiteral("prompt"), key}});
}

// A job that succeeded on its first attempt.
Job succeededJob(JobService &svc, const QString &key)
{
    const Job job = submitJob(svc, key);
    const Attempt a = startRunning(svc, job.id);
    if (svc.complete(a.id, kResult, Actor::worker(QStringLiteral("w1"))).outcome != CompleteResult::Outcome::Won)
        throw std::runtime_error("the test's job did not win");
    return svc.job(job.id).value();
}

// A running job newer than every other: on SQLite the job and the attempt with
// the highest ids stay (ids are never given out twice), so the tests' decided
// jobs are not them.
void newestStaysOpen(JobService &svc)
{
    startRunning(svc, submitJob(svc, QStringLiteral("newest-%1").arg(QDateTime::currentMSecsSinceEpoch())).id);
}

// Retention as of `days` from now: every job decided before then is old enough.
RetentionPolicy policyIn(const QString &dir, int days = 31)
{
    RetentionPolicy p;
    p.archiveDir = dir;
    p.retainDays = 30;
    p.nowMs = QDateTime::currentMSecsSinceEpoch() + days * kDayMs;
    p.batchSize = 2;
    return p;
}

qint64 count(JobService &svc, const QString &table)
{
    return svc.session().exec(QStringLiteral("SELECT count(*) FROM ") + table).first().first().toLongLong();
}

// Every row of the job's story as the archive writes it, read from the store.
QJsonObject storyOf(JobService &svc, qint64 jobId)
{
    const bool pg = svc.session().dialect() == Dialect::Postgres;
    auto rowsOf = [&](const QString &table, const QString &where) {
        QString json = table == QLatin1String("jobs")
                           ? QStringLiteral("((to_jsonb(t) - 'result') || jsonb_build_object('result', t.result::text))::text")
                           : QStringLiteral("row_to_json(t)::text");
        if (!pg) {
            QStringList parts;
            for (const SqlRow &c : svc.session().exec(QStringLiteral("SELECT name FROM pragma_table_info('%1') ORDER BY cid").arg(table)))
                parts << QStringLiteral("'%1', t.%1").arg(c.first().toString());
            json = QStringLiteral("json_object(") + parts.join(QStringLiteral(", ")) + u')';
        }
        QJsonArray out;
        for (const SqlRow &r : svc.session().exec(QStringLiteral("SELECT ") + json + QStringLiteral(" FROM ") + table
                                                      + QStringLiteral(" t WHERE ") + where,
                                                  {jobId}))
            out.append(QJsonDocument::fromJson(r.first().toString().toUtf8()).object());
        return out;
    };
    return QJsonObject{{QStringLiteral("job"), rowsOf(QStringLiteral("jobs"), QStringLiteral("t.id = $1")).first()},
                       {QStringLiteral("attempts"), rowsOf(QStringLiteral("attempts"), QStringLiteral("t.job_id = $1 ORDER BY t.id"))},
                       {QStringLiteral("attempt_events"), rowsOf(QStringLiteral("attempt_events"), QStringLiteral("t.job_id = $1 ORDER BY t.id"))},
                       {QStringLiteral("idempotency_events"),
                        rowsOf(QStringLiteral("idempotency_events"), QStringLiteral("t.job_id = $1 ORDER BY t.id"))},
                       {QStringLiteral("audit_log"), rowsOf(QStringLiteral("audit_log"), QStringLiteral("t.job_id = $1 ORDER BY t.id"))}};
}

QHash<qint64, QJsonObject> jobsInArchives(const QStringList &files)
{
    QHash<qint64, QJsonObject> out;
    for (const QString &f : files) {
        const QList<QJsonObject> records = readRetentionArchive(f);
        for (qsizetype i = 1; i < records.size(); ++i) {
            const qint64 id = records.at(i).value(QStringLiteral("job")).toObject().value(QStringLiteral("id")).toInteger();
            if (out.contains(id))
                throw std::runtime_error(qPrintable(QStringLiteral("job %1 is archived twice").arg(id)));
            out.insert(id, records.at(i));
        }
    }
    return out;
}

QStringList archiveFiles(const QString &dir)
{
    QStringList out;
    for (const QString &f : QDir(dir).entryList({QStringLiteral("*.jsonl.gz")}, QDir::Files, QDir::Name))
        out << QDir(dir).absoluteFilePath(f);
    return out;
}

} // namespace

class TestRetention : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    void aRemovedJobsKeyReplaysFromItsTombstoneAndNeverCreates()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job job = succeededJob(*svc, QStringLiteral("click-1"));
        newestStaysOpen(*svc);
        const RetentionReport r = Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"));
        QCOMPARE(r.selected, 1);
        QCOMPARE(r.removed, 1);
        QVERIFY(!svc->job(job.id));

        const qint64 jobsBefore = count(*svc, QStringLiteral("jobs"));
        const SubmitResult again = svc->submit(sameIntent(QStringLiteral("click-1")));
        QCOMPARE(again.job.fingerprint, job.fingerprint);
        QCOMPARE(again.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(again.job.id, job.id);
        QCOMPARE(again.job.state, JobState::Succeeded);
        QVERIFY(again.archivedAtMs.has_value());
        QCOMPARE(count(*svc, QStringLiteral("jobs")), jobsBefore);
    }

    void anotherIntentOnATombstonedKeyConflicts()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job job = succeededJob(*svc, QStringLiteral("click-2"));
        newestStaysOpen(*svc);
        Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"));
        const SubmitResult other = svc->submit(makeSubmit(QStringLiteral("click-2"), {{QStringLiteral("prompt"), QStringLiteral("other")}}));
        QCOMPARE(other.outcome, SubmitResult::Outcome::Conflict);
        QCOMPARE(other.job.id, job.id);
        QCOMPARE(count(*svc, QStringLiteral("jobs")), 1);
    }

    void aRawInsertUnderATombstonedKeyIsRefusedByTheDatabase()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job job = succeededJob(*svc, QStringLiteral("click-3"));
        newestStaysOpen(*svc);
        Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"));
        QString message;
        const auto refused = rawSql(*svc,
                                    QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input) "
                                                   "VALUES ($1, 'click-3', $2, 'summarise', '{}')"),
                                    {job.ownerId, job.fingerprint}, &message);
        QCOMPARE(refused, std::optional(SqlError::Kind::GuardRefused));
        QVERIFY2(message.contains(QStringLiteral("archived")), qPrintable(message));
    }

    // The removal of a key's job and a create with that key at the same
    // moment: the create waits for the removal on the unique index, and then
    // is answered from the tombstone, never with a second job.
    void aCreateRacingTheRemovalOfItsKeyReplaysTheRemovedJob()
    {
        JD_ONLY_ON("postgres", "an SQLite create takes the one write lock before its trigger reads the tombstones");
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job job = succeededJob(*svc, QStringLiteral("racing"));
        newestStaysOpen(*svc);
        struct StopAtArchived {};
        try {
            Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"), false, [](const char *phase) {
                if (qstrcmp(phase, "archived") == 0)
                    throw StopAtArchived{};
            });
            QFAIL("the run should have stopped once archived");
        } catch (const StopAtArchived &) {
        }
        const qint64 run = svc->session().exec(QStringLiteral("SELECT max(id) FROM retention_runs")).first().first().toLongLong();
        auto remover = openSqlSession(store->url());
        remover->begin();
        remover->exec(QStringLiteral("SELECT * FROM jd_retention_remove($1, 10)"), {run}); // the job is gone, uncommitted
        const QString xid = remover->exec(QStringLiteral("SELECT pg_current_xact_id()::text")).first().first().toString();
        auto create = std::async(std::launch::async, [&] {
            auto mine = store->open();
            const SubmitResult r = mine->submit(sameIntent(QStringLiteral("racing")));
            mine.reset();
            return r;
        });
        {
            PgSession observer(postgresBaseUrl());
            QTRY_VERIFY_WITH_TIMEOUT(lockWaitersOn(observer, xid) == 1, 10000);
        }
        remover->commit();
        QCOMPARE(create.wait_for(std::chrono::seconds(60)), std::future_status::ready);
        const SubmitResult r = create.get();
        remover.reset();
        QCOMPARE(r.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(r.job.id, job.id);
        QVERIFY(r.archivedAtMs.has_value());
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM jobs WHERE idempotency_key = 'racing'")).first().first().toInt(), 0);
    }

    void openWorkOfAnyAgeSurvives()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job queued = submitJob(*svc, QStringLiteral("queued"));
        const Job running = submitJob(*svc, QStringLiteral("running"));
        startRunning(*svc, running.id);
        const Job blocked = submitJob(*svc, QStringLiteral("blocked"));
        const Attempt a = startRunning(*svc, blocked.id);
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        QCOMPARE(svc->job(blocked.id)->state, JobState::Blocked);
        const Job done = succeededJob(*svc, QStringLiteral("done"));

        newestStaysOpen(*svc);
        const RetentionReport r = Retention(*svc).run(policyIn(dir.path(), 3650), QStringLiteral("test"));
        QCOMPARE(r.removed, 1);
        QVERIFY(svc->job(queued.id));
        QVERIFY(svc->job(running.id));
        QVERIFY(svc->job(blocked.id));
        QVERIFY(!svc->job(done.id));
    }

    void aYoungDecidedJobStays()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job job = succeededJob(*svc, QStringLiteral("young"));
        newestStaysOpen(*svc);
        const RetentionReport r = Retention(*svc).run(policyIn(dir.path(), 0), QStringLiteral("test"));
        QCOMPARE(r.selected, 0);
        QVERIFY(svc->job(job.id));
    }

    void aDryRunCountsAndChangesNothing()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        succeededJob(*svc, QStringLiteral("a"));
        succeededJob(*svc, QStringLiteral("b"));
        newestStaysOpen(*svc);
        const RetentionReport r = Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"), true);
        QCOMPARE(r.selected, 2);
        QCOMPARE(count(*svc, QStringLiteral("jobs")), 3);
        QCOMPARE(count(*svc, QStringLiteral("retention_runs")), 0);
        QVERIFY(archiveFiles(dir.path()).isEmpty());
    }

    // A policy out of range is refused before anything is read or written.
    void aPolicyOutOfRangeIsRefusedAndChangesNothing()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        succeededJob(*svc, QStringLiteral("a"));
        for (double ratio : {-1.0, 101.0, std::numeric_limits<double>::quiet_NaN()}) {
            RetentionPolicy p = policyIn(dir.path());
            p.restRatio = ratio;
            JD_VERIFY_THROWS_CODE(Retention(*svc).run(p, QStringLiteral("test"), false), JobDeskError::Code::InvalidArgument);
        }
        RetentionPolicy p = policyIn(dir.path());
        p.batchSize = 0;
        JD_VERIFY_THROWS_CODE(Retention(*svc).run(p, QStringLiteral("test"), false), JobDeskError::Code::InvalidArgument);
        QCOMPARE(count(*svc, QStringLiteral("jobs")), 1);
        QCOMPARE(count(*svc, QStringLiteral("retention_runs")), 0);
        QVERIFY(archiveFiles(dir.path()).isEmpty());
    }

    void rawDeletesOfHistoryAreStillRefused()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        succeededJob(*svc, QStringLiteral("gone"));
        const Job kept = submitJob(*svc, QStringLiteral("kept")); // open, with every kind of history
        svc->submit(sameIntent(QStringLiteral("kept")));
        startRunning(*svc, kept.id);
        svc->cancelJob(kept.id, operatorRequest());
        RetentionPolicy p = policyIn(dir.path());
        p.maxJobsPerRun = 1;
        newestStaysOpen(*svc);
        Retention(*svc).run(p, QStringLiteral("test")); // leaves a tombstone behind
        for (const char *table : {"jobs", "attempts", "attempt_events", "idempotency_events", "audit_log", "key_tombstones"})
            QVERIFY2(guardRefuses(*svc, QStringLiteral("DELETE FROM ") + QLatin1String(table)), table);
        if (store->isPostgres())
            for (const char *table : {"jobs", "attempt_events", "key_tombstones"})
                QVERIFY2(guardRefuses(*svc, QStringLiteral("TRUNCATE ") + QLatin1String(table) + QStringLiteral(" CASCADE")), table);
        QCOMPARE(count(*svc, QStringLiteral("jobs")), 2);
        QCOMPARE(count(*svc, QStringLiteral("key_tombstones")), 1);
    }

    void theRemovalFunctionRefusesARunWhoseArchiveIsIncomplete()
    {
        JD_FRESH_STORE(store);
        JD_ONLY_ON("postgres", "SQLite has no database functions: its removal is the store's (Retention.cpp)");
        auto svc = store->open();
        succeededJob(*svc, QStringLiteral("x"));
        svc->session().exec(QStringLiteral("INSERT INTO retention_runs (actor, cutoff_ms, archive) VALUES ('mallory', 0, 'none')"));
        QString message;
        QCOMPARE(rawSql(*svc, QStringLiteral("SELECT * FROM jd_retention_remove((SELECT max(id) FROM retention_runs), 10)"), {}, &message),
                 std::optional(SqlError::Kind::GuardRefused));
        QVERIFY2(message.contains(QStringLiteral("not archived")), qPrintable(message));
        QCOMPARE(count(*svc, QStringLiteral("jobs")), 1);
    }

    void theArchiveReadsBackEveryRemovedRowExactly()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        QHash<qint64, QJsonObject> before;
        for (int i = 0; i < 5; ++i) {
            const Job j = succeededJob(*svc, QStringLiteral("story-%1").arg(i));
            svc->submit(sameIntent(QStringLiteral("story-%1").arg(i))); // a replay: an idempotency event
            before.insert(j.id, storyOf(*svc, j.id));
        }
        newestStaysOpen(*svc);
        const RetentionReport r = Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"));
        QCOMPARE(r.removed, 5);
        QCOMPARE(r.archives.size(), 1);
        const QHash<qint64, QJsonObject> archived = jobsInArchives(r.archives);
        QCOMPARE(archived.size(), 5);
        for (auto it = before.begin(); it != before.end(); ++it)
            for (const QString &part : it->keys())
                QCOMPARE(archived.value(it.key()).value(part), it->value(part));
        for (const qint64 id : before.keys())
            for (const char *table : {"attempts", "attempt_events", "idempotency_events", "audit_log", "race_losses"})
                QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM ") + QLatin1String(table) + QStringLiteral(" WHERE job_id = $1"),
                                             {id}).first().first().toInt(), 0);
    }

    void anAlteredArchiveIsRefused()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        succeededJob(*svc, QStringLiteral("a"));
        newestStaysOpen(*svc);
        const RetentionReport r = Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"));
        QFile f(r.archives.first());
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(f.size() / 2);
        f.write("x");
        f.close();
        JD_VERIFY_THROWS_CODE(readRetentionArchive(r.archives.first()), JobDeskError::Code::InvalidArgument);
    }

    void aJobThatChangedAfterItsArchiveWasWrittenIsKept()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job job = succeededJob(*svc, QStringLiteral("late"));
        auto other = store->open();
        // Between the archive and the removal, a replay adds an idempotency event.
        const RetentionCheckpoint replayAfterArchive = [&](const char *phase) {
            if (qstrcmp(phase, "archived") == 0)
                other->submit(sameIntent(QStringLiteral("late")));
        };
        newestStaysOpen(*svc);
        const RetentionReport r = Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"), false, replayAfterArchive);
        QCOMPARE(r.removed, 0);
        QCOMPARE(r.kept, 1);
        QVERIFY(svc->job(job.id));
        // The next run archives it again, whole.
        const RetentionReport again = Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"));
        QCOMPARE(again.removed, 1);
        const QList<QJsonObject> records = readRetentionArchive(again.archives.last());
        QCOMPARE(records.size(), 2);
        QCOMPARE(records.at(1).value(QStringLiteral("idempotency_events")).toArray().size(), 1);
    }

    void keysPastTheirRetentionAreFreedAndThenMakeANewJob()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job old = succeededJob(*svc, QStringLiteral("reused"));
        newestStaysOpen(*svc);
        Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test"));
        RetentionPolicy later = policyIn(dir.path(), 31 + 400);
        later.keyRetainDays = 365;
        const RetentionReport r = Retention(*svc).run(later, QStringLiteral("test"));
        QCOMPARE(r.tombstonesExpired, 1);
        const SubmitResult fresh = svc->submit(sameIntent(QStringLiteral("reused")));
        QCOMPARE(fresh.outcome, SubmitResult::Outcome::Created);
        QVERIFY(fresh.job.id != old.id);
    }

    void sqliteGivesTheRemovedPagesBackToTheFileSystem()
    {
        JD_ONLY_ON("sqlite", "PostgreSQL reuses the space through autovacuum (docs/retention.md)");
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const QString big(4000, u'x');
        for (int i = 0; i < 200; ++i) {
            const Job j = svc->submit(makeSubmit(QStringLiteral("big-%1").arg(i), {{QStringLiteral("prompt"), big}})).job;
            svc->cancelJob(j.id, operatorRequest());
        }
        newestStaysOpen(*svc);
        QCOMPARE(svc->session().exec(QStringLiteral("PRAGMA auto_vacuum")).first().first().toInt(), 2); // incremental
        const qint64 pagesBefore = svc->session().exec(QStringLiteral("PRAGMA page_count")).first().first().toLongLong();
        QCOMPARE(Retention(*svc).run(policyIn(dir.path()), QStringLiteral("test")).removed, 200);
        QCOMPARE(svc->session().exec(QStringLiteral("PRAGMA freelist_count")).first().first().toInt(), 0);
        QVERIFY(svc->session().exec(QStringLiteral("PRAGMA page_count")).first().first().toLongLong() < pagesBefore / 2);
    }

    void theScheduleRunsRetentionInTheBackground()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job job = succeededJob(*svc, QStringLiteral("scheduled"));
        newestStaysOpen(*svc);
        {
            RetentionSchedule schedule(store->url(), policyIn(dir.path()), QStringLiteral("schedule"), std::chrono::milliseconds(20));
            QTRY_VERIFY_WITH_TIMEOUT(!svc->job(job.id), 20000);
            QTRY_VERIFY_WITH_TIMEOUT(schedule.runsFinished() >= 2, 20000); // later runs find nothing and change nothing
        }
        QCOMPARE(count(*svc, QStringLiteral("key_tombstones")), 1);
        QCOMPARE(archiveFiles(dir.path()).size() >= 1, true);
    }

    // A run told to stop at a rest (a stopping server) stops there, with no
    // transaction open; the next run resumes it: every job removed once, in
    // one archive. Stopped at the first rest (after the archive's first
    // chunk: the archive is not complete yet) and at the second (after the
    // first removal batch).
    void aRunStoppedAtARestIsResumedByTheNext_data()
    {
        QTest::addColumn<int>("stopAt");
        QTest::newRow("archive") << 1;
        QTest::newRow("removal") << 2;
    }
    void aRunStoppedAtARestIsResumedByTheNext()
    {
        QFETCH(int, stopAt);
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        QList<qint64> ids;
        for (int i = 0; i < 5; ++i)
            ids.append(succeededJob(*svc, QStringLiteral("rest-%1").arg(i)).id);
        newestStaysOpen(*svc);
        const RetentionPolicy p = policyIn(dir.path()); // batches of 2
        int rests = 0;
        const RetentionReport first = Retention(*svc).run(p, QStringLiteral("test"), false, {}, [&](std::chrono::milliseconds) {
            return ++rests < stopAt;
        });
        QCOMPARE(rests, stopAt);
        QCOMPARE(first.removed, stopAt == 1 ? 0 : 2);
        QCOMPARE(count(*svc, QStringLiteral("jobs")), 6 - first.removed);
        const RetentionReport second = Retention(*svc).run(p, QStringLiteral("test"));
        QCOMPARE(first.removed + second.removed, 5);
        for (qint64 id : ids)
            QVERIFY(!svc->job(id));
        const QHash<qint64, QJsonObject> archived = jobsInArchives(archiveFiles(dir.path()));
        QCOMPARE(archived.size(), 5);
        QCOMPARE(count(*svc, QStringLiteral("key_tombstones")), 5);
    }

    void eachRunIsAudited()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        succeededJob(*svc, QStringLiteral("a"));
        succeededJob(*svc, QStringLiteral("b"));
        succeededJob(*svc, QStringLiteral("c"));
        newestStaysOpen(*svc);
        const RetentionReport r = Retention(*svc).run(policyIn(dir.path()), QStringLiteral("ops-alice"));
        const SqlRow row = svc->session()
                               .exec(QStringLiteral("SELECT actor, state, jobs_selected, jobs_removed, archive, archive_sha256 "
                                                    "FROM retention_runs WHERE id = $1"),
                                     {r.runId})
                               .first();
        QCOMPARE(row.at(0).toString(), QStringLiteral("ops-alice"));
        QCOMPARE(row.at(1).toString(), QStringLiteral("removed"));
        QCOMPARE(row.at(2).toInt(), 3);
        QCOMPARE(row.at(3).toInt(), 3);
        QCOMPARE(row.at(4).toString(), r.archives.first());
        QCOMPARE(row.at(5).toString().size(), 64);
    }

    // kill -9 of `jobdesk-server retention run` at each step, then a second
    // run: every job is removed exactly once, each in exactly one archive.
    void aRunKilledAtAnyStepIsResumedWithNothingLostOrDoubled_data()
    {
        QTest::addColumn<QString>("phase");
        for (const char *phase : {"selected", "archive-chunk", "rested", "archive-written", "archived", "batch"})
            QTest::newRow(phase) << QString::fromLatin1(phase);
    }
    void aRunKilledAtAnyStepIsResumedWithNothingLostOrDoubled()
    {
        QFETCH(QString, phase);
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        QSet<qint64> ids;
        for (int i = 0; i < 450; ++i) { // past one archive chunk (200) and one removal batch (100)
            const Job j = submitJob(*svc, QStringLiteral("k-%1").arg(i));
            svc->cancelJob(j.id, operatorRequest(QStringLiteral("test")));
            ids.insert(j.id);
        }
        newestStaysOpen(*svc);
        const QStringList args{QStringLiteral("retention"), QStringLiteral("run"), QStringLiteral("--database"), storeArgument(store->url()),
                               QStringLiteral("--archive-dir"), dir.path(), QStringLiteral("--batch"), QStringLiteral("100"),
                               QStringLiteral("--actor"), QStringLiteral("test")};
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("JOBDESK_RETENTION_AS_OF_MS"), QString::number(QDateTime::currentMSecsSinceEpoch() + 31 * kDayMs));
        {
            QProcess killed;
            QProcessEnvironment paused = env;
            paused.insert(QStringLiteral("JOBDESK_RETENTION_PAUSE"), phase);
            killed.setProcessEnvironment(paused);
            killed.start(QStringLiteral(JOBDESK_SERVER_BINARY), args);
            QVERIFY(killed.waitForStarted());
            const QByteArray marker = QByteArray("paused at ") + phase.toLatin1();
            QByteArray out;
            QDeadlineTimer deadline(60000);
            while (!out.contains(marker) && !deadline.hasExpired() && killed.state() == QProcess::Running)
                if (killed.waitForReadyRead(1000))
                    out += killed.readAllStandardOutput();
            QVERIFY2(out.contains(marker), out.constData());
            killed.kill(); // SIGKILL
            QVERIFY(killed.waitForFinished(10000));
        }
        QProcess resumed;
        resumed.setProcessEnvironment(env);
        resumed.start(QStringLiteral(JOBDESK_SERVER_BINARY), args);
        QVERIFY(resumed.waitForFinished(120000));
        QVERIFY2(resumed.exitCode() == 0, resumed.readAllStandardError().constData());

        QCOMPARE(count(*svc, QStringLiteral("jobs")), 1);
        QCOMPARE(count(*svc, QStringLiteral("key_tombstones")), 450);
        QCOMPARE(count(*svc, QStringLiteral("retention_run_jobs")), 450);
        QHash<qint64, QJsonObject> archived;
        try {
            archived = jobsInArchives(archiveFiles(dir.path()));
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        QCOMPARE(QSet<qint64>(archived.keyBegin(), archived.keyEnd()), ids);
        QVERIFY(QDir(dir.path()).entryList({QStringLiteral("*.partial")}, QDir::Files).isEmpty());
        // Every key still answers as its removed job.
        const SubmitResult again = svc->submit(sameIntent(QStringLiteral("k-7")));
        QCOMPARE(again.outcome, SubmitResult::Outcome::Replayed);
        QVERIFY(ids.contains(again.job.id));
    }
};

QTEST_GUILESS_MAIN(TestRetention)
#include "tst_retention.moc"
