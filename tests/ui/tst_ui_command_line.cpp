// jobdesk's --help and --version print and exit 0 where there is no display
// (a server, an SSH session, CI), as every command-line program does; the
// console itself still needs one.

#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

namespace {

// The console run with no display at all: no X or Wayland, no platform forced.
QProcess *runWithoutDisplay(QObject *parent, const QStringList &args)
{
    auto *p = new QProcess(parent);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(JOBDESK_CONSOLE), args);
    return p;
}

} // namespace

class TestUiCommandLine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void helpAndVersionPrintWithoutADisplay_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << QStringLiteral("jobdesk " JOBDESK_VERSION_TEXT);
        QTest::newRow("-v") << QStringList{QStringLiteral("-v")} << QStringLiteral("jobdesk " JOBDESK_VERSION_TEXT);
        QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << QStringLiteral("--demo");
        QTest::newRow("--help after another option") << QStringList{QStringLiteral("--demo"), QStringLiteral("--help")}
                                                     << QStringLiteral("--database <url>");
    }
    void helpAndVersionPrintWithoutADisplay()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        QProcess *p = runWithoutDisplay(this, args);
        QVERIFY(p->waitForFinished(30000));
        const QString out = QString::fromUtf8(p->readAllStandardOutput());
        QCOMPARE(p->exitStatus(), QProcess::NormalExit);
        QVERIFY2(p->exitCode() == 0, qPrintable(QString::fromUtf8(p->readAllStandardError())));
        QVERIFY2(out.contains(says), qPrintable(out));
    }

    // Without --help or --version it is the console, which needs a display:
    // it says so and fails rather than pretending to run.
    void theConsoleItselfStillNeedsADisplay()
    {
        QProcess *p = runWithoutDisplay(this, {QStringLiteral("--database"), QStringLiteral("sqlite:/nonexistent/x.db")});
        QVERIFY(p->waitForFinished(30000));
        QVERIFY(p->exitStatus() != QProcess::NormalExit || p->exitCode() != 0);
        QVERIFY(QString::fromUtf8(p->readAllStandardError()).contains(QStringLiteral("display"), Qt::CaseInsensitive));
    }
};

QTEST_GUILESS_MAIN(TestUiCommandLine)
#include "tst_ui_command_line.moc"
