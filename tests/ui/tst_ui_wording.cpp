// Small texts on a store that said something wrong: a cleared detail
// keeping the last job's counts, an action's answer naming the attempt by its
// id and a job state that has moved on, the report dialog taking
// the clipboard, the PDF splitting words, "local time" without its offset,
// an SQLite store's actor "local", UTC times cut off. Both stores.

#include "SupportScenario.h"
#include "UiFixture.h"

#include "ConsoleSettings.h"
#include "Format.h"
#include "dialogs/ActionDialogs.h"
#include "models/TextTableModel.h"
#include "service/Names.h"
#include "support/IncidentReport.h"
#include "support/IncidentReportDialog.h"
#include "views/JobDetailView.h"
#include "views/Timeline.h"

#include <QAbstractTextDocumentLayout>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QRegularExpression>
#include <QPushButton>
#include <QTextLayout>
#include <QTextTable>

#if defined(Q_OS_UNIX)
#include <pwd.h>
#include <unistd.h>
#endif

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiWording : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void aClearedDetailKeepsNoCountsAndSaysNoJob()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        StoreClient client(fastOptions());
        JobDetailView view(&client);
        client.open(store->url());
        view.show();
        QTRY_VERIFY_WITH_TIMEOUT(client.isConnected(), 10000);
        QSignalSpy shown(&view, &JobDetailView::detailShown);
        view.showJob(s.job.id);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("detailTabs"));
        QVERIFY(tabs->tabText(JobDetailView::EventsTab).contains(u'('));
        view.clear();
        for (int i = 0; i < tabs->count(); ++i)
            QVERIFY2(!tabs->tabText(i).contains(u'('), qPrintable(tabs->tabText(i)));
        QCOMPARE(view.timeline()->emptyText(), QStringLiteral("No job selected."));
    }

    void aCancelsAnswerNamesTheAttemptByNumberAndSaysWhereTheJobIsNow()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job other = submitJob(*svc, QStringLiteral("first")); // ids and numbers differ
        startRunning(*svc, other.id);
        const Job job = submitJob(*svc, QStringLiteral("second"));
        const Attempt a = startRunning(*svc, job.id);
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        QVERIFY(a.id != a.attemptNo);
        StoreClient client(fastOptions());
        JobDetailView view(&client);
        client.open(store->url());
        view.show();
        QTRY_VERIFY_WITH_TIMEOUT(client.isConnected(), 10000);
        QSignalSpy shown(&view, &JobDetailView::detailShown);
        view.showJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QSignalSpy done(&view, &JobDetailView::actionDone);
        ActionDialog::setNextAnswer({true, QStringLiteral("stuck"), {}, 1});
        QVERIFY(view.openCancelAttempt(a.id));
        QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), 10000);
        auto *status = view.findChild<QLabel *>(QStringLiteral("actionStatusLabel"));
        QVERIFY2(status->text().startsWith(QStringLiteral("Attempt #1 cancelled at ")), qPrintable(status->text()));
        QVERIFY2(status->text().contains(QStringLiteral("job %1 was then queued").arg(job.id)), qPrintable(status->text()));
        // The job moves on (the next attempt wins): the line says so.
        svc->complete(startRunning(*svc, job.id, QStringLiteral("fallback")).id, R"({"a":1})", Actor::worker(QStringLiteral("w1")));
        shown.clear();
        view.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QVERIFY2(status->text().contains(QStringLiteral("Job %1 is succeeded now.").arg(job.id)), qPrintable(status->text()));
    }

    void theReportDialogLeavesTheClipboardAloneUntilAsked()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        QGuiApplication::clipboard()->setText(QStringLiteral("the operator's own notes"));
        auto *dialog = new IncidentReportDialog(svc->jobDetail(s.job.id), svc->nowMs());
        dialog->show();
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("the operator's own notes"));
        auto *copy = dialog->findChild<QPushButton *>(QStringLiteral("copyMarkdownButton"));
        copy->click();
        QVERIFY(QGuiApplication::clipboard()->text().startsWith(QStringLiteral("# Incident report")));
        dialog->close();
    }

    void thePdfBreaksLinesBetweenWordsOnly()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        const std::unique_ptr<QTextDocument> doc = IncidentReport::pdfDocument(IncidentReport::markdown(svc->jobDetail(s.job.id), svc->nowMs()));
        doc->setPageSize(QSizeF(500, 800)); // narrower than an A4 page's text width
        doc->documentLayout()->documentSize(); // lays it out
        int tables = 0;
        for (QTextFrame *f : doc->rootFrame()->childFrames())
            tables += qobject_cast<QTextTable *>(f) ? 1 : 0;
        // Every block, those in the tables' cells too.
        for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
            const QString text = b.text();
            const QTextLayout *layout = b.layout();
            for (int i = 1; i < layout->lineCount(); ++i) {
                const int p = layout->lineAt(i).textStart();
                if (p <= 0 || p >= text.size())
                    continue;
                const bool inWord = text.at(p - 1).isLetterOrNumber() && (text.at(p).isLetterOrNumber() || text.at(p) == u'_');
                QVERIFY2(!inWord, qPrintable(QStringLiteral("a word broken: \"%1|%2\"").arg(text.left(p).right(20), text.mid(p, 20))));
            }
        }
        QVERIFY(tables > 0);
        QVERIFY(doc->toPlainText().contains(QStringLiteral("cancel_attempt")));
    }

    void localTimesSayTheirOffset()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        Format::setUtc(false);
        const QString md = IncidentReport::markdown(svc->jobDetail(s.job.id), svc->nowMs());
        QVERIFY2(md.contains(QRegularExpression(QStringLiteral("Times are local time \\(UTC[+-]\\d\\d:\\d\\d\\)"))), qPrintable(md.left(300)));
    }

    // A shared SQLite file records who acted as the operating system names
    // them, not "local", even where USER is not set.
    void anSqliteStoreRecordsTheOperatingSystemUser()
    {
        JD_ONLY_ON("sqlite", "PostgreSQL records session_user");
#if defined(Q_OS_UNIX)
        const QString expected = QString::fromLocal8Bit(::getpwuid(::geteuid())->pw_name);
#else
        const QString expected = qEnvironmentVariable("USERNAME");
#endif
        const QByteArray user = qgetenv("USER");
        qunsetenv("USER");
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SessionIdentity id = svc->sessionIdentity();
        const Attempt a = startRunning(*svc, submitJob(*svc, QStringLiteral("who")).id);
        svc->cancelAttempt(a.id, operatorRequest());
        const QList<AuditEntry> audit = svc->auditLog(a.jobId);
        if (!user.isNull())
            qputenv("USER", user);
        QCOMPARE(id.databaseUser, expected);
        QCOMPARE(operatingSystemUser(), expected);
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit.first().databaseUser, expected);
    }

    void utcTimesAreNotCutOff()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        Format::setUtc(false);
        StoreClient client(fastOptions());
        JobDetailView view(&client);
        client.open(store->url());
        view.resize(1200, 700);
        view.show();
        QTRY_VERIFY_WITH_TIMEOUT(client.isConnected(), 10000);
        QSignalSpy shown(&view, &JobDetailView::detailShown);
        view.showJob(s.job.id);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        view.setCurrentTab(JobDetailView::TimelineTab);
        const QAbstractItemView *table = view.findChild<QTableView *>(QStringLiteral("attemptsTable"));
        const QTableView *tableView = view.findChild<QTableView *>(QStringLiteral("attemptsTable"));
        Format::setUtc(true);
        shown.clear();
        view.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        Format::setUtc(false);
        const TextTableModel *m = view.attemptsModel();
        for (int c = 0; c < m->columnCount() - 1; ++c) {
            const QString header = m->headerData(c, Qt::Horizontal).toString();
            if (header != QLatin1String("Started") && header != QLatin1String("Deadline"))
                continue;
            QVERIFY2(tableView->columnWidth(c) >= table->sizeHintForColumn(c),
                     qPrintable(QStringLiteral("%1: %2 < %3").arg(header).arg(tableView->columnWidth(c)).arg(table->sizeHintForColumn(c))));
        }
    }
};

QTEST_MAIN(TestUiWording)
#include "tst_ui_wording.moc"
