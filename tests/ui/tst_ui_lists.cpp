// What list users expect of the jobs table: a column header sorts every page
// by the store (not the page loaded), a row's context menu holds its actions,
// the shown list exports as CSV through a file dialog (the clipboard stays
// as it was), saved views bring a set of filters back, Help ▸ Keyboard
// shortcuts lists the keys, and the connect dialog always offers the demo.

#include "UiFixture.h"

#include "dialogs/ConnectionDialog.h"
#include "dialogs/ShortcutsDialog.h"
#include "views/JobDetailView.h"
#include "views/SavedViews.h"

#include <QClipboard>
#include <QComboBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
void clickHeader(QTableView *table, int column)
{
    QHeaderView *h = table->horizontalHeader();
    const QPoint at(h->sectionViewportPosition(column) + h->sectionSize(column) / 2, h->height() / 2);
    QTest::mouseClick(h->viewport(), Qt::LeftButton, {}, at);
}

void loadAll(JobsModel *jobs)
{
    for (int i = 0; i < 50 && (jobs->hasMore() || jobs->isLoading()); ++i) {
        QTRY_VERIFY_WITH_TIMEOUT(!jobs->isLoading(), 5000);
        if (jobs->canFetchMore({}))
            jobs->fetchMore({});
    }
    QTRY_VERIFY_WITH_TIMEOUT(!jobs->isLoading() && !jobs->hasMore(), 5000);
}
} // namespace

