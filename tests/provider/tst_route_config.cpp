#include "domain/Error.h"
#include "provider/ProviderClient.h"
#include "provider/Route.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace jobdesk;

namespace {

QJsonObject exampleJson()
{
    QFile f(QStringLiteral(JOBDESK_EXAMPLE_ROUTES));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open the example routes");
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Sets (or with an undefined value removes) the value at a path of object
// keys and array indexes, e.g. {"routes", "0", "output_schema"}.
QJsonValue setPath(QJsonValue node, QStringList path, const QJsonValue &value)
{
    const QString head = path.takeFirst();
    if (node.isArray()) {
        QJsonArray a = node.toArray();
        const int i = head.toInt();
        if (path.isEmpty())
            a[i] = value;
        else
            a[i] = setPath(a.at(i), path, value);
        return a;
    }
    QJsonObject o = node.toObject();
    if (path.isEmpty()) {
        if (value.isUndefined())
            o.remove(head);
        else
            o.insert(head, value);
    } else {
        o.insert(head, setPath(o.value(head), path, value));
    }
    return o;
}

QJsonValue parseValue(const QByteArray &text)
{
    if (text == "<remove>")
        return QJsonValue(QJsonValue::Undefined);
    return QJsonDocument::fromJson("[" + text + "]").array().at(0);
}

Route simpleRoute()
{
    Route r;
    r.name = QStringLiteral("r");
    r.systemPrompt = QStringLiteral("You help {{customer.name}}.");
    r.promptTemplate = QStringLiteral("Text: {{ text }} / n={{n}} / opts={{opts}} / flag={{flag}} / missing={{nope}} / null={{nil}} / {{customer.name}}");
    r.outputSchema = QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                                 {QStringLiteral("properties"), QJsonObject{{QStringLiteral("a"), QJsonObject{}}}}};
    r.providerChain = {QStringLiteral("p")};
    return r;
}

} // namespace

