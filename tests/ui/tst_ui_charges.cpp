// What support reads about charges, in the case: a customer's two
// clicks made one job; its #1 on "stuck" timed out while the provider said
// it was still working, an operator cancelled it, #2 on "fast" won. The
// duplicate-click view, the job detail, the incident report (and its PDF)
// say one result charged and one more request possibly charged, naming #1,
// never "one". Both stores.

#include "SupportScenario.h"
#include "UiFixture.h"

#include "models/TextTableModel.h"
#include "support/IncidentReport.h"
#include "support/IncidentsModel.h"
#include "support/IncidentsView.h"
#include "views/JobDetailView.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
const QString kExpected = QStringLiteral("1 result(s) charged; 1 more request(s) possibly charged: #1 on stuck, "
                                         "cancelled while the provider said it was still working.");
} // namespace

class TestUiCharges : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void duplicateClicksSayAPossibleSecondCharge()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const StillWorkingScenario s = runStillWorkingScenario(*svc);
        StoreClient client(fastOptions());
        IncidentsView view(&client);
        client.open(store->url());
        view.resize(1200, 700);
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        QSignalSpy detail(&view, &IncidentsView::detailLoaded);
        view.selectIncident(0);
        // Before the attempts are read it claims nothing about charges.
        QVERIFY2(!view.verdictText().contains(QStringLiteral("once:")), qPrintable(view.verdictText()));
        QTRY_VERIFY_WITH_TIMEOUT(!detail.isEmpty(), 10000);
        QVERIFY2(view.verdictText().contains(QStringLiteral("One job (%1").arg(s.job.id)), qPrintable(view.verdictText()));
        QVERIFY2(view.verdictText().contains(QStringLiteral("Charges: ") + kExpected), qPrintable(view.verdictText()));
    }

    void theJobDetailSaysItAndMarksTheAttempt()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const StillWorkingScenario s = runStillWorkingScenario(*svc);
        StoreClient client(fastOptions());
        JobDetailView view(&client);
        client.open(store->url());
        view.resize(1200, 700);
        view.show();
        QSignalSpy shown(&view, &JobDetailView::detailShown);
        QTRY_VERIFY_WITH_TIMEOUT(client.isConnected(), 10000);
        view.showJob(s.job.id);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        auto *label = view.findChild<QLabel *>(QStringLiteral("chargeAccountLabel"));
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("Charges: ") + kExpected);
        QVERIFY(label->toolTip().contains(QStringLiteral("stuck for 10 minutes"))); // the operator's reason as evidence
        // The attempts table's Charge column: #1 possibly, #2 charged.
        const TextTableModel *m = view.attemptsModel();
        int chargeColumn = -1;
        for (int c = 0; c < m->columnCount(); ++c)
            if (m->headerData(c, Qt::Horizontal).toString() == QLatin1String("Charge"))
                chargeColumn = c;
        QVERIFY(chargeColumn >= 0);
        QCOMPARE(m->data(m->index(0, chargeColumn)).toString(), QStringLiteral("POSSIBLY charged"));
        QCOMPARE(m->data(m->index(1, chargeColumn)).toString(), QStringLiteral("charged"));
    }

    void theReportAndItsPdfNeverSayOne()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const StillWorkingScenario s = runStillWorkingScenario(*svc);
        const QString md = IncidentReport::markdown(svc->jobDetail(s.job.id), svc->nowMs());
        QVERIFY2(!md.contains(QStringLiteral("charged for one result")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("## Charges")), qPrintable(md));
        const std::unique_ptr<QTextDocument> pdf = IncidentReport::pdfDocument(md);
        const QString printed = pdf->toPlainText();
        QVERIFY2(printed.contains(kExpected), qPrintable(printed));
        QVERIFY2(printed.contains(QStringLiteral("POSSIBLY charged")), qPrintable(printed));
        QVERIFY(printed.contains(s.stuck.providerKey)); // what to ask the provider about
    }
};

QTEST_MAIN(TestUiCharges)
#include "tst_ui_charges.moc"
