// Where the console is connected and whether it still is: the banner (red for
// production; where, as whom, how long since the last good read), the lost
// connection banner with the time of the last good read and the automatic
// reconnect and the connection dialog (tst_ui_saved_connections: saved
// connections that never hold a password).

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
};

QTEST_MAIN(TestUiConnection)
#include "tst_ui_connection.moc"
