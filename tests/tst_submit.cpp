// Invariants 1 and 2: one job per intent; a key is bound to its exact intent.

#include "StoreFixture.h"

#include <QJsonDocument>
#include <QSet>
#include <QTest>

#include <latch>
#include <thread>
#include <vector>

using namespace jobdesk;
using namespace jobdesk::test;

class TestSubmit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void doubleClickMakesOneJob_data() { addBackendRows(); }
    void doubleClickMakesOneJob()
    {
        JD_FRESH_STORE(store);
        constexpr int kThreads = 32;
        std::vector<std::unique_ptr<JobService>> services(kThreads);
        std::vector<qint64> ids(kThreads, 0);
        std::vector<SubmitResult::Outcome> outcomes(kThreads);
        std::vector<std::string> errors(kThreads);
        std::latch ready(kThreads);
        std::latch go(1);
        std::vector<std::thread> threads;
        for (int i = 0; i < kThreads; ++i) {
            threads.emplace_back([&, i] {
                SubmitRequest req = makeSubmit(QStringLiteral("click-42"));
                req.clientMeta = QJsonObject{{QStringLiteral("client"), QStringLiteral("web")},
                                             {QStringLiteral("tab"), i}};
                try {
                    services[i] = store->open(); // each thread its own connection
                } catch (const std::exception &e) {
                    errors[i] = e.what();
                }
                ready.count_down();
                go.wait(); // released together
                if (!services[i])
                    return;
                try {
                    const SubmitResult r = services[i]->submit(req);
                    ids[i] = r.job.id;
                    outcomes[i] = r.outcome;
                } catch (const std::exception &e) {
                    errors[i] = e.what();
                }
                services[i].reset(); // a connection closes in the thread that opened it
            });
        }
        ready.wait();
        go.count_down();
        for (auto &t : threads)
            t.join();
        for (const auto &e : errors)
            QVERIFY2(e.empty(), e.c_str());

        const QSet<qint64> distinct(ids.begin(), ids.end());
        QCOMPARE(distinct.size(), 1);
        QVERIFY(*distinct.begin() > 0);
        QCOMPARE(std::count(outcomes.begin(), outcomes.end(), SubmitResult::Outcome::Created), 1);
        QCOMPARE(std::count(outcomes.begin(), outcomes.end(), SubmitResult::Outcome::Replayed), kThreads - 1);

        auto svc = store->open();
        const auto page = svc->jobs(JobFilter{});
        QCOMPARE(page.jobs.size(), 1);
        const Job job = page.jobs.first();
        QVERIFY(job.createdAtMs > 0);                                              // records its creation...
        QCOMPARE(job.clientMeta.value(QStringLiteral("client")).toString(), QStringLiteral("web")); // ...and its client
        const auto history = svc->keyHistory(QStringLiteral("owner-1"), QStringLiteral("click-42"));
        QCOMPARE(history.size(), kThreads - 1);
        for (const auto &e : history) {
            QCOMPARE(e.kind, IdempotencyEvent::Kind::Replayed);
            QCOMPARE(e.jobId, job.id);
            QCOMPARE(e.fingerprint, job.fingerprint);
        }
    }

    void mismatchedInputIsAConflict_data() { addBackendRows(); }
    void mismatchedInputIsAConflict()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SubmitResult first = svc->submit(makeSubmit(QStringLiteral("k1"), {{QStringLiteral("prompt"), QStringLiteral("cats")}}));
        QCOMPARE(first.outcome, SubmitResult::Outcome::Created);

        const SubmitResult second = svc->submit(makeSubmit(QStringLiteral("k1"), {{QStringLiteral("prompt"), QStringLiteral("dogs")}}));
        QCOMPARE(second.outcome, SubmitResult::Outcome::Conflict);
        QCOMPARE(second.job.id, first.job.id);
        QVERIFY(second.submittedFingerprint != first.job.fingerprint);

        // Nothing created, nothing changed.
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 1);
        const Job after = *svc->job(first.job.id);
        QCOMPARE(after.input, first.job.input);
        QCOMPARE(after.fingerprint, first.job.fingerprint);
        QCOMPARE(after.version, first.job.version);
        QCOMPARE(after.changeSeq, first.job.changeSeq);

        // The conflict is recorded with both fingerprints and the rejected intent.
        const auto history = svc->keyHistory(QStringLiteral("owner-1"), QStringLiteral("k1"));
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.first().kind, IdempotencyEvent::Kind::Conflict);
        QCOMPARE(history.first().fingerprint, second.submittedFingerprint);
        QCOMPARE(history.first().existingFingerprint, first.job.fingerprint);
        QCOMPARE(history.first().rejectedIntent.value(QStringLiteral("input")).toObject().value(QStringLiteral("prompt")).toString(),
                 QStringLiteral("dogs"));
    }

    void reorderedKeysAndSpacingAreAReplay_data() { addBackendRows(); }
    void reorderedKeysAndSpacingAreAReplay()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto a = QJsonDocument::fromJson(R"({"prompt":"x","options":{"temperature":0.5,"n":1}})").object();
        const auto b = QJsonDocument::fromJson("{\n  \"options\" : {\"n\": 1.0, \"temperature\": 0.5},\n  \"prompt\" : \"x\"\n}").object();
        const SubmitResult first = svc->submit(makeSubmit(QStringLiteral("k2"), a));
        const SubmitResult second = svc->submit(makeSubmit(QStringLiteral("k2"), b));
        QCOMPARE(first.outcome, SubmitResult::Outcome::Created);
        QCOMPARE(second.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(second.job.id, first.job.id);
        QCOMPARE(svc->keyHistory(QStringLiteral("owner-1"), QStringLiteral("k2")).first().kind,
                 IdempotencyEvent::Kind::Replayed);
    }

    void keyIsScopedByOwner_data() { addBackendRows(); }
    void keyIsScopedByOwner()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SubmitRequest r1 = makeSubmit(QStringLiteral("same-key"));
        SubmitRequest r2 = r1;
        r2.ownerId = QStringLiteral("owner-2");
        r2.input = {{QStringLiteral("prompt"), QStringLiteral("other")}};
        QCOMPARE(svc->submit(r1).outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->submit(r2).outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 2);
    }

    void badInputIsRefusedAndWritesNothing_data() { addBackendRows(); }
    void badInputIsRefusedAndWritesNothing()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        auto expectInvalid = [&](SubmitRequest r) {
            JD_VERIFY_THROWS_CODE(svc->submit(r), JobDeskError::Code::InvalidArgument);
        };
        SubmitRequest r = makeSubmit(QStringLiteral("ok"));
        r.ownerId = QString();
        expectInvalid(r);
        r = makeSubmit(QString());
        expectInvalid(r);
        r = makeSubmit(QString(256, u'k'));
        expectInvalid(r);
        r = makeSubmit(QStringLiteral("tab\there"));
        expectInvalid(r);
        r = makeSubmit(QStringLiteral("caf\u00e9"));
        expectInvalid(r);
        r = makeSubmit(QStringLiteral("big"), {{QStringLiteral("blob"), QString(1024 * 1024 + 1, u'x')}});
        expectInvalid(r);
        r = makeSubmit(QStringLiteral("par"));
        r.maxParallel = 0;
        expectInvalid(r);
        r = makeSubmit(QStringLiteral("route"));
        r.route = QString();
        expectInvalid(r);
        JD_VERIFY_THROWS_CODE(parseIntentInput("[1, 2]"), JobDeskError::Code::InvalidArgument);
        JD_VERIFY_THROWS_CODE(parseIntentInput("\"text\""), JobDeskError::Code::InvalidArgument);
        JD_VERIFY_THROWS_CODE(parseIntentInput("{\"a\": "), JobDeskError::Code::InvalidArgument);
        QCOMPARE(parseIntentInput(R"({"a": 1})").value(QStringLiteral("a")).toInt(), 1);
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 0);
        QCOMPARE(svc->idempotencyEvents().size(), 0);

        // The edges of the key's range are fine.
        QCOMPARE(svc->submit(makeSubmit(QString(255, u'k'))).outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("!~ a key with spaces inside ~!"))).outcome,
                 SubmitResult::Outcome::Created);
    }

    void submitRerunAfterLostConnectionReturnsTheSameJob_data() { addBackendRows(); }
    void submitRerunAfterLostConnectionReturnsTheSameJob()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SubmitResult first = svc->submit(makeSubmit(QStringLiteral("lost-1")));
        QCOMPARE(first.outcome, SubmitResult::Outcome::Created);
        // The caller never saw the answer: the connection dies, and it re-runs.
        svc->session().simulateConnectionLoss();
        const SubmitResult again = svc->submit(makeSubmit(QStringLiteral("lost-1")));
        QCOMPARE(again.job.id, first.job.id);
        QCOMPARE(again.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 1);
    }

    // PostgreSQL: a call that only records a replay or a conflict commits
    // without waiting for the WAL flush (synchronous_commit = off for its own
    // transaction); a call that creates a job waits, and so does the next call
    // on the same connection. Read inside a transaction around the call, just
    // before its COMMIT (the setting is the transaction's own).
    void onlyReplaysAndConflictsCommitAsynchronously_data() { addBackendRows(); }
    void onlyReplaysAndConflictsCommitAsynchronously()
    {
        JD_FRESH_STORE(store);
        if (!store->isPostgres()) {
            // SQLite has one commit rule for every transaction: a replay and a
            // conflict change nothing about it, and their records are committed
            // (another connection reads them at once).
            auto svc = store->open();
            auto other = store->open();
            const QString pragma = QStringLiteral("PRAGMA synchronous");
            const qint64 rule = svc->session().exec(pragma).first().first().toLongLong();
            QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"))).outcome, SubmitResult::Outcome::Created);
            QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"))).outcome, SubmitResult::Outcome::Replayed);
            QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"), {{QStringLiteral("prompt"), QStringLiteral("other")}}))
                         .outcome,
                     SubmitResult::Outcome::Conflict);
            QCOMPARE(svc->session().exec(pragma).first().first().toLongLong(), rule);
            QCOMPARE(other->keyHistory(QStringLiteral("owner-1"), QStringLiteral("async-1")).size(), 2);
            return;
        }
        auto svc = store->open();
        SqlSession &s = svc->session();
        s.exec(QStringLiteral("SET synchronous_commit = on")); // whatever the server's default
        const QString setting = QStringLiteral("SELECT current_setting('synchronous_commit')");

        s.begin();
        const SubmitResult created = svc->submit(makeSubmit(QStringLiteral("async-1")));
        const QString whenCreated = s.exec(setting).first().first().toString();
        s.commit();
        QCOMPARE(created.outcome, SubmitResult::Outcome::Created);
        QCOMPARE(whenCreated, QStringLiteral("on"));

        s.begin();
        const SubmitResult replayed = svc->submit(makeSubmit(QStringLiteral("async-1")));
        const QString whenReplayed = s.exec(setting).first().first().toString();
        s.commit();
        QCOMPARE(replayed.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(whenReplayed, QStringLiteral("off"));
        QCOMPARE(s.exec(setting).first().first().toString(), QStringLiteral("on")); // for that transaction only

        s.begin();
        const SubmitResult conflict =
            svc->submit(makeSubmit(QStringLiteral("async-1"), {{QStringLiteral("prompt"), QStringLiteral("other")}}));
        const QString whenConflict = s.exec(setting).first().first().toString();
        s.commit();
        QCOMPARE(conflict.outcome, SubmitResult::Outcome::Conflict);
        QCOMPARE(whenConflict, QStringLiteral("off"));

        // In autocommit, as JobService runs it: a replay, then a creation on the same connection.
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"))).outcome, SubmitResult::Outcome::Replayed);
        s.begin();
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-2"))).outcome, SubmitResult::Outcome::Created);
        const QString afterReplay = s.exec(setting).first().first().toString();
        s.commit();
        QCOMPARE(afterReplay, QStringLiteral("on"));

        // The records are there.
        const auto history = svc->keyHistory(QStringLiteral("owner-1"), QStringLiteral("async-1"));
        QCOMPARE(history.size(), 3);
        QCOMPARE(history.at(1).kind, IdempotencyEvent::Kind::Conflict);
    }
};

QTEST_GUILESS_MAIN(TestSubmit)
#include "tst_submit.moc"
