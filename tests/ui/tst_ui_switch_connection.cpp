// File ▸ Connect to another store: the new store must open before the one
// the console works on is let go. A store that cannot be reached is said in
// the dialog, which stays open; the console stays on the store it had.

#include "UiFixture.h"

#include "dialogs/ConnectionDialog.h"
#include "views/ConnectionBanner.h"

#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiSwitchConnection : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void aFailedConnectKeepsTheWorkingConnection()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<FreshStore> store;
        try {
            store = std::make_unique<FreshStore>(backend);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("still-here"));
        Console console;
        console.open(store->url());
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isConnected(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        const QString before = console.window->banner()->text();
        QVERIFY2(before.contains(store->url().toDisplayString()), qPrintable(before));

        console.window->openConnectionDialog();
        // The dialog deletes itself when it closes.
        QPointer<ConnectionDialog> dialog = findTopLevel<ConnectionDialog>(QStringLiteral("connectionDialog"));
        QVERIFY(dialog);
        dialog->findChild<QRadioButton *>(QStringLiteral("postgresRadio"))->setChecked(true);
        dialog->findChild<QLineEdit *>(QStringLiteral("locationEdit"))->setText(QStringLiteral("postgresql://nobody@127.0.0.1:1/x"));
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("connectButton")), Qt::LeftButton);
        auto *error = dialog->findChild<QLabel *>(QStringLiteral("errorLabel"));
        QTRY_VERIFY_WITH_TIMEOUT(error->text().startsWith(QStringLiteral("Could not connect")), 15000);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->findChild<QPushButton *>(QStringLiteral("connectButton"))->isEnabled());
        // Still on the store it had, reading it, able to act.
        QVERIFY(console.client->isConnected());
        QVERIFY(console.client->canAct());
        QCOMPARE(console.client->connection().url.toDisplayString(), store->url().toDisplayString());
        QVERIFY(console.window->banner()->lostText().isEmpty());
        QVERIFY(console.window->banner()->text().contains(store->url().toDisplayString()));
        const qint64 readBefore = console.client->lastGoodReadMs();
        QTRY_VERIFY_WITH_TIMEOUT(console.client->lastGoodReadMs() > readBefore, 10000); // it still polls

        // A store that opens replaces it, and the dialog closes.
        std::unique_ptr<FreshStore> other;
        try {
            other = std::make_unique<FreshStore>(backend);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        if (other->isPostgres()) {
            dialog->findChild<QLineEdit *>(QStringLiteral("locationEdit"))->setText(other->url().postgresUrl);
        } else {
            dialog->findChild<QRadioButton *>(QStringLiteral("sqliteRadio"))->setChecked(true);
            dialog->findChild<QLineEdit *>(QStringLiteral("locationEdit"))->setText(other->url().sqlitePath);
        }
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("connectButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull() || !dialog->isVisible(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(console.client->connection().url.toDisplayString(), other->url().toDisplayString(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 0, 10000);
        Q_UNUSED(job);
    }
};

QTEST_MAIN(TestUiSwitchConnection)
#include "tst_ui_switch_connection.moc"
