// Status lookups a provider can afford: each attempt is claimed in the store
// before its provider is asked, so two servers never ask about one attempt
// at once; its lookups back off (doubling, up to a cap) across servers; and
// lookups take their place under the provider's limits. Both stores.

#include "DispatchFixture.h"
#include "ReleasedTogether.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// Status lookups the fake received, per provider key.
QHash<QString, int> lookupsByKey(const FakeProviderThread &fake)
{
    static const QString prefix = QStringLiteral("/v1/jobdesk/status/");
    QHash<QString, int> out;
    for (const FakeProvider::Received &r : fake.provider()->received())
        if (r.method == QLatin1String("GET") && r.path.startsWith(prefix))
            ++out[r.path.mid(prefix.size())];
    return out;
}

// A server's dispatcher on the store: its own worker id, lookups paced.
std::unique_ptr<Dispatcher> server(const StoreUrl &url, const RouteConfig &config, const QString &id, qint64 backoffMinMs,
                                   qint64 backoffMaxMs)
{
    DispatcherOptions o;
    o.workerId = id;
    o.neverProcessedGraceMs = 0;
    o.lookupBackoffMinMs = backoffMinMs;
    o.lookupBackoffMaxMs = backoffMaxMs;
    o.reconcileBudgetMs = 20000;
    return std::make_unique<Dispatcher>(url, config, std::make_shared<ProviderDirectory>(config), o);
}

// When the attempt's next lookup is due, less when it was last asked (ms).
qint64 pause(JobService &svc, qint64 attemptId)
{
    const SqlRows r = svc.session().exec(
        QStringLiteral("SELECT next_lookup_at_ms - last_lookup_at_ms FROM attempts WHERE id = $1"), {attemptId});
    return r.first().first().toLongLong();
}

} // namespace

