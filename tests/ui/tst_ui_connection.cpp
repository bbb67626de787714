// Where the console is connected and whether it still is: the banner (red for
// production; where, as whom, how long since the last good read), the lost
// connection banner with the time of the last good read and the automatic
// reconnect, the connection dialog, and saved connections that never hold a
// password.

#include "UiFixture.h"

#include "ConsoleSettings.h"
#include "Format.h"
#include "dialogs/ConnectionDialog.h"
#include "views/ConnectionBanner.h"
#include "views/JobDetailView.h"

#include <QCheckBox>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiConnection : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void bannerSaysWhereAndAsWhom()
    {
        JD_FRESH_STORE(store);
        Console console;
        console.window->connectTo({QStringLiteral("prod"), store->url(), true});
        console.window->show();
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isConnected(), 10000);
        ConnectionBanner *banner = console.window->banner();
        QTRY_VERIFY(banner->text().contains(QStringLiteral("read ")));
        const QString text = banner->text();
        QVERIFY2(text.startsWith(QStringLiteral("PRODUCTION")), qPrintable(text));
        QVERIFY2(text.contains(store->url().toDisplayString()), qPrintable(text));
        const SessionIdentity id = console.client->connection().identity;
        QVERIFY(!id.databaseUser.isEmpty());
        QVERIFY2(text.contains(QStringLiteral(" as ") + id.databaseUser), qPrintable(text));
        if (store->isPostgres())
            QCOMPARE(id.roleName, QStringLiteral("owner"));
        else
            QCOMPARE(id.roleName, QStringLiteral("local"));
        QCOMPARE(banner->palette().color(QPalette::Window), QColor(0xb0, 0x1c, 0x1c));
        QVERIFY(banner->isVisible());
        QVERIFY(!text.contains(QStringLiteral("password")));
        banner->setProduction(false);
        QVERIFY(!banner->text().startsWith(QStringLiteral("PRODUCTION")));
        QVERIFY(banner->palette().color(QPalette::Window) != QColor(0xb0, 0x1c, 0x1c));
    }

    void lostConnectionShowsLastGoodReadAndReconnects()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("lost-1"));
        std::atomic<bool> down{false};
        Console console(fastOptions(100));
        dropConnectionWhile(*console.client, down);
        console.open(store->url());
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current().has_value(), 10000);
        QTRY_VERIFY(console.client->lastGoodReadMs() > 0);
        ConnectionBanner *banner = console.window->banner();
        QVERIFY(banner->lostText().isEmpty());
        QVERIFY(console.client->canAct());

        down = true;
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isLost(), 3000);
        const qint64 lastGood = console.client->lastGoodReadMs();
        QTRY_VERIFY(!banner->lostText().isEmpty());
        const QString lost = banner->lostText();
        QVERIFY2(lost.startsWith(QStringLiteral("CONNECTION LOST")), qPrintable(lost));
        QVERIFY2(lost.contains(Format::time(lastGood)), qPrintable(lost)); // the time of the last good read
        QVERIFY(lost.contains(QStringLiteral("may be out of date")));
        QVERIFY(!console.client->canAct());
        QVERIFY(!console.window->detailView()->findChild<QPushButton *>(QStringLiteral("cancelAttemptButton_1"))->isEnabled());
        // Data changed meanwhile is not shown as current: nothing is read while down.
        QCOMPARE(console.client->lastGoodReadMs(), lastGood);

        down = false;
        QTRY_VERIFY_WITH_TIMEOUT(!console.client->isLost(), 5000);
        QTRY_VERIFY(banner->lostText().isEmpty());
        QVERIFY(console.client->lastGoodReadMs() > lastGood);
        QTRY_VERIFY(console.window->detailView()->findChild<QPushButton *>(QStringLiteral("cancelAttemptButton_1"))
                    && console.window->detailView()->findChild<QPushButton *>(QStringLiteral("cancelAttemptButton_1"))->isEnabled());
        // Changes made while it was down arrive.
        const Job later = submitJob(*svc, QStringLiteral("lost-2"));
        QTRY_VERIFY_WITH_TIMEOUT(console.jobs()->findJob(later.id) != nullptr, 5000);
    }

    void connectionDialogConnects()
    {
        JD_FRESH_STORE(store);
        Console console;
        console.window->show();
        console.window->openConnectionDialog();
        auto *dialog = findTopLevel<ConnectionDialog>(QStringLiteral("connectionDialog"));
        QVERIFY(dialog);
        dialog->findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("test store"));
        if (store->isPostgres()) {
            dialog->findChild<QRadioButton *>(QStringLiteral("postgresRadio"))->setChecked(true);
            dialog->findChild<QLineEdit *>(QStringLiteral("locationEdit"))->setText(store->url().postgresUrl);
            dialog->findChild<QLineEdit *>(QStringLiteral("passwordEdit"))->setText(QStringLiteral("s3cret-not-saved"));
        } else {
            dialog->findChild<QRadioButton *>(QStringLiteral("sqliteRadio"))->setChecked(true);
            dialog->findChild<QLineEdit *>(QStringLiteral("locationEdit"))->setText(store->url().sqlitePath);
        }
        dialog->findChild<QCheckBox *>(QStringLiteral("productionCheck"))->setChecked(true);
        QSignalSpy requested(dialog, &ConnectionDialog::connectRequested);
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("connectButton")), Qt::LeftButton);
        QCOMPARE(requested.size(), 1);
        const ConnectionChoice choice = requested.first().first().value<ConnectionChoice>();
        QCOMPARE(choice.url.dialect, store->url().dialect);
        QVERIFY(choice.production);
        if (store->isPostgres())
            QVERIFY(choice.url.postgresUrl.contains(QStringLiteral("s3cret-not-saved"))); // used for this connection...
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isConnected(), 10000);
        QVERIFY(console.window->banner()->text().startsWith(QStringLiteral("PRODUCTION")));
        // ... and never saved.
        const QList<SavedConnection> saved = ConsoleSettings::connections();
        QCOMPARE(saved.size(), 1);
        QCOMPARE(saved.first().name, QStringLiteral("test store"));
        QVERIFY(saved.first().production);
        QVERIFY(!saved.first().url.contains(QStringLiteral("s3cret")));
        QCOMPARE(ConsoleSettings::lastConnection(), QStringLiteral("test store"));
        ConsoleSettings::setConnections({});
    }

    void savedConnectionsNeverHoldAPassword_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("saved");
        QTest::newRow("url") << QStringLiteral("postgresql://alice:hunter2@db1.example.org:5432/jobdesk")
                             << QStringLiteral("postgresql://alice@db1.example.org:5432/jobdesk");
        QTest::newRow("query") << QStringLiteral("postgresql://alice@db1/jobdesk?sslmode=require&password=hunter2")
                               << QStringLiteral("postgresql://alice@db1/jobdesk?sslmode=require");
        QTest::newRow("conninfo") << QStringLiteral("host=db1 dbname=jobdesk user=alice password=hunter2")
                                  << QStringLiteral("host=db1 dbname=jobdesk user=alice");
        QTest::newRow("conninfo quoted") << QStringLiteral("host=db1 password='hun ter2' dbname=jobdesk")
                                         << QStringLiteral("host=db1 dbname=jobdesk");
        QTest::newRow("sqlite") << QStringLiteral("sqlite:/var/lib/jobdesk.db") << QStringLiteral("sqlite:/var/lib/jobdesk.db");
        QTest::newRow("several hosts")
            << QStringLiteral("postgresql://alice:hunter2@h1:5432,h2:5432/jobdesk?target_session_attrs=read-write")
            << QStringLiteral("postgresql://alice@h1:5432,h2:5432/jobdesk?target_session_attrs=read-write");
    }

    void aPasswordGoesBackIntoAUrlWithSeveralHosts()
    {
        JD_NOT_A_STORE_TEST();
        QCOMPARE(ConsoleSettings::withPassword(QStringLiteral("postgresql://alice@h1:5432,h2:5432/jobdesk"), QStringLiteral("p@ss")),
                 QStringLiteral("postgresql://alice:p%40ss@h1:5432,h2:5432/jobdesk"));
        QCOMPARE(ConsoleSettings::withPassword(QStringLiteral("postgresql://h1,h2/jobdesk"), QStringLiteral("x")),
                 QStringLiteral("postgresql://:x@h1,h2/jobdesk"));
    }
    void savedConnectionsNeverHoldAPassword()
    {
        JD_NOT_A_STORE_TEST();
        QFETCH(QString, url);
        QFETCH(QString, saved);
        QCOMPARE(ConsoleSettings::withoutPassword(url), saved);
        ConsoleSettings::setConnections({{QStringLiteral("c"), url, false}});
        QSettings raw;
        raw.sync();
        for (const QString &k : raw.allKeys())
            QVERIFY2(!raw.value(k).toString().contains(QStringLiteral("hunter2")) && !raw.value(k).toString().contains(QStringLiteral("hun ter2")),
                     qPrintable(k));
        QCOMPARE(ConsoleSettings::connections().first().url, saved);
        ConsoleSettings::setConnections({});
    }
};

QTEST_MAIN(TestUiConnection)
#include "tst_ui_connection.moc"
