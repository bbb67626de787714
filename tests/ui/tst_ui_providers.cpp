// The providers view: each provider and route with its latest contract
// validation and whether it is current (passed, not expired by the
// database's clock, for the config recorded now); Validate now runs the
// validation against a real (fake, loopback) provider off the UI thread and
// records it through JobService; a provider whose secret the console does not
// have is not validated and nothing is recorded. Both stores.

#include "UiFixture.h"

#include "Format.h"

#include "testing/FakeProvider.h"
#include "support/ProvidersModel.h"
#include "support/ProvidersView.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QJsonArray>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;

// A route "summarize" whose chain is the given providers, recorded as a dispatcher records it.
RouteConfig recordLocalConfig(JobService &svc, const QList<QJsonObject> &providers)
{
    QJsonArray list;
    QJsonArray chain;
    for (const QJsonObject &p : providers) {
        list.append(p);
        chain.append(p.value(QStringLiteral("name")));
    }
    return recordSummarizeRoute(svc, list, chain);
}

QJsonObject fakeProvider(const QString &name, const QUrl &baseUrl, const QString &apiKeyEnv = {})
{
    QJsonObject o{{QStringLiteral("name"), name},
                  {QStringLiteral("kind"), QStringLiteral("fake")},
                  {QStringLiteral("base_url"), baseUrl.toString()},
                  {QStringLiteral("model"), QStringLiteral("fake-1")}};
    if (!apiKeyEnv.isEmpty())
        o.insert(QStringLiteral("api_key_env"), apiKeyEnv);
    return o;
}

const ProviderRow *row(const ProvidersView &view, const QString &provider)
{
    return view.model()->rowAt(view.model()->rowOf(provider, QStringLiteral("summarize")));
}

// The console's "Validate now" for provider (route summarize) is refused:
// it says why (naming mustSay) and that nothing was recorded, asks the
// provider nothing and records no validation.
void validationIsRefusedAndNothingRecorded(const StoreUrl &url, JobService &svc, FakeProviderThread &fake,
                                           const QString &provider, const QString &mustSay)
{
    StoreClient client(fastOptions());
    ProvidersView view(&client);
    client.open(url);
    view.show();
    QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
    QSignalSpy finished(&view, &ProvidersView::validationFinished);
    QVERIFY(!view.validateNow(provider, QStringLiteral("summarize")));
    QCOMPARE(finished.size(), 1);
    QVERIFY(!finished.first().at(0).toBool());
    QVERIFY2(finished.first().at(1).toString().contains(mustSay), qPrintable(finished.first().at(1).toString()));
    QVERIFY(view.statusText().contains(QStringLiteral("Nothing was recorded")));
    QCOMPARE(fake.provider()->completionRequestCount(), 0);
    QVERIFY(svc.validations().isEmpty());
    QVERIFY(!view.isValidating());
}
} // namespace

