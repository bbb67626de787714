// The incident report of a scripted scenario (double click, a replay from a
// script, a key reused with another payload, a timeout cancelled by alice, a
// hedged race): the Markdown names each request, attempt, loser and audit
// row; the PDF is written and has pages; the console's export puts the
// Markdown on the clipboard when asked. Both stores.

#include "SupportScenario.h"
#include "UiFixture.h"

#include "Format.h"
#include "support/IncidentReport.h"
#include "support/IncidentReportDialog.h"
#include "views/JobDetailView.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QTest>
#include <QFileInfo>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void markdownTellsEachRequestAttemptLoserAndAuditRow()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        const JobDetail d = svc->jobDetail(s.job.id);
        QCOMPARE(d.keyHistory.size(), 3);
        QCOMPARE(d.attempts.size(), 3);
        QCOMPARE(d.raceLosses.size(), 1);
        QVERIFY(!d.audit.isEmpty());
        const QString md = IncidentReport::markdown(d, svc->nowMs());

        // What was asked.
        QVERIFY(md.contains(QStringLiteral("# Incident report: job %1").arg(s.job.id)));
        QVERIFY(md.contains(QStringLiteral("`click-1f2e`")));
        QVERIFY(md.contains(QStringLiteral("u-7")));
        QVERIFY(md.contains(QStringLiteral("\"prompt\": \"the quarterly figures\"")));
        // Every request with the key: the creation, two replays, the conflict, each with its time and client.
        QVERIFY(md.contains(QStringLiteral("The key was sent 4 times")));
        QVERIFY(md.contains(QStringLiteral("| 1 | %1 |").arg(Format::dateTime(s.job.createdAtMs))));
        for (int i = 0; i < d.keyHistory.size(); ++i) {
            const IdempotencyEvent &e = d.keyHistory.at(i);
            const QString row = QStringLiteral("| %1 | %2 | +%3 |").arg(i + 2).arg(Format::dateTime(e.atMs), Format::duration(e.atMs - s.job.createdAtMs));
            QVERIFY2(md.contains(row), qPrintable(row));
        }
        QCOMPARE(md.count(QStringLiteral("replay: same key, same intent")), 2);
        QCOMPARE(md.count(QStringLiteral("CONFLICT: same key, another intent")), 1);
        QVERIFY(md.contains(QStringLiteral("203.0.113.9, Firefox/128")));
        QVERIFY(md.contains(QStringLiteral("198.51.100.7, curl/8.1")));
        // The conflict's diff: the one field that differs, with both values.
        QVERIFY(md.contains(QStringLiteral("| `input.prompt` | \"the quarterly figures\" | \"the annual figures\" |")));
        QVERIFY(!md.contains(QStringLiteral("| `route` |"))); // unchanged fields are left out

        // Every attempt on the time line, in words.
        const QString a1 = md.section(QStringLiteral("\n1. attempt 1 on primary"), 1).section(u'\n', 0, 0);
        QVERIFY2(a1.contains(QStringLiteral("timed out after")), qPrintable(a1));
        QVERIFY2(a1.contains(QStringLiteral("was cancelled by alice at")), qPrintable(a1));
        QVERIFY2(a1.contains(QStringLiteral(": 'provider confirmed no charge'")), qPrintable(a1));
        QVERIFY(md.contains(QStringLiteral("\n2. attempt 2 on fallback")));
        QVERIFY(md.contains(QStringLiteral("\n3. attempt 3 on spare")));
        const QString a2 = md.section(QStringLiteral("\n2. attempt 2 on fallback"), 1).section(u'\n', 0, 0);
        QVERIFY2(a2.contains(QStringLiteral("lost the race to attempt 3 on spare")), qPrintable(a2));
        // The winner and the loser.
        QVERIFY(md.contains(QStringLiteral("**Winner:** attempt 3 on spare")));
        QVERIFY(md.contains(QStringLiteral("**Loser:** attempt 2 on fallback")));
        QVERIFY(md.contains(QStringLiteral("lost to attempt 3 on spare (expected v%1, found v%2)")
                                .arg(d.raceLosses.first().expectedVersion)
                                .arg(d.raceLosses.first().foundVersion)));
        QVERIFY(md.contains(QStringLiteral("Attempt 1 on primary did not win")));
        // Every audit row, with its request id and reason.
        for (const AuditEntry &e : d.audit) {
            QVERIFY2(md.contains(e.requestId), qPrintable(e.requestId));
            QVERIFY(md.contains(QStringLiteral("| %1 | %2 |").arg(Format::dateTime(e.atMs), e.action)));
        }
        QVERIFY(md.contains(QStringLiteral("operator:alice (operator)")));
    }

    void reportOfAnUntouchedJobSaysSo()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("quiet"));
        const QString md = IncidentReport::markdown(svc->jobDetail(job.id), svc->nowMs());
        QVERIFY(md.contains(QStringLiteral("The key was sent once")));
        QVERIFY(md.contains(QStringLiteral("No attempt was made.")));
        QVERIFY(md.contains(QStringLiteral("No operator acted on this job.")));
        QVERIFY(md.contains(QStringLiteral("**Winner:** none")));
    }

    // What a customer or a provider wrote reads in the report exactly as
    // written, never as Markdown or HTML: a key that closed its code span set
    // "no conflict was recorded" in bold, and a user agent's tags vanished.
    void customerTextInTheReportReadsAsWritten()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QString key = QStringLiteral("k` and **no conflict was recorded** `x");
        const QString agent = QStringLiteral("curl <img src=x> <span>hidden</span> *bold* _it_ [link](http://x) | pipe & co");
        SubmitRequest req = makeSubmit(key, {{QStringLiteral("prompt"), QStringLiteral("a")}});
        req.ownerId = QStringLiteral("shop_1 <b>");
        req.clientMeta = clientMeta(QStringLiteral("192.0.2.1"), agent);
        const Job job = svc->submit(req).job;
        SubmitRequest other = req;
        other.input = QJsonObject{{QStringLiteral("prompt"), QStringLiteral("b")}};
        QCOMPARE(svc->submit(other).outcome, SubmitResult::Outcome::Conflict);
        const QString md = IncidentReport::markdown(svc->jobDetail(job.id), svc->nowMs());
        // As the dialog and the PDF read it.
        QTextDocument doc;
        doc.setMarkdown(md, QTextDocument::MarkdownDialectGitHub);
        const QString shown = doc.toPlainText();
        QVERIFY2(shown.contains(key), qPrintable(shown));
        QVERIFY2(shown.contains(agent), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("shop_1 <b>")), qPrintable(shown));
        // Nothing of it became bold: only the report's own labels are.
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it)
                if (it.fragment().charFormat().fontWeight() >= QFont::Bold)
                    QVERIFY2(!it.fragment().text().contains(QStringLiteral("no conflict")), qPrintable(it.fragment().text()));
    }

    void pdfIsWrittenWithPages()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        const QString md = IncidentReport::markdown(svc->jobDetail(s.job.id), svc->nowMs());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.pdf"));
        QString error;
        QVERIFY2(IncidentReport::writePdf(md, path, QStringLiteral("Incident report"), &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray pdf = f.readAll();
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY2(pdf.size() > 10000, QByteArray::number(pdf.size()).constData());
        const QRegularExpression pages(QStringLiteral("/Type\\s*/Page[^s]"));
        QVERIFY(QString::fromLatin1(pdf).count(pages) >= 1);
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
        // A place that cannot be written says so.
        QVERIFY(!IncidentReport::writePdf(md, dir.filePath(QStringLiteral("no/such/dir/r.pdf")), QString(), &error));
        QVERIFY(error.contains(QStringLiteral("no/such/dir")));
    }

    void exportFromTheConsoleCopiesMarkdownAndSavesPdf()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        Console c;
        c.open(store->url());
        auto *action = c.window->findChild<QAction *>(QStringLiteral("exportIncidentReportAction"));
        QVERIFY(action);
        QVERIFY(!action->isEnabled()); // no job shown yet
        c.window->selectJob(s.job.id);
        QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), 10000);
        QGuiApplication::clipboard()->clear();
        action->trigger();
        IncidentReportDialog *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = findTopLevel<IncidentReportDialog>(QStringLiteral("incidentReportDialog"))), 10000);
        QVERIFY(QGuiApplication::clipboard()->text().isEmpty()); // the clipboard changes only when asked
        dialog->findChild<QPushButton *>(QStringLiteral("copyMarkdownButton"))->click();
        QCOMPARE(QGuiApplication::clipboard()->text(), dialog->markdown());
        QVERIFY(dialog->markdown().contains(QStringLiteral("**Loser:** attempt 2 on fallback")));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("incident.pdf"));
        QVERIFY(dialog->savePdf(path));
        QVERIFY(QFileInfo(path).size() > 10000);
        dialog->close();
    }
};

QTEST_MAIN(TestUiReport)
#include "tst_ui_report.moc"
