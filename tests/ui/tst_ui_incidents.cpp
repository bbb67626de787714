// The duplicate-click incidents view: after a scripted double click, a replay
// from a script and a key reused with another payload, the worklist shows
// one incident with its replays, conflict, clients and spread; a search by
// owner or key shows the job at once; a conflict opens the diff; the list
// follows new requests live (and only re-reads while visible). Both stores.

#include "SupportScenario.h"
#include "UiFixture.h"

#include "Format.h"
#include "dialogs/IntentDiffDialog.h"
#include "models/SidebarModel.h"
#include "models/TextTableModel.h"
#include "support/IncidentsModel.h"
#include "support/IncidentsView.h"
#include "support/SupportViews.h"
#include "views/JobDetailView.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTextDocument>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;

SubmitRequest request(const QString &key, const QString &owner, const QJsonObject &meta,
                      const QString &prompt = QStringLiteral("p"))
{
    SubmitRequest r = makeSubmit(key, {{QStringLiteral("prompt"), prompt}});
    r.ownerId = owner;
    r.clientMeta = meta;
    return r;
}
} // namespace

class TestUiIncidents : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void worklistShowsReplaysConflictsClientsAndSpread()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        submitJob(*svc, QStringLiteral("sent-once")); // not a duplicate: not listed
        StoreClient client(fastOptions());
        IncidentsView view(&client);
        QAbstractItemModelTester tester(view.model(), kFatal);
        client.open(store->url());
        view.resize(1200, 700);
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        const IncidentsModel *m = view.model();
        auto at = [m](int col, int role = Qt::DisplayRole) { return m->data(m->index(0, col), role); };
        QCOMPARE(at(0, IncidentsModel::JobIdRole).toLongLong(), s.job.id);
        QCOMPARE(at(IncidentsModel::OwnerColumn).toString(), QStringLiteral("u-7"));
        QCOMPARE(at(IncidentsModel::KeyColumn).toString(), QStringLiteral("click-1f2e"));
        QCOMPARE(at(0, IncidentsModel::ReplaysRole).toInt(), 2);
        QCOMPARE(at(0, IncidentsModel::ConflictsRole).toInt(), 1);
        QVERIFY(!at(IncidentsModel::ConflictsColumn, Qt::DecorationRole).isNull()); // a conflict stands out, not by colour alone
        QCOMPARE(at(IncidentsModel::StateColumn).toString(), Format::jobState(JobState::Succeeded));
        const QString clients = at(IncidentsModel::ClientsColumn).toString();
        QVERIFY2(clients.contains(QStringLiteral("203.0.113.9 Firefox/128")) && clients.contains(QStringLiteral("198.51.100.7 curl/8.1")),
                 qPrintable(clients));
        const KeyIncident *inc = m->incidentAt(0);
        QCOMPARE(inc->clients.size(), 2);
        QCOMPARE(at(IncidentsModel::SpreadColumn).toString(), Format::duration(inc->lastAtMs - inc->createdAtMs));
        QCOMPARE(at(IncidentsModel::FirstColumn).toString(), Format::time(s.job.createdAtMs));

        // Selecting it says whether it was one job and why, and lists every request.
        QSignalSpy detail(&view, &IncidentsView::detailLoaded);
        view.selectIncident(0);
        QVERIFY(view.verdictText().contains(QStringLiteral("One job (%1").arg(s.job.id)));
        QVERIFY(view.verdictText().contains(QStringLiteral("sent 4 times from 2 client(s)")));
        QVERIFY(view.verdictText().contains(QStringLiteral("2 replay(s)")));
        QVERIFY(view.verdictText().contains(QStringLiteral("1 CONFLICT(s)")));
        QTRY_COMPARE_WITH_TIMEOUT(view.historyModel()->rowCount(), 4, 10000);
        QAbstractItemModelTester historyTester(view.historyModel(), kFatal);
        const TextTableModel *h = view.historyModel();
        QVERIFY(h->data(h->index(0, 1)).toString().contains(QStringLiteral("created job %1").arg(s.job.id)));
        QVERIFY(h->data(h->index(1, 1)).toString().startsWith(QStringLiteral("replayed")));
        QVERIFY(h->data(h->index(2, 1)).toString().startsWith(QStringLiteral("replayed")));
        QVERIFY(h->data(h->index(3, 1)).toString().startsWith(QStringLiteral("CONFLICT")));
        QVERIFY(h->rowAt(3).attention);
        // The conflict opens the field-by-field diff.
        IntentDiffDialog *diff = view.openConflictDiff();
        QVERIFY(diff);
        QCOMPARE(diff->differences(), 1);
        QStringList differing;
        for (int r = 0; r < diff->model()->rowCount(); ++r)
            if (diff->model()->rowAt(r).attention)
                differing.append(diff->model()->rowAt(r).data.toString());
        QCOMPARE(differing, QStringList{QStringLiteral("input.prompt")});
        diff->close();
        // From the table: select the conflict row, the diff button opens it.
        auto *historyTable = view.findChild<QTableView *>(QStringLiteral("incidentHistory"));
        auto *diffButton = view.findChild<QPushButton *>(QStringLiteral("incidentDiffButton"));
        historyTable->setCurrentIndex(h->index(1, 0));
        QVERIFY(!diffButton->isEnabled()); // a replay has nothing to diff
        historyTable->setCurrentIndex(h->index(3, 0));
        QVERIFY(diffButton->isEnabled());
        diffButton->click();
        auto *shown = findTopLevel<IntentDiffDialog>(QStringLiteral("intentDiffDialog"));
        QVERIFY(shown);
        shown->close();
    }

    void searchByOwnerOrKeyShowsTheJobsAtOnce()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        const Job lonely = svc->submit(request(QStringLiteral("order-77"), QStringLiteral("u-9"), clientMeta(QStringLiteral("192.0.2.1"), QStringLiteral("app/2")))).job;
        const Job second = svc->submit(request(QStringLiteral("order-78"), QStringLiteral("u-9"), clientMeta(QStringLiteral("192.0.2.1"), QStringLiteral("app/2")))).job;
        StoreClient client(fastOptions());
        IncidentsView view(&client);
        QAbstractItemModelTester tester(view.model(), kFatal);
        client.open(store->url());
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);

        // The key as the customer sent it: one job, sent once.
        QSignalSpy loaded(&view, &IncidentsView::loaded);
        view.setSearch(QStringLiteral("  order-77 "));
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QCOMPARE(view.model()->rowCount(), 1);
        QCOMPARE(view.model()->incidentAt(0)->jobId, lonely.id);
        QCOMPARE(view.model()->incidentAt(0)->replays, 0);
        QVERIFY2(view.verdictText().contains(QStringLiteral("The key was sent once")), qPrintable(view.verdictText()));
        // The owner: every job of theirs, duplicate or not.
        loaded.clear();
        view.setSearch(QStringLiteral("u-9"));
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QCOMPARE(view.model()->rowCount(), 2);
        QCOMPARE(view.model()->incidentAt(0)->jobId, second.id);
        // The duplicated key: the incident and why.
        loaded.clear();
        view.setSearch(QStringLiteral("click-1f2e"));
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QCOMPARE(view.model()->rowCount(), 1);
        QCOMPARE(view.model()->incidentAt(0)->jobId, s.job.id);
        QVERIFY(view.verdictText().contains(QStringLiteral("CONFLICT")));
        // Nothing by that name says so.
        loaded.clear();
        view.setSearch(QStringLiteral("no-such-key"));
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QCOMPARE(view.model()->rowCount(), 0);
        QVERIFY(view.verdictText().contains(QStringLiteral("No job has owner or key \"no-such-key\"")));
    }

    // One incident's requests never stand under another's verdict: not while
    // the other's read is on its way, not when it failed, not when a search
    // finds nothing (the conflict's rows stayed, and its diff opened).
    void anIncidentsRequestsNeverStandUnderAnothersVerdict()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc); // click-1f2e: replays and a conflict
        const SubmitRequest plain = request(QStringLiteral("order-5"), QStringLiteral("u-8"), clientMeta(QStringLiteral("192.0.2.1"), QStringLiteral("app/2")));
        const Job other = svc->submit(plain).job;
        svc->submit(plain); // a replay only
        StoreClient client(fastOptions());
        IncidentsView view(&client);
        client.open(store->url());
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 2, 10000);
        const int conflictRow = view.model()->incidentAt(0)->jobId == s.job.id ? 0 : 1;
        QSignalSpy detail(&view, &IncidentsView::detailLoaded);
        view.selectIncident(conflictRow);
        QTRY_VERIFY_WITH_TIMEOUT(!detail.isEmpty() && detail.last().first().toLongLong() == s.job.id, 10000);
        QVERIFY(view.historyModel()->rowCount() >= 4); // created, two replays, the conflict
        QVERIFY(view.openConflictDiff());

        // The other incident's read fails: its verdict, and none of the conflict's rows.
        client.setQueryHook([](const char *what) {
            if (qstrcmp(what, "incident requests") == 0)
                throw JobDeskError(JobDeskError::Code::StoreError, QStringLiteral("statement timeout"));
        });
        view.selectIncident(1 - conflictRow);
        QVERIFY2(view.verdictText().contains(QStringLiteral("1 replay")), qPrintable(view.verdictText()));
        QCOMPARE(view.historyModel()->rowCount(), 0); // at once, before its read answers
        QVERIFY(!view.selectedDetail());
        QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("incidentDiffButton"))->isEnabled());
        QVERIFY(!view.openConflictDiff());
        auto *status = view.findChild<QLabel *>(QStringLiteral("incidentsStatus"));
        QVERIFY(status);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("statement timeout")), 10000);
        QCOMPARE(view.historyModel()->rowCount(), 0);
        client.setQueryHook({});
        view.selectIncident(conflictRow);
        QTRY_VERIFY_WITH_TIMEOUT(view.selectedDetail() && view.selectedDetail()->job.id == s.job.id, 10000);
        QVERIFY(view.historyModel()->rowCount() >= 4);

        // A search that finds nothing: no job's requests under "no job has".
        QSignalSpy loaded(&view, &IncidentsView::loaded);
        view.setSearch(QStringLiteral("order-Z"));
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QVERIFY(view.verdictText().contains(QStringLiteral("No job has owner or key \"order-Z\"")));
        QCOMPARE(view.historyModel()->rowCount(), 0);
        QVERIFY(!view.selectedDetail());
        QVERIFY(!view.openConflictDiff());
        Q_UNUSED(other);
    }

    // A customer's key, owner or client naming "%1".."%9" is shown as sent:
    // the messages that name it were filled in twice (the diff's summary said
    // the job's id where the key was, a time where the job's number was).
    void aKeyHoldingPlaceholdersIsShownAsSent()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QString key = QStringLiteral("%1%6-k");
        const QString owner = QStringLiteral("u-%2");
        const Job job = svc->submit(request(key, owner, clientMeta(QStringLiteral("192.0.2.1"), QStringLiteral("app %3")))).job;
        svc->submit(request(key, owner, clientMeta(QStringLiteral("192.0.2.1"), QStringLiteral("app %9")), QStringLiteral("other")));
        Console console;
        console.open(store->url());
        QTRY_VERIFY(console.client->isConnected());
        console.window->selectJob(job.id);
        QTRY_VERIFY(console.window->detailView()->current() && console.window->detailView()->current()->jobId == job.id);
        const QString header = console.window->detailView()->findChild<QLabel *>(QStringLiteral("detailHeader"))->text();
        QVERIFY2(header.contains(QStringLiteral("owner u-%2 · key %1%6-k · route ")) && header.contains(QStringLiteral(" · v0 · ")),
                 qPrintable(header));

        StoreClient client(fastOptions());
        IncidentsView view(&client);
        client.open(store->url());
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        QSignalSpy detail(&view, &IncidentsView::detailLoaded);
        view.selectIncident(0);
        QTRY_VERIFY_WITH_TIMEOUT(!detail.isEmpty(), 10000);
        IntentDiffDialog *diff = view.openConflictDiff();
        QVERIFY(diff);
        const QString summary = diff->findChild<QLabel *>(QStringLiteral("diffSummary"))->text();
        QVERIFY2(summary.startsWith(QStringLiteral("Owner u-%2 reused the key %1%6-k with another intent: 1 field(s) differ, so "
                                                   "nothing was created and job ")
                                    + QString::number(job.id) + QStringLiteral(" is unchanged.")),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("app %3")) && summary.contains(QStringLiteral("app %9")), qPrintable(summary));
        diff->close();
    }

    // A tooltip shows a customer's key or user agent as text: Qt renders a
    // tooltip as rich text when it merely looks like HTML, so a key
    // "<b>ok</b><!--" showed "ok" and commented out the verdict after it
    // ("1 CONFLICT(s)"), and a user agent could paint its own verdict in red.
    void customerTextInATooltipIsShownAsText()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QString key = QStringLiteral("<b>ok</b><!--");
        const QString agent = QStringLiteral("<font color=red size=6>Sent once, no conflict</font><!--");
        svc->submit(request(key, QStringLiteral("u-1"), clientMeta(QStringLiteral("192.0.2.1"), agent)));
        svc->submit(request(key, QStringLiteral("u-1"), clientMeta(QStringLiteral("192.0.2.1"), agent), QStringLiteral("other")));
        StoreClient client(fastOptions());
        IncidentsView view(&client);
        client.open(store->url());
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        // What a tooltip shows: rendered as Qt's QToolTip renders it.
        const auto shown = [](const QString &tip) {
            if (!Qt::mightBeRichText(tip))
                return tip;
            QTextDocument doc;
            doc.setHtml(tip);
            return doc.toPlainText();
        };
        const IncidentsModel *m = view.model();
        for (const int column : {int(IncidentsModel::KeyColumn), int(IncidentsModel::ClientsColumn)}) {
            const QString tip = shown(m->data(m->index(0, column), Qt::ToolTipRole).toString());
            QVERIFY2(tip.contains(QStringLiteral("1 CONFLICT(s)")), qPrintable(tip));
            QVERIFY2(tip.contains(column == IncidentsModel::KeyColumn ? key : agent), qPrintable(tip));
        }
        // Text that does not look like HTML stays as it is.
        QCOMPARE(Format::plainToolTip(QStringLiteral("a < b\nnext")), QStringLiteral("a < b\nnext"));
    }

    // The job on screen shows a replay or a conflict of its key as it is
    // recorded: neither changes the job, so its detail said the key was sent
    // once until F5 (a finished job's for ever).
    void aShownJobsKeyHistoryFollowsNewRequests()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SubmitRequest first = request(QStringLiteral("order-9"), QStringLiteral("u-1"), clientMeta(QStringLiteral("192.0.2.1"), QStringLiteral("app/1")));
        const Job job = svc->submit(first).job;
        Console console;
        console.open(store->url());
        QTRY_VERIFY(console.client->isConnected());
        console.window->selectJob(job.id);
        JobDetailView *detail = console.window->detailView();
        QTRY_VERIFY(detail->current() && detail->current()->jobId == job.id && detail->current()->detail);
        QCOMPARE(detail->current()->detail->keyHistory.size(), 0);
        svc->submit(first);
        svc->submit(request(QStringLiteral("order-9"), QStringLiteral("u-1"), clientMeta(QStringLiteral("192.0.2.1"), QStringLiteral("app/1")),
                            QStringLiteral("other")));
        QTRY_COMPARE_WITH_TIMEOUT(detail->current()->detail->keyHistory.size(), 2, 10000);
        QCOMPARE(detail->current()->detail->keyHistory.at(1).kind, IdempotencyEvent::Kind::Conflict);
    }

    // The job's header shows a key that looks like HTML as the text it is: a
    // QLabel renders rich text when its text merely looks like it, so the key
    // "<b>ok</b><!--" showed "ok" and hid the route, version and time after it.
    void aJobsHeaderShowsAKeyThatLooksLikeHtmlAsText()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QString key = QStringLiteral("<b>ok</b><!--");
        const Job job = svc->submit(request(key, QStringLiteral("u-1"), clientMeta(QStringLiteral("192.0.2.1"), QStringLiteral("app/1")))).job;
        Console console;
        console.open(store->url());
        QTRY_VERIFY(console.client->isConnected());
        console.window->selectJob(job.id);
        QTRY_VERIFY(console.window->detailView()->current() && console.window->detailView()->current()->jobId == job.id);
        auto *header = console.window->detailView()->findChild<QLabel *>(QStringLiteral("detailHeader"));
        QVERIFY(header->text().contains(QStringLiteral("key <b>ok</b><!-- · route ")));
        QVERIFY(Qt::mightBeRichText(header->text())); // what Qt would have rendered as HTML
        QCOMPARE(header->textFormat(), Qt::PlainText);  // shown as the text it is
    }

    void listFollowsNewRequestsLiveAndOnlyWhileVisible()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        StoreClient client(fastOptions());
        IncidentsView view(&client);
        QAbstractItemModelTester tester(view.model(), kFatal);
        client.open(store->url());
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        view.selectIncident(0);
        QTRY_COMPARE_WITH_TIMEOUT(view.historyModel()->rowCount(), 4, 10000);

        // Another double click on the same key, from another connection: counted, and listed below.
        SubmitRequest again = request(QStringLiteral("click-1f2e"), QStringLiteral("u-7"), clientMeta(QStringLiteral("203.0.113.50"), QStringLiteral("Safari/17")),
                                      QStringLiteral("the quarterly figures"));
        again.maxParallel = 2;
        QCOMPARE(svc->submit(again).outcome, SubmitResult::Outcome::Replayed);
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->incidentAt(0)->replays, 3, 10000);
        QCOMPARE(view.model()->incidentAt(0)->clients.size(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(view.historyModel()->rowCount(), 5, 10000);
        // A new double click on another key: a new incident, newest first, the selection kept.
        const Job other = svc->submit(request(QStringLiteral("dbl-2"), QStringLiteral("u-8"), clientMeta(QStringLiteral("192.0.2.8"), QStringLiteral("Chrome/126")))).job;
        svc->submit(request(QStringLiteral("dbl-2"), QStringLiteral("u-8"), clientMeta(QStringLiteral("192.0.2.8"), QStringLiteral("Chrome/126"))));
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 2, 10000);
        QCOMPARE(view.model()->incidentAt(0)->jobId, other.id);
        QCOMPARE(view.model()->incidentAt(view.table()->currentIndex().row())->jobId, s.job.id);

        // Hidden: marked stale, not re-read; shown again: read.
        view.hide();
        svc->submit(request(QStringLiteral("dbl-2"), QStringLiteral("u-8"), clientMeta(QStringLiteral("192.0.2.8"), QStringLiteral("Chrome/126"))));
        QTRY_VERIFY_WITH_TIMEOUT(view.isStale(), 10000);
        QCOMPARE(view.model()->incidentAt(0)->replays, 1);
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->incidentAt(0)->replays, 2, 10000);
        QVERIFY(!view.isStale());
    }

    void supportSectionInTheConsoleOpensTheJob()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        Console c;
        c.open(store->url());
        const SupportViews views = supportViews(c.window.get());
        QVERIFY(views.incidents && views.providers && views.charts);
        QVERIFY(c.window->sidebarModel()->indexOfId(kIncidentsEntry).isValid());
        QVERIFY(!views.incidents->isVisible());
        c.window->showSidebarEntry(kIncidentsEntry);
        QVERIFY(views.incidents->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(views.incidents->model()->rowCount(), 1, 10000);
        const QModelIndex count = c.window->sidebarModel()->indexOfId(kIncidentsEntry, SidebarModel::CountColumn);
        QTRY_COMPARE_WITH_TIMEOUT(count.data(SidebarModel::CountRole).toLongLong(), 1, 10000);
        views.incidents->selectIncident(0);
        auto *open = views.incidents->findChild<QPushButton *>(QStringLiteral("incidentOpenJobButton"));
        QVERIFY(open->isEnabled());
        open->click();
        QVERIFY(c.window->jobsTable()->isVisible());
        QCOMPARE(c.window->detailView()->jobId(), std::optional<qint64>(s.job.id));
        c.window->showSidebarEntry(kIncidentsEntry);
        QTRY_COMPARE_WITH_TIMEOUT(views.incidents->historyModel()->rowCount(), 4, 10000);
    }

    // The list reads the newest IncidentsView::kLimit keys sent more than
    // once. At that many there may be more: the sidebar says "200+" and the
    // status says so, instead of a limit that looks like a count.
    void aListAtItsLimitSaysThereMayBeMore()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        for (int i = 0; i < IncidentsView::kLimit; ++i) { // every key sent twice
            const SubmitRequest r = makeSubmit(QStringLiteral("twice-%1").arg(i));
            svc->submit(r);
            svc->submit(r);
        }
        Console c;
        c.open(store->url());
        const SupportViews views = supportViews(c.window.get());
        c.window->showSidebarEntry(kIncidentsEntry);
        QTRY_COMPARE_WITH_TIMEOUT(views.incidents->model()->rowCount(), IncidentsView::kLimit, 10000);
        const QModelIndex count = c.window->sidebarModel()->indexOfId(kIncidentsEntry, SidebarModel::CountColumn);
        QTRY_COMPARE_WITH_TIMEOUT(count.data().toString(), QLocale().toString(IncidentsView::kLimit) + u'+', 10000);
        // A poll may read the list again meanwhile ("Reading…" until it is back).
        const QLabel *status = views.incidents->findChild<QLabel *>(QStringLiteral("incidentsStatus"));
        QTRY_VERIFY2_WITH_TIMEOUT(status->text().contains(QStringLiteral("there may be more")), qPrintable(status->text()), 10000);

        svc->submit(makeSubmit(QStringLiteral("twice-0"))); // one more replay, no new incident: still at the limit
        c.window->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!views.incidents->isStale(), 10000);
        QCOMPARE(count.data().toString(), QLocale().toString(IncidentsView::kLimit) + u'+');
    }
};

QTEST_MAIN(TestUiIncidents)
#include "tst_ui_incidents.moc"