class TestRouteConfig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void loadsTheExample()
    {
        const RouteConfig config = RouteConfig::load(QStringLiteral(JOBDESK_EXAMPLE_ROUTES));
        QCOMPARE(config.providers.size(), 2);
        const Route *route = config.route(QStringLiteral("summarize"));
        QVERIFY(route);
        QCOMPARE(route->providerChain, (QStringList{QStringLiteral("primary"), QStringLiteral("fallback")}));
        QVERIFY(route->hedgeAfterMs.has_value());
        QCOMPARE(*route->hedgeAfterMs, 8000);
        QCOMPARE(route->maxParallel(), 2);
        QCOMPARE(route->deadlineMs, 30000);
        QCOMPARE(route->maxAttempts, 3);
        QCOMPARE(route->goldenCases.size(), 3);
        QCOMPARE(route->allowedValues.value(QStringLiteral("sentiment")).size(), 3);
        QVERIFY(!config.route(QStringLiteral("nope")));
        const ProviderConfig *primary = config.provider(QStringLiteral("primary"));
        const ProviderConfig *fallback = config.provider(QStringLiteral("fallback"));
        QVERIFY(primary && fallback);
        QCOMPARE(primary->kind, QStringLiteral("openai"));
        QVERIFY(!primary->statusLookup);
        QCOMPARE(primary->apiKeyEnv, QStringLiteral("OPENAI_API_KEY"));
        QVERIFY(fallback->statusLookup);
        QCOMPARE(fallback->contextTokens, 8192);
        for (const GoldenCase &c : route->goldenCases)
            QVERIFY2(renderPrompt(*route, c.input).unfilled.isEmpty(), qPrintable(c.name));
    }

    // Where an attempt's request went (attempts.sent_to): one place written
    // two ways is one endpoint; nothing secret is kept; another place, kind
    // or path is another endpoint.
    void anEndpointIsWhereRequestsGoWrittenOneWay()
    {
        auto at = [](const QString &kind, const QString &url) {
            ProviderConfig p;
            p.kind = kind;
            p.baseUrl = QUrl(url);
            return p.endpoint();
        };
        const QString plain = at(QStringLiteral("openai"), QStringLiteral("https://api.example.com/v1"));
        QCOMPARE(plain, QStringLiteral("openai https://api.example.com/v1"));
        QCOMPARE(at(QStringLiteral("openai"), QStringLiteral("HTTPS://API.Example.com:443/v1/")), plain);
        QCOMPARE(at(QStringLiteral("openai"), QStringLiteral("https://api.example.com/x/../v1")), plain);
        QCOMPARE(at(QStringLiteral("openai"), QStringLiteral("https://api.example.com/v1?key=secret#x")), plain);
        // Credentials in the URL name an account (libcurl sends them): a
        // digest of them, never the credentials themselves.
        const QString withUser = at(QStringLiteral("openai"), QStringLiteral("https://user:secret@api.example.com/v1"));
        QVERIFY2(withUser.startsWith(plain + QStringLiteral(" with credentials sha256:")), qPrintable(withUser));
        QCOMPARE(withUser.size(), plain.size() + ProviderConfig::kKeySuffixChars);
        QVERIFY(!withUser.contains(QStringLiteral("user")) && !withUser.contains(QStringLiteral("secret")));
        QCOMPARE(at(QStringLiteral("openai"), QStringLiteral("https://user:secret@API.example.com:443/v1/")), withUser);
        QVERIFY(at(QStringLiteral("openai"), QStringLiteral("https://user:other@api.example.com/v1")) != withUser);
        QVERIFY(at(QStringLiteral("openai"), QStringLiteral("https://other:secret@api.example.com/v1")) != withUser);
        QCOMPARE(at(QStringLiteral("openai"), QStringLiteral("http://127.0.0.1:80/v1")),
                 QStringLiteral("openai http://127.0.0.1/v1"));
        QVERIFY(at(QStringLiteral("openai"), QStringLiteral("https://api.example.com:8443/v1")) != plain);
        QVERIFY(at(QStringLiteral("openai"), QStringLiteral("https://eu.example.com/v1")) != plain);
        QVERIFY(at(QStringLiteral("openai"), QStringLiteral("https://api.example.com/v2")) != plain);
        QVERIFY(at(QStringLiteral("fake"), QStringLiteral("https://api.example.com/v1")) != plain);
    }

    // What the store records of a provider (every viewer reads the
    // providers table) holds no password: base_url without its user info and
    // a digest in its place. Read back, it hashes as the sender's config
    // does, so the console's check of a validation still matches. Found by a
    // review: a viewer login read the password.
    void aRecordedProviderConfigHoldsNoPassword()
    {
        const RouteConfig config = RouteConfig::load(QStringLiteral(JOBDESK_EXAMPLE_ROUTES));
        const Route &route = config.routes.first();
        ProviderConfig p = config.providers.first();
        QCOMPARE(p.publicJson(), p.toJson()); // nothing to hide: the same
        p.baseUrl = QUrl(QStringLiteral("https://acct42:s3cr3t-pa55@api.example.com/v1"));
        const QJsonObject recorded = p.publicJson();
        const QByteArray text = QJsonDocument(recorded).toJson(QJsonDocument::Compact);
        QVERIFY2(!text.contains("s3cr3t") && !text.contains("acct42"), text.constData());
        QCOMPARE(recorded.value(QStringLiteral("base_url")).toString(), QStringLiteral("https://api.example.com/v1"));
        const QString digest = recorded.value(QStringLiteral("base_url_user_info")).toString();
        QVERIFY2(digest.startsWith(QStringLiteral("sha256:")) && digest.size() == 7 + ProviderConfig::kKeyDigestHexChars,
                 qPrintable(digest));
        // Read back (the console), it is the same configuration.
        const ProviderConfig readBack = ProviderConfig::fromJson(recorded);
        QCOMPARE(readBack.publicJson(), recorded);
        QCOMPARE(readBack.toJson(), recorded);
        QCOMPARE(configHash(route, readBack), configHash(route, p));
        // Another account is another configuration.
        ProviderConfig other = p;
        other.baseUrl = QUrl(QStringLiteral("https://acct42:other@api.example.com/v1"));
        QVERIFY(other.publicJson().value(QStringLiteral("base_url_user_info")) != digest);
        QVERIFY(configHash(route, other) != configHash(route, p));
        ProviderConfig none = p;
        none.baseUrl = QUrl(QStringLiteral("https://api.example.com/v1"));
        QVERIFY(configHash(route, none) != configHash(route, p));
        // A digest next to user info, or not one JobDesk writes, is refused.
        QJsonObject both = recorded;
        both.insert(QStringLiteral("base_url"), QStringLiteral("https://acct42:s3cr3t-pa55@api.example.com/v1"));
        QVERIFY_THROWS_EXCEPTION(JobDeskError, ProviderConfig::fromJson(both));
        QJsonObject bad = recorded;
        bad.insert(QStringLiteral("base_url_user_info"), QStringLiteral("s3cr3t"));
        QVERIFY_THROWS_EXCEPTION(JobDeskError, ProviderConfig::fromJson(bad));
    }

    void roundTripsThroughJson()
    {
        const RouteConfig config = RouteConfig::load(QStringLiteral(JOBDESK_EXAMPLE_ROUTES));
        const RouteConfig again = RouteConfig::fromJson(config.toJson());
        QCOMPARE(again.toJson(), config.toJson());
        const Route &r = config.routes.first();
        const ProviderConfig &p = config.providers.first();
        QCOMPARE(configHash(again.routes.first(), again.providers.first()), configHash(r, p));
        QCOMPARE(configHash(r, p).size(), 64);
    }

    void refusesBadFields_data()
    {
        QTest::addColumn<QString>("path"); // slash-separated
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("message");

        QTest::newRow("no providers") << QStringLiteral("providers") << QByteArray("{}") << QStringLiteral("providers: expected an array");
        QTest::newRow("unknown top key") << QStringLiteral("route") << QByteArray("[]") << QStringLiteral("config.route: unknown key");
        QTest::newRow("provider name missing") << QStringLiteral("providers/0/name") << QByteArray("<remove>") << QStringLiteral("providers[0].name: is required");
        QTest::newRow("provider kind") << QStringLiteral("providers/0/kind") << QByteArray(R"("anthropic")")
                                       << QStringLiteral("providers[0].kind: unknown provider kind \"anthropic\"");
        QTest::newRow("provider url") << QStringLiteral("providers/0/base_url") << QByteArray("\"ftp://x/v1\"")
                                      << QStringLiteral("providers[0].base_url: expected an absolute http(s) URL");
        // Attempts record where they are sent (attempts.sent_to, up to 2000
        // characters); with credentials (providers[0] has api_key_env) the
        // account's digest takes 41 of them.
        QTest::newRow("provider url too long as an endpoint")
            << QStringLiteral("providers/1/base_url") << (QByteArray("\"http://127.0.0.1:8001/v1/") + QByteArray(1990, 'a') + '"')
            << QStringLiteral("providers[1].base_url: longer than 2000 characters as an endpoint");
        QTest::newRow("provider url with credentials too long as an endpoint")
            << QStringLiteral("providers/0/base_url") << (QByteArray("\"http://127.0.0.1:8001/v1/") + QByteArray(1950, 'a') + '"')
            << QStringLiteral("providers[0].base_url: longer than 1959 characters as an endpoint");
        QTest::newRow("context tokens") << QStringLiteral("providers/1/context_tokens") << QByteArray("0")
                                        << QStringLiteral("providers[1].context_tokens: expected a positive integer");
        QTest::newRow("ttl fraction") << QStringLiteral("providers/1/validation_ttl_ms") << QByteArray("1.5")
                                      << QStringLiteral("providers[1].validation_ttl_ms: expected a positive integer");
        QTest::newRow("status lookup type") << QStringLiteral("providers/1/status_lookup") << QByteArray(R"("yes")")
                                            << QStringLiteral("providers[1].status_lookup: expected true or false");
        QTest::newRow("provider typo") << QStringLiteral("providers/0/modle") << QByteArray(R"("x")") << QStringLiteral("providers[0].modle: unknown key");
        QTest::newRow("duplicate provider") << QStringLiteral("providers/1/name") << QByteArray(R"("primary")")
                                            << QStringLiteral("providers[1].name: duplicate provider \"primary\"");
        // Recorded in the store as it is used (each attempt's contract:
        // migration 36), where PostgreSQL's jsonb cannot hold U+0000.
        QTest::newRow("NUL in a prompt") << QStringLiteral("routes/0/prompt_template") << QByteArray(R"("Summarise:\u0000 {{text}}")")
                                         << QStringLiteral("routes[0].prompt_template: contains a NUL character");
        QTest::newRow("NUL in a golden case's input")
            << QStringLiteral("routes/0/golden_cases") << QByteArray(R"([{"name":"g","input":{"text":"a\u0000b"}}])")
            << QStringLiteral("routes[0].golden_cases[0].input.text: contains a NUL character");
        QTest::newRow("lone surrogate in a prompt")
            << QStringLiteral("routes/0/system_prompt") << QByteArray(R"("half \ud800 a pair")")
            << QStringLiteral("routes[0].system_prompt: contains a NUL character (\\u0000) or a lone UTF-16 surrogate");
        QTest::newRow("NUL in a member name") << QStringLiteral("routes/0/allowed_values") << QByteArray(R"({"a\u0000":["x"]})")
                                              << QStringLiteral("routes[0].allowed_values.a?: contains a NUL character");
        QTest::newRow("template missing") << QStringLiteral("routes/0/prompt_template") << QByteArray("<remove>")
                                          << QStringLiteral("routes[0] (summarize).prompt_template: is required");
        QTest::newRow("template empty") << QStringLiteral("routes/0/prompt_template") << QByteArray(R"(" ")")
                                        << QStringLiteral("routes[0] (summarize).prompt_template: must not be empty");
        QTest::newRow("schema not object") << QStringLiteral("routes/0/output_schema") << QByteArray(R"("x")")
                                           << QStringLiteral("routes[0] (summarize).output_schema: expected a JSON Schema object");
        QTest::newRow("schema top level array") << QStringLiteral("routes/0/output_schema") << QByteArray(R"({"type":"array"})")
                                                << QStringLiteral("output_schema: the top level must be");
        // A misspelt keyword is refused (draft 7's own keywords, pattern included, are supported).
        QTest::newRow("schema keyword") << QStringLiteral("routes/0/output_schema/properties/summary/minLenght") << QByteArray("1")
                                        << QStringLiteral("output_schema: $.properties.summary.minLenght: unsupported keyword");
        QTest::newRow("required undeclared") << QStringLiteral("routes/0/required_fields") << QByteArray(R"(["summary","score"])")
                                             << QStringLiteral("required_fields: \"score\" is not declared");
        QTest::newRow("required duplicate") << QStringLiteral("routes/0/required_fields") << QByteArray(R"(["summary","summary"])")
                                            << QStringLiteral("required_fields[1]: duplicate \"summary\"");
        QTest::newRow("allowed undeclared") << QStringLiteral("routes/0/allowed_values/mood") << QByteArray(R"(["a"])")
                                            << QStringLiteral("allowed_values.mood: field is not declared");
        QTest::newRow("allowed not strings") << QStringLiteral("routes/0/allowed_values/sentiment") << QByteArray("[1]")
                                             << QStringLiteral("allowed_values.sentiment[0]: expected a non-empty string");
        QTest::newRow("allowed empty") << QStringLiteral("routes/0/allowed_values/sentiment") << QByteArray("[]")
                                       << QStringLiteral("allowed_values.sentiment: must list at least one value");
        QTest::newRow("chain unknown provider") << QStringLiteral("routes/0/provider_chain") << QByteArray(R"(["primary","ghost"])")
                                                << QStringLiteral("routes[0] (summarize).provider_chain: unknown provider \"ghost\"");
        QTest::newRow("chain empty") << QStringLiteral("routes/0/provider_chain") << QByteArray("[]")
                                     << QStringLiteral("provider_chain: must name at least one provider");
        QTest::newRow("deadline string") << QStringLiteral("routes/0/deadline_ms") << QByteArray(R"("30s")")
                                         << QStringLiteral("routes[0] (summarize).deadline_ms: expected a positive integer, got a string");
        QTest::newRow("deadline negative") << QStringLiteral("routes/0/deadline_ms") << QByteArray("-5")
                                           << QStringLiteral("deadline_ms: expected a positive integer, got a number (-5)");
        QTest::newRow("max attempts zero") << QStringLiteral("routes/0/max_attempts") << QByteArray("0")
                                           << QStringLiteral("max_attempts: expected a positive integer");
        QTest::newRow("hedge after deadline") << QStringLiteral("routes/0/hedge_after_ms") << QByteArray("30000")
                                              << QStringLiteral("hedge_after_ms: must be less than deadline_ms (30000)");
        QTest::newRow("hedge typo") << QStringLiteral("routes/0/hedge_after") << QByteArray("100")
                                    << QStringLiteral("routes[0] (summarize).hedge_after: unknown key");
        QTest::newRow("temperature") << QStringLiteral("routes/0/temperature") << QByteArray("3")
                                     << QStringLiteral("temperature: expected a number from 0 to 2");
        QTest::newRow("golden input") << QStringLiteral("routes/0/golden_cases/1/input") << QByteArray(R"("text")")
                                      << QStringLiteral("golden_cases[1].input: expected an object");
        QTest::newRow("golden duplicate") << QStringLiteral("routes/0/golden_cases/1/name") << QByteArray(R"("happy customer")")
                                          << QStringLiteral("golden_cases[1].name: duplicate golden case");
    }
    void refusesBadFields()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, value);
        QFETCH(QString, message);
        const QJsonObject bad = setPath(exampleJson(), path.split(u'/'), parseValue(value)).toObject();
        try {
            RouteConfig::fromJson(bad);
            QFAIL("accepted a bad config");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::InvalidArgument);
            QVERIFY2(e.message().contains(message), qPrintable(e.message()));
        }
    }

    void loadReportsFileProblems()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        try {
            RouteConfig::load(missing);
            QFAIL("loaded a missing file");
        } catch (const JobDeskError &e) {
            QVERIFY2(e.message().startsWith(missing + QStringLiteral(": cannot read")), qPrintable(e.message()));
        }
        const QString broken = dir.filePath(QStringLiteral("broken.json"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"providers\": [");
        f.close();
        try {
            RouteConfig::load(broken);
            QFAIL("loaded broken JSON");
        } catch (const JobDeskError &e) {
            QVERIFY2(e.message().contains(QStringLiteral("not valid JSON")), qPrintable(e.message()));
        }
    }

    void hashSeesEveryChange()
    {
        const RouteConfig config = RouteConfig::load(QStringLiteral(JOBDESK_EXAMPLE_ROUTES));
        const Route route = config.routes.first();
        const ProviderConfig provider = config.providers.first();
        const QString base = configHash(route, provider);
        QCOMPARE(configHash(route, provider), base); // deterministic

        QList<Route> routes;
        Route r = route; r.promptTemplate += u' '; routes << r;
        r = route; r.temperature = 0.3; routes << r;
        r = route; r.outputSchema.insert(QStringLiteral("description"), QStringLiteral("x")); routes << r;
        r = route; r.allowedValues[QStringLiteral("sentiment")].removeLast(); routes << r;
        r = route; r.goldenCases.removeLast(); routes << r;
        r = route; r.hedgeAfterMs.reset(); routes << r;
        r = route; r.systemPrompt.clear(); routes << r;
        for (const Route &changed : std::as_const(routes))
            QVERIFY(configHash(changed, provider) != base);

        QList<ProviderConfig> providers;
        ProviderConfig p = provider; p.model = QStringLiteral("gpt-4o"); providers << p;
        p = provider; p.baseUrl = QUrl(QStringLiteral("https://other.example/v1")); providers << p;
        p = provider; p.contextTokens = 4096; providers << p;
        p = provider; p.validationTtlMs = 1000; providers << p;
        p = provider; p.kind = QStringLiteral("fake"); providers << p;
        for (const ProviderConfig &changed : std::as_const(providers))
            QVERIFY(configHash(route, changed) != base);

        // Key order in the file does not matter: the hash is of canonical JSON.
        QJsonObject reordered;
        const QJsonObject original = route.toJson();
        QStringList keys = original.keys();
        std::reverse(keys.begin(), keys.end());
        for (const QString &k : std::as_const(keys))
            reordered.insert(k, original.value(k));
        QCOMPARE(configHash(Route::fromJson(reordered), provider), base);
    }

    void rendersPlaceholders()
    {
        const Route r = simpleRoute();
        const QJsonObject input = QJsonDocument::fromJson(
            R"({"text":"hello","n":3,"opts":{"b":1,"a":[true]},"flag":false,"nil":null,"customer":{"name":"Ada"}})").object();
        const RenderedPrompt p = renderPrompt(r, input);
        QCOMPARE(p.system, QStringLiteral("You help Ada."));
        QCOMPARE(p.user, QStringLiteral("Text: hello / n=3 / opts={\"a\":[true],\"b\":1} / flag=false / missing={{nope}} / null={{nil}} / Ada"));
        QCOMPARE(p.unfilled, (QStringList{QStringLiteral("nope"), QStringLiteral("nil")}));
        QVERIFY(p.estimatedTokens > estimateTokens(p.user));

        const RenderedPrompt none = renderPrompt(r, {});
        QCOMPARE(none.unfilled, (QStringList{QStringLiteral("customer.name"), QStringLiteral("text"), QStringLiteral("n"),
                                             QStringLiteral("opts"), QStringLiteral("flag"), QStringLiteral("nope"), QStringLiteral("nil")}));
    }

    void estimatesTokens_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("tokens");
        QTest::newRow("empty") << QString() << 0;
        QTest::newRow("1 byte") << QStringLiteral("a") << 1;
        QTest::newRow("4 bytes") << QStringLiteral("abcd") << 1;
        QTest::newRow("5 bytes") << QStringLiteral("abcde") << 2;
        QTest::newRow("CJK: one per character") << QString::fromUtf8("配送状況") << 4;
        QTest::newRow("emoji: one per code point") << QString::fromUtf8("\xF0\x9F\x98\x80\xF0\x9F\x98\x80") << 2;
        QTest::newRow("mixed") << QString::fromUtf8("Zoë ok") << 3; // 5 ASCII -> 2, plus ë
    }
    void estimatesTokens()
    {
        QFETCH(QString, text);
        QFETCH(int, tokens);
        QCOMPARE(estimateTokens(text), tokens);
    }

    void requestBuilderRefusesWhatCannotBeSent()
    {
        const RouteConfig config = RouteConfig::load(QStringLiteral(JOBDESK_EXAMPLE_ROUTES));
        const Route &route = *config.route(QStringLiteral("summarize"));
        ProviderConfig provider = *config.provider(QStringLiteral("fallback"));
        const QJsonObject input = route.goldenCases.first().input;
        const ProviderRequest ok = makeProviderRequest(route, provider, input, QStringLiteral("7:1"));
        QCOMPARE(ok.idempotencyKey, QStringLiteral("7:1"));
        QCOMPARE(ok.model, provider.model);
        QVERIFY(ok.userPrompt.contains(QStringLiteral("Ada")));
        QVERIFY(ok.checkContent);
        QVERIFY(ok.checkContent(R"({"summary":"s","sentiment":"neutral"})").ok);
        QVERIFY(!ok.checkContent(R"({"summary":"","sentiment":"neutral"})").ok);

        QVERIFY_THROWS_EXCEPTION(JobDeskError, makeProviderRequest(route, provider, QJsonObject{{QStringLiteral("text"), QStringLiteral("x")}},
                                                                   QStringLiteral("7:2")));
        provider.contextTokens = 10;
        QVERIFY_THROWS_EXCEPTION(JobDeskError, makeProviderRequest(route, provider, input, QStringLiteral("7:3")));
    }
};

QTEST_GUILESS_MAIN(TestRouteConfig)
#include "tst_route_config.moc"
