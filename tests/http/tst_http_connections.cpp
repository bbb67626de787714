// The API's connections over real HTTP on 127.0.0.1 (SQLite: what is proved
// is the transport's): a slot held without work is given up for a new
// connection, but never one whose answer is still leaving; a client that
// pipelines without reading its answers is cut off gently, after the answers
// before the refusal; a request behind "Connection: close" is never run;
// lingering connections and unread answers are bounded over all connections.

#include "HttpTestSupport.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// A job whose input is ~900 KB, and the request that reads it back.
// Pipelined a few times on one connection, its answers are more than the
// kernel's socket buffers take on loopback (~3-4 MB), so a client that stops
// reading leaves the rest in the server's own write buffer.
constexpr int kLargeText = 900000;
QByteArray largeJobRequest(quint16 port, const QString &token, const QByteArray &key, bool closeAfter = false)
{
    const HttpReply created = postJob(port, token, key, textInput(QString(kLargeText, u'x')));
    if (created.status != 201)
        return {};
    HttpHeaders h = jsonHeaders(token, {});
    if (closeAfter)
        h.emplace_back("Connection", "close");
    return requestBytes("GET", "/v1/jobs/" + QByteArray::number(created.json().value(QStringLiteral("id")).toInteger()), h);
}
bool isWholeLargeJob(const HttpReply &r)
{
    return r.status == 200
        && r.json().value(QStringLiteral("input")).toObject().value(QStringLiteral("text")).toString().size() == kLargeText;
}

// One line of /metrics (its value), asked on `c`; -1 when it is missing.
qint64 metric(HttpConnection &c, const QByteArray &series)
{
    const HttpReply r = c.request(requestBytes("GET", "/metrics", {}));
    for (const QByteArray &line : r.body.split('\n')) {
        if (line.startsWith(QByteArray(series + ' ')))
            return line.mid(series.size() + 1).toLongLong();
    }
    return -1;
}

} // namespace

