// The libcurl client against the fake provider on 127.0.0.1: every outcome
// of the mapping table on the wire, and "sent at most once".

#include "testing/FakeProvider.h"
#include "provider/ProviderClient.h"
#include "provider/ProviderFactory.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTest>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <future>
#include <thread>
#include <vector>

#ifdef Q_OS_LINUX
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#endif

using namespace jobdesk;
using Behaviour = FakeProvider::Behaviour;
using BKind = FakeProvider::Behaviour::Kind;
using Kind = ProviderOutcome::Kind;

Q_DECLARE_METATYPE(jobdesk::ProviderOutcome::Kind)

namespace {

Route summarizeRoute()
{
    Route r;
    r.name = QStringLiteral("summarize");
    r.systemPrompt = QStringLiteral("Summarise the text as JSON.");
    r.promptTemplate = QStringLiteral("Text: {{text}}");
    r.outputSchema = QJsonDocument::fromJson(R"({"type":"object","properties":{
        "summary":{"type":"string","minLength":1,"maxLength":400},
        "sentiment":{"type":"string","enum":["positive","neutral","negative"]}},
        "required":["summary","sentiment"],"additionalProperties":false})").object();
    r.requiredFields = {QStringLiteral("summary"), QStringLiteral("sentiment")};
    r.allowedValues.insert(QStringLiteral("sentiment"), {QStringLiteral("positive"), QStringLiteral("neutral"), QStringLiteral("negative")});
    r.providerChain = {QStringLiteral("fake")};
    return r;
}

bool isOk(Kind k) { return k == Kind::Completed; }

} // namespace

class TestProviderClient : public QObject
{
    Q_OBJECT

    FakeProviderThread m_fakeThread;
    FakeProvider *fake() const { return m_fakeThread.provider(); }
    ProviderConfig m_config;
    Route m_route = summarizeRoute();
    std::unique_ptr<ProviderClient> m_client;

    ProviderRequest request(const QString &key, qint64 deadlineMs = 10000) const
    {
        ProviderRequest r = makeProviderRequest(m_route, m_config, QJsonObject{{QStringLiteral("text"), QStringLiteral("The export works again.")}}, key);
        r.deadlineMs = deadlineMs;
        return r;
    }

    // A later request on a new connection that the fake has recorded: any
    // re-sent copy of an earlier request would have arrived before it.
    bool fence(const QString &tag)
    {
        const StatusLookup s = m_client->lookup(QStringLiteral("fence-") + tag, 5000);
        if (s.kind != StatusLookup::Kind::NeverProcessed)
            return false;
        for (const FakeProvider::Received &r : fake()->received()) {
            if (r.path.endsWith(QStringLiteral("fence-") + tag))
                return true;
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_fakeThread.start());
        m_config.name = QStringLiteral("fake");
        m_config.kind = QStringLiteral("fake");
        m_config.baseUrl = fake()->baseUrl();
        m_config.model = QStringLiteral("fake-model");
        m_config.statusLookup = true;
        m_config.apiKeyEnv = QStringLiteral("JOBDESK_TEST_PROVIDER_TOKEN");
        qputenv("JOBDESK_TEST_PROVIDER_TOKEN", "s3cret");
        QCOMPARE(m_config.baseUrl.host(), QStringLiteral("127.0.0.1"));
        m_client = makeProviderClient(m_config);
        QVERIFY(m_client->supportsStatusLookup());
    }
    void init()
    {
        fake()->clearRules();
        fake()->clearReceived();
    }
    void cleanupTestCase() { m_fakeThread.stop(); }