class TestUiLists : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void aColumnSortsEveryPageNotOnlyTheLoadedOne()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        for (int i = 0; i < 30; ++i) {
            SubmitRequest r = makeSubmit(QStringLiteral("sort-%1").arg(i));
            r.ownerId = QStringLiteral("u-%1").arg((i * 11) % 7); // the newest jobs are not the first owners
            svc->submit(r);
        }
        Console console;
        console.jobs()->setPageSize(7);
        console.open(store->url());
        QTRY_VERIFY_WITH_TIMEOUT(console.jobs()->rowCount() >= 7, 10000);
        clickHeader(console.table(), JobsModel::OwnerColumn);
        QCOMPARE(console.jobs()->filter().sort, JobFilter::Sort::Owner);
        QVERIFY(console.jobs()->filter().ascending);
        QTRY_VERIFY_WITH_TIMEOUT(!console.jobs()->isLoading() && console.jobs()->rowCount() >= 7, 5000);
        // The first page is the store's first seven by owner: u-0's jobs, not the newest seven sorted.
        QCOMPARE(console.jobs()->rowAt(0)->job.ownerId, QStringLiteral("u-0"));
        loadAll(console.jobs());
        QCOMPARE(console.jobs()->rowCount(), 30);
        for (int r = 1; r < 30; ++r) {
            const Job &a = console.jobs()->rowAt(r - 1)->job;
            const Job &b = console.jobs()->rowAt(r)->job;
            QVERIFY2(std::pair(a.ownerId, a.id) < std::pair(b.ownerId, b.id), qPrintable(QString::number(r)));
        }
        // Again: descending.
        clickHeader(console.table(), JobsModel::OwnerColumn);
        QVERIFY(!console.jobs()->filter().ascending);
        QTRY_VERIFY_WITH_TIMEOUT(!console.jobs()->isLoading() && console.jobs()->rowCount() > 0, 5000);
        QCOMPARE(console.jobs()->rowAt(0)->job.ownerId, QStringLiteral("u-6"));
        // A column the store does not keep in order: the order and its indicator stay.
        clickHeader(console.table(), JobsModel::AttemptsColumn);
        QCOMPARE(console.jobs()->filter().sort, JobFilter::Sort::Owner);
        QCOMPARE(console.table()->horizontalHeader()->sortIndicatorSection(), int(JobsModel::OwnerColumn));
    }

    void aRowsContextMenuHoldsThatJobsActions()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("plain"));
        const auto [job, attempt] = blockedJob(*svc, QStringLiteral("stuck"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 10000);
        const int row = console.jobs()->rowOfJob(job.id);
        const QPoint at = console.table()->visualRect(console.jobs()->index(row, JobsModel::KeyColumn)).center();
        console.window->openJobsContextMenu(at);
        QMenu *menu = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((menu = findTopLevel<QMenu>(QStringLiteral("jobsContextMenu"))) != nullptr, 5000);
        QCOMPARE(console.window->detailView()->jobId(), std::optional<qint64>(job.id));
        QStringList enabled;
        for (QAction *a : menu->actions())
            if (a->isEnabled() && !a->isSeparator())
                enabled.append(a->objectName());
        QVERIFY2(enabled.contains(QStringLiteral("cancelAttemptAction")) && enabled.contains(QStringLiteral("copyKeyAction"))
                     && enabled.contains(QStringLiteral("exportCsvAction")) && !enabled.contains(QStringLiteral("retryAction")),
                 qPrintable(enabled.join(u' ')));
        menu->close();
    }

    void theShownListExportsAsCsvThroughAFileDialog()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SubmitRequest r = makeSubmit(QStringLiteral("with,comma"));
        svc->submit(r);
        submitJob(*svc, QStringLiteral("second"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 10000);
        QGuiApplication::clipboard()->setText(QStringLiteral("what the operator copied"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("jobs.csv"));
        QFileDialog *dialog = console.window->exportShownJobs();
        QVERIFY(dialog);
        QCOMPARE(dialog->acceptMode(), QFileDialog::AcceptSave);
        dialog->selectFile(path);
        QMetaObject::invokeMethod(dialog, "accept"); // the Save button
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines.first().startsWith(QStringLiteral("Id,Owner,Idempotency key,")), qPrintable(lines.first()));
        QVERIFY2(lines.at(1).contains(QStringLiteral(",second,")), qPrintable(lines.at(1)));
        QVERIFY2(lines.at(2).contains(QStringLiteral(",\"with,comma\",")), qPrintable(lines.at(2)));
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("what the operator copied"));
    }

    void aSavedViewBringsItsFiltersAndOrderBack()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        blockedJob(*svc, QStringLiteral("stuck"));
        submitJob(*svc, QStringLiteral("plain"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 10000);
        auto *state = console.window->findChild<QComboBox *>(QStringLiteral("stateFilter"));
        state->setCurrentIndex(state->findData(static_cast<int>(JobState::Blocked)));
        console.window->find(QStringLiteral("stu"));
        clickHeader(console.table(), JobsModel::KeyColumn);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 5000);
        console.window->saveCurrentView(QStringLiteral("on-call"));
        QCOMPARE(SavedViews::all().size(), 1);

        console.window->findChild<QPushButton *>(QStringLiteral("clearFiltersButton"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 5000);
        QVERIFY(console.jobs()->filter().states.isEmpty());
        QAction *saved = console.window->findChild<QAction *>(QStringLiteral("savedView_on-call"));
        QVERIFY(saved);
        saved->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 5000);
        QCOMPARE(console.jobs()->filter().states, QList<JobState>{JobState::Blocked});
        QCOMPARE(console.jobs()->filter().keyPrefix, QStringLiteral("stu"));
        QCOMPARE(console.jobs()->filter().sort, JobFilter::Sort::Key);
        QCOMPARE(console.window->findChild<QLineEdit *>(QStringLiteral("findEdit"))->text(), QStringLiteral("stu"));
        SavedViews::remove(QStringLiteral("on-call"));
    }

    void keyboardShortcutsListsTheMenusKeys()
    {
        Console console;
        console.window->findChild<QAction *>(QStringLiteral("shortcutsAction"))->trigger();
        auto *dialog = findTopLevel<ShortcutsDialog>(QStringLiteral("shortcutsDialog"));
        QVERIFY(dialog);
        QStringList rows;
        for (int r = 0; r < dialog->table()->rowCount(); ++r)
            rows.append(dialog->table()->item(r, 0)->text() + QStringLiteral(" = ") + dialog->table()->item(r, 1)->text());
        const QString all = rows.join(u'\n');
        QVERIFY2(all.contains(QStringLiteral("Ctrl+R = Job ▸ Retry")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("Ctrl+K = Job ▸ Cancel attempt")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("Ctrl+F = View ▸ Find job id or key")), qPrintable(all));
        dialog->close();
    }

    void theDemoIsAlwaysListedAndOneClickAway()
    {
        ConsoleSettings::setConnections({{QStringLiteral("db1"), QStringLiteral("postgresql://alice@db1/jobdesk"), true}});
        ConnectionDialog dialog;
        auto *saved = dialog.findChild<QListWidget *>(QStringLiteral("savedList"));
        QCOMPARE(saved->count(), 2);
        QVERIFY2(saved->item(0)->text().contains(QStringLiteral("Demo")), qPrintable(saved->item(0)->text()));
        QSignalSpy asked(&dialog, &ConnectionDialog::connectRequested);
        dialog.findChild<QPushButton *>(QStringLiteral("demoButton"))->click(); // one click
        QCOMPARE(asked.size(), 1);
        const auto choice = asked.first().first().value<ConnectionChoice>();
        QVERIFY(choice.demo);
        QCOMPARE(choice.url.sqlitePath, ConnectionDialog::demoChoice().url.sqlitePath);
        // Chosen from the list and connected: the demo too, and it is not saved as a connection.
        dialog.showFailure(QStringLiteral("test"));
        saved->setCurrentRow(0);
        dialog.findChild<QPushButton *>(QStringLiteral("connectButton"))->click();
        QCOMPARE(asked.size(), 2);
        QVERIFY(asked.last().first().value<ConnectionChoice>().demo);
        QCOMPARE(ConsoleSettings::connections().size(), 1);
        // Deleting it does nothing: it is there again.
        dialog.showFailure(QStringLiteral("test"));
        saved->setCurrentRow(0);
        dialog.findChild<QPushButton *>(QStringLiteral("deleteButton"))->click();
        QVERIFY(saved->item(0)->text().contains(QStringLiteral("Demo")));
    }
};

QTEST_MAIN(TestUiLists)
#include "tst_ui_lists.moc"
