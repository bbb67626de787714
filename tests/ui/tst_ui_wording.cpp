// Small texts that said something wrong: a label's mnemonic shown as a
// literal "&", the time line's axis repeating "+1 min", a cleared detail
// keeping the last job's counts, an action's answer naming the attempt by its
// id and a job state that has moved on, singular sentences with "(s)",
// cancelling a job without the billing warning, the report dialog taking
// the clipboard, the PDF splitting words, "local time" without its offset,
// an SQLite store's actor "local", UTC times cut off. Both stores.

#include "SupportScenario.h"
#include "UiFixture.h"

#include "ConsoleSettings.h"
#include "Format.h"
#include "dialogs/ActionDialogs.h"
#include "dialogs/ConnectionDialog.h"
#include "models/ActionGuards.h"
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
#include <QSet>
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
#include <QTranslator>

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

    void aMnemonicLabelHasItsBuddySoNoAmpersandShows()
    {
        JD_NOT_A_STORE_TEST();
        ConnectionDialog dialog;
        dialog.show();
        for (const QLabel *label : dialog.findChildren<QLabel *>()) {
            if (label->textFormat() == Qt::PlainText || !label->text().contains(u'&') || label->text().contains(QLatin1String("&&")))
                continue;
            QVERIFY2(label->buddy(), qPrintable(QStringLiteral("\"%1\" shows its & literally").arg(label->text())));
        }
    }

    void everyAxisTickSaysItsOwnTime()
    {
        JD_NOT_A_STORE_TEST();
        for (qint64 span : {900LL, 9000LL, 70000LL, 100000LL, 130000LL, 250000LL, 700000LL, 4000000LL, 9000000LL, 200000000LL}) {
            const QStringList labels = TimelineWidget::axisLabels(span);
            QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
        }
        QVERIFY(TimelineWidget::axisLabels(100000).contains(QStringLiteral("+1 min 15 s")));
    }

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

    // The English catalogue says one attempt in the singular; cancelling a
    // job warns about billing as cancelling its attempt does.
    void cancellingAJobSaysItsAttemptsInTheSingularAndWarnsOfBilling()
    {
        JD_NOT_A_STORE_TEST();
        QTranslator english;
        QVERIFY(english.load(QStringLiteral(":/i18n/jobdesk_en.qm")));
        QCoreApplication::installTranslator(&english);
        JobDetail d;
        d.job.id = 4;
        Attempt a;
        a.id = 40;
        a.attemptNo = 1;
        a.provider = QStringLiteral("stuck");
        a.state = AttemptState::Unknown;
        d.attempts = {a};
        const QString text = cancelJobConsequence(d);
        QCoreApplication::removeTranslator(&english);
        QVERIFY2(text.contains(QStringLiteral("Its open attempt #1 is cancelled with it")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("(s)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("billed")), qPrintable(text));
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