    void completedWithContent()
    {
        const QString key = QStringLiteral("101:1");
        const ProviderOutcome o = m_client->call(request(key));
        QVERIFY2(o.kind == Kind::Completed, qPrintable(o.reason));
        QVERIFY(o.sent);
        QCOMPARE(o.httpStatus, 200);
        QVERIFY(!o.invalidOutput);
        const QJsonObject out = QJsonDocument::fromJson(o.content).object();
        QCOMPARE(out.value(QStringLiteral("sentiment")).toString(), QStringLiteral("positive"));
        QVERIFY(out.value(QStringLiteral("summary")).toString().contains(QStringLiteral("export works")));
        QCOMPARE(o.output, out);

        QCOMPARE(fake()->completionRequestCount(key), 1);
        const FakeProvider::Received r = fake()->received().constLast();
        QCOMPARE(r.method, QStringLiteral("POST"));
        QCOMPARE(r.idempotencyKey, key);
        QCOMPARE(r.headers.value("authorization"), QByteArray("Bearer s3cret"));
        QCOMPARE(r.body.value(QStringLiteral("model")).toString(), QStringLiteral("fake-model"));
        QCOMPARE(r.body.value(QStringLiteral("temperature")).toDouble(), 0.2);
        const QJsonArray messages = r.body.value(QStringLiteral("messages")).toArray();
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages.at(0).toObject().value(QStringLiteral("role")).toString(), QStringLiteral("system"));
        QCOMPARE(messages.at(1).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("Text: The export works again."));
        const QJsonObject format = r.body.value(QStringLiteral("response_format")).toObject();
        QCOMPARE(format.value(QStringLiteral("type")).toString(), QStringLiteral("json_schema"));
        QCOMPARE(format.value(QStringLiteral("json_schema")).toObject().value(QStringLiteral("schema")).toObject(), m_route.outputSchema);
        QVERIFY(format.value(QStringLiteral("json_schema")).toObject().value(QStringLiteral("strict")).toBool());