class TestUiProviders : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void listShowsEachProviderAndRouteWithItsValidation()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc); // primary, spare, fallback on summarize; fallback validated
        StoreClient client(fastOptions());
        ProvidersView view(&client);
        QAbstractItemModelTester tester(view.model(), kFatal);
        QSignalSpy attention(&view, &ProvidersView::attentionChanged);
        client.open(store->url());
        view.resize(1300, 700);
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 3, 10000);
        const ProvidersModel *m = view.model();
        const int fallback = m->rowOf(QStringLiteral("fallback"), QStringLiteral("summarize"));
        const int primary = m->rowOf(QStringLiteral("primary"), QStringLiteral("summarize"));
        QVERIFY(fallback >= 0 && primary >= 0);
        auto text = [m](int r, int c) { return m->data(m->index(r, c)).toString(); };
        QCOMPARE(text(fallback, ProvidersModel::KindColumn), QStringLiteral("fake"));
        QCOMPARE(text(fallback, ProvidersModel::EndpointColumn), QStringLiteral("http://127.0.0.1:9/v1"));
        QCOMPARE(text(fallback, ProvidersModel::LookupColumn), QStringLiteral("yes")); // the fake kind offers it by default
        QCOMPARE(text(fallback, ProvidersModel::ChainColumn), QStringLiteral("fallback 2")); // primary, spare, fallback
        QCOMPARE(text(primary, ProvidersModel::ChainColumn), QStringLiteral("first"));
        QCOMPARE(text(fallback, ProvidersModel::ValidationColumn), QStringLiteral("passed"));
        QCOMPARE(text(fallback, ProvidersModel::ConfigColumn), QStringLiteral("current"));
        QVERIFY(m->data(m->index(fallback, 0), ProvidersModel::CurrentRole).toBool());
        QVERIFY(text(fallback, ProvidersModel::StandingColumn).startsWith(QStringLiteral("current until")));
        QCOMPARE(text(primary, ProvidersModel::ValidationColumn), QStringLiteral("none"));
        QVERIFY(!m->data(m->index(primary, 0), ProvidersModel::CurrentRole).toBool());
        // Only a fallback needs proof to take an automatic attempt: an unproven one stands out, the first in the chain does not.
        const int spare = m->rowOf(QStringLiteral("spare"), QStringLiteral("summarize"));
        QVERIFY(!m->data(m->index(spare, ProvidersModel::StandingColumn), Qt::DecorationRole).isNull());
        QVERIFY(m->rowAt(spare)->needsAttention());
        QVERIFY(m->data(m->index(primary, ProvidersModel::StandingColumn), Qt::DecorationRole).isNull());
        QVERIFY(!m->rowAt(primary)->needsAttention());
        QVERIFY(!m->rowAt(fallback)->needsAttention());
        QCOMPARE(attention.last().first().toInt(), 1); // the sidebar's count: spare
        // The selected row's report.
        view.table()->setCurrentIndex(m->index(fallback, 0));
        QVERIFY(view.reportText().startsWith(QStringLiteral("fallback for summarize: current until")));
    }

    void expiredOrConfigStaleValidationIsNotCurrent()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const RouteConfig config = recordDemoConfig(*svc);
        const Route &route = config.routes.first();
        // primary: passed, for its current config, but expired by the database's clock.
        ValidationRecord expired;
        expired.provider = QStringLiteral("primary");
        expired.route = route.name;
        expired.configHash = configHash(route, *config.provider(QStringLiteral("primary")));
        expired.passed = true;
        expired.validatedAtMs = svc->nowMs() - 7200 * 1000;
        expired.expiresAtMs = svc->nowMs() - 1000;
        svc->recordValidation(expired);
        // spare: passed, unexpired, for another config.
        ValidationRecord stale = expired;
        stale.provider = QStringLiteral("spare");
        stale.configHash = QString(64, u'a');
        stale.validatedAtMs = svc->nowMs();
        stale.expiresAtMs = svc->nowMs() + 3600 * 1000;
        svc->recordValidation(stale);

        StoreClient client(fastOptions());
        ProvidersView view(&client);
        QAbstractItemModelTester tester(view.model(), kFatal);
        client.open(store->url());
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 3, 10000);
        QCOMPARE(row(view, QStringLiteral("primary"))->standing, ProviderRow::Standing::Expired);
        QVERIFY(ProviderStanding::text(*row(view, QStringLiteral("primary"))).contains(QStringLiteral("EXPIRED")));
        QCOMPARE(row(view, QStringLiteral("spare"))->standing, ProviderRow::Standing::Stale);
        const int spare = view.model()->rowOf(QStringLiteral("spare"), route.name);
        QCOMPARE(view.model()->data(view.model()->index(spare, ProvidersModel::ConfigColumn)).toString(), QStringLiteral("STALE"));
        QCOMPARE(row(view, QStringLiteral("fallback"))->standing, ProviderRow::Standing::Current);

        // The dispatchers record a changed config for fallback: its validation no longer holds.
        ProviderConfig changed = *config.provider(QStringLiteral("fallback"));
        changed.contextTokens = 4096;
        svc->recordProvider(changed.name, changed.publicJson());
        view.reload();
        QTRY_COMPARE_WITH_TIMEOUT(row(view, QStringLiteral("fallback"))->standing, ProviderRow::Standing::Stale, 10000);
        QCOMPARE(row(view, QStringLiteral("fallback"))->currentHash, configHash(route, changed));
        // The same hash function as the dispatcher's: a validation for the new config is current.
        ValidationRecord fresh = stale;
        fresh.provider = changed.name;
        fresh.configHash = configHash(route, changed);
        svc->recordValidation(fresh);
        QTRY_COMPARE_WITH_TIMEOUT(row(view, QStringLiteral("fallback"))->standing, ProviderRow::Standing::Current, 10000); // live: the validation mark moved
        // A failed validation is not current either.
        ValidationRecord failed = fresh;
        failed.passed = false;
        svc->recordValidation(failed);
        QTRY_COMPARE_WITH_TIMEOUT(row(view, QStringLiteral("fallback"))->standing, ProviderRow::Standing::Failed, 10000);
    }

    // A fallback whose contract validation FAILED for the config recorded now:
    // the failure is coloured in Validation and Standing, where it is said;
    // Config says only whether the validated config is the recorded one
    // ("current", not red), and is red only when it is not (STALE).
    void aFailedValidationIsColouredWhereItIsSaidNotInConfig()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const RouteConfig config = recordDemoConfig(*svc, /*validateFallback*/ false);
        const Route &route = config.routes.first();
        ValidationRecord failed;
        failed.provider = QStringLiteral("spare");
        failed.route = route.name;
        failed.configHash = configHash(route, *config.provider(QStringLiteral("spare")));
        failed.passed = false;
        failed.validatedAtMs = svc->nowMs();
        failed.expiresAtMs = failed.validatedAtMs + 3600 * 1000;
        svc->recordValidation(failed);
        ValidationRecord stale = failed; // fallback: passed, for another config
        stale.provider = QStringLiteral("fallback");
        stale.configHash = QString(64, u'b');
        stale.passed = true;
        svc->recordValidation(stale);

        StoreClient client(fastOptions());
        ProvidersView view(&client);
        client.open(store->url());
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 3, 10000);
        const ProvidersModel *m = view.model();
        const QColor bad = Format::stateColor(AttemptState::Unknown, QGuiApplication::palette());
        auto colour = [&](const QString &provider, int column) {
            return m->data(m->index(m->rowOf(provider, route.name), column), Qt::ForegroundRole);
        };
        auto text = [&](const QString &provider, int column) {
            return m->data(m->index(m->rowOf(provider, route.name), column)).toString();
        };
        QCOMPARE(row(view, QStringLiteral("spare"))->standing, ProviderRow::Standing::Failed);
        QCOMPARE(text(QStringLiteral("spare"), ProvidersModel::ValidationColumn), QStringLiteral("FAILED"));
        QCOMPARE(colour(QStringLiteral("spare"), ProvidersModel::ValidationColumn).value<QColor>(), bad);
        QVERIFY(text(QStringLiteral("spare"), ProvidersModel::StandingColumn).contains(QStringLiteral("FAILED")));
        QCOMPARE(colour(QStringLiteral("spare"), ProvidersModel::StandingColumn).value<QColor>(), bad);
        QCOMPARE(text(QStringLiteral("spare"), ProvidersModel::ConfigColumn), QStringLiteral("current"));
        QVERIFY2(colour(QStringLiteral("spare"), ProvidersModel::ConfigColumn).value<QColor>() != bad,
                 "the config is not at fault: the validation failed");
        // A config that changed since its validation is Config's to say.
        QCOMPARE(text(QStringLiteral("fallback"), ProvidersModel::ConfigColumn), QStringLiteral("STALE"));
        QCOMPARE(colour(QStringLiteral("fallback"), ProvidersModel::ConfigColumn).value<QColor>(), bad);
        QCOMPARE(text(QStringLiteral("fallback"), ProvidersModel::ValidationColumn), QStringLiteral("passed"));
        QVERIFY(colour(QStringLiteral("fallback"), ProvidersModel::ValidationColumn).value<QColor>() != bad);
    }

    void validateNowRecordsAValidationThatShowsInTheList()
    {
        JD_FRESH_STORE(store);
        FakeProviderThread fake;
        QVERIFY(fake.start());
        auto svc = store->open();
        recordLocalConfig(*svc, {fakeProvider(QStringLiteral("local"), fake.provider()->baseUrl())});
        StoreClient client(fastOptions());
        ProvidersView view(&client);
        QAbstractItemModelTester tester(view.model(), kFatal);
        client.open(store->url());
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        QCOMPARE(row(view, QStringLiteral("local"))->standing, ProviderRow::Standing::NoValidation);

        QSignalSpy finished(&view, &ProvidersView::validationFinished);
        QVERIFY(view.validateNow(QStringLiteral("local"), QStringLiteral("summarize")));
        QVERIFY(view.isValidating());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        QVERIFY(finished.first().at(1).toString().contains(QStringLiteral("passed")));
        QVERIFY(fake.provider()->completionRequestCount() >= 1); // it really asked the provider
        // Recorded through JobService, as the dispatcher records it.
        const auto recorded = svc->latestValidation(QStringLiteral("local"), QStringLiteral("summarize"));
        QVERIFY(recorded);
        QVERIFY(recorded->passed);
        QVERIFY(!recorded->report.isEmpty());
        // And shown in the list, current.
        QTRY_COMPARE_WITH_TIMEOUT(row(view, QStringLiteral("local"))->standing, ProviderRow::Standing::Current, 10000);
        QCOMPARE(row(view, QStringLiteral("local"))->status.latest->id, recorded->id);
        QCOMPARE(row(view, QStringLiteral("local"))->status.latest->configHash, recorded->configHash);

        // A provider that fails its contract: recorded as FAILED, shown not current.
        fake.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(FakeProvider::Behaviour::Kind::ExtraTopLevelKey));
        finished.clear();
        QVERIFY(view.validateNow(QStringLiteral("local"), QStringLiteral("summarize")));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QVERIFY(finished.first().at(0).toBool());
        QVERIFY(finished.first().at(1).toString().contains(QStringLiteral("FAILED")));
        QTRY_COMPARE_WITH_TIMEOUT(row(view, QStringLiteral("local"))->standing, ProviderRow::Standing::Failed, 10000);
        QCOMPARE(svc->validations().size(), 2);
    }

    void validateNowWithoutTheProvidersSecretRecordsNothing()
    {
        JD_FRESH_STORE(store);
        FakeProviderThread fake;
        QVERIFY(fake.start());
        auto svc = store->open();
        qunsetenv("JOBDESK_TEST_NO_SUCH_SECRET");
        recordLocalConfig(*svc, {fakeProvider(QStringLiteral("paid"), fake.provider()->baseUrl(), QStringLiteral("JOBDESK_TEST_NO_SUCH_SECRET"))});
        validationIsRefusedAndNothingRecorded(store->url(), *svc, fake, QStringLiteral("paid"),
                                              QStringLiteral("JOBDESK_TEST_NO_SUCH_SECRET"));
    }

    // A provider whose base_url holds user info is recorded without it (a
    // digest stands in its place): the console cannot send those
    // credentials, so it does not validate, rather than record the
    // provider's refusal as a failed validation of the dispatcher's own
    // configuration, which would take it out of every fallback. Found by a
    // review.
    void validateNowWithCredentialsTheStoreDoesNotKeepRecordsNothing()
    {
        JD_FRESH_STORE(store);
        FakeProviderThread fake;
        QVERIFY(fake.start());
        auto svc = store->open();
        QUrl withUser = fake.provider()->baseUrl();
        withUser.setUserInfo(QStringLiteral("acct:s3cr3t"));
        recordLocalConfig(*svc, {fakeProvider(QStringLiteral("basic"), withUser)});
        QVERIFY(!svc->providers().first().config.value(QStringLiteral("base_url")).toString().contains(QStringLiteral("s3cr3t")));
        validationIsRefusedAndNothingRecorded(store->url(), *svc, fake, QStringLiteral("basic"),
                                              QStringLiteral("jobdesk-server --validate basic --route summarize"));
    }

    void validateNowNeedsAConnectionThatMayRecord()
    {
        JD_FRESH_STORE(store);
        FakeProviderThread fake;
        QVERIFY(fake.start());
        auto svc = store->open();
        recordLocalConfig(*svc, {fakeProvider(QStringLiteral("local"), fake.provider()->baseUrl())});
        {
            // A support engineer's (viewer's) console: the button is off and nothing is sent or recorded.
            StoreClient client(fastOptions());
            StoreUrl url = store->url();
            if (store->isPostgres()) {
                url = loginAs(*svc, url, QStringLiteral("jd_ui_support_viewer"), QStringLiteral("jobdesk_viewer"));
            } else {
                // SQLite has no roles: the seam makes the identity a viewer's.
                client.setIdentityHook([](SessionIdentity &id) {
                    id.role = Role::Viewer;
                    id.roleName = QStringLiteral("jobdesk_viewer");
                });
            }
            ProvidersView view(&client);
            client.open(url);
            view.show();
            QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
            QCOMPARE(client.connection().identity.role, Role::Viewer);
            QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("validateNowButton"))->isEnabled());
            QSignalSpy finished(&view, &ProvidersView::validationFinished);
            QVERIFY(!view.validateNow(QStringLiteral("local"), QStringLiteral("summarize")));
            QCOMPARE(finished.size(), 1);
            QVERIFY2(finished.first().at(1).toString().contains(QStringLiteral("may only read (role jobdesk_viewer)")),
                     qPrintable(finished.first().at(1).toString()));
            QCOMPARE(fake.provider()->completionRequestCount(), 0);
            QVERIFY(svc->validations().isEmpty());
        }
        {
            // An operator's console records it (PostgreSQL: through the operator
            // function, with an audit row naming the database user).
            StoreClient client(fastOptions());
            ProvidersView view(&client);
            client.open(store->isPostgres() ? loginAs(*svc, store->url(), QStringLiteral("jd_ui_support_operator"),
                                                      QStringLiteral("jobdesk_operator"))
                                            : store->url());
            view.show();
            QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
            QVERIFY(client.canAct());
            QVERIFY(view.findChild<QPushButton *>(QStringLiteral("validateNowButton"))->isEnabled());
            QSignalSpy finished(&view, &ProvidersView::validationFinished);
            QVERIFY(view.validateNow(QStringLiteral("local"), QStringLiteral("summarize")));
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
            QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
            QCOMPARE(svc->validations().size(), 1);
            const QList<AuditEntry> audit = svc->auditLog();
            QCOMPARE(audit.size(), 1);
            QCOMPARE(audit.first().action, QStringLiteral("record_validation"));
            if (store->isPostgres())
                QCOMPARE(audit.first().databaseUser, QStringLiteral("jd_ui_support_operator"));
        }
    }
};

QTEST_MAIN(TestUiProviders)
#include "tst_ui_providers.moc"
