// The change notification is per store, not per database. PostgreSQL scopes
// LISTEN/NOTIFY to a database; two JobDesk stores in two schemas of one
// database (staging beside production, or these tests' throwaway schemas)
// must not wake each other's consoles: a stray wake-up costs every idle
// console of the other store a full read, and broke a console test's "one
// poll, one repaint" under ctest -j2. Both stores; on SQLite nothing listens
// and nothing is sent (readers there watch PRAGMA data_version).

#include "StoreFixture.h"

#include "live/ChangeNotifier.h"
#include "live/ChangeChannel.h"
#include "live/ChangeListener.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <pqxx/pqxx>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// A raw LISTEN on a store's own channel that records every payload, so the
// test sees which server's NOTIFY arrived, not only that one did.
struct PayloadListener
{
    struct Receiver : pqxx::notification_receiver
    {
        using pqxx::notification_receiver::notification_receiver;
        QStringList payloads;
        void operator()(const std::string &payload, int) override { payloads.append(QString::fromStdString(payload)); }
    };

    explicit PayloadListener(const StoreUrl &url) : conn(url.postgresUrl.toStdString()), channel(changeChannelOf(conn)), receiver(conn, channel) {}

    // Waits (bounded) until `payload` has arrived; returns everything received.
    QStringList until(const QString &payload)
    {
        QElapsedTimer clock;
        clock.start();
        while (!receiver.payloads.contains(payload) && clock.elapsed() < 10000)
            conn.await_notification(0, 200000);
        return receiver.payloads;
    }

    pqxx::connection conn;
    std::string channel;
    Receiver receiver;
};

} // namespace

