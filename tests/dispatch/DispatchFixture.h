#pragma once

// Two fake providers on loopback ("primary" and "fallback"), a route over
// them, and a Dispatcher on a fresh store: what every dispatcher test starts from.

#include "StoreFixture.h"

#include "dispatch/Dispatcher.h"
#include "testing/FakeProvider.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <thread>

namespace jobdesk::test {

inline QJsonObject outputSchema()
{
    return QJsonObject{
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject{{QStringLiteral("summary"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                             {QStringLiteral("minLength"), 1}}},
                     {QStringLiteral("sentiment"),
                      QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                  {QStringLiteral("enum"), QJsonArray{QStringLiteral("positive"), QStringLiteral("neutral"),
                                                                      QStringLiteral("negative")}}}}}},
        {QStringLiteral("required"), QJsonArray{QStringLiteral("summary"), QStringLiteral("sentiment")}},
        {QStringLiteral("additionalProperties"), false}};
}

inline QJsonObject answer(const QString &summary)
{
    return {{QStringLiteral("summary"), summary}, {QStringLiteral("sentiment"), QStringLiteral("neutral")}};
}

// A provider's answer for the fixture's route, as the bytes it sends.
inline QByteArray validContent(const QString &summary)
{
    return QJsonDocument(answer(summary)).toJson(QJsonDocument::Compact);
}

// Joins a test's helper thread whatever way the test leaves.
struct Joined
{
    std::thread t;
    ~Joined()
    {
        if (t.joinable())
            t.join();
    }
};

struct DispatchFixture
{
    FakeProviderThread primary;
    FakeProviderThread fallback;
    RouteConfig config;

    // deadline/hedge in ms; a route "summarize" with chain [primary, fallback].
    bool setUp(qint64 deadlineMs = 2000, std::optional<qint64> hedgeAfterMs = std::nullopt, int maxAttempts = 3,
               qint64 validationTtlMs = 3600 * 1000)
    {
        if (!primary.start() || !fallback.start())
            return false;
        primary.provider()->setDefaultBehaviour(withOutput(FakeProvider::Behaviour::answer(), QStringLiteral("from primary")));
        fallback.provider()->setDefaultBehaviour(withOutput(FakeProvider::Behaviour::answer(), QStringLiteral("from fallback")));
        QJsonObject route{{QStringLiteral("name"), QStringLiteral("summarize")},
                          {QStringLiteral("system_prompt"), QStringLiteral("You summarise text as JSON.")},
                          {QStringLiteral("prompt_template"), QStringLiteral("Summarise: {{text}}")},
                          {QStringLiteral("output_schema"), outputSchema()},
                          {QStringLiteral("required_fields"), QJsonArray{QStringLiteral("summary")}},
                          {QStringLiteral("provider_chain"), QJsonArray{QStringLiteral("primary"), QStringLiteral("fallback")}},
                          {QStringLiteral("deadline_ms"), deadlineMs},
                          {QStringLiteral("max_attempts"), maxAttempts},
                          {QStringLiteral("golden_cases"),
                           QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("short")},
                                                  {QStringLiteral("input"), QJsonObject{{QStringLiteral("text"), QStringLiteral("a cat sat")}}}}}}};
        if (hedgeAfterMs)
            route.insert(QStringLiteral("hedge_after_ms"), *hedgeAfterMs);
        auto provider = [&](const QString &name, const FakeProviderThread &fake) {
            return QJsonObject{{QStringLiteral("name"), name},
                               {QStringLiteral("kind"), QStringLiteral("fake")},
                               {QStringLiteral("base_url"), fake.provider()->baseUrl().toString()},
                               {QStringLiteral("model"), QStringLiteral("fake-1")},
                               {QStringLiteral("context_tokens"), 4096},
                               {QStringLiteral("validation_ttl_ms"), validationTtlMs}};
        };
        config = RouteConfig::fromJson(QJsonObject{
            {QStringLiteral("providers"), QJsonArray{provider(QStringLiteral("primary"), primary), provider(QStringLiteral("fallback"), fallback)}},
            {QStringLiteral("routes"), QJsonArray{route}}});
        return true;
    }

    static FakeProvider::Behaviour withOutput(FakeProvider::Behaviour b, const QString &summary)
    {
        b.output = answer(summary);
        return b;
    }

    const Route &route() const { return *config.route(QStringLiteral("summarize")); }

    // neverProcessedGraceMs 0: a provider's "never processed" counts as soon as
    // the attempt's lease is over (the production default waits 30 s more).
    std::unique_ptr<Dispatcher> dispatcher(const StoreUrl &url, qint64 leaseMs = 10000, qint64 neverProcessedGraceMs = 0) const
    {
        DispatcherOptions o;
        o.workerId = QStringLiteral("test-dispatcher");
        o.leaseMs = leaseMs;
        o.neverProcessedGraceMs = neverProcessedGraceMs;
        // Lookups unpaced: each pass may ask again (tst_lookup_pacing tests the pacing).
        o.lookupBackoffMinMs = 0;
        o.lookupBackoffMaxMs = 0;
        return std::make_unique<Dispatcher>(url, config, std::make_shared<ProviderDirectory>(config), o);
    }

    Job submit(JobService &svc, const QString &key) const
    {
        return svc.submit(submitRequestFor(route(), QStringLiteral("owner-1"), key,
                                           QJsonObject{{QStringLiteral("text"), QString(QStringLiteral("text for ") + key)}}))
            .job;
    }
};

// `config` written as a routes file (routes.json in `dir`) for a
// jobdesk-server process; empty when it cannot be written.
inline QString writeRoutes(const QTemporaryDir &dir, const RouteConfig &config)
{
    const QString path = dir.filePath(QStringLiteral("routes.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QJsonDocument(config.toJson()).toJson());
    return path;
}

// An unknown attempt made directly through JobService (claimed, started, sent, timed out).
inline Attempt unknownAttempt(JobService &svc, const DispatchFixture &fx, const QString &key,
                              const QString &provider = QStringLiteral("primary"))
{
    const Job job = fx.submit(svc, key);
    const Attempt a = startRunning(svc, job.id, provider);
    return svc.markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
}

} // namespace jobdesk::test

// In a store suite's test function: `store` (this row's fresh store), `fx`
// (set up with the arguments: deadline, hedge, ...), `svc`, `dispatcher` on
// the store, and `worker`, the worker id the test runs it as.
#define JD_DISPATCH_SETUP(...)                                                  \
    JD_FRESH_STORE(store);                                                      \
    jobdesk::test::DispatchFixture fx;                                          \
    QVERIFY2(fx.setUp(__VA_ARGS__), "fake providers could not listen on 127.0.0.1"); \
    auto svc = store->open();                                                   \
    auto dispatcher = fx.dispatcher(store->url());                              \
    const QString worker = QStringLiteral("w-test");