        const StatusLookup s = m_client->lookup(key, 5000);
        QCOMPARE(s.kind, StatusLookup::Kind::Completed);
        QCOMPARE(s.content, o.content);
    }

    void everyRequestCarriesTheIdempotencyKey()
    {
        QStringList keys;
        for (int attempt = 1; attempt <= 5; ++attempt)
            keys << QStringLiteral("202:") + QString::number(attempt);
        fake()->setBehaviourForKey(QStringLiteral("202:3"), Behaviour::httpError(429, true, 1));
        fake()->setBehaviourForKey(QStringLiteral("202:4"), Behaviour::of(BKind::CloseBeforeAnswer));
        for (const QString &key : std::as_const(keys))
            m_client->call(request(key));
        QStringList seen;
        for (const FakeProvider::Received &r : fake()->received()) {
            QCOMPARE(r.headers.value("idempotency-key"), r.idempotencyKey.toLatin1());
            seen << r.idempotencyKey;
        }
        QCOMPARE(seen, keys);
        for (const QString &key : std::as_const(keys))
            QCOMPARE(fake()->completionRequestCount(key), 1);
    }

    void refusesAKeyThatCannotBeAHeader()
    {
        const ProviderOutcome o = m_client->call(request(QStringLiteral("bad\r\nX-Injected: 1")));
        QCOMPARE(o.kind, Kind::Failed);
        QVERIFY(!o.sent);
        QVERIFY(fence(QStringLiteral("badkey")));
        QCOMPARE(fake()->completionRequestCount(), 0);
    }

    // A sender that stalled past its attempt's lease sends nothing: by then
    // the attempt may have been reaped and the provider asked about the key.
    void aRequestPastItsSendByIsNeverSent()
    {
        ProviderRequest r = request(QStringLiteral("sendby:late"));
        r.sendBy = SendClock::now() - std::chrono::milliseconds(1);
        const ProviderOutcome o = m_client->call(r);
        QVERIFY2(o.kind == Kind::Failed, qPrintable(o.reason));
        QVERIFY(!o.sent);
        QVERIFY2(o.reason.contains(QStringLiteral("lease ran out")), qPrintable(o.reason));
        QVERIFY(fence(QStringLiteral("sendby-late")));
        QCOMPARE(fake()->completionRequestCount(QStringLiteral("sendby:late")), 0);
    }

    // The send-by passes while the connection is being made: libcurl's
    // pre-request check stops the request before its first byte. The listener's
    // accept queue is full (backlog 0 and one connection never accepted), so
    // the kernel holds the client's connection until the queue has room, which
    // the test makes only after the send-by has passed.
    void aRequestWhoseSendByPassesDuringItsConnectIsNeverWritten()
    {
#ifdef Q_OS_LINUX
        struct Fd
        {
            int fd = -1;
            ~Fd()
            {
                if (fd >= 0)
                    ::close(fd);
            }
        };
        Fd listener{::socket(AF_INET, SOCK_STREAM, 0)};
        QVERIFY(listener.fd >= 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(listener.fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
        QCOMPARE(::listen(listener.fd, 0), 0);
        socklen_t len = sizeof addr;
        QCOMPARE(::getsockname(listener.fd, reinterpret_cast<sockaddr *>(&addr), &len), 0);
        Fd filler{::socket(AF_INET, SOCK_STREAM, 0)};
        QCOMPARE(::connect(filler.fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0); // fills the queue

        ProviderConfig cfg = m_config;
        cfg.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(ntohs(addr.sin_port)));
        const std::unique_ptr<ProviderClient> client = makeProviderClient(cfg);
        ProviderRequest r = request(QStringLiteral("sendby:connect"), 5000);
        const SendClock::time_point sendBy = SendClock::now() + std::chrono::milliseconds(200);
        r.sendBy = sendBy;
        auto call = std::async(std::launch::async, [&client, r] { return client->call(r); });
        while (SendClock::now() < sendBy) // make room only once the send-by has passed
            QThread::msleep(5);
        Fd first{::accept(listener.fd, nullptr, nullptr)}; // the filler: the client's connection may now complete
        QVERIFY(first.fd >= 0);
        const ProviderOutcome o = call.get();
        QVERIFY2(o.kind == Kind::Failed && !o.sent, qPrintable(toText(o.kind) + QStringLiteral(": ") + o.reason));
        QVERIFY2(o.reason.contains(QStringLiteral("lease ran out")), qPrintable(o.reason));
        // The client's connection reached the listener and carried nothing before it closed.
        pollfd p{listener.fd, POLLIN, 0};
        QCOMPARE(::poll(&p, 1, 5000), 1);
        Fd conn{::accept(listener.fd, nullptr, nullptr)};
        QVERIFY(conn.fd >= 0);
        pollfd c{conn.fd, POLLIN, 0};
        QCOMPARE(::poll(&c, 1, 5000), 1);
        char buf[256];
        QCOMPARE(::recv(conn.fd, buf, sizeof buf, 0), ssize_t(0)); // end of stream, no byte of the request
#else
        QSKIP("needs Linux sockets");
#endif
    }

    // Within its lease the request goes as before (libcurl's pre-request check passes it).
    void aRequestWithinItsSendBySendsOnce()
    {
        ProviderRequest r = request(QStringLiteral("sendby:ok"));
        r.sendBy = SendClock::now() + std::chrono::seconds(30);
        const ProviderOutcome o = m_client->call(r);
        QVERIFY2(o.kind == Kind::Completed, qPrintable(o.reason));
        QCOMPARE(fake()->completionRequestCount(QStringLiteral("sendby:ok")), 1);
    }

    void closeBeforeAnswerIsSentOnceAndUnknown_data()
    {
        QTest::addColumn<bool>("reset");
        QTest::newRow("FIN") << false;
        QTest::newRow("RST") << true;
    }
    void closeBeforeAnswerIsSentOnceAndUnknown()
    {
        QFETCH(bool, reset);
        const QString key = reset ? QStringLiteral("303:2") : QStringLiteral("303:1");
        Behaviour b = Behaviour::of(BKind::CloseBeforeAnswer);
        b.resetConnection = reset;
        fake()->setDefaultBehaviour(b);
        const ProviderOutcome o = m_client->call(request(key));
        QVERIFY2(o.kind == Kind::Unknown, qPrintable(o.reason));
        QVERIFY(o.sent);
        QCOMPARE(o.httpStatus, 0);
        QVERIFY(fence(QString(QStringLiteral("close-") + key)));
        QCOMPARE(fake()->completionRequestCount(key), 1); // exactly ONE request reached the provider
        QCOMPARE(fake()->connectionCount(), 2);           // the attempt's connection and the fence's
        QCOMPARE(m_client->lookup(key, 5000).kind, StatusLookup::Kind::NeverProcessed);
    }

    // libcurl's multi interface, checked as PLATFORM.md checked the easy one:
    // a provider that reads each POST and closes without answering gets every
    // one of many concurrent requests exactly once, and each is unknown (sent).
    void manyConcurrentRequestsToAProviderThatClosesAreEachSentOnce_data()
    {
        QTest::addColumn<bool>("reset");
        QTest::newRow("FIN") << false;
        QTest::newRow("RST") << true;
    }
    void manyConcurrentRequestsToAProviderThatClosesAreEachSentOnce()
    {
        QFETCH(bool, reset);
        QVERIFY(m_client->callsAsync());
        Behaviour b = Behaviour::of(BKind::CloseBeforeAnswer);
        b.resetConnection = reset;
        fake()->setDefaultBehaviour(b);
        constexpr int n = 200;
        struct Shared
        {
            std::mutex mutex;
            std::condition_variable cv;
            std::vector<ProviderOutcome> outcomes;
        };
        auto shared = std::make_shared<Shared>();
        const QString prefix = reset ? QStringLiteral("multi-rst:") : QStringLiteral("multi-fin:");
        for (int i = 0; i < n; ++i)
            m_client->callAsync(request(prefix + QString::number(i)), [shared](ProviderOutcome o) {
                std::lock_guard lock(shared->mutex);
                shared->outcomes.push_back(std::move(o));
                shared->cv.notify_all();
            });
        {
            std::unique_lock lock(shared->mutex);
            QVERIFY(shared->cv.wait_for(lock, std::chrono::seconds(60), [&] { return shared->outcomes.size() == n; }));
            for (const ProviderOutcome &o : shared->outcomes) {
                QVERIFY2(o.kind == Kind::Unknown, qPrintable(toText(o.kind) + QStringLiteral(": ") + o.reason));
                QVERIFY(o.sent);
                QCOMPARE(o.httpStatus, 0);
            }
        }
        QVERIFY(fence(prefix));
        for (int i = 0; i < n; ++i)
            QCOMPARE(fake()->completionRequestCount(prefix + QString::number(i)), 1); // exactly ONE each
        QCOMPARE(fake()->connectionCount(), n + 1); // one connection per request, and the fence's
        QCOMPARE(OpenAiClient::transfersInFlight(), 0);
    }

    // A caller's abort ends an idle transfer on the sender loop (no byte comes
    // back to wake libcurl): unknown, since the request was written.
    void anAbortedTransferOnTheSenderLoopEndsAndIsUnknown()
    {
        fake()->setDefaultBehaviour(Behaviour::of(BKind::Hang));
        auto abort = std::make_shared<std::atomic<bool>>(false);
        ProviderRequest r = request(QStringLiteral("multi-abort:1"), 30000);
        r.abort = abort;
        auto promise = std::make_shared<std::promise<ProviderOutcome>>();
        auto result = promise->get_future();
        m_client->callAsync(r, [promise](ProviderOutcome o) { promise->set_value(std::move(o)); });
        QTRY_COMPARE_WITH_TIMEOUT(fake()->completionRequestCount(QStringLiteral("multi-abort:1")), 1, 10000);
        QElapsedTimer t;
        t.start();
        *abort = true;
        QCOMPARE(result.wait_for(std::chrono::seconds(10)), std::future_status::ready);
        QVERIFY(t.elapsed() < 5000);
        const ProviderOutcome o = result.get();
        QVERIFY2(o.kind == Kind::Unknown && o.sent, qPrintable(toText(o.kind) + QStringLiteral(": ") + o.reason));
    }

    void swallowedResponseIsReportedByTheStatusLookup()
    {
        const QString key = QStringLiteral("304:1");
        Behaviour b = Behaviour::of(BKind::CloseBeforeAnswer);
        b.processedAnyway = true;
        fake()->setBehaviourForKey(key, b);
        QCOMPARE(m_client->call(request(key)).kind, Kind::Unknown);
        const StatusLookup s = m_client->lookup(key, 5000);
        QCOMPARE(s.kind, StatusLookup::Kind::Completed);
        QVERIFY(checkOutput(m_route, s.content).ok);
    }

    void hangPastTheDeadlineIsUnknown()
    {
        const QString key = QStringLiteral("404:1");
        fake()->setDefaultBehaviour(Behaviour::of(BKind::Hang));
        QElapsedTimer t;
        t.start();
        const ProviderOutcome o = m_client->call(request(key, 300));
        QVERIFY2(o.kind == Kind::Unknown, qPrintable(o.reason));
        QVERIFY(o.sent);
        QVERIFY(o.reason.contains(QStringLiteral("deadline")));
        QVERIFY(t.elapsed() >= 250);
        QVERIFY(t.elapsed() < 5000);
        QCOMPARE(fake()->completionRequestCount(key), 1);
        QCOMPARE(m_client->lookup(key, 5000).kind, StatusLookup::Kind::InProgress);
    }

    void answerWithinTheDeadlineCompletes()
    {
        fake()->setDefaultBehaviour(Behaviour::answer(150));
        const ProviderOutcome o = m_client->call(request(QStringLiteral("405:1"), 10000));
        QVERIFY2(o.kind == Kind::Completed, qPrintable(o.reason));
        QVERIFY(o.elapsedMs >= 140);
    }

    void slowAnswerPastTheDeadlineIsUnknownButDone()
    {
        const QString key = QStringLiteral("405:2");
        fake()->setBehaviourForKey(key, Behaviour::answer(400));
        const ProviderOutcome o = m_client->call(request(key, 150));
        QVERIFY2(o.kind == Kind::Unknown, qPrintable(o.reason));
        QVERIFY(o.sent);
        // The provider finished the work all the same: reconciliation can find it.
        QTRY_COMPARE_WITH_TIMEOUT(m_client->lookup(key, 2000).kind, StatusLookup::Kind::Completed, 10000);
        QCOMPARE(fake()->completionRequestCount(key), 1);
    }

    void lateAnswerIsReportedWhenAsked()
    {
        const QString key = QStringLiteral("406:1");
        fake()->setBehaviourForKey(key, Behaviour::of(BKind::AnswerLate, 50));
        const ProviderOutcome o = m_client->call(request(key, 300));
        QVERIFY2(o.kind == Kind::Unknown, qPrintable(o.reason));
        // The fake finishes 50 ms after the client gave up; poll its status (bounded).
        QTRY_COMPARE_WITH_TIMEOUT(m_client->lookup(key, 2000).kind, StatusLookup::Kind::Completed, 10000);
        const StatusLookup s = m_client->lookup(key, 2000);
        QVERIFY(checkOutput(m_route, s.content).ok);
        QCOMPARE(fake()->completionRequestCount(key), 1);
    }

    void closeMidBodyIsUnknown_data()
    {
        QTest::addColumn<bool>("reset");
        QTest::newRow("FIN") << false;
        QTest::newRow("RST") << true;
    }
    void closeMidBodyIsUnknown()
    {
        QFETCH(bool, reset);
        const QString key = reset ? QStringLiteral("505:2") : QStringLiteral("505:1");
        Behaviour b = Behaviour::of(BKind::CloseMidBody);
        b.resetConnection = reset;
        fake()->setDefaultBehaviour(b);
        const ProviderOutcome o = m_client->call(request(key));
        QVERIFY2(o.kind == Kind::Unknown, qPrintable(o.reason));
        QVERIFY(o.sent);
        QVERIFY(o.content.isEmpty());
        QVERIFY(fence(QString(QStringLiteral("mid-") + key)));
        QCOMPARE(fake()->completionRequestCount(key), 1);
        QCOMPARE(m_client->lookup(key, 5000).kind, StatusLookup::Kind::Completed);
    }

    void httpErrors_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("providerBody");
        QTest::addColumn<int>("retryAfterSeconds"); // -1: none
        QTest::addColumn<ProviderOutcome::Kind>("kind");
        QTest::addColumn<qint64>("retryAfterMs");    // -1: none

        // A 5xx after the request was sent: the provider (or its upstream) may have done the work.
        QTest::newRow("500 with provider error body") << 500 << true << -1 << Kind::Unknown << qint64(-1);
        QTest::newRow("500 without it") << 500 << false << -1 << Kind::Unknown << qint64(-1);
        QTest::newRow("429 with Retry-After") << 429 << true << 3 << Kind::Failed << qint64(3000);
        QTest::newRow("429 without Retry-After") << 429 << true << -1 << Kind::Failed << qint64(-1);
        QTest::newRow("503 with Retry-After") << 503 << false << 5 << Kind::Unknown << qint64(5000);
        QTest::newRow("503 without Retry-After") << 503 << true << -1 << Kind::Unknown << qint64(-1);
        QTest::newRow("502") << 502 << true << -1 << Kind::Unknown << qint64(-1);
        QTest::newRow("504") << 504 << false << -1 << Kind::Unknown << qint64(-1);
        QTest::newRow("400") << 400 << true << -1 << Kind::Failed << qint64(-1);
        QTest::newRow("401") << 401 << true << -1 << Kind::Failed << qint64(-1);
        QTest::newRow("422") << 422 << true << -1 << Kind::Failed << qint64(-1);
        QTest::newRow("418 not recognised") << 418 << true << -1 << Kind::Unknown << qint64(-1);
    }
    void httpErrors()
    {
        QFETCH(int, status);
        QFETCH(bool, providerBody);
        QFETCH(int, retryAfterSeconds);
        QFETCH(ProviderOutcome::Kind, kind);
        QFETCH(qint64, retryAfterMs);
        const QString key = QStringLiteral("606:") + QString::number(status);
        fake()->queueBehaviour(Behaviour::httpError(status, providerBody,
                                                    retryAfterSeconds < 0 ? std::nullopt : std::optional<int>(retryAfterSeconds)));
        const ProviderOutcome o = m_client->call(request(key));
        QVERIFY2(o.kind == kind, qPrintable(toText(o.kind) + QStringLiteral(": ") + o.reason));
        QVERIFY(o.sent);
        QCOMPARE(o.httpStatus, status);
        QCOMPARE(o.retryAfterMs.value_or(-1), retryAfterMs);
        QCOMPARE(fake()->completionRequestCount(key), 1);
    }

    void connectionRefusedIsFailedAndNotSent()
    {
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress(QHostAddress::LocalHost), 0));
            port = probe.serverPort();
        } // closed: nothing listens there now
        ProviderConfig config = m_config;
        config.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:") + QString::number(port) + QStringLiteral("/v1"));
        OpenAiClient client(config);
        const ProviderOutcome o = client.call(request(QStringLiteral("707:1")));
        QVERIFY2(o.kind == Kind::Failed, qPrintable(o.reason));
        QVERIFY(!o.sent);
        QCOMPARE(o.httpStatus, 0);
        QVERIFY(o.reason.startsWith(QStringLiteral("nothing was sent")));
        QCOMPARE(client.lookup(QStringLiteral("707:1"), 2000).kind, StatusLookup::Kind::Unknown);
    }

    void invalidOutputIsFailedAndRecorded_data()
    {
        QTest::addColumn<int>("behaviour");
        QTest::addColumn<QString>("reason");
        QTest::newRow("extra top-level key") << int(BKind::ExtraTopLevelKey) << QStringLiteral("extra top-level key(s): note");
        QTest::newRow("prose") << int(BKind::Prose) << QStringLiteral("output is not JSON");
        QTest::newRow("malformed JSON") << int(BKind::MalformedJson) << QStringLiteral("output is not JSON");
        QTest::newRow("ignored response_format") << int(BKind::IgnoreResponseFormat) << QStringLiteral("output is not JSON");
        QTest::newRow("ignored system prompt") << int(BKind::IgnoreSystemPrompt) << QStringLiteral("\"mixed\" is not one of");
    }
    void invalidOutputIsFailedAndRecorded()
    {
        QFETCH(int, behaviour);
        QFETCH(QString, reason);
        fake()->setDefaultBehaviour(Behaviour::of(BKind(behaviour)));
        const ProviderOutcome o = m_client->call(request(QStringLiteral("808:1")));
        QVERIFY2(o.kind == Kind::Failed, qPrintable(o.reason));
        QVERIFY(o.invalidOutput);
        QVERIFY(o.sent);
        QCOMPARE(o.httpStatus, 200);
        QVERIFY(!o.content.isEmpty());
        QVERIFY2(o.reason.startsWith(QStringLiteral("invalid output: ")) && o.reason.contains(reason), qPrintable(o.reason));
    }

    void behaviourRulesAndQueue()
    {
        fake()->setDefaultBehaviour(Behaviour::httpError(400));
        fake()->queueBehaviour(Behaviour::answer());
        fake()->setBehaviourForKey(QStringLiteral("909:"), Behaviour::httpError(422));
        fake()->setBehaviourForKey(QStringLiteral("909:2"), Behaviour::answer());
        QCOMPARE(m_client->call(request(QStringLiteral("909:1"))).httpStatus, 422); // prefix rule
        QCOMPARE(m_client->call(request(QStringLiteral("909:2"))).httpStatus, 200); // exact rule
        QCOMPARE(m_client->call(request(QStringLiteral("910:1"))).httpStatus, 200); // the queue
        QCOMPARE(m_client->call(request(QStringLiteral("910:2"))).httpStatus, 400); // the default
        // An answer function shapes well-behaved answers.
        fake()->clearRules();
        fake()->setAnswerFunction([](const QJsonObject &body) {
            return QJsonObject{{QStringLiteral("summary"), body.value(QStringLiteral("model")).toString()},
                               {QStringLiteral("sentiment"), QStringLiteral("neutral")}};
        });
        const ProviderOutcome o = m_client->call(request(QStringLiteral("911:1")));
        QVERIFY(isOk(o.kind));
        QCOMPARE(o.output.value(QStringLiteral("summary")).toString(), QStringLiteral("fake-model"));
    }

    void abortAfterSendingIsUnknown()
    {
        const QString key = QStringLiteral("1010:1");
        fake()->setDefaultBehaviour(Behaviour::of(BKind::Hang));
        auto abort = std::make_shared<std::atomic<bool>>(false);
        // Set the flag from the fake's thread the moment it has the request.
        const auto connection = QObject::connect(fake(), &FakeProvider::requestReceived, fake(),
                                                 [abort](const QString &) { abort->store(true); }, Qt::DirectConnection);
        ProviderRequest r = request(key, 20000);
        r.abort = abort;
        QElapsedTimer t;
        t.start();
        const ProviderOutcome o = m_client->call(r);
        QObject::disconnect(connection);
        QVERIFY2(o.kind == Kind::Unknown, qPrintable(o.reason));
        QVERIFY(o.sent);
        QVERIFY(t.elapsed() < 10000);
        QCOMPARE(fake()->completionRequestCount(key), 1);
    }

    void concurrentCallsFromWorkerThreads()
    {
        fake()->setDefaultBehaviour(Behaviour::answer(20));
        constexpr int kThreads = 8;
        std::vector<ProviderOutcome> outcomes(kThreads);
        std::vector<ProviderRequest> requests;
        for (int i = 0; i < kThreads; ++i)
            requests.push_back(request(QStringLiteral("1111:") + QString::number(i + 1)));
        {
            std::vector<std::thread> workers;
            for (int i = 0; i < kThreads; ++i)
                workers.emplace_back([&, i] { outcomes[size_t(i)] = m_client->call(requests[size_t(i)]); });
            for (std::thread &w : workers)
                w.join();
        }
        for (int i = 0; i < kThreads; ++i) {
            QVERIFY2(outcomes[size_t(i)].kind == Kind::Completed, qPrintable(outcomes[size_t(i)].reason));
            QCOMPARE(fake()->completionRequestCount(QStringLiteral("1111:") + QString::number(i + 1)), 1);
        }
        QCOMPARE(fake()->completionRequestCount(), kThreads);
        QCOMPARE(fake()->connectionCount(), kThreads); // one fresh connection per call
    }

    void statusLookupIsOptional()
    {
        QCOMPARE(m_client->lookup(QStringLiteral("never:1"), 5000).kind, StatusLookup::Kind::NeverProcessed);
        ProviderConfig plain = m_config;
        plain.kind = QStringLiteral("openai");
        plain.statusLookup = false;
        OpenAiClient client(plain);
        QVERIFY(!client.supportsStatusLookup());
        const int before = fake()->received().size();
        QCOMPARE(client.lookup(QStringLiteral("never:1"), 5000).kind, StatusLookup::Kind::Unknown);
        QCOMPARE(fake()->received().size(), before); // nothing asked
    }

    // The fake provider every client test talks to: stopping its thread deletes it.
    void fakeProviderThreadStopDeletesItsProvider()
    {
        FakeProviderThread t;
        QVERIFY(t.start());
        std::atomic<bool> destroyed{false};
        QObject::connect(t.provider(), &QObject::destroyed, t.provider(), [&] { destroyed = true; }, Qt::DirectConnection);
        t.stop();
        QVERIFY(destroyed);
    }
};

QTEST_GUILESS_MAIN(TestProviderClient)
#include "tst_provider_client.moc"
