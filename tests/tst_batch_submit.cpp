// JobService::submitBatch on both stores: every request answered as submit()
// would answer it in turn (created, replayed, conflict, refused; a key twice
// in one batch; keys retention removed), with the same idempotency events;
// on PostgreSQL in a constant number of statements; two batches racing over
// the same keys make one job per key; a race with retention falls back to
// submits.

#include "ReleasedTogether.h"
#include "StoreFixture.h"

#include "service/Retention.h"
#include "store/PgSession.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <future>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

constexpr qint64 kDayMs = 86400000;

SubmitRequest request(const QString &key, const QString &prompt, const QString &tab = QStringLiteral("batch"))
{
    SubmitRequest r = makeSubmit(key, {{QStringLiteral("prompt"), prompt}});
    r.clientMeta = {{QStringLiteral("via"), QStringLiteral("test")}, {QStringLiteral("tab"), tab}};
    return r;
}

// What a submit answered, without what only the store chooses (ids, times):
// the outcome, the key's job by its key, fingerprints and the input.
QString answerText(const BatchSubmitAnswer &a)
{
    if (a.refused)
        return QStringLiteral("refused %1: %2").arg(JobDeskError::codeName(a.refused->code()), a.refused->message());
    const SubmitResult &r = *a.result;
    return QStringLiteral("%1 job[%2] %3 sent %4 input %5 meta %6 state %7%8")
        .arg(toText(r.outcome), r.job.idempotencyKey, r.job.fingerprint, r.submittedFingerprint,
             QString::fromUtf8(QJsonDocument(r.job.input).toJson(QJsonDocument::Compact)),
             QString::fromUtf8(QJsonDocument(r.job.clientMeta).toJson(QJsonDocument::Compact)), toText(r.job.state),
             r.archivedAtMs ? QStringLiteral(" archived") : QString());
}

// The store's idempotency events in order, each with its job named by its key.
QStringList eventsText(JobService &svc)
{
    QHash<qint64, QString> keyOf;
    for (const Job &j : svc.jobs(JobFilter{}, std::nullopt, 1000).jobs)
        keyOf.insert(j.id, j.idempotencyKey);
    QStringList out;
    for (const IdempotencyEvent &e : svc.idempotencyEvents(std::nullopt, 1000))
        out << QStringLiteral("%1 %2/%3 job[%4] sent %5 existing %6 rejected %7 meta %8")
                   .arg(e.kind == IdempotencyEvent::Kind::Replayed ? QStringLiteral("replayed") : QStringLiteral("conflict"), e.ownerId,
                        e.idempotencyKey, keyOf.value(e.jobId, QStringLiteral("?")), e.fingerprint, e.existingFingerprint,
                        QString::fromUtf8(QJsonDocument(e.rejectedIntent).toJson(QJsonDocument::Compact)),
                        QString::fromUtf8(QJsonDocument(e.clientMeta).toJson(QJsonDocument::Compact)));
    return out;
}

// The same requests as submits one after the other.
QList<BatchSubmitAnswer> oneByOne(JobService &svc, const QList<SubmitRequest> &requests)
{
    QList<BatchSubmitAnswer> out;
    for (const SubmitRequest &r : requests) {
        BatchSubmitAnswer a;
        try {
            a.result = svc.submit(r);
        } catch (const JobDeskError &e) {
            a.refused = e;
        }
        out.append(a);
    }
    return out;
}

qint64 jobCount(JobService &svc)
{
    return svc.session().exec(QStringLiteral("SELECT count(*) FROM jobs")).first().first().toLongLong();
}

// A job that succeeded, then was removed by retention: its key is a tombstone.
Job tombstonedJob(JobService &svc, const QString &key, const QString &dir)
{
    const Job job = svc.submit(request(key, key)).job;
    const Attempt a = startRunning(svc, job.id);
    if (svc.complete(a.id, R"({"answer":"ok"})", Actor::worker(QStringLiteral("w1"))).outcome != CompleteResult::Outcome::Won)
        throw std::runtime_error("the test's job did not win");
    // A newer open job: SQLite keeps the highest ids' rows.
    startRunning(svc, submitJob(svc, QStringLiteral("newest-%1").arg(QDateTime::currentMSecsSinceEpoch())).id);
    RetentionPolicy p;
    p.archiveDir = dir;
    p.retainDays = 30;
    p.nowMs = QDateTime::currentMSecsSinceEpoch() + 31 * kDayMs;
    Retention(svc).run(p, QStringLiteral("test"));
    if (svc.job(job.id))
        throw std::runtime_error("retention did not remove the test's job");
    return job;
}

} // namespace

