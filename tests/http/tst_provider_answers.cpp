// GET /metrics's jobdesk_provider_answers_recent on both stores: each send's
// outcome, recorded as the dispatcher records it (the reason the outcome
// mapping wrote, by the worker), counted once under its provider and HTTP
// status class; what was never sent and what the reaper ended are not answers.

#include "StoreFixture.h"

#include "http/ApiMetrics.h"
#include "provider/OutcomeMapping.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

HttpExchange answered(int status, const QByteArray &body = R"({"error": {"message": "busy"}})")
{
    HttpExchange x;
    x.status = status;
    x.body = body;
    return x;
}

QByteArray chat(const QByteArray &content)
{
    return R"({"choices": [{"message": {"role": "assistant", "content": )" + content + R"(}, "finish_reason": "stop"}]})";
}

// A running attempt of a new job on `provider`, ended by worker w1 as the
// dispatcher ends it for this exchange (Dispatcher::apply).
void sendAndApply(JobService &svc, const QString &key, const QString &provider, const HttpExchange &x,
                  const QList<int> &nothingDone = {})
{
    const Attempt a = startRunning(svc, submitJob(svc, key).id, provider);
    const ContentCheck check = [](const QByteArray &content) {
        OutputCheck c;
        c.ok = content == "\"ok\"";
        c.reason = c.ok ? QString() : QStringLiteral("not ok");
        return c;
    };
    const ProviderOutcome o = classifyExchange(x, check, QDateTime::currentDateTimeUtc(), nothingDone);
    const Actor worker = Actor::worker(QStringLiteral("w1"));
    switch (o.kind) {
    case ProviderOutcome::Kind::Completed:
        svc.complete(a.id, R"({"summary":"ok"})", worker);
        break;
    case ProviderOutcome::Kind::Failed:
        svc.fail(a.id, worker, (o.invalidOutput && !o.reason.startsWith(QLatin1String("invalid output")) ? QStringLiteral("invalid output: ") : QString()) + o.reason,
                 {}, !o.invalidOutput);
        break;
    case ProviderOutcome::Kind::Unknown:
        svc.markUnknown(a.id, worker, o.reason);
        break;
    }
}

} // namespace

class TestProviderAnswers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    void eachAnswerIsCountedUnderItsProviderAndStatusClass()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        sendAndApply(*svc, QStringLiteral("k503"), QStringLiteral("primary"), answered(503));      // unknown
        sendAndApply(*svc, QStringLiteral("k502"), QStringLiteral("primary"), answered(502), {502}); // failed: documented as nothing done
        sendAndApply(*svc, QStringLiteral("k500"), QStringLiteral("fallback"), answered(500));
        sendAndApply(*svc, QStringLiteral("k429"), QStringLiteral("primary"), answered(429));
        sendAndApply(*svc, QStringLiteral("k200"), QStringLiteral("primary"), answered(200, chat("\"ok\"")));
        sendAndApply(*svc, QStringLiteral("k200bad"), QStringLiteral("primary"), answered(200, chat("\"bad\""))); // invalid output
        sendAndApply(*svc, QStringLiteral("k302"), QStringLiteral("primary"), answered(302, {}));
        HttpExchange timedOut;
        timedOut.transport = HttpExchange::Transport::TimedOut;
        timedOut.transportError = QStringLiteral("Operation timed out");
        sendAndApply(*svc, QStringLiteral("kslow"), QStringLiteral("primary"), timedOut);
        HttpExchange refused; // not an answer: nothing reached the provider
        refused.transport = HttpExchange::Transport::NothingSent;
        refused.transportError = QStringLiteral("Connection refused");
        sendAndApply(*svc, QStringLiteral("krefused"), QStringLiteral("primary"), refused);
        // Not an answer either: the reaper ends an attempt whose lease expired.
        const Attempt reaped = startRunning(*svc, submitJob(*svc, QStringLiteral("kreaped")).id);
        svc->setClockOffsetMs(2 * 3600 * 1000);
        QCOMPARE(svc->reapExpiredLeases(Actor{QStringLiteral("reaper"), QStringLiteral("r1"), Role::Service}).size(), 1);
        svc->setClockOffsetMs(0);
        QCOMPARE(svc->attempt(reaped.id)->state, AttemptState::Unknown);

        const StoreGauges g = readStoreGauges(*svc);
        using Key = QPair<QString, QString>;
        const QMap<Key, qint64> expected{{{QStringLiteral("fallback"), QStringLiteral("5xx")}, 1},
                                         {{QStringLiteral("primary"), QStringLiteral("2xx")}, 2},
                                         {{QStringLiteral("primary"), QStringLiteral("4xx")}, 1},
                                         {{QStringLiteral("primary"), QStringLiteral("5xx")}, 2},
                                         {{QStringLiteral("primary"), QStringLiteral("other")}, 1},
                                         {{QStringLiteral("primary"), QStringLiteral("none")}, 1}};
        QCOMPARE(g.recentProviderAnswers, expected);
        const QByteArray page = ApiMetrics().render(g, ServerGauges{});
        QVERIFY(page.contains("# TYPE jobdesk_provider_answers_recent gauge\n"));
        QVERIFY(page.contains("jobdesk_provider_answers_recent{provider=\"primary\",class=\"5xx\"} 2\n"));
        QVERIFY(page.contains("jobdesk_provider_answers_recent{provider=\"fallback\",class=\"5xx\"} 1\n"));
    }
};

QTEST_GUILESS_MAIN(TestProviderAnswers)
#include "tst_provider_answers.moc"