class TestLookupPacing : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    // Two servers' reconcilers, released together over the same unknown
    // attempts (both see all of them as due), each ask about a share: every
    // attempt is asked about once, never by both; released together again
    // at once, neither asks again (the next lookup is not due yet).
    void twoServersNeverAskAboutOneAttemptAtOnce()
    {
        JD_DISPATCH_SETUP();
        QList<Attempt> unknown;
        for (int i = 0; i < 8; ++i) {
            unknown.append(unknownAttempt(*svc, fx, QStringLiteral("both-%1").arg(i)));
            fx.primary.provider()->markInProgress(unknown.last().providerKey);
        }
        fx.primary.provider()->setStatusLookupDelayMs(150); // each question is open a while
        std::vector<std::unique_ptr<Dispatcher>> servers;
        servers.push_back(server(store->url(), fx.config, QStringLiteral("server-a"), 60000, 600000));
        servers.push_back(server(store->url(), fx.config, QStringLiteral("server-b"), 60000, 600000));

        const auto errors = releasedTogether(
            2, [&](int) { return store->open(); },
            [&](int i, JobService &mine, int) { servers.at(size_t(i))->reconcileOnce(mine); }, /*rounds*/ 2);
        for (const QString &e : errors)
            QVERIFY2(e.isEmpty(), qPrintable(e));

        const QHash<QString, int> asked = lookupsByKey(fx.primary);
        for (const Attempt &a : unknown)
            QVERIFY2(asked.value(a.providerKey) == 1,
                     qPrintable(QStringLiteral("attempt %1 was asked about %2 times").arg(a.id).arg(asked.value(a.providerKey))));
    }

    // One attempt's lookups, whichever server asks: the pause before the next
    // doubles with each one up to the cap, and a pass before it is due asks nothing.
    void anAttemptsLookupsBackOffToTheCap()
    {
        JD_DISPATCH_SETUP();
        const Attempt a = unknownAttempt(*svc, fx, QStringLiteral("backoff"));
        fx.primary.provider()->markInProgress(a.providerKey);
        auto one = server(store->url(), fx.config, QStringLiteral("server-a"), 10000, 40000);
        auto two = server(store->url(), fx.config, QStringLiteral("server-b"), 10000, 40000);
        const QList<qint64> expected{10000, 20000, 40000, 40000};
        for (qsizetype i = 0; i < expected.size(); ++i) {
            (i % 2 ? *two : *one).reconcileOnce(*svc);
            QCOMPARE(lookupsByKey(fx.primary).value(a.providerKey), int(i + 1));
            const qint64 p = pause(*svc, a.id);
            QVERIFY2(p > expected.at(i) - 2000 && p <= expected.at(i),
                     qPrintable(QStringLiteral("lookup %1: next one %2 ms later, expected %3").arg(i + 1).arg(p).arg(expected.at(i))));
            // Not due: neither server asks.
            one->reconcileOnce(*svc);
            two->reconcileOnce(*svc);
            QCOMPARE(lookupsByKey(fx.primary).value(a.providerKey), int(i + 1));
            // As if the pause had passed.
            svc->session().exec(QStringLiteral("UPDATE attempts SET next_lookup_at_ms = 0 WHERE id = $1"), {a.id});
        }
    }

    // An operator's "ask the provider now" is answered at the next pass, even
    // while the attempt's next lookup is not due.
    void anOperatorsRequestIsAnsweredBeforeTheBackoffEnds()
    {
        JD_DISPATCH_SETUP();
        const Attempt a = unknownAttempt(*svc, fx, QStringLiteral("asked"));
        fx.primary.provider()->markInProgress(a.providerKey);
        // The operator function asks whether the provider has a status lookup.
        svc->recordProvider(QStringLiteral("primary"), QJsonObject{{QStringLiteral("status_lookup"), true}});
        auto one = server(store->url(), fx.config, QStringLiteral("server-a"), 600000, 600000);
        one->reconcileOnce(*svc);
        QCOMPARE(lookupsByKey(fx.primary).value(a.providerKey), 1);
        QVERIFY(!svc->requestLookup(a.id, operatorRequest(QStringLiteral("customer asks"))).replayed);
        one->reconcileOnce(*svc);
        QCOMPARE(lookupsByKey(fx.primary).value(a.providerKey), 2);
        one->reconcileOnce(*svc);
        QCOMPARE(lookupsByKey(fx.primary).value(a.providerKey), 2);
    }

    // A provider allowing 2 requests a second is asked no faster than that
    // about its unknown attempts: the rest wait for a later pass.
    void lookupsCountAgainstTheProvidersLimits()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp());
        QJsonObject json = fx.config.toJson();
        QJsonArray providers = json.value(QStringLiteral("providers")).toArray();
        QJsonObject primary = providers.at(0).toObject();
        QCOMPARE(primary.value(QStringLiteral("name")).toString(), QStringLiteral("primary"));
        primary.insert(QStringLiteral("max_requests_per_s"), 2);
        providers.replace(0, primary);
        json.insert(QStringLiteral("providers"), providers);
        const RouteConfig limited = RouteConfig::fromJson(json);
        auto svc = store->open();
        for (int i = 0; i < 10; ++i)
            fx.primary.provider()->markInProgress(unknownAttempt(*svc, fx, QStringLiteral("limited-%1").arg(i)).providerKey);
        auto one = server(store->url(), limited, QStringLiteral("server-a"), 0, 0);
        QElapsedTimer pass;
        pass.start();
        one->reconcileOnce(*svc);
        const double seconds = pass.elapsed() / 1000.0;
        int asked = 0;
        for (const int n : lookupsByKey(fx.primary))
            asked += n;
        QVERIFY2(asked >= 1 && asked <= 2 + int(seconds * 2),
                 qPrintable(QStringLiteral("%1 lookups in a %2 s pass").arg(asked).arg(seconds)));
    }
};

QTEST_GUILESS_MAIN(TestLookupPacing)
#include "tst_lookup_pacing.moc"