class TestHttpConnections : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Connections opened and left silent hold a slot for firstRequestTimeoutMs,
    // not for the keep-alive idle timeout (without it, a thousand from
    // one client made every request 503 for up to two minutes). A connection
    // that has spoken keeps the idle timeout.
    void aSilentNewConnectionIsClosedSoonerThanAnIdleKeepAliveOne()
    {
        std::unique_ptr<ApiEnv> env;
        ApiServerOptions o;
        o.transport.firstRequestTimeoutMs = 300;
        o.transport.idleTimeoutMs = 60000;
        JD_START_API(env, QStringLiteral("sqlite"), o);
        HttpConnection spoke(env->port);
        QVERIFY(spoke.send(requestBytes("GET", "/healthz", {})));
        QCOMPARE(spoke.read().status, 200);
        HttpConnection silent(env->port);
        QVERIFY(silent.waitClosed()); // by the next sweep after 300 ms
        QVERIFY(spoke.send(requestBytes("GET", "/healthz", {}))); // still open
        QCOMPARE(spoke.read().status, 200);
    }

    // A full server closes a connection that holds a slot without work in
    // it for a new one (without it, 1,024 keep-alive connections, each
    // sending a request now and then, made every other client's request 503
    // for as long as they liked): one that has sent nothing first, then an
    // idle keep-alive one, then a partial request; never one being answered.
    void aFullServerMakesRoomForANewConnection()
    {
        std::unique_ptr<ApiEnv> env;
        ApiServerOptions o;
        o.transport.maxConnections = 3;
        o.transport.firstRequestTimeoutMs = 60000;
        o.transport.idleTimeoutMs = 60000;
        o.transport.evictAfterMs = 0;
        JD_START_API(env, QStringLiteral("sqlite"), o);
        const QByteArray health = requestBytes("GET", "/healthz", {});
        std::vector<std::unique_ptr<HttpConnection>> held;
        const auto open = [&](bool speak) {
            auto c = std::make_unique<HttpConnection>(env->port, 3000);
            if (speak && c->request(health).status != 200)
                return false;
            held.push_back(std::move(c));
            return true;
        };
        // Full: one silent connection, two idle keep-alive ones.
        QVERIFY(open(false));
        QVERIFY(open(true));
        QVERIFY(open(true));
        // A new one is served; the silent one made room.
        HttpConnection fourth(env->port, 3000);
        QCOMPARE(fourth.request(health).status, 200);
        QVERIFY(held[0]->waitClosed());
        QCOMPARE(held[1]->request(health).status, 200);
        QCOMPARE(held[2]->request(health).status, 200);

        // Full of idle keep-alive connections (held[1], held[2], fourth): the
        // longest idle of them makes room (fourth spoke last; held[1] and
        // held[2] just spoke too, so any of the three may be it).
        HttpConnection fifth(env->port, 3000);
        QCOMPARE(fifth.request(health).status, 200);
        int stillOpen = 0;
        for (HttpConnection *c : {held[1].get(), held[2].get(), &fourth})
            stillOpen += c->request(health).status == 200 ? 1 : 0;
        QCOMPARE(stillOpen, 2);

        // Full of partial requests: the oldest makes room; the others' requests complete.
        std::vector<std::unique_ptr<HttpConnection>> partial;
        for (int i = 0; i < 3; ++i) {
            partial.push_back(std::make_unique<HttpConnection>(env->port, 3000));
            QVERIFY(partial.back()->send("GET /healthz HTTP/1.1\r\n"));
        }
        // (The idle ones left from above make room first; then partial ones.)
        int served = 0;
        for (int i = 0; i < 3; ++i) {
            HttpConnection next(env->port, 3000);
            served += next.request(health).status == 200 ? 1 : 0;
        }
        QCOMPARE(served, 3);
        int completed = 0;
        for (const auto &c : partial)
            completed += c->send("\r\n") && c->read().status == 200 ? 1 : 0;
        QVERIFY2(completed < 3, "no partial request made room");

        // Full of requests whose head is complete and whose body is still
        // arriving: they are not counted as busy, or 1,024 of them would lock
        // everyone out again.
        std::vector<std::unique_ptr<HttpConnection>> bodies;
        for (int i = 0; i < 3; ++i) {
            bodies.push_back(std::make_unique<HttpConnection>(env->port, 3000));
            QVERIFY(bodies.back()->send("POST /v1/jobs HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{"));
        }
        served = 0;
        for (int i = 0; i < 3; ++i) {
            HttpConnection next(env->port, 3000);
            served += next.request(health).status == 200 ? 1 : 0;
        }
        QCOMPARE(served, 3);
        int answered = 0; // the rest of the body: a survivor is answered (401: no token), a closed one is not
        for (const auto &c : bodies)
            answered += c->send("}") && c->read().status == 401 ? 1 : 0;
        QVERIFY2(answered < 3, "no request with its body still arriving made room");
    }

    // A full server does not close a connection whose answer is still
    // leaving while its client reads (without it, an
    // answer in Qt's write buffer looked like an idle keep-alive connection,
    // and was lost); once its client has read nothing for evictAfterMs, it
    // may make room.
    void anAnswerStillLeavingIsNotClosedForANewConnection()
    {
        constexpr int kEvictAfterMs = 3000;
        constexpr int kAnswers = 8; // ~7 MB
        std::unique_ptr<ApiEnv> env;
        ApiServerOptions o;
        o.transport.maxConnections = 2;
        o.transport.firstRequestTimeoutMs = 60000;
        o.transport.idleTimeoutMs = 60000;
        o.transport.evictAfterMs = kEvictAfterMs;
        JD_START_API(env, QStringLiteral("sqlite"), o);
        const QByteArray get = largeJobRequest(env->port, env->client, "large-1");
        QVERIFY(!get.isEmpty());
        const QByteArray health = requestBytes("GET", "/healthz", {});
        const QByteArray answered = R"(jobdesk_http_requests_total{endpoint="get_job",code="200"})";

        // The reader asks for its answers, takes the first bytes, and pauses;
        // a second connection watches until every answer is written.
        auto watcher = std::make_unique<HttpConnection>(env->port, 5000);
        HttpConnection reader(env->port, 15000, 4096);
        QElapsedTimer sinceAsked;
        sinceAsked.start();
        QVERIFY(reader.send(get.repeated(kAnswers)));
        QVERIFY(reader.receiveAtLeast(1024, 1024));
        QTRY_COMPARE(metric(*watcher, answered), qint64(kAnswers));
        // Full (reader, watcher): a new connection is served, and the room is
        // made by the idle watcher, not by the reader whose answers are leaving.
        QCOMPARE(httpCall(env->port, health, 5000).status, 200);
        QVERIFY2(sinceAsked.elapsed() < kEvictAfterMs, "the machine was too slow for this check");
        QVERIFY(watcher->waitClosed());
        for (int i = 0; i < kAnswers; ++i)
            QVERIFY2(isWholeLargeJob(reader.read()), "an answer still leaving was cut");

        // A server with one slot, and a reader that stops for good: it is
        // closed for a new connection only after evictAfterMs without a
        // byte read (the first form closed it as soon as its answers were
        // written: an idle keep-alive connection).
        o.transport.maxConnections = 1;
        std::unique_ptr<ApiEnv> single;
        JD_START_API(single, QStringLiteral("sqlite"), o);
        const QByteArray getOne = largeJobRequest(single->port, single->client, "large-1");
        QVERIFY(!getOne.isEmpty());
        HttpConnection stops(single->port, 15000, 4096);
        sinceAsked.restart();
        QVERIFY(stops.send(getOne.repeated(kAnswers)));
        QVERIFY(stops.receiveAtLeast(1024, 1024));
        bool served = false;
        for (QDeadlineTimer deadline(20000); !served && !deadline.hasExpired();) {
            served = httpCall(single->port, health, 5000).status == 200;
            if (!served)
                QTest::qWait(200);
        }
        QVERIFY(served);
        QVERIFY2(sinceAsked.elapsed() >= kEvictAfterMs, "a reader was closed before evictAfterMs");
        int whole = 0;
        for (int i = 0; i < kAnswers; ++i)
            whole += isWholeLargeJob(stops.read()) ? 1 : 0;
        QVERIFY2(whole < kAnswers, "the reader that stopped was not the one closed");
    }

    // A client that pipelines requests and never reads the answers (without it,
    // 300,000 GET /metrics, no token needed, grew the server by
    // ~270 MB, without end) is cut off: once maxRequestsInFlight requests
    // wait or maxUnsentBytes of answers are unread, its next request is
    // refused (503, naming why), the connection closes after the earlier
    // answers, and the requests behind it are not run.
    void aClientThatDoesNotReadItsAnswersIsCutOff()
    {
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, QStringLiteral("sqlite"));
        constexpr int kRequests = 20000; // ~50 MB of answers, ~0.7 MB of requests
        HttpConnection greedy(env->port, 15000, 4096);
        QVERIFY(greedy.send(requestBytes("GET", "/metrics", {}).repeated(kRequests)));
        int answers = 0;
        HttpReply last;
        for (HttpReply r = greedy.read(); r.status != 0; r = greedy.read()) {
            ++answers;
            last = r;
        }
        QVERIFY2(answers < kRequests, "every request of a client that read nothing was run");
        QCOMPARE(last.status, 503);
        QVERIFY2(last.closed, "the connection stays open after the refusal");
        QVERIFY2(last.json().value(QStringLiteral("detail")).toString().contains(QStringLiteral("not reading its answers")),
                 last.body.constData());
        QCOMPARE(httpCall(env->port, requestBytes("GET", "/healthz", {})).status, 200); // everyone else is served

        // Fewer requests at once (30, each answered with ~900 KB), none
        // read: they run one after another, and the one that finds more than
        // 16 MiB of answers unread is refused with the ones behind it.
        constexpr int kLarge = 30;
        const QByteArray get = largeJobRequest(env->port, env->client, "large-4");
        QVERIFY(!get.isEmpty());
        HttpConnection watcher(env->port, 5000);
        HttpConnection hoarder(env->port, 15000, 4096);
        QVERIFY(hoarder.send(get.repeated(kLarge)));
        QTRY_COMPARE(metric(watcher, R"(jobdesk_http_requests_total{endpoint="other",code="503"})"), qint64(2));
        const qint64 ran = metric(watcher, R"(jobdesk_http_requests_total{endpoint="get_job",code="200"})");
        QVERIFY2(ran >= 16 && ran < kLarge, qPrintable(QString::number(ran))); // 16 MiB / ~0.9 MB, plus what the kernel holds
        for (qint64 i = 0; i < ran; ++i)
            QVERIFY2(isWholeLargeJob(hoarder.read()), "an answer before the refusal was lost");
        const HttpReply refused = hoarder.read();
        QCOMPARE(refused.status, 503);
        QVERIFY(refused.closed);
        QVERIFY(hoarder.waitClosed());

        // A client that reads as it goes is not cut off: 200 requests on one connection.
        HttpConnection polite(env->port);
        for (int i = 0; i < 200; ++i)
            QCOMPARE(polite.request(requestBytes("GET", "/healthz", {})).status, 200);
    }

    // The refusal of a client that does not read its answers ends the
    // connection gently (without it, closing the socket while the
    // client's requests were still arriving made the kernel answer with a
    // reset, and answers the client had not read yet were lost, a 201
    // among them). A client that keeps sending after the refusal still
    // reads every answer before it, the refusal, and then the end.
    void answersBeforeARefusalReachAClientThatKeepsSending()
    {
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, QStringLiteral("sqlite"));
        const QByteArray get = largeJobRequest(env->port, env->client, "large-6");
        QVERIFY(!get.isEmpty());
        HttpConnection watcher(env->port, 5000);
        HttpConnection client(env->port, 15000, 4096);
        const QByteArray create = requestBytes("POST", "/v1/jobs", jsonHeaders(env->client, "keeps-sending-1"),
                                               createBody(QStringLiteral("summarize"), textInput(QStringLiteral("t"))));
        QVERIFY(client.send(QByteArray(get.repeated(2) + create)));
        QTRY_COMPARE(metric(watcher, "jobdesk_jobs_created_total"), qint64(2)); // large-6 and this one
        const QByteArray health = requestBytes("GET", "/healthz", {});
        QVERIFY(client.send(health.repeated(40))); // more than 32 at once: refused
        QTRY_COMPARE(metric(watcher, R"(jobdesk_http_requests_total{endpoint="other",code="503"})"), qint64(1));
        // The client goes on sending while it reads.
        std::atomic<bool> reading{true};
        std::thread sender([&] {
            for (int i = 0; i < 200 && reading.load(); ++i) {
                if (!client.send(health))
                    break;
                std::this_thread::yield();
            }
        });
        bool ok = true;
        for (int i = 0; i < 2 && ok; ++i)
            ok = isWholeLargeJob(client.read());
        const HttpReply created = ok ? client.read() : HttpReply{};
        const HttpReply refused = ok ? client.read() : HttpReply{};
        reading = false;
        sender.join();
        QVERIFY2(ok, "an answer to a request that ran was lost");
        QCOMPARE(created.status, 201);
        QCOMPARE(refused.status, 503);
        QVERIFY(client.waitClosed());
    }

    // A request pipelined behind one that ends the connection ("Connection:
    // close") is never run: its answer could not be sent. (Handed over in
    // parallel, it created a job whose 201 was thrown away.)
    void aRequestBehindConnectionCloseIsNotRun()
    {
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, QStringLiteral("sqlite"));
        const QByteArray body = createBody(QStringLiteral("summarize"), textInput(QStringLiteral("t")));
        HttpHeaders closing = jsonHeaders(env->client, "behind-close-1");
        closing.emplace_back("Connection", "close");
        const StoreCounts before = StoreCounts::of(*env->svc);
        HttpConnection c(env->port);
        QVERIFY(c.send(QByteArray(requestBytes("POST", "/v1/jobs", closing, body)
                                  + requestBytes("POST", "/v1/jobs", jsonHeaders(env->client, "behind-close-2"), body))));
        const HttpReply first = c.read();
        QCOMPARE(first.status, 201);
        QVERIFY(first.closed);
        QVERIFY(c.waitClosed());
        // Every handler done but the one answering this (had the second
        // request been handed over, it would have run by now).
        HttpConnection watcher(env->port, 5000);
        qint64 busy = -1;
        for (QDeadlineTimer deadline(10000); busy != 1 && !deadline.hasExpired();) {
            busy = metric(watcher, "jobdesk_http_handlers_busy");
            if (busy != 1)
                QTest::qWait(20);
        }
        QCOMPARE(busy, qint64(1));
        QCOMPARE(StoreCounts::of(*env->svc).jobs, before.jobs + 1);
    }

    // Connections whose last answer is written linger (their sending side
    // shut) while their clients neither read nor close. They must not lock
    // others out (without it, they filled the cap of sockets, and
    // every new connection was refused with none open): at the cap the
    // oldest is cut for a new one, and each is cut after ~2 s anyway.
    void lingeringConnectionsDoNotLockOthersOut()
    {
        std::unique_ptr<ApiEnv> env;
        ApiServerOptions o;
        o.transport.maxConnections = 2; // a cap of 2 x 2 + 64 sockets
        o.transport.firstRequestTimeoutMs = 60000;
        o.transport.idleTimeoutMs = 60000;
        JD_START_API(env, QStringLiteral("sqlite"), o);
        HttpHeaders closing;
        closing.emplace_back("Connection", "close");
        const QByteArray healthAndClose = requestBytes("GET", "/healthz", closing);
        std::vector<std::unique_ptr<HttpConnection>> lingering;
        for (int i = 0; i < 2 * 2 + 64; ++i) {
            lingering.push_back(std::make_unique<HttpConnection>(env->port, 5000));
            const HttpReply r = lingering.back()->request(healthAndClose);
            QVERIFY2(r.status == 200 && r.closed, qPrintable(r.describe())); // answered; the client keeps its end open
        }
        QCOMPARE(httpCall(env->port, requestBytes("GET", "/healthz", {}), 5000).status, 200);
        // None lingers for long: soon only the connection asking is left.
        QTRY_VERIFY_WITH_TIMEOUT(httpCall(env->port, requestBytes("GET", "/metrics", {}), 5000).body.contains("\njobdesk_http_connections 1\n"), 8000);
    }

    // Many connections, each under its own limit, would still add up
    // (2,112 sockets x 16 MiB): over all connections at most
    // maxTotalUnsentBytes of answers are left unread; beyond, a connection
    // with unread answers of its own is refused its next request, and one
    // whose client has read everything is still served.
    void unreadAnswersAreBoundedOverAllConnections()
    {
        std::unique_ptr<ApiEnv> env;
        ApiServerOptions o;
        o.transport.maxTotalUnsentBytes = 6 * 1024 * 1024; // each hoarder below leaves ~4-5 MB unread
        JD_START_API(env, QStringLiteral("sqlite"), o);
        const QByteArray get = largeJobRequest(env->port, env->client, "large-5");
        QVERIFY(!get.isEmpty());
        const QByteArray answered = R"(jobdesk_http_requests_total{endpoint="get_job",code="200"})";
        constexpr int kLarge = 8;
        HttpConnection watcher(env->port, 5000);
        HttpConnection first(env->port, 15000, 4096);
        QVERIFY(first.send(get.repeated(kLarge)));
        QTRY_COMPARE(metric(watcher, answered), qint64(kLarge));
        QVERIFY(first.send(get)); // under both limits: served
        QTRY_COMPARE(metric(watcher, answered), qint64(kLarge + 1));
        // A second hoarder asks one answer at a time: each under 16 MiB of
        // its own, and served while the unread total stays under the limit;
        // the request that finds it over is refused.
        const QByteArray refusals = R"(jobdesk_http_requests_total{endpoint="other",code="503"})";
        HttpConnection second(env->port, 15000, 4096);
        int served = 0;
        bool refused = false;
        for (int i = 0; i < 12 && !refused; ++i) {
            QVERIFY(second.send(get));
            const qint64 before = kLarge + 1 + served;
            QTRY_VERIFY(metric(watcher, answered) == before + 1 || metric(watcher, refusals) == 1);
            refused = metric(watcher, refusals) == 1;
            served += refused ? 0 : 1;
        }
        QVERIFY2(refused, "12 answers of ~900 KB left unread on top of ~5 MB, and no request was refused");
        QCOMPARE(metric(watcher, "jobdesk_http_handler_threads"), qint64(4)); // the watcher reads: served
        for (int i = 0; i < served; ++i)
            QVERIFY2(isWholeLargeJob(second.read()), "an answer before the refusal was lost");
        const HttpReply refusal = second.read();
        QCOMPARE(refusal.status, 503);
        QVERIFY(refusal.closed);
        for (int i = 0; i <= kLarge; ++i)
            QVERIFY2(isWholeLargeJob(first.read()), "the first hoarder's answers were lost");
    }

    // A connection on its way out (its last answer written, "Connection:
    // close") whose client reads nothing is cut after firstRequestTimeoutMs:
    // a client that never reads would otherwise hold a descriptor and its
    // answers for ever. One that reads, however slowly, gets all of them
    // (the first form of the cut ended a slow reader's last answers).
    void aConnectionOnItsWayOutIsCutOnlyWhenItsClientStopsReading()
    {
        constexpr int kStopReadingMs = 1500;
        std::unique_ptr<ApiEnv> env;
        ApiServerOptions o;
        o.transport.firstRequestTimeoutMs = kStopReadingMs;
        o.transport.idleTimeoutMs = 60000;
        JD_START_API(env, QStringLiteral("sqlite"), o);
        const QByteArray get = largeJobRequest(env->port, env->client, "large-2");
        const QByteArray getAndClose = largeJobRequest(env->port, env->client, "large-3", true);
        QVERIFY(!get.isEmpty() && !getAndClose.isEmpty());

        {
            // A slow reader: one answer (~900 KB), then a pause of 250 ms,
            // for ~18 MB (under the 16 MiB a connection may leave unread,
            // with what the kernel holds): its last answers wait in the
            // server's buffer for longer than the first form of the cut
            // allowed (firstRequestTimeoutMs after the sweep saw the
            // connection closing: at most ~3.5 s).
            constexpr int kAnswers = 20;
            HttpConnection slow(env->port, 30000, 16384);
            QVERIFY(slow.send(QByteArray(get.repeated(kAnswers - 1) + getAndClose)));
            QElapsedTimer took;
            took.start();
            int whole = 0;
            for (int i = 0; i < kAnswers; ++i) {
                whole += isWholeLargeJob(slow.read()) ? 1 : 0;
                QThread::msleep(250); // the client's pace, not a wait for the server
            }
            QCOMPARE(whole, kAnswers);
            QVERIFY2(took.elapsed() > 2 * kStopReadingMs + 1000, "the answers were read faster than the test needs");
        }

        // A reader that stops: cut, and the server counts only the connection
        // asking how many are open.
        constexpr int kAnswers = 8;
        HttpConnection stalled(env->port, 15000, 4096);
        QElapsedTimer sinceAsked;
        sinceAsked.start();
        QVERIFY(stalled.send(QByteArray(get.repeated(kAnswers - 1) + getAndClose)));
        QVERIFY(stalled.receiveAtLeast(1024, 1024));
        QTRY_VERIFY_WITH_TIMEOUT(httpCall(env->port, requestBytes("GET", "/metrics", {}), 5000).body.contains("\njobdesk_http_connections 1\n"), 20000);
        QVERIFY2(sinceAsked.elapsed() >= kStopReadingMs, "cut before its client had read nothing for firstRequestTimeoutMs");
        int whole = 0;
        for (int i = 0; i < kAnswers; ++i)
            whole += isWholeLargeJob(stalled.read()) ? 1 : 0;
        QVERIFY(whole < kAnswers); // the rest of its answers never come
    }


    // A refusal in place of an answer to HEAD has no content either (without it,
    // the 503 for a client that pipelines without reading carried
    // its body, which the client read as the start of an answer).
    void aRefusalAnsweringAHeadHasNoContent()
    {
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, QStringLiteral("sqlite"));
        HttpConnection c(env->port);
        QByteArray many;
        for (int i = 0; i < 40; ++i) // over the 32 one connection may have under way
            many += requestBytes("HEAD", "/healthz", {});
        QVERIFY(c.send(many));
        int answered = 0;
        HttpReply r;
        for (int i = 0; i < 41; ++i) {
            r = c.read(false, true);
            if (r.status != 200)
                break;
            ++answered;
        }
        QVERIFY2(r.status == 503, qPrintable(r.describe()));
        QVERIFY(r.closed);
        QVERIFY(r.header("Content-Length").toLongLong() > 0); // the GET's would have had a body
        QVERIFY(answered < 40);
        QVERIFY(c.waitClosed());
        QVERIFY2(c.peek().isEmpty(), c.peek().constData()); // nothing after the refusal's headers
    }

};

QTEST_GUILESS_MAIN(TestHttpConnections)
#include "tst_http_connections.moc"
