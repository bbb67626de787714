// Contract validation against the fake provider on 127.0.0.1: a well-behaved
// fake passes; each misbehaviour is caught and named in the report.

#include "provider/ContractValidation.h"
#include "testing/FakeProvider.h"
#include "provider/ProviderFactory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace jobdesk;
using Behaviour = FakeProvider::Behaviour;
using BKind = FakeProvider::Behaviour::Kind;

namespace {

constexpr qint64 kNow = 1'800'000'000'000;

Route summarizeRoute()
{
    Route r;
    r.name = QStringLiteral("summarize");
    r.systemPrompt = QStringLiteral("Summarise the customer's message as JSON with summary and sentiment.");
    r.promptTemplate = QStringLiteral("Customer {{customer.name}} wrote:\n{{text}}");
    r.outputSchema = QJsonDocument::fromJson(R"({"type":"object","properties":{
        "summary":{"type":"string","minLength":1,"maxLength":400},
        "sentiment":{"type":"string","enum":["positive","neutral","negative"]}},
        "required":["summary","sentiment"],"additionalProperties":false})").object();
    r.requiredFields = {QStringLiteral("summary"), QStringLiteral("sentiment")};
    r.allowedValues.insert(QStringLiteral("sentiment"), {QStringLiteral("positive"), QStringLiteral("neutral"), QStringLiteral("negative")});
    r.providerChain = {QStringLiteral("primary"), QStringLiteral("fallback")};
    r.deadlineMs = 5000;
    r.goldenCases = {
        {QStringLiteral("happy"), QJsonObject{{QStringLiteral("customer"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}}},
                                              {QStringLiteral("text"), QStringLiteral("Thanks, it works!")}}},
        {QStringLiteral("angry"), QJsonObject{{QStringLiteral("customer"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Bob")}}},
                                              {QStringLiteral("text"), QStringLiteral("It lost my draft again.")}}},
    };
    return r;
}

QString failures(const ValidationResult &v)
{
    QStringList all;
    for (const QJsonValue &f : v.report.value(QStringLiteral("failures")).toArray())
        all << f.toString();
    return all.join(QStringLiteral(" | "));
}

// A provider that answers valid output but says it ignored response_format:
// the flag alone must be enough to fail the contract.
class FlaggingClient final : public ProviderClient
{
public:
    ProviderOutcome call(const ProviderRequest &) override
    {
        ProviderOutcome o;
        o.kind = ProviderOutcome::Kind::Completed;
        o.sent = true;
        o.httpStatus = 200;
        o.content = R"({"summary":"fine","sentiment":"neutral"})";
        o.diagnostics.insert(QStringLiteral("response_format_honoured"), false);
        return o;
    }
};

} // namespace

class TestContractValidation : public QObject
{
    Q_OBJECT

