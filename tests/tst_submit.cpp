// Invariants 1 and 2: one job per intent; a key is bound to its exact intent.
// (What a synchronous standby changes: tst_synchronous_standby.)

#include "ReleasedTogether.h"
#include "StoreFixture.h"

#include "domain/CanonicalJson.h"
#include "service/TakenKeys.h"
#include "store/PgSession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

#include <future>
#include <limits>
#include <thread>
#include <vector>

using namespace jobdesk;
using namespace jobdesk::test;

class TestSubmit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void doubleClickMakesOneJob()
    {
        JD_FRESH_STORE(store);
        constexpr int kThreads = 32;
        std::vector<qint64> ids(kThreads, 0);
        std::vector<SubmitResult::Outcome> outcomes(kThreads);
        const auto errors = releasedTogether(
            kThreads, [&](int) { return store->open(); }, // each thread its own connection
            [&](int i, JobService &mine) {
                SubmitRequest req = makeSubmit(QStringLiteral("click-42"));
                req.clientMeta = QJsonObject{{QStringLiteral("client"), QStringLiteral("web")},
                                             {QStringLiteral("tab"), i}};
                const SubmitResult r = mine.submit(req);
                ids[i] = r.job.id;
                outcomes[i] = r.outcome;
            });
        JD_VERIFY_NO_THREAD_ERRORS(errors);

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

    // An owner id is the tenant half of the job's identity. PostgreSQL cannot
    // store every QString exactly: a parameter is sent as a C string (a NUL
    // ends it) in UTF-8 (a lone surrogate becomes U+FFFD). Were such an owner
    // accepted, "shop-1\0evil" would be "shop-1" on PostgreSQL and be answered
    // with shop-1's job (a conflict that shows shop-1's input), and two owners
    // with different lone surrogates would share their keys; SQLite would keep
    // them apart. One rule for both stores: refused, nothing written.
    void ownerIdsAStoreCannotKeepApartAreRefusedNotMerged()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SubmitRequest first = makeSubmit(QStringLiteral("tenant-key"), {{QStringLiteral("secret"), QStringLiteral("shop-1's")}});
        first.ownerId = QStringLiteral("shop-1");
        const SubmitResult created = svc->submit(first);
        QCOMPARE(created.outcome, SubmitResult::Outcome::Created);

        const QList<QString> weird = {
            QStringLiteral("shop-1") + QChar(u'\0') + QStringLiteral("evil"), // "shop-1" on PostgreSQL
            QStringLiteral("shop-1") + QChar(u'\0'),
            QStringLiteral("shop-") + QChar(0xD800),                          // U+FFFD on PostgreSQL
            QStringLiteral("shop-") + QChar(0xDBFF),
            QStringLiteral("shop-") + QChar(0xDC00) + QChar(0xD800),          // a pair in the wrong order
        };
        for (const QString &owner : weird) {
            SubmitRequest other = makeSubmit(QStringLiteral("tenant-key"), {{QStringLiteral("prompt"), QStringLiteral("mine")}});
            other.ownerId = owner;
            JD_VERIFY_THROWS_CODE(svc->submit(other), JobDeskError::Code::InvalidArgument);
        }
        // A valid owner with U+FFFD itself is an owner like any other.
        SubmitRequest replacement = makeSubmit(QStringLiteral("tenant-key"));
        replacement.ownerId = QStringLiteral("shop-") + QChar(0xFFFD);
        const SubmitResult own = svc->submit(replacement);
        QCOMPARE(own.outcome, SubmitResult::Outcome::Created);
        QVERIFY(own.job.id != created.job.id);
        QCOMPARE(svc->submit(replacement).job.id, own.job.id);

        auto other = store->open();
        QCOMPARE(other->jobs(JobFilter{}).jobs.size(), 2);
        QVERIFY(other->keyHistory(QStringLiteral("shop-1"), QStringLiteral("tenant-key")).isEmpty());
        QCOMPARE(other->job(created.job.id)->ownerId, QStringLiteral("shop-1"));
    }

    // The input is stored as jsonb on PostgreSQL, which cannot hold U+0000 nor
    // a lone surrogate (Qt's parser accepts "\ud800"); SQLite could. One rule
    // for both stores: refused before anything is written, as invalid input
    // (not a store error on one store and a job on the other). Text that only
    // looks like such an escape (a backslash, then "u0000": code in a prompt)
    // is an input like any other, stored and replayed exactly.
    void inputsJsonbCannotHoldAreRefusedAndLookAlikesAreNot()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto obj = [](const QString &k, const QJsonValue &v) { return QJsonObject{{k, v}}; };
        const QList<QJsonObject> refused = {
            obj(QStringLiteral("text"), QString(QStringLiteral("a") + QChar(u'\0'))),
            obj(QStringLiteral("text"), QString(QStringLiteral("a") + QChar(0xD800))),
            obj(QStringLiteral("text"), QString(QString(QChar(0xDC00)) + QChar(0xD800))),
            obj(QString(QChar(0xDBFF)), QStringLiteral("in a key")),
            obj(QStringLiteral("nested"), QJsonArray{obj(QStringLiteral("t"), QString(QChar(0xDFFF)))}),
            // Numbers JSON cannot carry (a QJsonValue built in C++ can hold
            // them): SQLite kept "inf" as text that is not JSON and read the
            // input back as {}; PostgreSQL failed as a store error.
            obj(QStringLiteral("x"), std::numeric_limits<double>::infinity()),
            obj(QStringLiteral("x"), -std::numeric_limits<double>::infinity()),
            obj(QStringLiteral("nested"), QJsonArray{1, obj(QStringLiteral("y"), std::numeric_limits<double>::quiet_NaN())}),
        };
        int i = 0;
        for (const QJsonObject &input : refused)
            JD_VERIFY_THROWS_CODE(svc->submit(makeSubmit(QStringLiteral("refused-%1").arg(i++), input)),
                                  JobDeskError::Code::InvalidArgument);
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 0);

        const QList<QJsonObject> lookAlikes = {
            obj(QStringLiteral("code"), QStringLiteral("printf(\"\\u0000\")")),  // backslash, u0000
            obj(QStringLiteral("code"), QStringLiteral("\\ud800 and \\\\u0000")),   // backslashes, ud800
            obj(QStringLiteral("\\u0000"), QStringLiteral("a key that says it")),
            obj(QStringLiteral("pair"), QString(QString(QChar(0xD83D)) + QChar(0xDE00))), // a valid pair: U+1F600
        };
        i = 0;
        for (const QJsonObject &input : lookAlikes) {
            const SubmitRequest req = makeSubmit(QStringLiteral("look-alike-%1").arg(i++), input);
            SubmitResult created;
            try {
                created = svc->submit(req);
            } catch (const JobDeskError &e) {
                QFAIL(qPrintable(QStringLiteral("refused %1: %2")
                                     .arg(QString::fromUtf8(QJsonDocument(input).toJson(QJsonDocument::Compact)), e.message())));
            }
            QCOMPARE(created.outcome, SubmitResult::Outcome::Created);
            QCOMPARE(svc->job(created.job.id)->input, input);
            QCOMPARE(svc->submit(req).outcome, SubmitResult::Outcome::Replayed);
        }
    }

    // The client metadata (address, user agent, token) is jsonb on
    // PostgreSQL, which cannot hold U+0000 nor a lone surrogate, and text on
    // SQLite, which could: the same submit was a store error on one and a job
    // on the other. One rule for both, as for the input: refused as invalid
    // input that names the client metadata, before anything is written (no
    // job, no key taken, no replay recorded). A valid pair is metadata like
    // any other.
    void clientMetadataAStoreCannotHoldIsRefusedAndWritesNothing()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QList<QJsonObject> refused = {
            {{QStringLiteral("user_agent"), QString(QStringLiteral("curl") + QChar(u'\0') + QStringLiteral("evil"))}},
            {{QStringLiteral("user_agent"), QString(QStringLiteral("curl") + QChar(0xD800))}},
            {{QString(QChar(0xDC00)), QStringLiteral("in a key")}},
            {{QStringLiteral("nested"), QJsonArray{QJsonObject{{QStringLiteral("t"), QString(QChar(u'\0'))}}}}},
            {{QStringLiteral("latency"), std::numeric_limits<double>::infinity()}}, // Qt's writer would store null
        };
        const SubmitResult taken = svc->submit(makeSubmit(QStringLiteral("meta-taken")));
        QCOMPARE(taken.outcome, SubmitResult::Outcome::Created);
        for (const QJsonObject &meta : refused) {
            for (const QString &key : {QStringLiteral("meta-new"), QStringLiteral("meta-taken")}) {
                SubmitRequest req = makeSubmit(key);
                req.clientMeta = meta;
                try {
                    svc->submit(req);
                    QFAIL(qPrintable(QStringLiteral("accepted client metadata %1 for %2")
                                         .arg(QString::fromUtf8(QJsonDocument(meta).toJson(QJsonDocument::Compact)), key)));
                } catch (const JobDeskError &e) {
                    QVERIFY2(e.code() == JobDeskError::Code::InvalidArgument, qPrintable(e.message()));
                    QVERIFY2(e.message().contains(QStringLiteral("client metadata")), qPrintable(e.message()));
                }
            }
        }
        auto other = store->open();
        QCOMPARE(other->jobs(JobFilter{}).jobs.size(), 1);
        QCOMPARE(other->idempotencyEvents().size(), 0);
        // The key was not taken: the same submit with clean metadata creates its job.
        SubmitRequest clean = makeSubmit(QStringLiteral("meta-new"));
        clean.clientMeta = {{QStringLiteral("user_agent"), QString(QStringLiteral("curl ") + QChar(0xD83D) + QChar(0xDE00))}};
        const SubmitResult created = svc->submit(clean);
        QCOMPARE(created.outcome, SubmitResult::Outcome::Created);
        QCOMPARE(other->job(created.job.id)->clientMeta, clean.clientMeta);
    }

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

    // PostgreSQL: a call that only records a replay commits without waiting
    // for the WAL flush (synchronous_commit = off for its own transaction); a
    // call that creates a job waits, and so does the next call on the same
    // connection; so does a conflict, whose record is the only copy of the
    // rejected intent (a server crash right after the 409 lost it). Inside a
    // caller's transaction nothing is asynchronous: a job created after a
    // replay in that transaction would have been. The setting is read in the
    // call's own autocommit transaction by a test trigger on the event.
    void onlyReplaysCommitAsynchronously()
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
            QCOMPARE(rule, 2); // FULL: on disk before it is answered (NORMAL loses the last commits to a power loss)
            QCOMPARE(svc->session().exec(QStringLiteral("PRAGMA fullfsync")).first().first().toInt(), 1); // macOS: to the disk, not its cache
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
        // What each event's own transaction commits with, read as it is
        // written (after the statement's set_config: the event's insert runs
        // once its row is found), kept in a table of the test's.
        s.execScript(QStringLiteral(
            "CREATE TABLE test_commit_mode (event_id bigint, kind text, mode text);"
            "CREATE FUNCTION test_note_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " INSERT INTO test_commit_mode VALUES (NEW.id, NEW.kind::text, current_setting('synchronous_commit'));"
            " RETURN NEW; END $$;"
            "CREATE TRIGGER test_note_commit_mode AFTER INSERT ON idempotency_events FOR EACH ROW"
            " EXECUTE FUNCTION test_note_commit_mode();"));
        const auto modeOf = [&](const QString &kind) {
            return s.exec(QStringLiteral("SELECT mode FROM test_commit_mode WHERE kind = $1 ORDER BY event_id DESC LIMIT 1"), {kind})
                .first().first().toString();
        };

        // In autocommit, as JobService runs it.
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"))).outcome, SubmitResult::Outcome::Created);
        QCOMPARE(s.exec(setting).first().first().toString(), QStringLiteral("on"));
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"))).outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(modeOf(QStringLiteral("replayed")), QStringLiteral("off"));
        QCOMPARE(s.exec(setting).first().first().toString(), QStringLiteral("on")); // for that transaction only
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"), {{QStringLiteral("prompt"), QStringLiteral("other")}})).outcome,
                 SubmitResult::Outcome::Conflict);
        QCOMPARE(modeOf(QStringLiteral("conflict")), QStringLiteral("on")); // the rejected intent's only copy
        // A replay, then a creation on the same connection: the creation waits.
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"))).outcome, SubmitResult::Outcome::Replayed);
        s.begin();
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-2"))).outcome, SubmitResult::Outcome::Created);
        QCOMPARE(s.exec(setting).first().first().toString(), QStringLiteral("on"));
        s.commit();

        // In a caller's transaction: a replay, then a creation; the
        // transaction commits with the session's setting.
        s.begin();
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-1"))).outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("async-3"))).outcome, SubmitResult::Outcome::Created);
        const QString whenCreatedAfterReplay = s.exec(setting).first().first().toString();
        s.commit();
        QCOMPARE(whenCreatedAfterReplay, QStringLiteral("on"));

        // The records are there.
        const auto history = svc->keyHistory(QStringLiteral("owner-1"), QStringLiteral("async-1"));
        QCOMPARE(history.size(), 4);
        QCOMPARE(history.at(1).kind, IdempotencyEvent::Kind::Conflict);
    }
    // A submit whose key another writer has taken but not yet committed
    // waits for that writer, then follows its outcome: a replay of its job
    // when it commits, a new job when it rolls back (the insert is tried
    // again by the database, so the intent is neither lost nor doubled). On
    // PostgreSQL the waiter is seen blocked on the taker's transaction before
    // the taker decides, and a new key costs one round trip, a taken key two.
    void submitBehindAnUncommittedTakerFollowsItsOutcome()
    {
        JD_FRESH_STORE(store);
        const bool pg = store->isPostgres();
        for (const bool takerCommits : {true, false}) {
            const QString key = takerCommits ? QStringLiteral("taken-commits") : QStringLiteral("taken-rolls-back");
            const SubmitRequest req = makeSubmit(key, {{QStringLiteral("prompt"), key}});
            auto taker = openSqlSession(store->url()); // another writer, outside JobService
            taker->begin();
            const QString fp = intentFingerprint(req.route, req.input);
            const QString insert =
                pg ? QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, client_meta,"
                                    " created_at_ms, updated_at_ms) VALUES ($1, $2, $3, $4, $5::jsonb, '{}'::jsonb, 1, 1)"
                                    " RETURNING id")
                   : QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, client_meta,"
                                    " created_at_ms, updated_at_ms) VALUES ($1, $2, $3, $4, $5, '{}', 1, 1) RETURNING id");
            const qint64 takerJob = taker->exec(insert, {req.ownerId, req.idempotencyKey, fp, req.route,
                                                         QString::fromUtf8(canonicalJson(req.input))})
                                        .first()
                                        .first()
                                        .toLongLong();
            const QString xid = pg ? taker->exec(QStringLiteral("SELECT pg_current_xact_id()::text")).first().first().toString()
                                   : QString();

            auto waiter = std::async(std::launch::async, [&] {
                auto mine = store->open();
                const SubmitRequest warm = makeSubmit(QStringLiteral("warm-") + key); // prepares both statements
                mine->submit(warm);
                mine->submit(warm);
                const quint64 before = mine->session().statementsSent();
                const SubmitResult r = mine->submit(req);
                const quint64 sent = mine->session().statementsSent() - before;
                mine.reset(); // a connection closes in the thread that opened it
                return std::make_pair(r, sent);
            });
            if (pg) { // wait (bounded) until the submit is blocked behind the taker's transaction
                PgSession observer(postgresBaseUrl());
                QTRY_VERIFY_WITH_TIMEOUT(lockWaitersOn(observer, xid) == 1, 10000);
            }
            if (takerCommits)
                taker->commit();
            else
                taker->rollback();
            QCOMPARE(waiter.wait_for(std::chrono::seconds(60)), std::future_status::ready);
            const auto [r, sent] = waiter.get();
            taker.reset();

            auto svc = store->open();
            const auto history = svc->keyHistory(req.ownerId, key);
            const auto page = svc->jobs(JobFilter{});
            const auto underKey = std::count_if(page.jobs.begin(), page.jobs.end(),
                                                [&](const Job &j) { return j.idempotencyKey == key; });
            QCOMPARE(underKey, 1);
            if (takerCommits) {
                QCOMPARE(r.outcome, SubmitResult::Outcome::Replayed);
                QCOMPARE(r.job.id, takerJob);
                QCOMPARE(history.size(), 1);
                QCOMPARE(history.first().jobId, takerJob);
                if (pg)
                    QCOMPARE(sent, quint64(2)); // the insert that found the key taken, then the replay
            } else {
                QCOMPARE(r.outcome, SubmitResult::Outcome::Created);
                QCOMPARE(svc->job(r.job.id)->idempotencyKey, key);
                QVERIFY(history.isEmpty());
                if (pg)
                    QCOMPARE(sent, quint64(1)); // the insert, which wrote the job once the taker was gone
            }
        }
    }
    // PostgreSQL's JobService remembers keys it has seen taken, to send a
    // replay its replay statement first (one round trip). That memory is only
    // a hint: the database decides. A job deleted behind the guards' back
    // (which nothing in JobDesk can do) leaves the hint wrong, and the next
    // submit of its key still creates the job, once.
    void aKeyRememberedAsTakenIsStillDecidedByTheDatabase()
    {
        JD_FRESH_STORE(store);
        const bool pg = store->isPostgres();
        auto svc = store->open();
        const SubmitRequest req = makeSubmit(QStringLiteral("remembered"));
        const SubmitResult first = svc->submit(req);
        QCOMPARE(first.outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->submit(req).outcome, SubmitResult::Outcome::Replayed); // prepares the replay statement

        auto raw = openSqlSession(store->url());
        if (pg) {
            raw->exec(QStringLiteral("SET session_replication_role = replica")); // no triggers, no foreign keys
            raw->exec(QStringLiteral("DELETE FROM idempotency_events WHERE job_id = $1"), {first.job.id});
            raw->exec(QStringLiteral("DELETE FROM jobs WHERE id = $1"), {first.job.id});
        } else {
            raw->exec(QStringLiteral("PRAGMA foreign_keys = OFF"));
            raw->begin();
            raw->exec(QStringLiteral("DROP TRIGGER jobs_no_delete"));
            raw->exec(QStringLiteral("DROP TRIGGER idempotency_events_no_delete"));
            raw->exec(QStringLiteral("DELETE FROM idempotency_events WHERE job_id = $1"), {first.job.id});
            raw->exec(QStringLiteral("DELETE FROM jobs WHERE id = $1"), {first.job.id});
            raw->commit();
        }
        raw.reset();

        quint64 before = svc->session().statementsSent();
        const SubmitResult again = svc->submit(req);
        QCOMPARE(again.outcome, SubmitResult::Outcome::Created);
        if (pg) // SQLite may hand the freed id out again
            QVERIFY(again.job.id != first.job.id);
        if (pg) // the replay statement (the hint), which found no job, then the insert
            QCOMPARE(svc->session().statementsSent() - before, quint64(2));

        before = svc->session().statementsSent();
        const SubmitResult replayed = svc->submit(req);
        QCOMPARE(replayed.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(replayed.job.id, again.job.id);
        if (pg) // the replay statement alone
            QCOMPARE(svc->session().statementsSent() - before, quint64(1));

        auto other = store->open();
        const auto page = other->jobs(JobFilter{});
        QCOMPARE(page.jobs.size(), 1);
        QCOMPARE(page.jobs.first().id, again.job.id);
        const auto history = other->keyHistory(req.ownerId, req.idempotencyKey);
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.first().jobId, again.job.id);
    }

    // The JobServices of one process can share the keys seen taken
    // (Options::takenKeys; jobdesk-server's handler threads do): a replay on
    // another connection than the one that created the job is then one round
    // trip on PostgreSQL, where a service with a table of its own needs two.
    // Services sharing one table, on their own threads and connections,
    // released together on the same keys (a hint written and read at once by
    // all of them), still make exactly one job per key, each answered to all
    // the others as a replay of that job.
    void servicesSharingTakenKeysReplayInOneRoundTrip()
    {
        JD_FRESH_STORE(store);
        const bool pg = store->isPostgres();
        JobService::Options sharing;
        sharing.takenKeys = std::make_shared<TakenKeys>();
        {
            auto a = JobService::open(store->url(), sharing);
            auto b = JobService::open(store->url(), sharing);
            auto alone = store->open();
            for (JobService *svc : {b.get(), alone.get()}) { // prepares both statements on each
                const SubmitRequest warm = makeSubmit(QStringLiteral("warm-%1").arg(quintptr(svc)));
                svc->submit(warm);
                svc->submit(warm);
            }
            const SubmitRequest req = makeSubmit(QStringLiteral("retried-elsewhere"));
            const SubmitResult created = a->submit(req);
            QCOMPARE(created.outcome, SubmitResult::Outcome::Created);

            quint64 before = b->session().statementsSent();
            const SubmitResult onB = b->submit(req);
            QCOMPARE(onB.outcome, SubmitResult::Outcome::Replayed);
            QCOMPARE(onB.job.id, created.job.id);
            if (pg) // the replay statement alone: a told b the key is taken
                QCOMPARE(b->session().statementsSent() - before, quint64(1));

            before = alone->session().statementsSent();
            const SubmitResult onAlone = alone->submit(req);
            QCOMPARE(onAlone.outcome, SubmitResult::Outcome::Replayed);
            QCOMPARE(onAlone.job.id, created.job.id);
            if (pg) // the insert that found the key taken, then the replay statement
                QCOMPARE(alone->session().statementsSent() - before, quint64(2));
        }

        constexpr int kThreads = 4;
        constexpr int kKeys = 40;
        std::vector<std::vector<SubmitResult>> results(kThreads);
        const auto errors = releasedTogether(
            kThreads, [&](int) { return JobService::open(store->url(), sharing); },
            [&](int t, JobService &mine) {
                for (int i = 0; i < kKeys; ++i) // each thread starts at another key, then goes round them all
                    results[t].push_back(mine.submit(makeSubmit(QStringLiteral("together-%1").arg((i + t * 7) % kKeys))));
            });
        JD_VERIFY_NO_THREAD_ERRORS(errors);

        QHash<QString, QList<SubmitResult>> byKey;
        for (const auto &rs : results)
            for (const SubmitResult &r : rs)
                byKey[r.job.idempotencyKey].append(r);
        QCOMPARE(byKey.size(), kKeys);
        auto svc = store->open();
        for (auto it = byKey.cbegin(); it != byKey.cend(); ++it) {
            const QList<SubmitResult> &rs = it.value();
            QCOMPARE(rs.size(), kThreads);
            QCOMPARE(std::count_if(rs.begin(), rs.end(), [](const SubmitResult &r) { return r.outcome == SubmitResult::Outcome::Created; }), 1);
            QCOMPARE(std::count_if(rs.begin(), rs.end(), [](const SubmitResult &r) { return r.outcome == SubmitResult::Outcome::Replayed; }),
                     kThreads - 1);
            for (const SubmitResult &r : rs)
                QCOMPARE(r.job.id, rs.first().job.id);
            const auto history = svc->keyHistory(QStringLiteral("owner-1"), it.key());
            QCOMPARE(history.size(), kThreads - 1);
            for (const auto &e : history)
                QCOMPARE(e.jobId, rs.first().job.id);
        }
        QCOMPARE(svc->jobs(JobFilter{}, std::nullopt, 1000).jobs.size(), kKeys + 3); // and the first part's three
    }

    // A new key is one statement on both stores (SQLite: in autocommit, no
    // BEGIN/COMMIT around it, since migration 17) and takes the next change
    // number, so the consoles' "changes since" never misses or repeats it:
    // writers of new keys on their own threads and connections, released
    // together, with a writer of other changes among them, leave every job
    // with a change number of its own, each job's the one it was answered
    // with, and (SQLite) the change counter at the highest number handed out.
    void aNewKeyIsOneStatementAndTakesTheNextChangeNumber()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("warm")); // prepares the statement
        const quint64 before = svc->session().statementsSent();
        const SubmitResult first = svc->submit(makeSubmit(QStringLiteral("one-statement")));
        QCOMPARE(first.outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->session().statementsSent() - before, quint64(1));
        QCOMPARE(svc->job(first.job.id)->changeSeq, first.job.changeSeq);
        const Attempt a = startRunning(*svc, first.job.id); // another kind of write comes after it
        QVERIFY(svc->job(first.job.id)->changeSeq > first.job.changeSeq);
        QVERIFY(a.changeSeq > first.job.changeSeq);

        constexpr int kThreads = 4;
        constexpr int kKeys = 25;
        std::vector<QList<SubmitResult>> results(kThreads);
        const auto errors = releasedTogether(
            kThreads + 1, [&](int) { return store->open(); },
            [&](int t, JobService &mine) {
                for (int i = 0; i < kKeys; ++i) {
                    if (t < kThreads)
                        results[t].append(mine.submit(makeSubmit(QStringLiteral("numbered-%1-%2").arg(t).arg(i))));
                    else // heartbeats of the running attempt: writes that take change numbers too
                        mine.heartbeat(a.id, QStringLiteral("w1"), 30000);
                }
            });
        JD_VERIFY_NO_THREAD_ERRORS(errors);

        QSet<qint64> numbers;
        qint64 highest = 0;
        for (const auto &rs : results) {
            QCOMPARE(rs.size(), kKeys);
            qint64 previous = 0;
            for (const SubmitResult &r : rs) {
                QCOMPARE(r.outcome, SubmitResult::Outcome::Created);
                QVERIFY(r.job.changeSeq > previous); // one writer's jobs in the order it wrote them
                previous = r.job.changeSeq;
                QCOMPARE(svc->job(r.job.id)->changeSeq, r.job.changeSeq); // what it was answered is what is stored
                numbers.insert(r.job.changeSeq);
                highest = std::max(highest, r.job.changeSeq);
            }
        }
        QCOMPARE(numbers.size(), kThreads * kKeys); // no two jobs share a change number
        const qint64 attemptSeq = svc->attempt(a.id)->changeSeq;
        QVERIFY(!numbers.contains(attemptSeq));
        if (!store->isPostgres()) {
            const qint64 counter = svc->session().exec(QStringLiteral("SELECT value FROM jd_counter WHERE id = 1")).first().first().toLongLong();
            QCOMPARE(counter, std::max(highest, attemptSeq));
            const SubmitResult next = svc->submit(makeSubmit(QStringLiteral("after-the-burst")));
            QCOMPARE(next.job.changeSeq, counter + 1);
        }
    }

    // Every JobDesk session commits synchronously, whatever the server's,
    // database's or role's default. Found by a review: with the server's
    // synchronous_commit = off (a common throughput setting; the test
    // servers run with it), a crash within wal_writer_delay took back a job
    // answered as created, and the client's retry created a second. "local"
    // becomes "on" too; the stronger settings stay. SQLite: synchronous = FULL.
    void everySessionCommitsSynchronouslyWhateverTheServersDefault()
    {
        JD_FRESH_STORE(store);
        if (!store->isPostgres()) {
            auto svc = store->open();
            QCOMPARE(svc->session().exec(QStringLiteral("PRAGMA synchronous")).first().first().toLongLong(), 2);
            svc->session().reconnect();
            QCOMPARE(svc->session().exec(QStringLiteral("PRAGMA synchronous")).first().first().toLongLong(), 2);
            return;
        }
        const QString setting = QStringLiteral("SELECT current_setting('synchronous_commit')");
        const auto sessionWith = [&](const QString &defaultSetting) {
            StoreUrl url = store->url();
            url.postgresUrl += QStringLiteral("%20-csynchronous_commit%3D") + defaultSetting;
            return JobService::open(url);
        };
        for (const QString &def : {QStringLiteral("off"), QStringLiteral("local")}) {
            auto svc = sessionWith(def);
            SqlSession &s = svc->session();
            QCOMPARE(s.exec(setting).first().first().toString(), QStringLiteral("on"));
            s.begin();
            QCOMPARE(svc->submit(makeSubmit(QStringLiteral("sync-") + def)).outcome, SubmitResult::Outcome::Created);
            QCOMPARE(s.exec(setting).first().first().toString(), QStringLiteral("on"));
            s.commit();
            s.reconnect(); // a new connection starts from the default again
            QCOMPARE(s.exec(setting).first().first().toString(), QStringLiteral("on"));
        }
        for (const QString &def : {QStringLiteral("on"), QStringLiteral("remote_write"), QStringLiteral("remote_apply")})
            QCOMPARE(sessionWith(def)->session().exec(setting).first().first().toString(), def);
    }
};

QTEST_GUILESS_MAIN(TestSubmit)
#include "tst_submit.moc"
