// Nothing an operator can click moves without their action: a live update
// (new jobs behind the bar, a new duplicate-click incident, a poll of the
// on-call queue) leaves the row under the pointer where it was, the table
// where it was, and the worklists' column edges where they were. Both stores.

#include "UiFixture.h"

#include "support/IncidentsModel.h"
#include "support/IncidentsView.h"
#include "worklists/UnknownQueueModel.h"
#include "worklists/UnknownQueueView.h"

#include <QHeaderView>
#include <QPushButton>
#include <QScrollBar>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
// Where a row is on the screen and which one it is: what a click at `point` would select.
struct UnderPointer
{
    QModelIndex index;
    QRect rect;   // the row's cell, in the viewport
    QPoint table; // the table's top left, in the window
    QRect viewport;
};

UnderPointer under(QTableView *table, QPoint point)
{
    UnderPointer u;
    u.index = table->indexAt(point);
    u.rect = table->visualRect(u.index);
    u.table = table->mapTo(table->window(), QPoint(0, 0));
    u.viewport = table->viewport()->geometry();
    return u;
}

QList<int> sectionSizes(const QHeaderView *header)
{
    QList<int> out;
    for (int c = 0; c < header->count(); ++c)
        out.append(header->sectionSize(c));
    return out;
}
} // namespace

class TestUiRowsStay : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void newJobsWaitingDoNotMoveTheJobsTable()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        for (int i = 0; i < 60; ++i)
            submitJob(*svc, QStringLiteral("stay-%1").arg(i));
        Console console(fastOptions(150));
        console.open(store->url());
        QTableView *table = console.table();
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 60, 10000);
        QVERIFY(QTest::qWaitForWindowExposed(console.window.get()));
        table->verticalScrollBar()->setValue(5);
        const QPoint point(table->viewport()->width() / 2, table->viewport()->height() / 2);
        const UnderPointer before = under(table, point);
        QVERIFY(before.index.isValid());
        const qint64 jobBefore = console.jobs()->data(before.index, JobsModel::JobIdRole).toLongLong();

        submitJob(*svc, QStringLiteral("stay-new")); // another connection
        QTRY_VERIFY_WITH_TIMEOUT(console.window->newJobsBar()->isVisible(), 5000);
        QCoreApplication::processEvents(); // the layout the bar's appearance asked for
        const UnderPointer after = under(table, point);
        QCOMPARE(after.table, before.table);
        QCOMPARE(after.viewport, before.viewport);
        QCOMPARE(after.rect, before.rect);
        QCOMPARE(console.jobs()->data(after.index, JobsModel::JobIdRole).toLongLong(), jobBefore);
        QVERIFY(!table->horizontalScrollBar()->isVisible());
    }

    void aNewIncidentDoesNotPushTheVisibleRows()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        for (int i = 0; i < 40; ++i) { // 40 double clicks: 40 incidents
            const SubmitRequest r = makeSubmit(QStringLiteral("twice-%1").arg(i));
            svc->submit(r);
            QCOMPARE(svc->submit(r).outcome, SubmitResult::Outcome::Replayed);
        }
        StoreClient client(fastOptions(150));
        IncidentsView view(&client);
        client.open(store->url());
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView *table = view.table();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 40, 10000);
        table->verticalScrollBar()->setValue(10);
        const QPoint point(table->viewport()->width() / 2, table->visualRect(view.model()->index(12, 0)).center().y());
        const UnderPointer before = under(table, point);
        const QString keyBefore = view.model()->incidentAt(before.index.row())->idempotencyKey;
        QCOMPARE(before.index.row(), 12);

        const SubmitRequest r = makeSubmit(QStringLiteral("twice-new")); // the newest incident: first in the list
        svc->submit(r);
        QCOMPARE(svc->submit(r).outcome, SubmitResult::Outcome::Replayed);
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 41, 10000);
        const UnderPointer after = under(table, point);
        QCOMPARE(view.model()->incidentAt(after.index.row())->idempotencyKey, keyBefore);
        QCOMPARE(after.rect, before.rect);
        QCOMPARE(after.table, before.table);
    }

    void aPollDoesNotResizeTheWorklistColumns()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        blockedJob(*svc, QStringLiteral("unknown-1"));
        StoreClient client(fastOptions(150));
        UnknownQueueView view(&client);
        client.open(store->url());
        view.resize(1200, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        const QList<int> widths = sectionSizes(view.table()->horizontalHeader());
        const bool scrollBar = view.table()->horizontalScrollBar()->isVisible();

        // A longer provider name and reason than any shown: the columns keep their edges.
        const Job job = submitJob(*svc, QStringLiteral("unknown-2"));
        const Attempt a = startRunning(*svc, job.id, QStringLiteral("a-provider-with-a-much-longer-name-than-the-first"));
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w1")),
                         QStringLiteral("the connection was lost after the request was sent, and a long reason"));
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 2, 10000);
        QCoreApplication::processEvents();
        QCOMPARE(sectionSizes(view.table()->horizontalHeader()), widths);
        QCOMPARE(view.table()->horizontalScrollBar()->isVisible(), scrollBar);
    }
};

QTEST_MAIN(TestUiRowsStay)
#include "tst_ui_rows_stay.moc"