    FakeProviderThread m_fakeThread;
    FakeProvider *fake() const { return m_fakeThread.provider(); }
    ProviderConfig m_provider;
    Route m_route = summarizeRoute();
    std::unique_ptr<ProviderClient> m_client;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_fakeThread.start());
        m_provider.name = QStringLiteral("fallback");
        m_provider.kind = QStringLiteral("fake");
        m_provider.baseUrl = fake()->baseUrl();
        m_provider.model = QStringLiteral("fake-small");
        m_provider.statusLookup = true;
        m_provider.validationTtlMs = 3600 * 1000;
        m_client = makeProviderClient(m_provider);
    }
    void init()
    {
        fake()->clearRules();
        fake()->clearReceived();
    }
    void cleanupTestCase() { m_fakeThread.stop(); }

    void wellBehavedProviderPasses()
    {
        const ValidationResult v = validateContract(m_route, m_provider, *m_client, kNow);
        QVERIFY2(v.passed, qPrintable(failures(v)));
        QCOMPARE(v.provider, QStringLiteral("fallback"));
        QCOMPARE(v.route, QStringLiteral("summarize"));
        QCOMPARE(v.configHash, configHash(m_route, m_provider));
        QCOMPARE(v.validatedAtMs, kNow);
        QCOMPARE(v.expiresAtMs, kNow + 3600 * 1000);

        const QJsonArray cases = v.report.value(QStringLiteral("cases")).toArray();
        QCOMPARE(cases.size(), 2);
        for (const QJsonValue &c : cases) {
            const QJsonObject o = c.toObject();
            QVERIFY(o.value(QStringLiteral("passed")).toBool());
            QVERIFY(o.value(QStringLiteral("response_format_honoured")).toBool());
            QVERIFY(o.value(QStringLiteral("system_prompt_honoured")).toBool());
            QVERIFY(o.value(QStringLiteral("estimated_prompt_tokens")).toInt() > 0);
            QVERIFY(o.value(QStringLiteral("unfilled_placeholders")).toArray().isEmpty());
            QVERIFY(o.value(QStringLiteral("schema_errors")).toArray().isEmpty());
        }
        QVERIFY(v.report.value(QStringLiteral("response_format_probe")).toObject().value(QStringLiteral("response_format_honoured")).toBool());

        // Temperature 0, one request per golden case plus the probe, each with its own key.
        const QList<FakeProvider::Received> got = fake()->received();
        QCOMPARE(got.size(), 3);
        QSet<QString> keys;
        for (const FakeProvider::Received &r : got) {
            QCOMPARE(r.body.value(QStringLiteral("temperature")).toDouble(-1), 0.0);
            QVERIFY(r.idempotencyKey.startsWith(QStringLiteral("validation:summarize:fallback:")));
            keys.insert(r.idempotencyKey);
        }
        QCOMPARE(keys.size(), 3);

        // Invariant 6: it holds only while unexpired and for this exact config.
        QVERIFY(v.holdsFor(m_route, m_provider, kNow + 1000));
        QVERIFY(!v.holdsFor(m_route, m_provider, v.expiresAtMs));
        Route changed = m_route;
        changed.promptTemplate += QStringLiteral(" Be brief.");
        QVERIFY(!v.holdsFor(changed, m_provider, kNow + 1000));
        ProviderConfig otherModel = m_provider;
        otherModel.model = QStringLiteral("fake-large");
        QVERIFY(!v.holdsFor(m_route, otherModel, kNow + 1000));

        const ValidationResult again = ValidationResult::fromJson(v.toJson());
        QCOMPARE(again.toJson(), v.toJson());
        QVERIFY(again.holdsFor(m_route, m_provider, kNow + 1000));
    }

    void catchesEachMisbehaviour_data()
    {
        QTest::addColumn<int>("behaviour");
        QTest::addColumn<QString>("expected"); // in the failures
        QTest::addColumn<bool>("formatHonoured");

        QTest::newRow("extra top-level key") << int(BKind::ExtraTopLevelKey) << QStringLiteral("extra top-level key(s): note") << false;
        QTest::newRow("prose") << int(BKind::Prose) << QStringLiteral("output is not JSON") << false;
        QTest::newRow("malformed JSON") << int(BKind::MalformedJson) << QStringLiteral("output is not JSON") << false;
        QTest::newRow("ignored response_format") << int(BKind::IgnoreResponseFormat) << QStringLiteral("response_format not honoured") << false;
        QTest::newRow("ignored system prompt") << int(BKind::IgnoreSystemPrompt) << QStringLiteral("system prompt not honoured") << false;
        QTest::newRow("HTTP 500") << int(BKind::HttpError) << QStringLiteral("no usable answer (unknown): HTTP 500") << false;
    }
    void catchesEachMisbehaviour()
    {
        QFETCH(int, behaviour);
        QFETCH(QString, expected);
        QFETCH(bool, formatHonoured);
        Behaviour b = Behaviour::of(BKind(behaviour));
        b.status = 500;
        fake()->setDefaultBehaviour(b);
        const ValidationResult v = validateContract(m_route, m_provider, *m_client, kNow);
        QVERIFY(!v.passed);
        QVERIFY2(failures(v).contains(expected), qPrintable(failures(v)));
        const QJsonObject first = v.report.value(QStringLiteral("cases")).toArray().at(0).toObject();
        QVERIFY(!first.value(QStringLiteral("passed")).toBool());
        QCOMPARE(first.value(QStringLiteral("response_format_honoured")).toBool(), formatHonoured);
        QVERIFY(!v.holdsFor(m_route, m_provider, kNow + 1));
    }

    void probeCatchesAProviderThatOnlyFollowsInstructions()
    {
        // Golden cases come back fine; asked for prose, it gives prose: the
        // schema is not enforced, so response_format is not honoured.
        fake()->setBehaviourForKey(QStringLiteral("validation:summarize:fallback:") + QString::number(kNow) + QStringLiteral(":probe"),
                                   Behaviour::of(BKind::Prose));
        const ValidationResult v = validateContract(m_route, m_provider, *m_client, kNow);
        QVERIFY(!v.passed);
        for (const QJsonValue &c : v.report.value(QStringLiteral("cases")).toArray())
            QVERIFY(c.toObject().value(QStringLiteral("passed")).toBool());
        QVERIFY2(failures(v).contains(QStringLiteral("response_format probe")), qPrintable(failures(v)));
        const QJsonObject probe = v.report.value(QStringLiteral("response_format_probe")).toObject();
        QVERIFY(!probe.value(QStringLiteral("response_format_honoured")).toBool());
    }

    void detectsTheProvidersOwnFlag()
    {
        FlaggingClient client;
        const ValidationResult v = validateContract(m_route, m_provider, client, kNow);
        QVERIFY(!v.passed);
        QVERIFY2(failures(v).contains(QStringLiteral("response_format not honoured (the provider says so)")), qPrintable(failures(v)));
    }

    void templateTooLongForTheContext()
    {
        ProviderConfig small = m_provider;
        small.contextTokens = 60;
        const ValidationResult v = validateContract(m_route, small, *m_client, kNow);
        QVERIFY(!v.passed);
        QVERIFY2(failures(v).contains(QStringLiteral("tokens, the provider's context holds 60")), qPrintable(failures(v)));
        const QJsonObject first = v.report.value(QStringLiteral("cases")).toArray().at(0).toObject();
        QVERIFY(!first.value(QStringLiteral("fits_context")).toBool());
        QVERIFY(first.value(QStringLiteral("estimated_prompt_tokens")).toInt() > 60);
        QVERIFY(!first.value(QStringLiteral("sent")).toBool());
        QCOMPARE(fake()->completionRequestCount(), 0); // nothing that cannot fit is sent
        QVERIFY(v.report.value(QStringLiteral("response_format_probe")).toObject().contains(QStringLiteral("skipped")));
    }

    void outputThatOverflowsTheContextFails()
    {
        // The prompt fits, prompt + answer does not.
        ProviderConfig tight = m_provider;
        tight.contextTokens = renderPrompt(m_route, m_route.goldenCases.at(1).input).estimatedTokens + 5;
        Behaviour b = Behaviour::answer();
        b.output = QJsonObject{{QStringLiteral("summary"), QString(300, u'x')}, {QStringLiteral("sentiment"), QStringLiteral("negative")}};
        fake()->setDefaultBehaviour(b);
        const ValidationResult v = validateContract(m_route, tight, *m_client, kNow);
        QVERIFY(!v.passed);
        QVERIFY2(failures(v).contains(QStringLiteral("prompt and output need about")), qPrintable(failures(v)));
    }

    void unfilledPlaceholderFails()
    {
        Route r = m_route;
        r.promptTemplate += QStringLiteral(" (order {{order.id}})");
        const ValidationResult v = validateContract(r, m_provider, *m_client, kNow);
        QVERIFY(!v.passed);
        QVERIFY2(failures(v).contains(QStringLiteral("unfilled placeholder(s): order.id")), qPrintable(failures(v)));
        QCOMPARE(fake()->completionRequestCount(), 0);
    }

    void noGoldenCasesProvesNothing()
    {
        Route r = m_route;
        r.goldenCases.clear();
        const ValidationResult v = validateContract(r, m_provider, *m_client, kNow);
        QVERIFY(!v.passed);
        QVERIFY(failures(v).contains(QStringLiteral("no golden cases")));
    }

    void unreachableProviderFails()
    {
        fake()->setDefaultBehaviour(Behaviour::of(BKind::Hang));
        Route r = m_route;
        r.deadlineMs = 200;
        const ValidationResult v = validateContract(r, m_provider, *m_client, kNow);
        QVERIFY(!v.passed);
        QVERIFY2(failures(v).contains(QStringLiteral("no usable answer (unknown)")), qPrintable(failures(v)));
    }
};

QTEST_GUILESS_MAIN(TestContractValidation)
#include "tst_contract_validation.moc"