class TestBatchSubmit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    // The same story on two stores, one as a batch and one as submits one
    // after the other: the same answers and the same idempotency events.
    void aBatchAnswersAndRecordsAsSubmitsOneAfterAnother()
    {
        JD_FRESH_STORE(batchStore);
        std::unique_ptr<FreshStore> refStore;
        try {
            refStore = std::make_unique<FreshStore>(backend);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        auto batch = batchStore->open();
        auto ref = refStore->open();
        for (JobService *svc : {batch.get(), ref.get()}) {
            svc->submit(request(QStringLiteral("k-replay"), QStringLiteral("same"), QStringLiteral("first")));
            svc->submit(request(QStringLiteral("k-conflict"), QStringLiteral("first"), QStringLiteral("first")));
        }
        SubmitRequest badKey = request(QStringLiteral(" padded"), QStringLiteral("x"));
        SubmitRequest noOwner = request(QStringLiteral("k-no-owner"), QStringLiteral("x"));
        noOwner.ownerId.clear();
        SubmitRequest quote = request(QStringLiteral("k-\"quoted\\\" {a,b}"), QStringLiteral("text with \"quotes\", {braces} and \\"));
        const QList<SubmitRequest> requests{
            request(QStringLiteral("k-new"), QStringLiteral("new")),
            request(QStringLiteral("k-replay"), QStringLiteral("same")),
            request(QStringLiteral("k-conflict"), QStringLiteral("second")),
            badKey,
            request(QStringLiteral("k-new"), QStringLiteral("new"), QStringLiteral("again")), // a replay of item 0
            request(QStringLiteral("k-new"), QStringLiteral("other")),                        // a conflict with item 0
            noOwner,
            quote,
            request(QStringLiteral("k-replay"), QStringLiteral("other")),
            request(QStringLiteral("k-second-new"), QStringLiteral("new")),
        };
        const QList<BatchSubmitAnswer> got = batch->submitBatch(requests);
        const QList<BatchSubmitAnswer> expected = oneByOne(*ref, requests);
        QCOMPARE(got.size(), requests.size());
        for (qsizetype i = 0; i < got.size(); ++i)
            QCOMPARE(answerText(got.at(i)), answerText(expected.at(i)));
        QCOMPARE(got.at(0).result->outcome, SubmitResult::Outcome::Created);
        QCOMPARE(got.at(4).result->outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(got.at(4).result->job.id, got.at(0).result->job.id);
        QCOMPARE(got.at(5).result->outcome, SubmitResult::Outcome::Conflict);
        QCOMPARE(got.at(5).result->job.input, requests.at(0).input); // the stored intent, for the diff
        QVERIFY(got.at(3).refused && got.at(6).refused);
        QCOMPARE(got.at(3).refused->code(), JobDeskError::Code::InvalidArgument);
        QCOMPARE(got.at(7).result->outcome, SubmitResult::Outcome::Created);
        QCOMPARE(batch->job(got.at(7).result->job.id)->input, requests.at(7).input); // stored as sent
        QCOMPARE(batch->job(got.at(7).result->job.id)->idempotencyKey, requests.at(7).idempotencyKey);
        QCOMPARE(batch->job(got.at(0).result->job.id)->clientMeta, requests.at(0).clientMeta);
        // A created job's answer is the stored row.
        const Job stored = *batch->job(got.at(9).result->job.id);
        QCOMPARE(got.at(9).result->job.changeSeq, stored.changeSeq);
        QCOMPARE(got.at(9).result->job.createdAtMs, stored.createdAtMs);
        QCOMPARE(eventsText(*batch), eventsText(*ref));
        QCOMPARE(eventsText(*batch).size(), 5); // items 1, 2, 4, 5 and 8
        QCOMPARE(jobCount(*batch), jobCount(*ref));
    }

    // PostgreSQL: a batch of any size is a constant number of statements.
    void aBatchIsAConstantNumberOfStatements()
    {
        JD_ONLY_ON("postgres", "SQLite is in-process: its batch is a submit per request");
        JD_FRESH_STORE(store);
        auto svc = store->open();
        auto batchOf = [](const QString &run, int n) {
            QList<SubmitRequest> out;
            for (int i = 0; i < n; ++i)
                out << request(QStringLiteral("%1-%2").arg(run).arg(i), QStringLiteral("p%1").arg(i));
            return out;
        };
        svc->submitBatch(batchOf(QStringLiteral("warm"), 3)); // prepares the statements
        svc->submitBatch(batchOf(QStringLiteral("warm"), 4)); // ...the replay statement too
        for (const int n : {10, 1000}) {
            quint64 before = svc->session().statementsSent();
            const QList<BatchSubmitAnswer> fresh = svc->submitBatch(batchOf(QStringLiteral("new%1").arg(n), n));
            QCOMPARE(svc->session().statementsSent() - before, quint64(2)); // tombstones, insert
            QVERIFY(std::all_of(fresh.begin(), fresh.end(), [](const auto &a) { return a.result->outcome == SubmitResult::Outcome::Created; }));
            // Half of them again, each with a new one between: three statements.
            QList<SubmitRequest> mixed;
            for (int i = 0; i < n; i += 2)
                mixed << batchOf(QStringLiteral("new%1").arg(n), n).at(i) << request(QStringLiteral("mixed%1-%2").arg(n).arg(i), QStringLiteral("m"));
            before = svc->session().statementsSent();
            const QList<BatchSubmitAnswer> again = svc->submitBatch(mixed);
            QCOMPARE(svc->session().statementsSent() - before, quint64(3)); // tombstones, insert, replays
            for (qsizetype i = 0; i < again.size(); ++i)
                QCOMPARE(again.at(i).result->outcome, i % 2 ? SubmitResult::Outcome::Created : SubmitResult::Outcome::Replayed);
        }
    }

    // Keys whose jobs retention removed are answered from their tombstones,
    // as a submit answers them, and never create.
    void tombstonedKeysAreAnsweredFromTheirTombstones()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job removed = tombstonedJob(*svc, QStringLiteral("gone"), dir.path());
        const qint64 jobsBefore = jobCount(*svc);
        const qint64 eventsBefore = svc->idempotencyEvents().size();
        const QList<SubmitRequest> requests{request(QStringLiteral("fresh"), QStringLiteral("f")),
                                            request(QStringLiteral("gone"), QStringLiteral("gone")),
                                            request(QStringLiteral("gone"), QStringLiteral("another intent")),
                                            request(QStringLiteral("fresh-2"), QStringLiteral("f"))};
        const QList<BatchSubmitAnswer> got = svc->submitBatch(requests);
        QCOMPARE(got.at(0).result->outcome, SubmitResult::Outcome::Created);
        QCOMPARE(got.at(1).result->outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(got.at(1).result->job.id, removed.id);
        QVERIFY(got.at(1).result->archivedAtMs.has_value());
        QCOMPARE(got.at(2).result->outcome, SubmitResult::Outcome::Conflict);
        QCOMPARE(got.at(2).result->job.id, removed.id);
        QCOMPARE(got.at(3).result->outcome, SubmitResult::Outcome::Created);
        QCOMPARE(jobCount(*svc), jobsBefore + 2);
        QCOMPARE(svc->idempotencyEvents().size(), eventsBefore); // a tombstone's answer records nothing, as submit's
        const QList<BatchSubmitAnswer> single = oneByOne(*svc, {requests.at(1), requests.at(2)});
        QCOMPARE(answerText(got.at(1)), answerText(single.at(0)));
        QCOMPARE(answerText(got.at(2)), answerText(single.at(1)));
    }

    // Retention removes a key's job while the batch's insert waits for it on
    // the unique index: the database refuses the whole insert (JD050), and
    // the batch goes as submits, answered from the tombstone.
    void aBatchRacingTheRemovalOfAKeyFallsBackToSubmits()
    {
        JD_ONLY_ON("postgres", "an SQLite create takes the one write lock before its trigger reads the tombstones");
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const Job job = svc->submit(request(QStringLiteral("racing"), QStringLiteral("racing"))).job;
        const Attempt a = startRunning(*svc, job.id);
        QCOMPARE(svc->complete(a.id, R"({"answer":"ok"})", Actor::worker(QStringLiteral("w1"))).outcome, CompleteResult::Outcome::Won);
        startRunning(*svc, submitJob(*svc, QStringLiteral("newest")).id);
        RetentionPolicy p;
        p.archiveDir = dir.path();
        p.retainDays = 30;
        p.nowMs = QDateTime::currentMSecsSinceEpoch() + 31 * kDayMs;
        struct StopAtArchived {};
        try {
            Retention(*svc).run(p, QStringLiteral("test"), false, [](const char *phase) {
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
        const QList<SubmitRequest> requests{request(QStringLiteral("before"), QStringLiteral("b")),
                                            request(QStringLiteral("racing"), QStringLiteral("racing")),
                                            request(QStringLiteral("after"), QStringLiteral("a"))};
        auto batch = std::async(std::launch::async, [&] {
            auto mine = store->open();
            const QList<BatchSubmitAnswer> r = mine->submitBatch(requests);
            mine.reset();
            return r;
        });
        {
            PgSession observer(postgresBaseUrl());
            QTRY_VERIFY_WITH_TIMEOUT(lockWaitersOn(observer, xid) == 1, 10000); // the insert waits on the key
        }
        remover->commit();
        QCOMPARE(batch.wait_for(std::chrono::seconds(60)), std::future_status::ready);
        const QList<BatchSubmitAnswer> got = batch.get();
        remover.reset();
        QCOMPARE(got.at(0).result->outcome, SubmitResult::Outcome::Created);
        QCOMPARE(got.at(1).result->outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(got.at(1).result->job.id, job.id);
        QVERIFY(got.at(1).result->archivedAtMs.has_value());
        QCOMPARE(got.at(2).result->outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM jobs WHERE idempotency_key = 'racing'")).first().first().toInt(), 0);
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM jobs WHERE idempotency_key IN ('before', 'after')")).first().first().toInt(), 2);
    }

    // Two clients send the same keys at once (one of them in the reverse
    // order), each on its own connection: one job per key, the other batch
    // answered with it as replays, recorded once per key.
    void twoBatchesOfTheSameKeysReleasedTogetherMakeOneJobPerKey()
    {
        JD_FRESH_STORE(store);
        constexpr int kKeys = 300;
        QList<SubmitRequest> forward;
        for (int i = 0; i < kKeys; ++i)
            forward << request(QStringLiteral("same-%1").arg(i), QStringLiteral("p%1").arg(i));
        QList<SubmitRequest> backward(forward.crbegin(), forward.crend());
        QList<BatchSubmitAnswer> answers[2];
        const auto errors = releasedTogether(
            2, [&](int) { return store->open(); },
            [&](int i, JobService &mine) { answers[i] = mine.submitBatch(i == 0 ? forward : backward); });
        JD_VERIFY_NO_THREAD_ERRORS(errors);
        auto svc = store->open();
        QCOMPARE(jobCount(*svc), qint64(kKeys));
        int created = 0;
        for (int k = 0; k < kKeys; ++k) {
            const SubmitResult &a = *answers[0].at(k).result, &b = *answers[1].at(kKeys - 1 - k).result;
            QCOMPARE(a.job.id, b.job.id);
            QCOMPARE(a.job.idempotencyKey, QStringLiteral("same-%1").arg(k));
            QVERIFY(a.outcome != SubmitResult::Outcome::Conflict && b.outcome != SubmitResult::Outcome::Conflict);
            QVERIFY((a.outcome == SubmitResult::Outcome::Created) != (b.outcome == SubmitResult::Outcome::Created));
            created += (a.outcome == SubmitResult::Outcome::Created) + (b.outcome == SubmitResult::Outcome::Created);
        }
        QCOMPARE(created, kKeys);
        const QList<IdempotencyEvent> events = svc->idempotencyEvents(std::nullopt, 1000);
        QCOMPARE(events.size(), kKeys);
        QSet<QString> keys;
        for (const IdempotencyEvent &e : events) {
            QCOMPARE(e.kind, IdempotencyEvent::Kind::Replayed);
            keys.insert(e.idempotencyKey);
        }
        QCOMPARE(keys.size(), kKeys);
    }
};

QTEST_GUILESS_MAIN(TestBatchSubmit)
#include "tst_batch_submit.moc"
