// The HTTP API over real HTTP on 127.0.0.1, on both stores: every status code
// with its problem type and nothing written where a request failed; replays
// and conflicts; owners; roles and tokens; operator actions (retry refused
// while an attempt is unknown, allowed after cancel, a repeated cancel answers
// the same and writes one audit row); malformed streams; health and metrics;
// the coalesced change notification.

#include "HttpTestSupport.h"

#include "service/Retention.h"
#include "dispatch/Dispatcher.h"
#include "http/HandlerPool.h"
#include "live/ChangeChannel.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <limits>

#include <pqxx/pqxx>

#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

QByteArray longString(qsizetype n, char c = 'k') { return QByteArray(n, c); }

// The raw request for one refusal case; {TOKEN}, {VIEWER}, {OPERATOR} are
// replaced by the environment's tokens.
struct RefusalCase
{
    const char *name;
    QByteArray raw;
    int status;
    const char *slug;
    bool closes; // the framer rejects the stream: the answer comes with Connection: close
};

QByteArray post(const HttpHeaders &headers, const QByteArray &body, bool withLength = true)
{
    return requestBytes("POST", "/v1/jobs", headers, body, withLength);
}

HttpHeaders auth(const char *who = "{TOKEN}") { return {{"Authorization", QByteArray("Bearer ") + who}}; }

HttpHeaders createHeaders(const QByteArray &key = "k-refused")
{
    return {{"Authorization", "Bearer {TOKEN}"}, {"Idempotency-Key", key}, {"Content-Type", "application/json"}};
}

const QByteArray kGoodBody = R"({"route":"summarize","input":{"text":"hello"}})";

QList<RefusalCase> refusals()
{
    HttpHeaders twoKeys = createHeaders("a");
    twoKeys.emplace_back("Idempotency-Key", "b");
    HttpHeaders manyHeaders = createHeaders();
    for (int i = 0; i < 150; ++i)
        manyHeaders.emplace_back("X-Filler-" + QByteArray::number(i), "x");
    HttpHeaders hugeHeader = createHeaders();
    hugeHeader.emplace_back("X-Huge", longString(20000, 'h'));
    return {
        {"no token", post({{"Idempotency-Key", "k"}, {"Content-Type", "application/json"}}, kGoodBody), 401, "unauthorized", false},
        {"unknown token", post({{"Authorization", "Bearer jdt_" + longString(43, 'A')}, {"Idempotency-Key", "k"}, {"Content-Type", "application/json"}}, kGoodBody), 401, "unauthorized", false},
        {"not a bearer token", post({{"Authorization", "Basic YWxpY2U6c2VjcmV0"}, {"Idempotency-Key", "k"}, {"Content-Type", "application/json"}}, kGoodBody), 401, "unauthorized", false},
        {"viewer creates", post({{"Authorization", "Bearer {VIEWER}"}, {"Idempotency-Key", "k"}, {"Content-Type", "application/json"}}, kGoodBody), 403, "forbidden", false},
        {"operator creates", post({{"Authorization", "Bearer {OPERATOR}"}, {"Idempotency-Key", "k"}, {"Content-Type", "application/json"}}, kGoodBody), 403, "forbidden", false},
        {"no content type", post({{"Authorization", "Bearer {TOKEN}"}, {"Idempotency-Key", "k"}}, kGoodBody), 415, "unsupported-media-type", false},
        {"text/plain", post({{"Authorization", "Bearer {TOKEN}"}, {"Idempotency-Key", "k"}, {"Content-Type", "text/plain"}}, kGoodBody), 415, "unsupported-media-type", false},
        {"latin-1 JSON", post({{"Authorization", "Bearer {TOKEN}"}, {"Idempotency-Key", "k"}, {"Content-Type", "application/json; charset=iso-8859-1"}}, kGoodBody), 415, "unsupported-media-type", false},
        {"no idempotency key", post({{"Authorization", "Bearer {TOKEN}"}, {"Content-Type", "application/json"}}, kGoodBody), 400, "missing-idempotency-key", false},
        {"empty idempotency key", post(createHeaders(""), kGoodBody), 400, "invalid-idempotency-key", false},
        {"256-character key", post(createHeaders(longString(256)), kGoodBody), 400, "invalid-idempotency-key", false},
        {"non-ASCII key", post(createHeaders("caf\xc3\xa9"), kGoodBody), 400, "invalid-idempotency-key", false},
        {"two keys", post(twoKeys, kGoodBody), 400, "invalid-idempotency-key", false},
        {"malformed JSON", post(createHeaders(), R"({"route":"summarize","input":{"text":"hello"})"), 400, "malformed-json", false},
        {"invalid UTF-8", post(createHeaders(), "{\"route\":\"summarize\",\"input\":{\"text\":\"\xff\xfe\xc3\x28\"}}"), 400, "malformed-json", false},
        {"empty body", post(createHeaders(), ""), 400, "malformed-json", false},
        {"body is an array", post(createHeaders(), R"([1,2])"), 400, "invalid-body", false},
        {"input not an object", post(createHeaders(), R"({"route":"summarize","input":"hello"})"), 400, "invalid-body", false},
        {"unknown member", post(createHeaders(), R"({"route":"summarize","input":{"text":"x"},"priority":1})"), 400, "invalid-body", false},
        {"no route", post(createHeaders(), R"({"input":{"text":"x"}})"), 400, "invalid-body", false},
        {"unknown route", post(createHeaders(), R"({"route":"translate","input":{"text":"x"}})"), 422, "unknown-route", false},
        {"input misses a field", post(createHeaders(), R"({"route":"summarize","input":{"txt":"x"}})"), 422, "invalid-input", false},
        {"input field empty", post(createHeaders(), R"({"route":"summarize","input":{"text":""}})"), 422, "invalid-input", false},
        {"input field wrong type", post(createHeaders(), R"({"route":"summarize","input":{"text":7}})"), 422, "invalid-input", false},
        {"absent Content-Length", post(createHeaders(), "", false), 411, "length-required", false},
        {"negative Content-Length", "POST /v1/jobs HTTP/1.1\r\nAuthorization: Bearer {TOKEN}\r\nIdempotency-Key: k\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n" + kGoodBody, 400, "malformed-request", true},
        {"Content-Length not a number", "POST /v1/jobs HTTP/1.1\r\nContent-Length: 12abc\r\n\r\n" + kGoodBody, 400, "malformed-request", true},
        {"two different Content-Lengths", "POST /v1/jobs HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n" + kGoodBody, 400, "malformed-request", true},
        {"Content-Length over the limit", "POST /v1/jobs HTTP/1.1\r\nAuthorization: Bearer {TOKEN}\r\nIdempotency-Key: k\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n", 413, "payload-too-large", true},
        {"chunked body", "POST /v1/jobs HTTP/1.1\r\nAuthorization: Bearer {TOKEN}\r\nIdempotency-Key: k\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 411, "length-required", true},
        {"chunked and Content-Length", "POST /v1/jobs HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nhello", 400, "malformed-request", true},
        {"huge header", post(hugeHeader, kGoodBody), 431, "headers-too-large", true},
        {"150 headers", post(manyHeaders, kGoodBody), 431, "headers-too-large", true},
        {"control character in a header", post({{"Authorization", "Bearer {TOKEN}"}, {"Idempotency-Key", "a\x01" "b"}, {"Content-Type", "application/json"}}, kGoodBody), 400, "malformed-request", true},
        {"folded header", "POST /v1/jobs HTTP/1.1\r\nIdempotency-Key: a\r\n b\r\nContent-Length: 0\r\n\r\n", 400, "malformed-request", true},
        {"header without colon", "GET /healthz HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n", 400, "malformed-request", true},
        {"request line too long", "GET /" + longString(10000, 'a') + " HTTP/1.1\r\n\r\n", 414, "uri-too-long", true},
        {"garbage request line", "HELLO\r\n\r\n", 400, "malformed-request", true},
        {"NUL in the request line", QByteArray("GET /\0x HTTP/1.1\r\n\r\n", 20), 400, "malformed-request", true},
        {"unknown method", "BREW /v1/jobs HTTP/1.1\r\n\r\n", 501, "not-implemented", true},
        {"HTTP/2 request line", "GET /healthz HTTP/2.0\r\n\r\n", 400, "malformed-request", true},
        {"unknown path", requestBytes("GET", "/v2/things", auth()), 404, "not-found", false},
        {"job id not a number", requestBytes("GET", "/v1/jobs/abc", auth()), 404, "not-found", false},
        {"job id with leading zero", requestBytes("GET", "/v1/jobs/01", auth()), 404, "not-found", false},
        {"unknown job", requestBytes("GET", "/v1/jobs/999999", auth()), 404, "not-found", false},
        {"GET on create", requestBytes("GET", "/v1/jobs", auth()), 405, "method-not-allowed", false},
        {"PUT a job", requestBytes("PUT", "/v1/jobs/1", auth(), "{}"), 405, "method-not-allowed", false},
        {"DELETE healthz", requestBytes("DELETE", "/healthz", {}), 405, "method-not-allowed", false},
        {"client cancels", requestBytes("POST", "/v1/attempts/1/cancel", createHeaders(), R"({"reason":"x"})"), 403, "forbidden", false},
        {"client retries", requestBytes("POST", "/v1/jobs/1/retry", createHeaders(), R"({"reason":"x"})"), 403, "forbidden", false},
        {"viewer cancels", requestBytes("POST", "/v1/attempts/1/cancel", {{"Authorization", "Bearer {VIEWER}"}, {"Idempotency-Key", "c"}, {"Content-Type", "application/json"}}, R"({"reason":"x"})"), 403, "forbidden", false},
        {"cancel without reason", requestBytes("POST", "/v1/attempts/1/cancel", {{"Authorization", "Bearer {OPERATOR}"}, {"Idempotency-Key", "c"}, {"Content-Type", "application/json"}}, R"({})"), 400, "reason-required", false},
        {"cancel without request id", requestBytes("POST", "/v1/attempts/1/cancel", {{"Authorization", "Bearer {OPERATOR}"}, {"Content-Type", "application/json"}}, R"({"reason":"x"})"), 400, "missing-idempotency-key", false},
        {"cancel an unknown attempt", requestBytes("POST", "/v1/attempts/999999/cancel", {{"Authorization", "Bearer {OPERATOR}"}, {"Idempotency-Key", "c-unknown"}, {"Content-Type", "application/json"}}, R"({"reason":"x"})"), 404, "not-found", false},
        {"retry an unknown job", requestBytes("POST", "/v1/jobs/999999/retry", {{"Authorization", "Bearer {OPERATOR}"}, {"Idempotency-Key", "r-unknown"}, {"Content-Type", "application/json"}}, R"({"reason":"x"})"), 404, "not-found", false},
        {"negative seen_change_seq", requestBytes("POST", "/v1/attempts/1/cancel", {{"Authorization", "Bearer {OPERATOR}"}, {"Idempotency-Key", "c"}, {"Content-Type", "application/json"}}, R"({"reason":"x","seen_change_seq":-1})"), 400, "invalid-body", false},
    };
}

} // namespace

