// Saved connections never hold a password (the console asks for it), and a
// password goes back into a URL of several hosts correctly. No store.

#include "UiFixture.h"

#include "ConsoleSettings.h"

#include <QSettings>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiSavedConnections : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { isolateSettings(); }

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
        QCOMPARE(ConsoleSettings::withPassword(QStringLiteral("postgresql://alice@h1:5432,h2:5432/jobdesk"), QStringLiteral("p@ss")),
                 QStringLiteral("postgresql://alice:p%40ss@h1:5432,h2:5432/jobdesk"));
        QCOMPARE(ConsoleSettings::withPassword(QStringLiteral("postgresql://h1,h2/jobdesk"), QStringLiteral("x")),
                 QStringLiteral("postgresql://:x@h1,h2/jobdesk"));
    }
    void savedConnectionsNeverHoldAPassword()
    {
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

QTEST_MAIN(TestUiSavedConnections)
#include "tst_ui_saved_connections.moc"
