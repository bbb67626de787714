// File ▸ Open archive (ui/support/ArchiveView): a retention archive made by
// Retention on each store opens read-only, off the UI thread; the search
// filters by owner or key prefix as you type; the selected job's detail shows
// the live job's charge account and story; its incident report is the live
// job's; a corrupt, altered or missing archive says so and shows nothing; and
// nothing in the window can act.

#include "ArchiveStories.h"
#include "UiFixture.h"

#include "support/ArchiveView.h"
#include "support/IncidentReport.h"
#include "support/IncidentReportDialog.h"
#include "models/TextTableModel.h"
#include "views/JobDetailView.h"
#include "views/Timeline.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {

// The report without its "Generated <when>." line.
QString withoutGeneratedLine(const QString &markdown)
{
    QStringList lines = markdown.split(u'\n');
    lines.removeIf([](const QString &l) { return l.startsWith(QStringLiteral("Generated ")); });
    return lines.join(u'\n');
}

// An archive view on the file, once it has been read.
std::unique_ptr<ArchiveView> opened(const QString &path)
{
    auto view = std::make_unique<ArchiveView>();
    view->setAttribute(Qt::WA_DeleteOnClose, false);
    view->openArchive(path);
    return view;
}

} // namespace

class TestUiArchive : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void theFileMenuOpensAnArchiveInAReadOnlyWindow()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        Console console;
        console.open(store->url());
        auto *action = console.window->findChild<QAction *>(QStringLiteral("openArchiveAction"));
        QVERIFY(action);
        action->trigger();
        auto *files = console.window->findChild<QFileDialog *>(QStringLiteral("openArchiveDialog"));
        QVERIFY(files);
        QVERIFY(files->nameFilters().first().contains(QStringLiteral("*.jsonl.gz")));
        Q_EMIT files->fileSelected(stories.archive); // what choosing the file in it does
        files->close();
        ArchiveView *view = nullptr;
        QTRY_VERIFY((view = console.window->findChild<ArchiveView *>()) != nullptr);
        QTRY_VERIFY(!view->isLoading());
        QVERIFY(view->isWindow());
        QCOMPARE(view->table()->model()->rowCount(), stories.jobIds.size());
        QCOMPARE(view->table()->model()->index(0, 0).data().toString(), QString::number(stories.jobIds.first()));
        QVERIFY2(view->statusText().contains(QStringLiteral("Read-only")), qPrintable(view->statusText()));
        QVERIFY(view->statusText().contains(QStringLiteral("run %1").arg(view->archive()->run)));
        view->close();
    }

    void theSearchFiltersByOwnerOrKeyPrefixAsYouType()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        auto view = opened(stories.archive);
        QSignalSpy loaded(view.get(), &ArchiveView::loaded);
        QVERIFY(!view->searchBox()->isEnabled()); // nothing to search until it is read
        QTRY_COMPARE(loaded.size(), 1);
        QCOMPARE(loaded.first().first().toInt(), 4);
        QVERIFY(view->searchBox()->isEnabled());
        QTest::keyClicks(view->searchBox(), QStringLiteral("order-"));
        QCOMPARE(view->shownJobs(), 2);
        QTest::keyClicks(view->searchBox(), QStringLiteral("1002"));
        QCOMPARE(view->shownJobs(), 1);
        QCOMPARE(view->table()->model()->index(0, 2).data().toString(), QStringLiteral("order-1002"));
        view->setSearch(QStringLiteral("globex"));
        QCOMPARE(view->shownJobs(), 2);
        QVERIFY2(view->statusText().contains(QStringLiteral("2 job")), qPrintable(view->statusText()));
        view->setSearch(QStringLiteral("batch-8"));
        QCOMPARE(view->shownJobs(), 1);
        view->setSearch(QStringLiteral("ORDER-")); // keys compare byte for byte, as everywhere
        QCOMPARE(view->shownJobs(), 0);
        view->setSearch(QString());
        QCOMPARE(view->shownJobs(), 4);
    }

    void theDetailShowsTheLiveJobsChargeAccountAndStory()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        auto view = opened(stories.archive);
        QTRY_VERIFY(!view->isLoading());
        const qint64 stuck = stories.jobIds.at(1); // cancelled while unknown, retried
        const JobDetail &live = stories.before.value(stuck);
        view->setSearch(QStringLiteral("order-1002"));
        QVERIFY(view->selectJob(stuck));
        QCOMPARE(view->selectedJob()->job.id, stuck);
        JobDetailView *detail = view->detail();
        auto *charges = detail->findChild<QLabel *>(QStringLiteral("chargeAccountLabel"));
        QVERIFY(charges);
        QCOMPARE(charges->text(), JobDetailView::tr("Charges: %1").arg(live.charges().summary()));
        QVERIFY2(charges->text().contains(QStringLiteral("possibly")), qPrintable(charges->text()));
        auto *header = detail->findChild<QLabel *>(QStringLiteral("detailHeader"));
        QVERIFY(header->text().contains(QStringLiteral("order-1002")));
        QCOMPARE(detail->attemptsModel()->rowCount(), 2);
        QCOMPARE(detail->eventsModel()->rowCount(), live.events.size());
        QCOMPARE(detail->auditModel()->rowCount(), 2);
        QCOMPARE(detail->attemptsModel()->index(1, 1).data().toString(), QStringLiteral("spare"));
        QVERIFY(detail->attemptsModel()->index(1, 3).data().toString().contains(QStringLiteral("WINNER")));
        QCOMPARE(detail->timeline()->timeline().lanes.size(), 2);

        // Another job: the detail follows the selection.
        view->setSearch(QString());
        QVERIFY(view->selectJob(stories.jobIds.at(0)));
        QCOMPARE(detail->keyHistoryModel()->rowCount(), 3); // the creation, a replay, a conflict
        QCOMPARE(charges->text(), JobDetailView::tr("Charges: %1").arg(stories.before.value(stories.jobIds.at(0)).charges().summary()));
    }

    void theIncidentReportIsTheLiveJobsReport()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        auto view = opened(stories.archive);
        QTRY_VERIFY(!view->isLoading());
        auto *button = view->findChild<QPushButton *>(QStringLiteral("archiveReportButton"));
        QVERIFY(!button->isEnabled()); // no job selected
        QVERIFY(!view->openIncidentReport());
        for (qint64 id : stories.jobIds) {
            QVERIFY(view->selectJob(id));
            QVERIFY(button->isEnabled());
            IncidentReportDialog *report = view->openIncidentReport();
            QVERIFY(report);
            const QString live = IncidentReport::markdown(stories.before.value(id), QDateTime::currentMSecsSinceEpoch());
            QCOMPARE(withoutGeneratedLine(report->markdown()), withoutGeneratedLine(live));
            QVERIFY(report->markdown().contains(QStringLiteral("# Incident report: job %1").arg(id)));
            report->close();
        }
    }

    void aCorruptAlteredOrMissingArchiveSaysSoAndShowsNothing_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("says");
        QTest::newRow("a byte changed") << "flip" << "cannot be opened as a JobDesk archive";
        QTest::newRow("cut short") << "truncate" << "cannot be opened as a JobDesk archive";
        QTest::newRow("no checksum file") << "no-sha" << "checksum file (.sha256) is missing";
        QTest::newRow("not there") << "missing" << "does not exist";
    }

    void aCorruptAlteredOrMissingArchiveSaysSoAndShowsNothing()
    {
        QFETCH(QString, damage);
        QFETCH(QString, says);
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        QString path = stories.archive;
        if (damage == QLatin1String("flip") || damage == QLatin1String("truncate")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            if (damage == QLatin1String("flip")) {
                f.seek(f.size() / 2);
                const char flipped = ~f.peek(1).at(0);
                f.write(&flipped, 1);
            } else {
                QVERIFY(f.resize(f.size() / 2));
            }
        } else if (damage == QLatin1String("no-sha")) {
            QVERIFY(QFile::remove(path + QStringLiteral(".sha256")));
        } else {
            path = dir.filePath(QStringLiteral("jobdesk-retention-999.jsonl.gz"));
        }
        auto view = opened(path);
        QSignalSpy failed(view.get(), &ArchiveView::failed);
        QTRY_COMPARE(failed.size(), 1);
        QVERIFY2(failed.first().first().toString().contains(says), qPrintable(failed.first().first().toString()));
        QCOMPARE(view->statusText(), failed.first().first().toString());
        QVERIFY(!view->archive());
        QCOMPARE(view->table()->model()->rowCount(), 0);
        QVERIFY(!view->searchBox()->isEnabled());
        QVERIFY(!view->findChild<QPushButton *>(QStringLiteral("archiveReportButton"))->isEnabled());
    }

    void nothingInTheArchiveWindowCanAct()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        auto view = opened(stories.archive);
        view->resize(1200, 900);
        view->show();
        QTRY_VERIFY(!view->isLoading());
        for (qint64 id : stories.jobIds) {
            QVERIFY(view->selectJob(id));
            JobDetailView *detail = view->detail();
            for (QPushButton *b : view->findChildren<QPushButton *>()) {
                if (!b->isVisibleTo(view.get()))
                    continue;
                const QString name = b->objectName();
                QVERIFY2(!name.startsWith(QStringLiteral("cancel")) && name != QLatin1String("retryButton"), qPrintable(name));
            }
            QVERIFY(!detail->openRetry());
            QVERIFY(!detail->openCancelJob());
            QVERIFY(!detail->openCancelAttempt());
            auto *guard = detail->findChild<QLabel *>(QStringLiteral("retryGuardLabel"));
            QVERIFY2(guard->text().contains(QStringLiteral("read-only, nothing here can act")), qPrintable(guard->text()));
        }
        // A look at it: JOBDESK_TEST_SCREENSHOTS=<folder> saves the window.
        const QString shots = qEnvironmentVariable("JOBDESK_TEST_SCREENSHOTS");
        if (!shots.isEmpty()) {
            view->selectJob(stories.jobIds.at(1));
            QVERIFY(view->grab().save(QDir(shots).filePath(QStringLiteral("archive-%1.png").arg(store->backend()))));
        }
    }
};

QTEST_MAIN(TestUiArchive)
#include "tst_ui_archive.moc"