class TestHttpApi : public QObject
{
    Q_OBJECT

    std::map<QString, std::unique_ptr<ApiEnv>> m_envs; // one per backend for the refusal table

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void cleanupTestCase() { m_envs.clear(); }

    // A key whose job retention removed: the same intent replays the removed
    // job (200, its id, archived_at_ms), another intent is a 409; no new job.
    void aKeyWhoseJobWasArchivedReplaysOverHttp()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const HttpReply created = postJob(env->port, env->client, "archived-1", textInput(QStringLiteral("hello")));
        QVERIFY2(created.status == 201, qPrintable(created.describe()));
        const qint64 id = created.json().value(QStringLiteral("id")).toInteger();
        env->svc->cancelJob(id, operatorRequest());
        startRunning(*env->svc, submitJob(*env->svc, QStringLiteral("newest")).id); // SQLite keeps the newest ids
        QTemporaryDir archives;
        RetentionPolicy policy;
        policy.archiveDir = archives.path();
        policy.nowMs = QDateTime::currentMSecsSinceEpoch() + 31LL * 86400000;
        QCOMPARE(Retention(*env->svc).run(policy, QStringLiteral("test")).removed, 1);

        const HttpReply replay = postJob(env->port, env->client, "archived-1", textInput(QStringLiteral("hello")));
        QVERIFY2(replay.status == 200, qPrintable(replay.describe()));
        QCOMPARE(replay.header("Idempotent-Replayed"), QByteArray("true"));
        QCOMPARE(replay.json().value(QStringLiteral("id")).toInteger(), id);
        QCOMPARE(replay.json().value(QStringLiteral("state")).toString(), QStringLiteral("cancelled"));
        QVERIFY(replay.json().value(QStringLiteral("archived_at_ms")).toInteger() > 0);
        const HttpReply other = postJob(env->port, env->client, "archived-1", textInput(QStringLiteral("another")));
        QVERIFY2(other.status == 409, qPrintable(other.describe()));
        QCOMPARE(env->svc->session().exec(QStringLiteral("SELECT count(*) FROM jobs WHERE idempotency_key = 'archived-1'")).first().first().toInt(), 0);
    }

    void createReplayConflict()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const HttpReply created = postJob(env->port, env->client, "click-1", textInput(QStringLiteral("hello")));
        QVERIFY2(created.status == 201, qPrintable(created.describe()));
        const qint64 id = created.json().value(QStringLiteral("id")).toInteger();
        QVERIFY(id > 0);
        QCOMPARE(created.header("Location"), "/v1/jobs/" + QByteArray::number(id));
        QCOMPARE(created.header("Content-Type"), QByteArray("application/json"));
        QCOMPARE(created.json().value(QStringLiteral("state")).toString(), QStringLiteral("queued"));
        QVERIFY(created.header("Idempotent-Replayed").isEmpty());

        // The same intent again, keys in another order and other spacing: a replay.
        const QByteArray reordered = R"({ "input" : { "text" : "hello" } , "route" : "summarize" })";
        const HttpReply replay = httpCall(env->port, requestBytes("POST", "/v1/jobs", jsonHeaders(env->client, "click-1"), reordered));
        QVERIFY2(replay.status == 200, qPrintable(replay.describe()));
        QCOMPARE(replay.header("Idempotent-Replayed"), QByteArray("true"));
        QCOMPARE(replay.header("Location"), created.header("Location"));
        QCOMPARE(replay.json().value(QStringLiteral("id")).toInteger(), id);
        QCOMPARE(replay.json().value(QStringLiteral("state")).toString(), QStringLiteral("queued"));

        // The job's current state comes back with a replay.
        const StartAttemptRequest start = makeStartRequest(id);
        const StartAttemptResult started = claimAndStart(*env->svc, start);
        QVERIFY(started.started);
        env->svc->markRunning(started.attempt.id, start.actor);
        const HttpReply later = postJob(env->port, env->client, "click-1", textInput(QStringLiteral("hello")));
        QCOMPARE(later.status, 200);
        QCOMPARE(later.json().value(QStringLiteral("state")).toString(), QStringLiteral("running"));

        // Same key, another intent: 409 naming the stored job; nothing changes.
        const StoreCounts before = StoreCounts::of(*env->svc);
        const HttpReply conflict = postJob(env->port, env->client, "click-1", textInput(QStringLiteral("something else")));
        QVERIFY2(conflict.status == 409, qPrintable(conflict.describe()));
        QCOMPARE(conflict.header("Content-Type"), QByteArray("application/problem+json"));
        QCOMPARE(conflict.problemType(), QStringLiteral("urn:jobdesk:problem:idempotency-conflict"));
        QCOMPARE(conflict.json().value(QStringLiteral("job_id")).toInteger(), id);
        QCOMPARE(conflict.json().value(QStringLiteral("status")).toInt(), 409);
        QCOMPARE(conflict.header("Location"), created.header("Location"));
        const StoreCounts after = StoreCounts::of(*env->svc);
        QCOMPARE(after.jobs, before.jobs);
        QCOMPARE(after.attempts, before.attempts);
        QCOMPARE(after.idempotencyEvents, before.idempotencyEvents + 1); // the conflict is recorded, nothing else
        const Job job = *env->svc->job(id);
        QCOMPARE(job.input, textInput(QStringLiteral("hello")));
        // The job records its client; replays and the conflict are events with theirs.
        QCOMPARE(job.clientMeta.value(QStringLiteral("via")).toString(), QStringLiteral("http"));
        QCOMPARE(job.clientMeta.value(QStringLiteral("ip")).toString(), QStringLiteral("127.0.0.1"));
        QCOMPARE(job.clientMeta.value(QStringLiteral("user_agent")).toString(), QStringLiteral("jobdesk-tests/1"));
        const QList<IdempotencyEvent> history = env->svc->keyHistory(QStringLiteral("owner-a"), QStringLiteral("click-1"));
        QCOMPARE(history.size(), 3);
        QCOMPARE(history.at(0).kind, IdempotencyEvent::Kind::Replayed);
        QCOMPARE(history.at(2).kind, IdempotencyEvent::Kind::Conflict);
        QCOMPARE(history.at(2).rejectedIntent.value(QStringLiteral("input")).toObject(), textInput(QStringLiteral("something else")));
        for (const IdempotencyEvent &e : history) {
            QCOMPARE(e.clientMeta.value(QStringLiteral("ip")).toString(), QStringLiteral("127.0.0.1"));
            QCOMPARE(e.clientMeta.value(QStringLiteral("user_agent")).toString(), QStringLiteral("jobdesk-tests/1"));
        }
        QCOMPARE(env->svc->jobs(JobFilter{}).jobs.size(), 1);
        // A key holding "%1" or "%2" is named as sent (the message was filled in
        // twice: the job's id took the key's place).
        const HttpReply percent = postJob(env->port, env->client, "%1-%2", textInput(QStringLiteral("a")));
        QCOMPARE(percent.status, 201);
        const HttpReply percentConflict = postJob(env->port, env->client, "%1-%2", textInput(QStringLiteral("b")));
        QCOMPARE(percentConflict.status, 409);
        const QString said = percentConflict.json().value(QStringLiteral("detail")).toString();
        QVERIFY2(said.contains(QStringLiteral("Idempotency-Key \"%1-%2\" is bound to job ")
                               + QString::number(percent.json().value(QStringLiteral("id")).toInteger()) + u','),
                 qPrintable(said));
    }

    void refusedRequestsWriteNothing_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("slug");
        QTest::addColumn<bool>("closes");
        for (const RefusalCase &r : refusals())
            QTest::newRow(r.name) << r.raw << r.status << QString::fromLatin1(r.slug) << r.closes;
    }
    void refusedRequestsWriteNothing()
    {
        QFETCH_GLOBAL(QString, backend);
        QFETCH(QByteArray, raw);
        QFETCH(int, status);
        QFETCH(QString, slug);
        QFETCH(bool, closes);
        if (!m_envs.count(backend)) {
            try {
                m_envs[backend] = makeEnv(backend);
                // A job and a running attempt, so ids 1 exist for the action cases.
                QCOMPARE(postJob(m_envs[backend]->port, m_envs[backend]->client, "existing", textInput(QStringLiteral("x"))).status, 201);
                startRunning(*m_envs[backend]->svc, m_envs[backend]->svc->jobs(JobFilter{}).jobs.first().id);
            } catch (const std::exception &e) {
                QFAIL(e.what());
            }
        }
        ApiEnv &env = *m_envs[backend];
        raw.replace("{TOKEN}", env.client.toLatin1()).replace("{VIEWER}", env.viewer.toLatin1()).replace("{OPERATOR}", env.op.toLatin1());
        const StoreCounts before = StoreCounts::of(*env.svc);
        const HttpReply reply = httpCall(env.port, raw);
        QVERIFY2(reply.status == status, qPrintable(reply.describe()));
        QCOMPARE(reply.header("Content-Type"), QByteArray("application/problem+json"));
        const QJsonObject problem = reply.json();
        QCOMPARE(problem.value(QStringLiteral("type")).toString(), QStringLiteral("urn:jobdesk:problem:") + slug);
        QCOMPARE(problem.value(QStringLiteral("status")).toInt(), status);
        QVERIFY(!problem.value(QStringLiteral("title")).toString().isEmpty());
        QCOMPARE(reply.closed, closes);
        if (status == 401)
            QVERIFY(reply.header("WWW-Authenticate").startsWith("Bearer"));
        if (status == 405)
            QVERIFY(!reply.header("Allow").isEmpty());
        QCOMPARE(StoreCounts::of(*env.svc), before);
        // The server is still there and well.
        QCOMPARE(httpCall(env.port, requestBytes("GET", "/healthz", {})).status, 200);
    }

    // DESIGN.md, invariant 7: any instance answers a key with its job. Found by
    // an adversarial review: an instance whose routes file lacked the job's
    // route (a rolling deploy) answered a retry of a taken key with 422, and a
    // tightened input schema did the same for a job taken before it.
    void aTakenKeyIsAnsweredWithItsJobEvenWhereItsRouteOrInputIsRefused()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        RouteConfig otherRoutes = apiRoutes();
        otherRoutes.routes.first().name = QStringLiteral("translate"); // an instance that does not know "summarize"
        ApiServerOptions options;
        options.handlerThreads = 2;
        ServerThread other(env->store->url(), otherRoutes, options);
        QVERIFY(other.startServer());

        const HttpReply created = postJob(env->port, env->client, "roll-1", textInput(QStringLiteral("hello")));
        QVERIFY2(created.status == 201, qPrintable(created.describe()));
        const qint64 id = created.json().value(QStringLiteral("id")).toInteger();
        const StoreCounts before = StoreCounts::of(*env->svc);

        // The retry reaches the instance without the route: the same job, recorded as a replay.
        const HttpReply replay = postJob(other.port(), env->client, "roll-1", textInput(QStringLiteral("hello")));
        QVERIFY2(replay.status == 200, qPrintable(replay.describe()));
        QCOMPARE(replay.json().value(QStringLiteral("id")).toInteger(), id);
        QCOMPARE(replay.header("Idempotent-Replayed"), QByteArray("true"));
        // Another intent under the key there: the conflict, naming the job.
        const HttpReply conflict = postJob(other.port(), env->client, "roll-1", textInput(QStringLiteral("other")));
        QVERIFY2(conflict.status == 409, qPrintable(conflict.describe()));
        QCOMPARE(conflict.json().value(QStringLiteral("job_id")).toInteger(), id);
        StoreCounts after = StoreCounts::of(*env->svc);
        QCOMPARE(after.jobs, before.jobs);
        QCOMPARE(after.idempotencyEvents, before.idempotencyEvents + 2);

        // A new key there is still refused, and writes nothing.
        const HttpReply unknown = postJob(other.port(), env->client, "roll-2", textInput(QStringLiteral("hello")));
        QVERIFY2(unknown.status == 422, qPrintable(unknown.describe()));
        QCOMPARE(unknown.problemType(), QStringLiteral("urn:jobdesk:problem:unknown-route"));
        // Another owner's key of the same name is not this owner's job.
        const HttpReply otherOwner = postJob(other.port(), env->clientB, "roll-1", textInput(QStringLiteral("hello")));
        QCOMPARE(otherOwner.status, 422);
        QCOMPARE(StoreCounts::of(*env->svc).jobs, after.jobs);
        QCOMPARE(StoreCounts::of(*env->svc).idempotencyEvents, after.idempotencyEvents);

        // A job taken before the input schema tightened ("text" must not be empty
        // now): its retry is answered with the job, a new key with such input is refused.
        const Job older = env->svc->submit(submitRequestFor(*apiRoutes().route(QStringLiteral("summarize")), QStringLiteral("owner-a"),
                                                            QStringLiteral("before-schema"), textInput(QString())))
                              .job;
        const HttpReply olderReplay = postJob(env->port, env->client, "before-schema", textInput(QString()));
        QVERIFY2(olderReplay.status == 200, qPrintable(olderReplay.describe()));
        QCOMPARE(olderReplay.json().value(QStringLiteral("id")).toInteger(), older.id);
        const HttpReply invalid = postJob(env->port, env->client, "after-schema", textInput(QString()));
        QVERIFY2(invalid.status == 422, qPrintable(invalid.describe()));
        QCOMPARE(invalid.problemType(), QStringLiteral("urn:jobdesk:problem:invalid-input"));
        other.stopServer();
    }

    void sameKeyTwoOwners()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const HttpReply a = postJob(env->port, env->client, "order-7", textInput(QStringLiteral("same words")));
        const HttpReply b = postJob(env->port, env->clientB, "order-7", textInput(QStringLiteral("same words")));
        QCOMPARE(a.status, 201);
        QCOMPARE(b.status, 201);
        const qint64 idA = a.json().value(QStringLiteral("id")).toInteger();
        const qint64 idB = b.json().value(QStringLiteral("id")).toInteger();
        QVERIFY(idA != idB);
        QCOMPARE(a.json().value(QStringLiteral("owner_id")).toString(), QStringLiteral("owner-a"));
        QCOMPARE(b.json().value(QStringLiteral("owner_id")).toString(), QStringLiteral("owner-b"));
        const QByteArray pathA = "/v1/jobs/" + QByteArray::number(idA);
        // B cannot read A's job (not found, not forbidden), nor its attempts.
        const HttpReply bReadsA = getPath(env->port, env->clientB, pathA);
        QCOMPARE(bReadsA.status, 404);
        QCOMPARE(bReadsA.problemType(), QStringLiteral("urn:jobdesk:problem:not-found"));
        QCOMPARE(getPath(env->port, env->clientB, pathA + "/attempts").status, 404);
        // A can; a viewer and an operator read every job.
        const HttpReply aReadsA = getPath(env->port, env->client, pathA);
        QCOMPARE(aReadsA.status, 200);
        QCOMPARE(aReadsA.json().value(QStringLiteral("id")).toInteger(), idA);
        QCOMPARE(getPath(env->port, env->viewer, pathA).status, 200);
        QCOMPARE(getPath(env->port, env->op, pathA).status, 200);
        const HttpReply attempts = getPath(env->port, env->client, pathA + "/attempts");
        QCOMPARE(attempts.status, 200);
        QCOMPARE(attempts.json().value(QStringLiteral("attempts")).toArray().size(), 0);
        QCOMPARE(env->svc->jobs(JobFilter{}).jobs.size(), 2);
    }

    void operatorActions()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const HttpReply created = postJob(env->port, env->client, "needs-help", textInput(QStringLiteral("x")));
        QCOMPARE(created.status, 201);
        const qint64 jobId = created.json().value(QStringLiteral("id")).toInteger();
        const QByteArray jobPath = "/v1/jobs/" + QByteArray::number(jobId);
        const Attempt first = startRunning(*env->svc, jobId);
        env->svc->markUnknown(first.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        const QByteArray cancelPath = "/v1/attempts/" + QByteArray::number(first.id) + "/cancel";
        const QJsonObject reason{{QStringLiteral("reason"), QStringLiteral("provider says it never ran")}};

        // Retry refused while the attempt is unknown: 409 naming it; nothing written.
        StoreCounts before = StoreCounts::of(*env->svc);
        const HttpReply refused = postAction(env->port, env->op, jobPath + "/retry", "retry-1", reason);
        QVERIFY2(refused.status == 409, qPrintable(refused.describe()));
        QCOMPARE(refused.problemType(), QStringLiteral("urn:jobdesk:problem:retry-refused"));
        QCOMPARE(refused.json().value(QStringLiteral("blocking_attempt_id")).toInteger(), first.id);
        QCOMPARE(refused.json().value(QStringLiteral("refusal")).toString(), QStringLiteral("attempt_unknown"));
        // The refusal's stable code and parameters, for a client to match on (the detail is translated).
        QCOMPARE(refused.json().value(QStringLiteral("code")).toString(), QStringLiteral("JD101"));
        QCOMPARE(refused.json().value(QStringLiteral("params")).toObject(),
                 (QJsonObject{{QStringLiteral("attempt"), QString::number(first.id)}, {QStringLiteral("job"), QString::number(jobId)}}));
        QCOMPARE(StoreCounts::of(*env->svc), before);

        // A stale view is a 409 that says what changed; nothing written.
        const HttpReply stale = postAction(env->port, env->op, cancelPath, "cancel-stale",
                                           {{QStringLiteral("reason"), QStringLiteral("x")}, {QStringLiteral("seen_change_seq"), 1}});
        QVERIFY2(stale.status == 409, qPrintable(stale.describe()));
        QCOMPARE(stale.problemType(), QStringLiteral("urn:jobdesk:problem:stale-view"));
        QVERIFY(stale.json().value(QStringLiteral("detail")).toString().contains(QStringLiteral("unknown")));
        QCOMPARE(stale.json().value(QStringLiteral("code")).toString(), QStringLiteral("JD112")); // the latest change, with its reason
        QCOMPARE(stale.json().value(QStringLiteral("params")).toObject().value(QStringLiteral("to")).toString(), QStringLiteral("unknown"));
        QCOMPARE(StoreCounts::of(*env->svc), before);

        // Cancel (with the change sequence the operator saw): 200, one audit row.
        const qint64 seen = env->svc->job(jobId)->changeSeq;
        QJsonObject cancelBody = reason;
        cancelBody.insert(QStringLiteral("seen_change_seq"), seen);
        const HttpReply cancelled = postAction(env->port, env->op, cancelPath, "cancel-1", cancelBody);
        QVERIFY2(cancelled.status == 200, qPrintable(cancelled.describe()));
        QCOMPARE(cancelled.json().value(QStringLiteral("to_state")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(cancelled.json().value(QStringLiteral("attempt_id")).toInteger(), first.id);
        QVERIFY(cancelled.header("Idempotent-Replayed").isEmpty());
        QCOMPARE(env->svc->auditLog(jobId).size(), 1);
        QCOMPARE(env->svc->auditLog(jobId).first().actorId, QStringLiteral("alice"));

        // The same request again: the same answer, marked replayed, nothing new written.
        before = StoreCounts::of(*env->svc);
        const HttpReply again = postAction(env->port, env->op, cancelPath, "cancel-1", cancelBody);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.header("Idempotent-Replayed"), QByteArray("true"));
        QCOMPARE(again.json(), cancelled.json());
        QCOMPARE(StoreCounts::of(*env->svc), before);
        QCOMPARE(env->svc->auditLog(jobId).size(), 1);

        // A new request id for the same cancel: the attempt is already cancelled.
        const HttpReply twice = postAction(env->port, env->op, cancelPath, "cancel-2", reason);
        QCOMPARE(twice.status, 409);
        QCOMPARE(twice.problemType(), QStringLiteral("urn:jobdesk:problem:invalid-transition"));
        QCOMPARE(twice.json().value(QStringLiteral("code")).toString(), QStringLiteral("JD122"));
        QCOMPARE(twice.json().value(QStringLiteral("params")).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(StoreCounts::of(*env->svc), before);

        // Retry now allowed: 201 with the new attempt; a repeat answers the same.
        const HttpReply retried = postAction(env->port, env->op, jobPath + "/retry", "retry-%1-%2", reason);
        QVERIFY2(retried.status == 201, qPrintable(retried.describe()));
        const QJsonObject attempt = retried.json().value(QStringLiteral("attempt")).toObject();
        QCOMPARE(attempt.value(QStringLiteral("kind")).toString(), QStringLiteral("retry"));
        QCOMPARE(attempt.value(QStringLiteral("provider")).toString(), QStringLiteral("primary"));
        QCOMPARE(attempt.value(QStringLiteral("attempt_no")).toInt(), 2);
        QCOMPARE(retried.header("Location"), jobPath + "/attempts");
        before = StoreCounts::of(*env->svc);
        const HttpReply retriedAgain = postAction(env->port, env->op, jobPath + "/retry", "retry-%1-%2", reason);
        QCOMPARE(retriedAgain.status, 200);
        QCOMPARE(retriedAgain.header("Idempotent-Replayed"), QByteArray("true"));
        QCOMPARE(retriedAgain.json().value(QStringLiteral("attempt")).toObject().value(QStringLiteral("id")), attempt.value(QStringLiteral("id")));
        QCOMPARE(StoreCounts::of(*env->svc), before);
        QCOMPARE(env->svc->auditLog(jobId).size(), 2);

        // A request id used for one action cannot be used for another.
        const QByteArray cancelNew = "/v1/attempts/" + QByteArray::number(attempt.value(QStringLiteral("id")).toInteger()) + "/cancel";
        const HttpReply reused = postAction(env->port, env->op, cancelNew, "retry-%1-%2", reason);
        QVERIFY2(reused.status == 409, qPrintable(reused.describe()));
        QCOMPARE(reused.problemType(), QStringLiteral("urn:jobdesk:problem:idempotency-key-reused"));
        QCOMPARE(reused.json().value(QStringLiteral("code")).toString(), QStringLiteral("JD115"));
        // ... nor for the same action on another target.
        const HttpReply otherJob = postJob(env->port, env->client, "other", textInput(QStringLiteral("y")));
        const QByteArray otherCancel = "/v1/attempts/" + QByteArray::number(startRunning(*env->svc, otherJob.json().value(QStringLiteral("id")).toInteger()).id) + "/cancel";
        before = StoreCounts::of(*env->svc);
        const HttpReply reusedTarget = postAction(env->port, env->op, otherCancel, "cancel-1", reason);
        QVERIFY2(reusedTarget.status == 409, qPrintable(reusedTarget.describe()));
        QCOMPARE(reusedTarget.problemType(), QStringLiteral("urn:jobdesk:problem:idempotency-key-reused"));
        QCOMPARE(reusedTarget.json().value(QStringLiteral("code")).toString(), QStringLiteral("JD116"));
        QCOMPARE(StoreCounts::of(*env->svc), before);
        // ... nor by another operator, whose key happens to be alice's: bob's
        // retry is refused, never answered with hers (found by a review).
        const QString bob = issueToken(*env->svc, QStringLiteral("bob"), TokenRole::Operator);
        before = StoreCounts::of(*env->svc);
        const HttpReply bobsRetry = postAction(env->port, bob, jobPath + "/retry", "retry-%1-%2", reason);
        QVERIFY2(bobsRetry.status == 409, qPrintable(bobsRetry.describe()));
        QCOMPARE(bobsRetry.problemType(), QStringLiteral("urn:jobdesk:problem:idempotency-key-reused"));
        QCOMPARE(bobsRetry.json().value(QStringLiteral("code")).toString(), QStringLiteral("JD118"));
        QVERIFY(bobsRetry.header("Idempotent-Replayed").isEmpty());
        QCOMPARE(StoreCounts::of(*env->svc), before);
        // ... nor for a retry of another job; the refusal names the request
        // id as sent, "%1" and all.
        const QByteArray otherPath = "/v1/jobs/" + QByteArray::number(otherJob.json().value(QStringLiteral("id")).toInteger());
        const HttpReply reusedJob = postAction(env->port, env->op, otherPath + "/retry", "retry-%1-%2", reason);
        QVERIFY2(reusedJob.status == 409, qPrintable(reusedJob.describe()));
        QCOMPARE(reusedJob.problemType(), QStringLiteral("urn:jobdesk:problem:idempotency-key-reused"));
        const QString said = reusedJob.json().value(QStringLiteral("detail")).toString();
        QVERIFY2(said.contains(QStringLiteral("request id retry-%1-%2 was already used for retry on another target (job ")
                               + QString::number(jobId) + u','),
                 qPrintable(said));
        QCOMPARE(StoreCounts::of(*env->svc), before);

        // The attempts as the API shows them.
        const HttpReply list = getPath(env->port, env->viewer, jobPath + "/attempts");
        QCOMPARE(list.status, 200);
        const QJsonArray attempts = list.json().value(QStringLiteral("attempts")).toArray();
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts.at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(attempts.at(1).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("starting"));
    }

    // A token acts as its owner. PostgreSQL would store the owner
    // "shop-1\0evil" as "shop-1" (a parameter is a C string) and "shop-" +
    // U+D800 as "shop-" + U+FFFD: a token made for one would act as another
    // owner. Refused on both stores, nothing stored.
    void tokenOwnersAStoreCannotKeepApartAreRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        TokenStore tokens(*svc);
        const IssuedToken shop = tokens.create(QStringLiteral("shop-1"), TokenRole::Client);
        for (const QString &owner : QStringList{QStringLiteral("shop-1") + QChar(u'\0') + QStringLiteral("evil"),
                                     QStringLiteral("shop-") + QChar(0xD800), QStringLiteral("shop-") + QChar(0xDFFF),
                                     // Reads as "shop-1" everywhere, and a search for it (trimmed) finds shop-1.
                                     QStringLiteral("shop-1 "), QStringLiteral(" shop-1"), QStringLiteral("shop-1\t")})
            JD_VERIFY_THROWS_CODE(tokens.create(owner, TokenRole::Operator), JobDeskError::Code::InvalidArgument);
        QCOMPARE(tokens.list().size(), 1);
        QCOMPARE(tokens.verify(shop.secret)->ownerId, QStringLiteral("shop-1"));
        // A label is free text: recorded, the same on both stores (U+FFFD for each).
        const IssuedToken labelled = tokens.create(QStringLiteral("shop-2"), TokenRole::Client,
                                                   QStringLiteral("laptop") + QChar(u'\0') + QStringLiteral("old") + QChar(0xDC00));
        QCOMPARE(tokens.verify(labelled.secret)->label, QString(QStringLiteral("laptop") + QChar(0xFFFD) + QStringLiteral("old") + QChar(0xFFFD)));
    }

    void revokedTokenIsRefused()
    {
        QFETCH_GLOBAL(QString, backend);
        ApiServerOptions strict;
        strict.api.tokenCacheMs = 0;
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend, strict);
        QCOMPARE(postJob(env->port, env->client, "before-revoke", textInput(QStringLiteral("x"))).status, 201);
        TokenStore tokens(*env->svc);
        const ApiToken record = *tokens.verify(env->client);
        QCOMPARE(tokens.revoke(record.id).revokedAtMs.has_value(), true);
        const StoreCounts before = StoreCounts::of(*env->svc);
        const HttpReply refused = postJob(env->port, env->client, "after-revoke", textInput(QStringLiteral("x")));
        QCOMPARE(refused.status, 401);
        QCOMPARE(refused.problemType(), QStringLiteral("urn:jobdesk:problem:unauthorized"));
        QCOMPARE(getPath(env->port, env->client, "/v1/jobs/1").status, 401);
        QCOMPARE(StoreCounts::of(*env->svc), before);
        // The table keeps revoked tokens: never deleted, never un-revoked.
        JD_VERIFY_THROWS_CODE(tokens.revoke(record.id + 1000), JobDeskError::Code::NotFound);
        bool refusedDelete = false;
        try {
            env->svc->session().exec(QStringLiteral("DELETE FROM api_tokens WHERE id = $1"), {record.id});
        } catch (const SqlError &e) {
            refusedDelete = e.kind() == SqlError::Kind::GuardRefused;
        }
        QVERIFY(refusedDelete);
        bool refusedUnrevoke = false;
        try {
            env->svc->session().exec(QStringLiteral("UPDATE api_tokens SET revoked_at_ms = NULL WHERE id = $1"), {record.id});
        } catch (const SqlError &e) {
            refusedUnrevoke = e.kind() == SqlError::Kind::GuardRefused;
        }
        QVERIFY(refusedUnrevoke);
        // Only hashes are stored.
        const SqlRows stored = env->svc->session().exec(QStringLiteral("SELECT token_hash FROM api_tokens"));
        for (const SqlRow &row : stored)
            QVERIFY(!env->client.contains(row.first().toString()) && row.first().toString().size() == 64);
    }

    void revokedTokenStopsWithinTheCache()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend); // default: tokens trusted for 1 s
        QCOMPARE(getPath(env->port, env->client, "/v1/jobs/1").status, 404);
        TokenStore tokens(*env->svc);
        tokens.revoke(tokens.verify(env->client)->id);
        QTRY_COMPARE_WITH_TIMEOUT(getPath(env->port, env->client, "/v1/jobs/1").status, 401, 5000);
    }

    void malformedStreams()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const StoreCounts before = StoreCounts::of(*env->svc);
        // Pipelined: three requests in one write, answered in order on one connection.
        {
            HttpConnection c(env->port);
            const QByteArray three = requestBytes("GET", "/healthz", {}) + requestBytes("GET", "/v1/jobs/42", {})
                + requestBytes("GET", "/metrics", {});
            QVERIFY(c.send(three));
            QCOMPARE(c.read().status, 200);
            QCOMPARE(c.read().status, 401);
            const HttpReply metrics = c.read();
            QCOMPARE(metrics.status, 200);
            QVERIFY(metrics.body.startsWith("# HELP"));
        }
        // A valid request followed by garbage in the same write: the garbage ends the connection with a 400.
        {
            HttpConnection c(env->port);
            QVERIFY(c.send(QByteArray(requestBytes("GET", "/healthz", {}) + "\x16\x03\x01 not http at all\r\n\r\n")));
            HttpReply r = c.read();
            if (r.status == 200) // the first may be answered before the garbage is seen
                r = c.read();
            QCOMPARE(r.status, 400);
            QVERIFY(c.waitClosed());
        }
        // A request trickled in small pieces is put together.
        {
            HttpConnection c(env->port);
            const QByteArray whole = requestBytes("POST", "/v1/jobs", jsonHeaders(env->client, "trickled"),
                                                  createBody(QStringLiteral("summarize"), textInput(QStringLiteral("slow"))));
            for (qsizetype i = 0; i < whole.size(); i += 7)
                QVERIFY(c.send(QByteArrayView(whole).sliced(i, std::min<qsizetype>(7, whole.size() - i))));
            QCOMPARE(c.read().status, 201);
        }
        // Expect: 100-continue is answered before the body is sent; over the limit, 413 at once.
        {
            HttpConnection c(env->port);
            const QByteArray body = createBody(QStringLiteral("summarize"), textInput(QStringLiteral("continued")));
            HttpHeaders h = jsonHeaders(env->client, "continued");
            h.emplace_back("Expect", "100-continue");
            const QByteArray head = requestBytes("POST", "/v1/jobs", h, body);
            QVERIFY(c.send(QByteArrayView(head).first(head.size() - body.size())));
            QCOMPARE(c.read(true).status, 100);
            QVERIFY(c.send(body));
            QCOMPARE(c.read().status, 201);
        }
        // Behind another request: its 100 Continue comes after that request's
        // answer (first, it was read as the interim answer to the GET, and
        // nothing answered this one until the client gave up waiting).
        {
            HttpConnection c(env->port, 5000);
            const QByteArray body = createBody(QStringLiteral("summarize"), textInput(QStringLiteral("queued")));
            HttpHeaders h = jsonHeaders(env->client, "continued-behind");
            h.emplace_back("Expect", "100-continue");
            const QByteArray post = requestBytes("POST", "/v1/jobs", h, body);
            const HttpHeaders auth{{"Authorization", "Bearer " + env->client.toLatin1()}};
            QVERIFY(c.send(QByteArray(requestBytes("GET", "/healthz", auth) + QByteArrayView(post).first(post.size() - body.size()))));
            const HttpReply first = c.read(true);
            QVERIFY2(first.status == 200, qPrintable(first.describe()));
            QVERIFY(first.json().contains(QStringLiteral("store")));
            QCOMPARE(c.read(true).status, 100);
            QVERIFY(c.send(body));
            QCOMPARE(c.read(true).status, 201);
        }
        // Behind a request that asked for one too and sent its body along: the
        // 100 is still owed to the second (it was cancelled when the first was
        // handed over, and the second's client waited for ever).
        {
            HttpConnection c(env->port, 5000);
            HttpHeaders h1 = jsonHeaders(env->client, "continued-first");
            h1.emplace_back("Expect", "100-continue");
            const QByteArray first = requestBytes("POST", "/v1/jobs", h1, createBody(QStringLiteral("summarize"), textInput(QStringLiteral("one"))));
            HttpHeaders h2 = jsonHeaders(env->client, "continued-second");
            h2.emplace_back("Expect", "100-continue");
            const QByteArray body = createBody(QStringLiteral("summarize"), textInput(QStringLiteral("two")));
            const QByteArray second = requestBytes("POST", "/v1/jobs", h2, body);
            QVERIFY(c.send(QByteArray(first + QByteArrayView(second).first(second.size() - body.size()))));
            const HttpReply one = c.read(true);
            QVERIFY2(one.status == 201, qPrintable(one.describe()));
            const HttpReply interim = c.read(true);
            QVERIFY2(interim.status == 100, qPrintable(interim.describe()));
            QVERIFY(c.send(body));
            QCOMPARE(c.read(true).status, 201);
        }
        {
            HttpConnection c(env->port);
            QVERIFY(c.send("POST /v1/jobs HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 99999999\r\n\r\n"));
            const HttpReply r = c.read(true);
            QCOMPARE(r.status, 413);
            QVERIFY(r.closed);
        }
        // Headers that never end: refused once over the limit, not buffered forever.
        {
            HttpConnection c(env->port);
            QByteArray flood = "GET /healthz HTTP/1.1\r\n";
            for (int i = 0; i < 400; ++i)
                flood += "X-" + QByteArray::number(i) + ": " + longString(100, 'f') + "\r\n";
            c.send(flood); // the server may close while we are still writing
            const HttpReply r = c.read();
            QCOMPARE(r.status, 431);
        }
        // A connection that goes away mid-request leaves nothing behind.
        {
            HttpConnection c(env->port);
            QVERIFY(c.send("POST /v1/jobs HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"route\""));
        }
        QCOMPARE(httpCall(env->port, requestBytes("GET", "/healthz", {})).status, 200);
        StoreCounts after = StoreCounts::of(*env->svc);
        QCOMPARE(after.jobs, before.jobs + 5); // "trickled", "continued", "continued-behind", "continued-first" and "-second", nothing else
        QCOMPARE(after.idempotencyEvents, before.idempotencyEvents);
    }

    // Two inputs that differ only in a whole number beyond 64 bits were one
    // intent (found by a review: Qt's reader rounded both to one double; the
    // second was answered as a replay of the first, and the input stored was
    // neither). Refused before anything is written; 64-bit integers are
    // kept exactly.
    void aWholeNumberBeyond64BitsIsRefusedNotRounded()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const StoreCounts before = StoreCounts::of(*env->svc);
        const auto post = [&](const QByteArray &key, const QByteArray &number) {
            return httpCall(env->port, requestBytes("POST", "/v1/jobs", jsonHeaders(env->client, key),
                                                    R"({"route":"summarize","input":{"text":"t","n":)" + number + "}}"));
        };
        const HttpReply first = post("big-1", "12345678901234567890");
        QCOMPARE(first.status, 400);
        QVERIFY2(first.json().value(QStringLiteral("detail")).toString().contains(QStringLiteral("12345678901234567890")),
                 first.body.constData());
        QCOMPARE(post("big-1", "12345678901234567891").status, 400);
        const StoreCounts after = StoreCounts::of(*env->svc);
        QCOMPARE(after.jobs, before.jobs);
        QCOMPARE(after.idempotencyEvents, before.idempotencyEvents);

        const HttpReply exact = post("big-2", "9223372036854775807");
        QCOMPARE(exact.status, 201);
        QCOMPARE(post("big-2", "9223372036854775806").status, 409); // another intent, not a replay
        const Job job = *env->svc->job(exact.json().value(QStringLiteral("id")).toInteger());
        QCOMPARE(job.input.value(QStringLiteral("n")).toInteger(), std::numeric_limits<qint64>::max());
    }

    void healthAndMetrics()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const HttpReply health = httpCall(env->port, requestBytes("GET", "/healthz", {}));
        QCOMPARE(health.status, 200);
        QCOMPARE(health.json().value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        QCOMPARE(health.json().value(QStringLiteral("store")).toString(), QStringLiteral("ok"));

        const HttpReply a = postJob(env->port, env->client, "m-1", textInput(QStringLiteral("x")));
        QCOMPARE(postJob(env->port, env->client, "m-1", textInput(QStringLiteral("x"))).status, 200);
        QCOMPARE(postJob(env->port, env->client, "m-1", textInput(QStringLiteral("y"))).status, 409);
        QCOMPARE(postJob(env->port, QString(), "m-2", textInput(QStringLiteral("x"))).status, 401);
        const qint64 jobId = a.json().value(QStringLiteral("id")).toInteger();
        const Attempt won = startRunning(*env->svc, jobId);
        QCOMPARE(env->svc->complete(won.id, R"({"summary":"done"})", Actor::worker(QStringLiteral("w1"))).outcome,
                 CompleteResult::Outcome::Won);
        const Job other = env->svc->submit(makeSubmit(QStringLiteral("direct"))).job;
        env->svc->markUnknown(startRunning(*env->svc, other.id, QStringLiteral("fallback")).id, Actor::worker(QStringLiteral("w1")),
                              QStringLiteral("deadline"));

        const HttpReply metrics = httpCall(env->port, requestBytes("GET", "/metrics", {}));
        QCOMPARE(metrics.status, 200);
        QVERIFY(metrics.header("Content-Type").startsWith("text/plain; version=0.0.4"));
        const QString text = QString::fromUtf8(metrics.body);
        for (const QString &line : {QStringLiteral("jobdesk_http_requests_total{endpoint=\"create_job\",code=\"201\"} 1"),
                                    QStringLiteral("jobdesk_http_requests_total{endpoint=\"create_job\",code=\"200\"} 1"),
                                    QStringLiteral("jobdesk_http_requests_total{endpoint=\"create_job\",code=\"409\"} 1"),
                                    QStringLiteral("jobdesk_http_requests_total{endpoint=\"create_job\",code=\"401\"} 1"),
                                    QStringLiteral("jobdesk_idempotent_replays_total 1"),
                                    QStringLiteral("jobdesk_idempotency_conflicts_total 1"),
                                    QStringLiteral("jobdesk_jobs_created_total 1"),
                                    QStringLiteral("jobdesk_attempts{state=\"succeeded\"} 1"),
                                    QStringLiteral("jobdesk_attempts{state=\"unknown\"} 1"),
                                    QStringLiteral("jobdesk_unknown_attempts 1"),
                                    QStringLiteral("jobdesk_race_losses_total 0"),
                                    QStringLiteral("jobdesk_lease_reaps_recent 0"),
                                    QStringLiteral("jobdesk_jobs{state=\"blocked\"} 1"),
                                    QStringLiteral("jobdesk_store_up 1"),
                                    QStringLiteral("jobdesk_provider_latency_seconds_count{provider=\"primary\"} 1"),
                                    QStringLiteral("jobdesk_provider_latency_seconds_bucket{provider=\"primary\",le=\"+Inf\"} 1")})
            QVERIFY2(text.contains(line + u'\n'), qPrintable(line + QStringLiteral(" missing from:\n") + text));
        // The unknown attempt was marked just now: its age is there, and small.
        static const QRegularExpression age(QStringLiteral("\\njobdesk_unknown_attempt_oldest_age_seconds ([0-9.e+-]+)\\n"));
        const QRegularExpressionMatch ageMatch = age.match(text);
        QVERIFY2(ageMatch.hasMatch(), qPrintable(text));
        QVERIFY2(ageMatch.captured(1).toDouble() < 60.0, qPrintable(ageMatch.captured(1)));
        // Every sample line is "name{labels} value" (the Prometheus text format).
        static const QRegularExpression sample(QStringLiteral("^[a-z_]+(\\{[a-z_]+=\"[^\"]*\"(,[a-z_]+=\"[^\"]*\")*\\})? -?[0-9.e+]+$"));
        for (const QString &line : text.split(u'\n', Qt::SkipEmptyParts)) {
            if (!line.startsWith(u'#'))
                QVERIFY2(sample.match(line).hasMatch(), qPrintable(line));
        }
    }

    // The job's charge account, as the console says it: #1 cancelled while
    // its provider said it was still working is possibly charged; the
    // metric counts it by provider.
    void aJobSaysWhatMayHaveBeenCharged()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const qint64 jobId = postJob(env->port, env->client, "c-1", textInput(QStringLiteral("x"))).json().value(QStringLiteral("id")).toInteger();
        JobService &svc = *env->svc;
        const Actor worker = Actor::worker(QStringLiteral("w1"));
        const Attempt stuck = startRunning(svc, jobId, QStringLiteral("stuck"));
        svc.markUnknown(stuck.id, worker, QStringLiteral("deadline passed after 30000 ms"));
        svc.recordLookup(stuck.id, svc.nowMs(), LookupAnswer::InProgress, QStringLiteral("still working"));
        svc.cancelAttempt(stuck.id, operatorRequest(QStringLiteral("stuck for 10 minutes")));
        svc.complete(startRunning(svc, jobId, QStringLiteral("fast")).id, R"({"summary":"done"})", worker);

        const HttpReply job = getPath(env->port, env->client, "/v1/jobs/" + QByteArray::number(jobId));
        QCOMPARE(job.status, 200);
        const QJsonObject charges = job.json().value(QStringLiteral("charges")).toObject();
        QCOMPARE(charges.value(QStringLiteral("charged")).toInt(), 1);
        QCOMPARE(charges.value(QStringLiteral("possibly_charged")).toInt(), 1);
        QCOMPARE(charges.value(QStringLiteral("not_charged")).toInt(), 0);
        QCOMPARE(charges.value(QStringLiteral("charged_once")).toBool(true), false);
        const QJsonArray attempts = charges.value(QStringLiteral("attempts")).toArray();
        QCOMPARE(attempts.size(), 2);
        const QJsonObject first = attempts.at(0).toObject();
        QCOMPARE(first.value(QStringLiteral("provider")).toString(), QStringLiteral("stuck"));
        QCOMPARE(first.value(QStringLiteral("charge")).toString(), QStringLiteral("possibly_charged"));
        QCOMPARE(first.value(QStringLiteral("evidence")).toString(), QStringLiteral("cancelled_after_send"));
        QVERIFY(first.value(QStringLiteral("provider_still_working_since_ms")).isDouble());
        QCOMPARE(first.value(QStringLiteral("reason")).toString(), QStringLiteral("stuck for 10 minutes"));
        QCOMPARE(first.value(QStringLiteral("provider_key")).toString(), stuck.providerKey);
        QCOMPARE(attempts.at(1).toObject().value(QStringLiteral("evidence")).toString(), QStringLiteral("won"));
        // The attempts list: each attempt with its class.
        const HttpReply list = getPath(env->port, env->client, "/v1/jobs/" + QByteArray::number(jobId) + "/attempts");
        QCOMPARE(list.json().value(QStringLiteral("attempts")).toArray().at(0).toObject().value(QStringLiteral("charge")).toString(),
                 QStringLiteral("possibly_charged"));

        const QString text = QString::fromUtf8(httpCall(env->port, requestBytes("GET", "/metrics", {})).body);
        QVERIFY2(text.contains(QStringLiteral("# TYPE jobdesk_possibly_charged_attempts gauge\n")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("jobdesk_possibly_charged_attempts{provider=\"stuck\"} 1\n")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("jobdesk_possibly_charged_attempts{provider=\"fast\"}")), qPrintable(text));
    }

    // RFC 9110, 9.3.2: HEAD is answered as GET is, without the content. A
    // body after an answer to HEAD is read by the client as the start of its
    // next answer on the connection: every answer after it is garbled.
    void aHeadRequestIsAnsweredAsGetWithoutContent()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const HttpReply created = postJob(env->port, env->client, "head-1", textInput(QStringLiteral("hello")));
        QCOMPARE(created.status, 201);
        const QByteArray path = created.header("Location");
        const HttpReply got = getPath(env->port, env->client, path);
        QCOMPARE(got.status, 200);
        const HttpHeaders auth{{"Authorization", "Bearer " + env->client.toLatin1()}};

        // One connection, the requests pipelined: each answer must start where the one before ended.
        HttpConnection c(env->port);
        QVERIFY(c.send(QByteArray(requestBytes("HEAD", path, auth) + requestBytes("HEAD", "/v1/jobs", auth)
                                  + requestBytes("HEAD", path, {}) + requestBytes("HEAD", "/metrics", {})
                                  + requestBytes("GET", path, auth))));
        const HttpReply job = c.read(false, true);
        QCOMPARE(job.status, 200);
        QCOMPARE(job.header("Content-Type"), got.header("Content-Type"));
        QCOMPARE(job.header("Content-Length"), QByteArray::number(got.body.size())); // the GET's
        const HttpReply postOnly = c.read(false, true);
        QCOMPARE(postOnly.status, 405);
        QCOMPARE(postOnly.header("Allow"), QByteArray("POST"));
        const HttpReply noToken = c.read(false, true);
        QCOMPARE(noToken.status, 401);
        QVERIFY(!noToken.header("WWW-Authenticate").isEmpty());
        const HttpReply metrics = c.read(false, true);
        QCOMPARE(metrics.status, 200);
        QVERIFY(metrics.header("Content-Type").startsWith("text/plain"));
        QVERIFY(metrics.header("Content-Length").toLongLong() > 0);
        const HttpReply after = c.read();
        QVERIFY2(after.status == 200, qPrintable(after.describe()));
        QCOMPARE(after.body, got.body);
        QVERIFY2(c.peek().isEmpty(), c.peek().constData()); // nothing left over from the answers to HEAD

        // Where HEAD is not allowed, the Allow header says GET's endpoints take it.
        const HttpReply put = httpCall(env->port, requestBytes("PUT", path, auth, "{}"));
        QCOMPARE(put.status, 405);
        QCOMPARE(put.header("Allow"), QByteArray("GET, HEAD"));
        const HttpReply deleteHealth = httpCall(env->port, requestBytes("DELETE", "/healthz", {}));
        QCOMPARE(deleteHealth.status, 405);
        QCOMPARE(deleteHealth.header("Allow"), QByteArray("GET, HEAD"));
    }

    void storeUnreachable()
    {
        QFETCH_GLOBAL(QString, backend);
        const StoreUrl nowhere = backend == QStringLiteral("sqlite")
            ? StoreUrl{Dialect::Sqlite, QStringLiteral("/nonexistent-folder/jobdesk.db"), {}}
            : StoreUrl{Dialect::Postgres, {}, QStringLiteral("postgresql://postgres@127.0.0.1:1/postgres?connect_timeout=2")};
        ServerThread server(nowhere, apiRoutes());
        QVERIFY(server.startServer());
        const HttpReply health = httpCall(server.port(), requestBytes("GET", "/healthz", {}));
        QCOMPARE(health.status, 503);
        QCOMPARE(health.json().value(QStringLiteral("status")).toString(), QStringLiteral("unavailable"));
        // Anyone may ask: where the store is and the driver's words stay in the log.
        QCOMPARE(health.json().value(QStringLiteral("store")).toString(), QStringLiteral("unreachable"));
        QVERIFY2(!health.body.contains("nonexistent-folder") && !health.body.contains("127.0.0.1"), health.body.constData());
        const HttpReply create = postJob(server.port(), QStringLiteral("jdt_") + QString(43, u'A'), "k", textInput(QStringLiteral("x")));
        QCOMPARE(create.status, 503);
        QVERIFY2(!create.body.contains("nonexistent-folder") && !create.body.contains("127.0.0.1"), create.body.constData());
        QCOMPARE(create.problemType(), QStringLiteral("urn:jobdesk:problem:store-unavailable"));
        QCOMPARE(create.header("Retry-After"), QByteArray("1"));
        const HttpReply metrics = httpCall(server.port(), requestBytes("GET", "/metrics", {}));
        QCOMPARE(metrics.status, 200);
        QVERIFY(metrics.body.contains("jobdesk_store_up 0\n"));
    }

    // A client that retries on a new connection reaches another handler
    // thread, with another database connection. The handlers share the keys
    // seen taken (TakenKeys), so on PostgreSQL that replay is one statement,
    // as on the thread that created the job. The first handler is held
    // (bounded) until the second has answered, so the second request cannot
    // run on the first's thread.
    void aRetryOnAnotherHandlerThreadReplaysInOneRoundTrip()
    {
        JD_FRESH_STORE(store);
        HandlerPool pool(store->url(), 2, 8);
        const SubmitRequest req = makeSubmit(QStringLiteral("retried-on-another-connection"));
        struct Answer
        {
            std::thread::id thread;
            SubmitResult result;
            quint64 statements = 0;
            std::string error;
        };
        const auto warmThenSubmit = [&req](JobService *svc, const QString &warmKey) {
            Answer out;
            out.thread = std::this_thread::get_id();
            try {
                if (!svc)
                    throw std::runtime_error("no store");
                const SubmitRequest warm = makeSubmit(warmKey); // prepares both statements on this connection
                svc->submit(warm);
                svc->submit(warm);
                const quint64 before = svc->session().statementsSent();
                out.result = svc->submit(req);
                out.statements = svc->session().statementsSent() - before;
            } catch (const std::exception &e) {
                out.error = e.what();
            }
            return out;
        };
        std::promise<Answer> first;
        std::promise<Answer> second;
        std::shared_future<Answer> secondDone = second.get_future().share();
        QVERIFY(pool.tryPost([&](JobService *svc, const QString &) {
            first.set_value(warmThenSubmit(svc, QStringLiteral("warm-first")));
            secondDone.wait_for(std::chrono::seconds(30)); // held: the retry must go to the other thread
        }));
        std::future<Answer> firstDone = first.get_future();
        QCOMPARE(firstDone.wait_for(std::chrono::seconds(30)), std::future_status::ready);
        const Answer created = firstDone.get();
        QVERIFY2(created.error.empty(), created.error.c_str());
        QCOMPARE(created.result.outcome, SubmitResult::Outcome::Created);
        QVERIFY(pool.tryPost([&](JobService *svc, const QString &) {
            second.set_value(warmThenSubmit(svc, QStringLiteral("warm-second")));
        }));
        QCOMPARE(secondDone.wait_for(std::chrono::seconds(30)), std::future_status::ready);
        const Answer retried = secondDone.get();
        pool.stop();
        QVERIFY2(retried.error.empty(), retried.error.c_str());
        QVERIFY(retried.thread != created.thread);
        QCOMPARE(retried.result.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(retried.result.job.id, created.result.job.id);
        if (store->isPostgres())
            QCOMPARE(retried.statements, quint64(1)); // the replay statement alone
    }

    void changeNotificationsAreCoalesced()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        if (!env->store->isPostgres()) {
            // SQLite readers watch PRAGMA data_version: nothing is sent.
            QCOMPARE(postJob(env->port, env->client, "n-sqlite", textInput(QStringLiteral("x"))).status, 201);
            QVERIFY(httpCall(env->port, requestBytes("GET", "/metrics", {})).body.contains("jobdesk_change_notifications_total 0\n"));
            return;
        }
        struct Receiver : pqxx::notification_receiver
        {
            using pqxx::notification_receiver::notification_receiver;
            QList<qint64> atMs;
            void operator()(const std::string &, int) override { atMs.append(QDateTime::currentMSecsSinceEpoch()); }
        };
        // The listener waits on its own thread, so each NOTIFY is timed as it arrives.
        std::promise<void> listening;
        std::atomic<bool> burstOver{false};
        QList<qint64> arrivals;
        std::thread listenerThread([&] {
            // On this store's own channel: other tests' servers in other
            // schemas of this database send on theirs (tst_change_channel).
            pqxx::connection listener(env->store->url().postgresUrl.toStdString());
            Receiver receiver(listener, changeChannelOf(listener));
            listener.await_notification(0, 1000); // the LISTEN is registered; anything older is dropped
            receiver.atMs.clear();
            listening.set_value();
            while (!burstOver)
                listener.await_notification(0, 20000);
            QElapsedTimer after; // a bounded wait for the last, coalesced one
            after.start();
            while (after.elapsed() < 1500)
                listener.await_notification(0, 20000);
            arrivals = receiver.atMs;
        });
        listening.get_future().wait();
        // Creates for a second and a bit, and at least 100 of them (bounded:
        // 15 s, 2,000 creates), so a busy machine that stalls a few calls
        // still shows many writes against a few coalesced wake-ups.
        QElapsedTimer burst;
        burst.start();
        int creates = 0;
        qint64 slowestMs = 0;
        bool allCreated = true;
        while ((burst.elapsed() < 1200 || creates < 100) && burst.elapsed() < 15000 && creates < 2000) {
            const qint64 before = burst.elapsed();
            allCreated = allCreated && postJob(env->port, env->client, "n-" + QByteArray::number(creates++), textInput(QStringLiteral("x"))).status == 201;
            slowestMs = std::max(slowestMs, burst.elapsed() - before);
        }
        const qint64 burstMs = burst.elapsed();
        qInfo("%d creates in %lld ms, the slowest %lld ms", creates, burstMs, slowestMs);
        burstOver = true;
        listenerThread.join();
        QVERIFY(allCreated);
        QVERIFY2(arrivals.size() >= 2, qPrintable(QStringLiteral("%1 notifications for %2 creates").arg(arrivals.size()).arg(creates)));
        // At most one per 200 ms (the sender's clock; arrival times jitter on a
        // busy machine, so the bound is on the count, not on each gap).
        QVERIFY2(arrivals.size() <= burstMs / 200 + 2,
                 qPrintable(QStringLiteral("%1 notifications for %2 creates in %3 ms").arg(arrivals.size()).arg(creates).arg(burstMs)));
        QVERIFY2(arrivals.size() < creates,
                 qPrintable(QStringLiteral("%1 notifications for %2 creates in %3 ms").arg(arrivals.size()).arg(creates).arg(burstMs)));
        const HttpReply metrics = httpCall(env->port, requestBytes("GET", "/metrics", {}));
        static const QRegularExpression sent(QStringLiteral("jobdesk_change_notifications_total (\\d+)"));
        const qint64 sentCount = sent.match(QString::fromUtf8(metrics.body)).captured(1).toLongLong();
        QVERIFY2(sentCount >= arrivals.size() && sentCount <= burstMs / 200 + 3, qPrintable(QString::number(sentCount)));
        qInfo("%d creates in %lld ms -> %d notifications", creates, burstMs, int(arrivals.size()));
    }
};

QTEST_GUILESS_MAIN(TestHttpApi)
#include "tst_http_api.moc"