class TestChangeChannel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void channelNamesAreValidIdentifiersAndOnePerSchema()
    {
        JD_NOT_A_STORE_TEST();
        static const QRegularExpression plain(QStringLiteral("^[a-z_][a-z0-9_]*$"));
        // The default schema keeps the channel that older servers and consoles use.
        QCOMPARE(changeChannelForSchema("public"), std::string("jobdesk_changed"));
        QCOMPARE(changeChannelForSchema(""), std::string("jobdesk_changed"));
        QCOMPARE(changeChannelForSchema("staging"), std::string("jobdesk_changed_staging"));
        const std::string longName(63, 'a');
        const std::string longOther = std::string(62, 'a') + 'b';
        const QList<std::string> odd = {"Staging", "staging ", "ステージ", "a\"b", longName, longOther, "9lives"};
        QSet<QString> seen{QStringLiteral("jobdesk_changed"), QStringLiteral("jobdesk_changed_staging")};
        for (const std::string &schema : odd) {
            const QString channel = QString::fromStdString(changeChannelForSchema(schema));
            QVERIFY2(plain.match(channel).hasMatch(), qPrintable(channel));
            QVERIFY2(channel.toUtf8().size() <= 63, qPrintable(channel)); // NAMEDATALEN - 1
            QVERIFY2(!seen.contains(channel), qPrintable(channel));
            seen.insert(channel);
            QCOMPARE(changeChannelForSchema(schema), channel.toStdString()); // the same in every process
        }
    }

    void aServerWakesOnlyTheConsolesOfItsOwnStore()
    {
        JD_FRESH_STORE(storeA);
        std::unique_ptr<FreshStore> storeB;
        try {
            storeB = std::make_unique<FreshStore>(backend);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        ChangeListener listenerA;
        ChangeListener listenerB;
        if (!storeA->isPostgres()) {
            QVERIFY(!listenerA.start(storeA->url()));
            ChangeNotifier notifier(storeA->url(), std::chrono::milliseconds(0));
            QVERIFY(!notifier.enabled());
            notifier.poke(1);
            QCOMPARE(notifier.sent(), 0);
            return;
        }
        QVERIFY(listenerA.start(storeA->url()));
        QVERIFY(listenerB.start(storeB->url()));
        QVERIFY(listenerA.channel() != listenerB.channel());
        QVERIFY(listenerA.channel() != QLatin1String(kChangeChannelBase));
        QSignalSpy wokenA(&listenerA, &ChangeListener::changed);
        QSignalSpy wokenB(&listenerB, &ChangeListener::changed);
        PayloadListener rawA(storeA->url());
        PayloadListener rawB(storeB->url());
        QCOMPARE(QString::fromStdString(rawA.channel), listenerA.channel());

        {
            ChangeNotifier serverA(storeA->url(), std::chrono::milliseconds(0));
            serverA.poke(111);
            QCOMPARE(rawA.until(QStringLiteral("111")), QStringList{QStringLiteral("111")});
            QTRY_VERIFY_WITH_TIMEOUT(!wokenA.isEmpty(), 10000);
        }
        // A's NOTIFY has committed and arrived. NOTIFYs reach a listener in
        // commit order, so had B's listener shared A's channel, 111 would come
        // to it before 222.
        {
            ChangeNotifier serverB(storeB->url(), std::chrono::milliseconds(0));
            serverB.poke(222);
            QCOMPARE(rawB.until(QStringLiteral("222")), QStringList{QStringLiteral("222")});
            QTRY_VERIFY_WITH_TIMEOUT(!wokenB.isEmpty(), 10000);
        }
        QCOMPARE(rawA.until(QStringLiteral("111")), QStringList{QStringLiteral("111")}); // and 222 did not reach A

        // The database's public schema keeps the plain channel.
        pqxx::connection base(postgresBaseUrl().toStdString());
        QCOMPARE(changeChannelOf(base), std::string(kChangeChannelBase));
    }

    // PostgreSQL's default search_path starts with "$user": a person whose
    // login has a schema of its own (common where people get a sandbox)
    // reads the store's tables from the next schema on the path, but that
    // login's current_schema() is its own schema. Its console must still
    // listen on the store's channel, the one the store's servers notify, or
    // it never wakes early.
    void aConsoleWhoseLoginHasASchemaOfItsOwnWakesOnItsStoresChannel()
    {
        JD_FRESH_STORE(store);
        ChangeListener console;
        if (!store->isPostgres()) {
            QVERIFY(!console.start(store->url()));
            return;
        }
        const QString login = QStringLiteral("jd_own_schema_viewer");
        auto admin = store->open();
        StoreUrl url = loginAs(*admin, store->url(), login, QStringLiteral("jobdesk_viewer"));
        // The login's own schema, in this database, for this test only.
        struct DropSchema
        {
            JobService &admin;
            QString name;
            ~DropSchema()
            {
                try {
                    admin.session().exec(QStringLiteral("DROP SCHEMA IF EXISTS ") + name + QStringLiteral(" CASCADE"));
                } catch (...) {
                }
            }
        } dropLater{*admin, login};
        admin->session().exec(QStringLiteral("CREATE SCHEMA IF NOT EXISTS %1 AUTHORIZATION %1").arg(login));
        QVERIFY(url.postgresUrl.contains(QStringLiteral("search_path%3D")));
        url.postgresUrl.replace(QStringLiteral("search_path%3D"), QStringLiteral("search_path%3D%24user%2C"));
        {
            auto viewer = JobService::open(url, JobService::Options{.migrate = false});
            QCOMPARE(viewer->jobs(JobFilter{}).jobs.size(), 0); // it reads the store
        }

        pqxx::connection serverSide(store->url().postgresUrl.toStdString());
        const QString storeChannel = QString::fromStdString(changeChannelOf(serverSide));
        QVERIFY(console.start(url));
        QCOMPARE(console.channel(), storeChannel);
        QSignalSpy woken(&console, &ChangeListener::changed);
        ChangeNotifier server(store->url(), std::chrono::milliseconds(0));
        server.poke(42);
        QTRY_VERIFY_WITH_TIMEOUT(!woken.isEmpty(), 10000);
    }

    // A console may start before its store exists (it waits for the first
    // server to migrate it). With no `jobs` table to ask about, its listener
    // takes the channel of its own current_schema(); if the store is then
    // created in another schema (the server's login has another search
    // path), the listener must move to the store's channel, or it never wakes
    // early. It asks again until the table exists.
    void aConsoleStartedBeforeItsStoreExistsMovesToTheStoresChannel()
    {
        JD_FRESH_STORE(store);
        ChangeListener console;
        if (!store->isPostgres()) {
            QVERIFY(!console.start(store->url()));
            return;
        }
        auto admin = store->open();
        const QString suffix = QString::number(QCoreApplication::applicationPid());
        const QString early = QStringLiteral("jd_early_") + suffix; // the console login's first schema, empty
        const QString later = QStringLiteral("jd_later_") + suffix; // where the store will be created
        struct DropSchemas
        {
            JobService &admin;
            QStringList names;
            ~DropSchemas()
            {
                for (const QString &name : names) {
                    try {
                        admin.session().exec(QStringLiteral("DROP SCHEMA IF EXISTS ") + name + QStringLiteral(" CASCADE"));
                    } catch (...) {
                    }
                }
            }
        } dropLater{*admin, {early, later}};
        for (const QString &name : dropLater.names) {
            admin->session().exec(QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE").arg(name));
            admin->session().exec(QStringLiteral("CREATE SCHEMA %1").arg(name));
        }
        const QString base = postgresBaseUrl();
        const QString sep = base.contains(QLatin1Char('?')) ? QStringLiteral("&") : QStringLiteral("?");
        const StoreUrl consoleUrl{Dialect::Postgres, {}, base + sep + QStringLiteral("options=-csearch_path%3D") + early + QStringLiteral("%2C") + later};
        const StoreUrl serverUrl{Dialect::Postgres, {}, base + sep + QStringLiteral("options=-csearch_path%3D") + later};

        QVERIFY(console.start(consoleUrl, 50));
        QCOMPARE(console.channel(), QString::fromStdString(changeChannelForSchema(early.toStdString())));
        QSignalSpy woken(&console, &ChangeListener::changed);
        {
            auto server = JobService::open(serverUrl); // migrates the store into `later`
            submitJob(*server, QStringLiteral("first"));
        }
        const QString storeChannel = QString::fromStdString(changeChannelForSchema(later.toStdString()));
        QTRY_COMPARE_WITH_TIMEOUT(console.channel(), storeChannel, 10000);
        QVERIFY(!woken.isEmpty()); // it looks once: the first job went to the other channel
        woken.clear();
        ChangeNotifier server(serverUrl, std::chrono::milliseconds(0));
        server.poke(7);
        QTRY_VERIFY_WITH_TIMEOUT(!woken.isEmpty(), 10000);
    }
};

QTEST_GUILESS_MAIN(TestChangeChannel)
#include "tst_change_channel.moc"
