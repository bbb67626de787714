#include "MainWindow.h"

#include "ConsoleSettings.h"
#include "Format.h"
#include "Retranslation.h"
#include "StoreClient.h"
#include "models/ActionGuards.h"
#include "models/JobsModel.h"
#include "models/SidebarModel.h"
#include "support/ArchiveView.h"
#include "support/SupportViews.h"
#include "views/ColumnFit.h"
#include "views/ConnectionBanner.h"
#include "views/JobDetailView.h"
#include "views/SavedViews.h"
#include "views/ScreenFit.h"
#include "dialogs/ShortcutsDialog.h"
#include "worklists/OperatorWorklists.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QLayout>
#include <QComboBox>
#include <QDateTime>
#include <QFileDialog>
#include <QFontMetrics>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMenu>
#include <QMetaMethod>
#include <QSaveFile>
#include <QScopedValueRollback>
#include <QTimer>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace jobdesk::ui {

namespace {

// The width the sidebar needs so that no label is cut short, in any language:
// the widest title as it is drawn at its boldest (a section, or an entry that
// needs an operator: bold, with the attention icon), indented, beside the
// widest count the sidebar shows ("≈ 99,999": bigger ones are shortened, "≈ 1.2M"),
// inside the frame and a vertical scroll bar.
int sidebarWidthForLabels(const QTreeView *sidebar)
{
    const QAbstractItemModel *model = sidebar->model();
    QFont bold = sidebar->font();
    bold.setBold(true);
    const QFontMetrics fm(bold);
    const QStyle *style = sidebar->style();
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, sidebar) + 1;
    const int icon = sidebar->iconSize().isValid() ? sidebar->iconSize().width()
                                                   : style->pixelMetric(QStyle::PM_SmallIconSize, nullptr, sidebar);
    int widest = 0;
    for (int s = 0; s < model->rowCount(); ++s) {
        const QModelIndex section = model->index(s, SidebarModel::TitleColumn);
        widest = std::max(widest, fm.horizontalAdvance(section.data().toString()) + 2 * margin);
        for (int e = 0; e < model->rowCount(section); ++e) {
            const QString title = model->index(e, SidebarModel::TitleColumn, section).data().toString();
            widest = std::max(widest, sidebar->indentation() + icon + 2 * margin + fm.horizontalAdvance(title) + 2 * margin);
        }
    }
    int count = 0;
    for (const QString &text : SidebarModel::widestCountTexts())
        count = std::max(count, fm.horizontalAdvance(text) + 4 * margin);
    return widest + count + 2 * sidebar->frameWidth() + style->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, sidebar);
}

// The sidebar never narrower than its labels: neither at start nor by dragging the splitter.
void fitSidebarToLabels(QTreeView *sidebar, QSplitter *splitter)
{
    const int width = sidebarWidthForLabels(sidebar);
    const int i = splitter->indexOf(sidebar);
    sidebar->setMinimumWidth(width);
    splitter->setCollapsible(i, false);
    // Before the splitter has sizes (while the window is built) the minimum width is enough;
    // setting sizes of 0 then would collapse the pages.
    QList<int> sizes = splitter->sizes();
    if (i >= 0 && i + 1 < sizes.size() && sizes.at(i) < width && sizes.at(i + 1) > width - sizes.at(i)) {
        sizes[i + 1] -= width - sizes.at(i);
        sizes[i] = width;
        splitter->setSizes(sizes);
    }
}

const QString kJobsSection = QStringLiteral("jobs");
QString stateEntry(JobState s)
{
    return QStringLiteral("jobs/") + toText(s);
}
const QList<JobState> kStates = {JobState::Queued, JobState::Running, JobState::Blocked,
                                 JobState::Succeeded, JobState::Failed, JobState::Cancelled};
} // namespace

MainWindow::MainWindow(StoreClient *client, QWidget *parent)
    : QMainWindow(parent), m_client(client)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("JobDesk console"));
    m_jobs = new JobsModel(client, this);
    m_sidebarModel = new SidebarModel(this);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_banner = new ConnectionBanner(client, central);
    layout->addWidget(m_banner);

    m_mainSplitter = new QSplitter(Qt::Horizontal, central);
    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->installEventFilter(this);
    m_sidebar = new QTreeView(m_mainSplitter);
    m_sidebar->setObjectName(QStringLiteral("sidebar"));
    m_sidebar->setModel(m_sidebarModel);
    m_sidebar->setHeaderHidden(true);
    m_sidebar->setRootIsDecorated(false);
    m_sidebar->setItemsExpandable(false);
    m_sidebar->setSelectionMode(QAbstractItemView::SingleSelection);
    m_sidebar->header()->setStretchLastSection(false);
    m_sidebar->header()->setSectionResizeMode(SidebarModel::TitleColumn, QHeaderView::Stretch);
    m_sidebar->header()->setSectionResizeMode(SidebarModel::CountColumn, QHeaderView::ResizeToContents);
    m_pages = new QStackedWidget(m_mainSplitter);
    m_pages->setObjectName(QStringLiteral("pages"));
    m_jobsPage = buildJobsPage();
    m_pages->addWidget(m_jobsPage);
    m_mainSplitter->setStretchFactor(1, 1);
    layout->addWidget(m_mainSplitter, 1);
    setCentralWidget(central);

    m_sidebarModel->addSection(kJobsSection, tr("Jobs"));
    for (JobState s : kStates)
        m_sidebarModel->addEntry(kJobsSection, {stateEntry(s), Format::jobState(s), s == JobState::Blocked, std::nullopt});
    m_sidebar->expandAll();
    fitSidebarToLabels(m_sidebar, m_mainSplitter);
    m_pageFor.insert(kJobsSection, m_jobsPage);
    connect(m_sidebar, &QTreeView::clicked, this, &MainWindow::onSidebarClicked);
    connect(m_sidebar->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &index) {
                if (!m_syncingSidebar)
                    onSidebarClicked(index);
            });

    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_status->setObjectName(QStringLiteral("statusText"));
    statusBar()->addWidget(m_status, 1);
    connect(m_pages, &QStackedWidget::currentChanged, this, &MainWindow::showViewStatus);
    // The Job menu acts on the job in the detail view: only while that view shows.
    connect(m_pages, &QStackedWidget::currentChanged, this, &MainWindow::updateActions);
    // The sidebar steps aside only for the jobs table: the other views are reached through it.
    connect(m_pages, &QStackedWidget::currentChanged, this, &MainWindow::giveWayToTheJobs);

    buildMenus();
    installOperatorWorklists(this); // on-call worklists (ui/worklists): unknown attempts, race losses
    installSupportViews(this); // duplicate clicks, providers, charts, incident reports (ui/support)
    // Tab moves to the next control, out of a table too (arrows move inside it).
    for (QAbstractItemView *view : findChildren<QAbstractItemView *>())
        view->setTabKeyNavigation(false);
    m_sidebar->setAccessibleName(tr("Views"));

    connect(client, &StoreClient::opened, this, &MainWindow::onOpened);
    connect(client, &StoreClient::polled, this, &MainWindow::onPolled);
    connect(client, &StoreClient::connectionLost, this, &MainWindow::updateActions);
    connect(client, &StoreClient::connectionRestored, this, &MainWindow::updateActions);
    connect(m_jobs, &JobsModel::rowsInserted, this, &MainWindow::updateStatus);
    connect(m_jobs, &JobsModel::modelReset, this, &MainWindow::updateStatus);
    // A failed read stays said until a read succeeds (the next poll's count would hide it
    // behind "All 0 matching jobs shown", as if the store had none).
    connect(m_jobs, &JobsModel::loadFailed, this, [this](const QString &message) {
        m_jobsReadError = message;
        updateStatus();
    });
    connect(m_jobs, &JobsModel::loadingChanged, this, [this](bool loading) {
        if (loading)
            m_jobsReadError.clear();
        updateStatus();
    });
    connect(m_jobs, &JobsModel::firstPageLoaded, this, [this] {
        if (m_jobs->rowCount() == 0)
            explainEmpty(); // "No jobs: the BLOCKED filter hides 1 match", not a silent empty table
        if (!m_reselect)
            return;
        const qint64 id = *m_reselect;
        m_reselect.reset();
        const int row = m_jobs->rowOfJob(id);
        if (row >= 0)
            m_table->selectionModel()->setCurrentIndex(m_jobs->index(row, 0),
                                                       QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    });
    connect(m_jobs, &JobsModel::pendingChanged, this, [this](int n) {
        m_newJobs->setText(tr("%n new job(s) waiting: show them (they do not push the rows you are reading)", nullptr, n));
        m_newJobs->setVisible(n > 0);
        updateStatus();
    });
    connect(m_detail, &JobDetailView::detailShown, this, &MainWindow::updateActions);
    connect(m_detail, &JobDetailView::cleared, this, &MainWindow::updateActions);
    connect(m_detail, &JobDetailView::actionDone, this, [this](const ActionResult &r) {
        if (r.after && r.after->detail)
            m_jobs->applyJob(r.after->detail->job, r.after->detail->attempts); // the table too, at once
    });

    resize(1400, 900);
    fitWindowsToScreen(); // this window and every dialog fit the screen they open on
    restoreLayout();
    updateStatus();
    updateActions();
}

MainWindow::~MainWindow()
{
    // A filter box losing its focus while the window goes would apply its filter to a window half gone.
    for (QLineEdit *e : {m_find, m_owner, m_route, m_provider})
        e->disconnect(this);
}

QWidget *MainWindow::buildJobsPage()
{
    auto *page = new QWidget(this);
    page->setObjectName(QStringLiteral("jobsPage"));
    auto *v = new QVBoxLayout(page);
    v->setContentsMargins(4, 4, 4, 0);

    auto *filters = new QHBoxLayout;
    m_find = new QLineEdit(page);
    m_find->setObjectName(QStringLiteral("findEdit"));
    // Short enough to read whole on a 1024-pixel screen; the tooltip says the rest.
    m_find->setPlaceholderText(tr("Job id or key (Ctrl+F)"));
    m_find->setToolTip(tr("The jobs whose idempotency key starts with what you type (key:TEXT for exactly that key); "
                          "a number and Enter opens that job"));
    m_find->setAccessibleName(tr("Find job id or idempotency key"));
    m_find->setClearButtonEnabled(true);
    filters->addWidget(m_find, 2);
    // Filters apply as you type, once typing pauses (Enter applies at once).
    m_filterTimer = new QTimer(this);
    m_filterTimer->setObjectName(QStringLiteral("filterTimer"));
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(300);
    connect(m_filterTimer, &QTimer::timeout, this, &MainWindow::applyFilters);
    m_state = new QComboBox(page);
    m_state->setObjectName(QStringLiteral("stateFilter"));
    m_state->setAccessibleName(tr("State filter"));
    m_state->addItem(tr("Any state"), -1);
    for (JobState s : kStates)
        m_state->addItem(Format::jobState(s), static_cast<int>(s));
    filters->addWidget(m_state);
    auto edit = [&](const QString &name, const QString &placeholder, const QString &accessible) {
        auto *e = new QLineEdit(page);
        e->setObjectName(name);
        e->setPlaceholderText(placeholder);
        e->setAccessibleName(accessible);
        e->setClearButtonEnabled(true);
        filters->addWidget(e, 1);
        connect(e, &QLineEdit::editingFinished, this, &MainWindow::applyFilters);
        connect(e, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start)); // a filter already applied reads nothing
        e->installEventFilter(this); // the window's shortcuts work while it has focus
        return e;
    };
    m_owner = edit(QStringLiteral("ownerFilter"), tr("Owner"), tr("Owner filter (exact owner id)"));
    m_route = edit(QStringLiteral("routeFilter"), tr("Route"), tr("Route filter"));
    m_provider = edit(QStringLiteral("providerFilter"), tr("Provider"), tr("Provider filter"));
    m_find->installEventFilter(this);
    m_age = new QComboBox(page);
    m_age->setObjectName(QStringLiteral("ageFilter"));
    m_age->setAccessibleName(tr("Age filter"));
    m_age->addItem(tr("Any age"), qint64(0));
    m_age->addItem(tr("Last 15 min"), qint64(15 * 60 * 1000));
    m_age->addItem(tr("Last hour"), qint64(3600 * 1000));
    m_age->addItem(tr("Last day"), qint64(24 * 3600 * 1000));
    filters->addWidget(m_age);
    v->addLayout(filters);
    // What the table is filtered by, and why it is empty when it is: one line, always there.
    auto *summary = new QHBoxLayout;
    m_filterSummary = new QLabel(page);
    m_filterSummary->setObjectName(QStringLiteral("filterSummary"));
    m_filterSummary->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_filterSummary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_filterSummary->setAccessibleName(tr("Active filters"));
    summary->addWidget(m_filterSummary, 1);
    m_clearFilters = new QPushButton(tr("Clear filters"), page); // no mnemonic: Alt+F is the File menu
    m_clearFilters->setObjectName(QStringLiteral("clearFiltersButton"));
    m_clearFilters->setFlat(true);
    summary->addWidget(m_clearFilters);
    v->addLayout(summary);
    connect(m_clearFilters, &QPushButton::clicked, this, [this] {
        SavedView none;
        none.sortColumn = m_table->horizontalHeader()->sortIndicatorSection();
        none.sortAscending = m_table->horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder;
        applySavedView(none);
    });
    connect(m_find, &QLineEdit::returnPressed, this, [this] {
        m_filterTimer->stop();
        find(m_find->text());
    });
    connect(m_find, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_state, &QComboBox::currentIndexChanged, this, [this] {
        // The sidebar marks the state shown, whichever way it was chosen.
        const int s = m_state->currentData().toInt();
        const QModelIndex idx = m_sidebarModel->indexOfId(s < 0 ? kJobsSection : stateEntry(static_cast<JobState>(s)));
        if (idx.isValid() && m_sidebar->selectionModel()->currentIndex() != idx && m_pages->currentWidget() == m_jobsPage) {
            const QScopedValueRollback syncing(m_syncingSidebar, true);
            m_sidebar->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect);
        }
        applyFilters();
    });
    connect(m_age, &QComboBox::currentIndexChanged, this, &MainWindow::applyFilters);

    m_newJobs = new QPushButton(page);
    m_newJobs->setObjectName(QStringLiteral("newJobsBar"));
    m_newJobs->setFlat(true);
    m_newJobs->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
    // Its room is kept while it is hidden: the bar appearing never pushes the table down
    // under the pointer (a click meant for one job would land on another).
    QSizePolicy barPolicy = m_newJobs->sizePolicy();
    barPolicy.setRetainSizeWhenHidden(true);
    m_newJobs->setSizePolicy(barPolicy);
    m_newJobs->hide();
    m_newJobs->setAccessibleName(tr("New jobs waiting"));
    QFont nf = m_newJobs->font();
    nf.setBold(true);
    m_newJobs->setFont(nf);
    v->addWidget(m_newJobs);
    connect(m_newJobs, &QPushButton::clicked, this, [this] {
        m_jobs->showPending();
        m_table->scrollToTop();
    });

    m_jobsSplitter = new QSplitter(Qt::Vertical, page);
    m_jobsSplitter->setObjectName(QStringLiteral("jobsSplitter"));
    m_table = new QTableView(m_jobsSplitter);
    m_table->setObjectName(QStringLiteral("jobsTable"));
    m_table->setAccessibleName(tr("Jobs"));
    m_table->setModel(m_jobs);
    m_table->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, &MainWindow::openJobsContextMenu);
    // Sorted by the store (keyset pages in that order), by the columns it keeps indexed.
    m_table->horizontalHeader()->setSectionsClickable(true);
    m_table->horizontalHeader()->setSortIndicatorShown(true);
    m_table->horizontalHeader()->setSortIndicator(JobsModel::IdColumn, Qt::DescendingOrder);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionClicked, this, &MainWindow::sortBy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    fitJobsColumns();
    m_detail = new JobDetailView(m_client, m_jobsSplitter);
    m_jobsSplitter->setStretchFactor(0, 2);
    m_jobsSplitter->setStretchFactor(1, 3);
    v->addWidget(m_jobsSplitter, 1);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (!current.isValid())
            return;
        const qint64 id = m_jobs->data(current, JobsModel::JobIdRole).toLongLong();
        if (m_detail->jobId() != id)
            m_detail->showJob(id);
    });
    return page;
}

void MainWindow::fitJobsColumns()
{
    // Every column on a 1024-pixel screen without scrolling: the fixed-format
    // ones as wide as their widest value, owner, route and provider shrink
    // (elided) when room is short, and the key takes what width is left (keys
    // are what support staff search for).
    {
        auto want = [this](int c, const QString &typical, bool bold = false, bool icon = false) {
            return ColumnFit::wantFor(m_table, c, typical, bold, icon);
        };
        auto chars = [this](int c, int n) { return ColumnFit::charsFor(m_table, c, n); };
        int state = 0;
        for (JobState s : kStates)
            state = std::max(state, want(JobsModel::StateColumn, Format::jobState(s), true, true));
        const int attempts = want(JobsModel::AttemptsColumn, JobsModel::tr("%1 (%2 UNKNOWN)").arg(9).arg(9), true, true);
        const int age = want(JobsModel::AgeColumn, Format::duration((23 * 60 + 59) * 60 * 1000LL));
        const int id = want(JobsModel::IdColumn, QLocale().toString(999999));
        const int version = want(JobsModel::VersionColumn, JobsModel::tr("v%1").arg(99));
        QList<ColumnFit::Column> columns(JobsModel::ColumnCount);
        columns[JobsModel::IdColumn] = {id, id};
        columns[JobsModel::OwnerColumn] = {chars(JobsModel::OwnerColumn, 12), chars(JobsModel::OwnerColumn, 8)};
        columns[JobsModel::KeyColumn] = {chars(JobsModel::KeyColumn, 24), chars(JobsModel::KeyColumn, 12)};
        columns[JobsModel::RouteColumn] = {chars(JobsModel::RouteColumn, 12), chars(JobsModel::RouteColumn, 8)};
        columns[JobsModel::StateColumn] = {state, state};
        columns[JobsModel::AttemptsColumn] = {attempts, attempts};
        columns[JobsModel::ProviderColumn] = {chars(JobsModel::ProviderColumn, 12), chars(JobsModel::ProviderColumn, 8)};
        columns[JobsModel::AgeColumn] = {age, age};
        columns[JobsModel::VersionColumn] = {version, version};
        const bool again = m_jobsFit != nullptr;
        const QByteArray order = again ? m_table->horizontalHeader()->saveState() : QByteArray();
        delete m_jobsFit;
        m_jobsFit = new ColumnFit(m_table, columns, JobsModel::KeyColumn);
        if (again)
            m_jobsFit->restoreState(order); // the operator's column order stays
    }
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *connectAction = file->addAction(tr("&Connect…"), this, &MainWindow::openConnectionDialog);
    connectAction->setShortcut(QKeySequence::Open);
    QAction *exportCsv = file->addAction(tr("&Export shown jobs as CSV…"), this, [this] { exportShownJobs(); });
    exportCsv->setObjectName(QStringLiteral("exportCsvAction"));
    exportCsv->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    QAction *openArchive = file->addAction(tr("Open &archive…"), this, [this] { ArchiveView::chooseAndOpen(this); });
    openArchive->setObjectName(QStringLiteral("openArchiveAction"));
    openArchive->setToolTip(tr("A retention archive (.jsonl.gz), read-only: its jobs, their stories and incident reports"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    // Ctrl+F and Ctrl+N work on the jobs view: from another view they bring it
    // (else the focus went to, and the click to, a widget nobody sees).
    QAction *findAction = view->addAction(tr("&Find job id or key"), this, [this] {
        showJobsView();
        m_find->setFocus(Qt::ShortcutFocusReason);
        m_find->selectAll();
    });
    findAction->setObjectName(QStringLiteral("findAction"));
    findAction->setShortcut(QKeySequence::Find);
    QAction *refreshAction = view->addAction(tr("&Refresh"), this, &MainWindow::refresh);
    refreshAction->setObjectName(QStringLiteral("refreshAction"));
    refreshAction->setShortcut(QKeySequence(Qt::Key_F5));
    QAction *showNew = view->addAction(tr("Show &new jobs"), this, [this] {
        showJobsView();
        m_newJobs->click();
    });
    showNew->setObjectName(QStringLiteral("showNewJobsAction"));
    showNew->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_N));
    m_sidebarAction = view->addAction(tr("&Sidebar"));
    m_sidebarAction->setObjectName(QStringLiteral("sidebarAction"));
    m_sidebarAction->setCheckable(true);
    m_sidebarAction->setChecked(true);
    m_sidebarAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(m_sidebarAction, &QAction::triggered, this, [this](bool on) {
        m_sidebarWanted = on;
        m_sidebarForced = on; // asked for: shown even where the jobs columns then give up room
        giveWayToTheJobs();
        if (on && !m_sidebarRoom)
            statusBar()->showMessage(tr("The window is too narrow for the sidebar beside every jobs column: "
                                        "widen it, or the columns scroll."),
                                     10000);
    });
    m_savedViewsMenu = view->addMenu(tr("Saved &views"));
    m_savedViewsMenu->setObjectName(QStringLiteral("savedViewsMenu"));
    rebuildSavedViewsMenu();
    view->addSeparator();
    QAction *utc = view->addAction(tr("Times in &UTC"));
    utc->setObjectName(QStringLiteral("utcAction"));
    utc->setCheckable(true);
    utc->setChecked(Format::utc());
    connect(utc, &QAction::toggled, this, [this](bool on) {
        Format::setUtc(on);
        ConsoleSettings::setUtc(on);
        Q_EMIT m_jobs->dataChanged(m_jobs->index(0, 0), m_jobs->index(std::max(0, m_jobs->rowCount() - 1), JobsModel::ColumnCount - 1));
        m_detail->refresh();
    });
    // The language changes at once: the open windows are put in it (Retranslation.h).
    QMenu *language = view->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    auto *languages = new QActionGroup(language);
    for (const QString &code : ConsoleSettings::languages()) {
        QAction *a = language->addAction(ConsoleSettings::languageName(code));
        a->setObjectName(QStringLiteral("language_") + code);
        a->setCheckable(true);
        a->setChecked(code == ConsoleSettings::language());
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [code] {
            ConsoleSettings::setLanguage(code);
            ConsoleSettings::applyLanguage();
        });
    }
    QMenu *theme = view->addMenu(tr("&Theme"));
    theme->setObjectName(QStringLiteral("themeMenu"));
    auto *themes = new QActionGroup(theme);
    for (const QString &code : ConsoleSettings::themes()) {
        QAction *a = theme->addAction(ConsoleSettings::themeName(code));
        a->setObjectName(QStringLiteral("theme_") + code);
        a->setCheckable(true);
        a->setChecked(code == ConsoleSettings::theme());
        themes->addAction(a);
        connect(a, &QAction::triggered, this, [code] {
            ConsoleSettings::setTheme(code);
            ConsoleSettings::applyTheme();
        });
    }

    QMenu *job = menuBar()->addMenu(tr("&Job"));
    QAction *copyId = job->addAction(tr("&Copy job id"), this, [this] { copySelected(false); });
    copyId->setObjectName(QStringLiteral("copyIdAction"));
    copyId->setShortcut(QKeySequence::Copy);
    copyId->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_table->addAction(copyId);
    QAction *copyKey = job->addAction(tr("Copy idempotency &key"), this, [this] { copySelected(true); });
    copyKey->setObjectName(QStringLiteral("copyKeyAction"));
    copyKey->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    job->addSeparator();
    QAction *cancelAttempt = job->addAction(tr("Cancel &attempt…"), this, [this] { m_detail->openCancelAttempt(); });
    cancelAttempt->setObjectName(QStringLiteral("cancelAttemptAction"));
    cancelAttempt->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    QAction *retry = job->addAction(tr("&Retry…"), this, [this] { m_detail->openRetry(); });
    retry->setObjectName(QStringLiteral("retryAction"));
    retry->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    QAction *cancelJob = job->addAction(tr("Cancel &job…"), this, [this] { m_detail->openCancelJob(); });
    cancelJob->setObjectName(QStringLiteral("cancelJobAction"));
    cancelJob->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Delete));
    m_actingActions = {cancelAttempt, retry, cancelJob};
    // The same keys on a job the guards refuse: instead of nothing, the status bar says why.
    // Each is enabled only while its action is not (so a key is never two actions' at once).
    auto explainer = [this](QAction *acting, const char *name, auto why) {
        auto *a = new QAction(this);
        a->setObjectName(QLatin1String(name));
        a->setShortcut(acting->shortcut());
        a->setEnabled(false);
        addAction(a);
        connect(a, &QAction::triggered, this, [this, why] { statusBar()->showMessage(why(), 15000); });
        m_explainers.append(a);
        Q_UNUSED(acting);
    };
    auto shown = [this]() -> const JobDetail * {
        const auto &cur = m_detail->current();
        return cur && cur->detail ? &*cur->detail : nullptr;
    };
    explainer(cancelAttempt, "cancelAttemptRefusedAction", [this, shown] {
        const JobDetail *d = shown();
        if (!d)
            return tr("Cancel attempt: select a job first.");
        if (!m_client->canAct())
            return tr("Cancel attempt: %1").arg(m_client->whyCannotAct());
        return tr("Cancel attempt: job %1 has no open or unknown attempt to cancel.").arg(d->job.id);
    });
    explainer(retry, "retryRefusedAction", [this, shown] {
        const JobDetail *d = shown();
        if (!d)
            return tr("Retry: select a job first.");
        if (!m_client->canAct())
            return tr("Retry: %1").arg(m_client->whyCannotAct());
        return tr("Retry refused for job %1: %2").arg(d->job.id).arg(previewRetry(*d).why);
    });
    explainer(cancelJob, "cancelJobRefusedAction", [this, shown] {
        const JobDetail *d = shown();
        if (!d)
            return tr("Cancel job: select a job first.");
        if (!m_client->canAct())
            return tr("Cancel job: %1").arg(m_client->whyCannotAct());
        QString why;
        canCancelJob(*d, &why);
        return tr("Cancel job %1 refused: %2").arg(d->job.id).arg(why);
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts = help->addAction(tr("&Keyboard shortcuts"), this, [this] { openShortcuts(); });
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    help->addAction(tr("&About JobDesk"), this, [this] {
        auto *box = new QMessageBox(QMessageBox::Information, tr("About JobDesk"),
                                    tr("JobDesk %1: one user intent, one side effect.\n\n"
                                       "Jobs are the stable record of what a user asked for; attempts are tries "
                                       "against providers; a timeout is unknown, never failed; exactly one attempt "
                                       "wins, by compare-and-swap.")
                                        .arg(QCoreApplication::applicationVersion()),
                                    QMessageBox::Close, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

void MainWindow::openConnectionDialog()
{
    auto *dialog = new ConnectionDialog(this);
    connect(dialog, &ConnectionDialog::connectRequested, this, &MainWindow::connectTo);
    connect(m_client, &StoreClient::opened, dialog, &ConnectionDialog::connected);
    connect(m_client, &StoreClient::openFailed, dialog, &ConnectionDialog::showFailure);
    dialog->open();
}

void MainWindow::connectTo(const ConnectionChoice &choice)
{
    // The banner and the detail change once the new store opened: until then
    // (and if it fails) the console is still on the one it had.
    if (choice.demo && isSignalConnected(QMetaMethod::fromSignal(&MainWindow::demoRequested))) {
        Q_EMIT demoRequested();
        return;
    }
    m_pendingProduction = choice.production;
    m_connectPending = true;
    m_client->open(choice.url);
}

void MainWindow::onOpened(const ConnectionInfo &info)
{
    m_banner->setProduction(m_pendingProduction);
    // A connection the operator asked for replaced the one shown: what the
    // detail showed belongs to the old one (a reconnect after a loss keeps it).
    if (m_connectPending && !m_openedUrl.isEmpty())
        m_detail->clear();
    m_connectPending = false;
    m_openedUrl = info.url.toDisplayString();
    setWindowTitle(tr("JobDesk console: %1").arg(info.url.toDisplayString()));
    m_jobs->reload();
    updateActions();
}

void MainWindow::onPolled(const PollResult &r)
{
    if (r.countsRead) {
        qint64 total = 0;
        for (JobState s : kStates) {
            const qint64 n = r.counts.value(s);
            total += n;
            m_sidebarModel->setCount(stateEntry(s), n,
                                     r.estimatedStates.contains(s) ? SidebarModel::CountKind::Estimated : SidebarModel::CountKind::Exact);
        }
        m_sidebarModel->setCount(kJobsSection, total,
                                 r.estimatedStates.isEmpty() ? SidebarModel::CountKind::Exact : SidebarModel::CountKind::Estimated);
    }
    // The job in the detail changed: read it again. So when a request with
    // a key was recorded anywhere: a replay or a conflict changes no job, and
    // the detail's key history would say the key was sent once until F5
    // (tst_ui_incidents::aShownJobsKeyHistoryFollowsNewRequests). One read a
    // poll at most, and only when it moved.
    const bool keyEventRecorded = r.marks && m_lastMarks && r.marks->idempotencyEventsMoved(*m_lastMarks);
    if (r.marks)
        m_lastMarks = r.marks;
    if (const auto shown = m_detail->jobId()) {
        bool touched = keyEventRecorded;
        for (const Job &j : r.jobs)
            touched = touched || j.id == *shown;
        for (const Attempt &a : r.attempts)
            touched = touched || a.jobId == *shown;
        if (touched)
            m_detail->refresh();
    }
    updateStatus();
}

void MainWindow::applyFilters()
{
    m_filterTimer->stop();
    JobFilter f;
    const int s = m_state->currentData().toInt();
    if (s >= 0)
        f.states = {static_cast<JobState>(s)};
    f.ownerId = m_owner->text().trimmed();
    f.route = m_route->text().trimmed();
    f.provider = m_provider->text().trimmed();
    const QString findText = m_find->text().trimmed();
    bool numeric = false;
    findText.toLongLong(&numeric);
    // A key as it starts (a prefix, served by the key's index); key:TEXT is that key exactly.
    if (findText.startsWith(QLatin1String("key:")))
        f.idempotencyKey = findText.mid(4);
    else if (!findText.isEmpty() && !numeric)
        f.keyPrefix = findText;
    if (const qint64 age = m_age->currentData().toLongLong(); age > 0)
        f.createdAfterMs = m_client->dbNowMs() - age;
    const JobFilter &old = m_jobs->filter();
    f.sort = old.sort;
    f.ascending = old.ascending;
    const bool same = old.states == f.states && old.ownerId == f.ownerId && old.route == f.route
                      && old.provider == f.provider && old.idempotencyKey == f.idempotencyKey && old.keyPrefix == f.keyPrefix
                      && old.createdAfterMs.has_value() == f.createdAfterMs.has_value() && !f.createdAfterMs;
    if (same)
        return;
    m_reselect = selectedJob();
    m_emptyWhy.clear();
    ++m_emptyAsk;
    m_jobs->setFilter(f);
    updateFilterSummary();
}

void MainWindow::sortBy(int column)
{
    QHeaderView *header = m_table->horizontalHeader();
    const auto &f = m_jobs->filter();
    if (!JobsModel::isSortable(column)) {
        // Put the indicator back on the order the rows are in, and say why.
        int shownColumn = JobsModel::IdColumn;
        Qt::SortOrder shownOrder = f.ascending ? Qt::AscendingOrder : Qt::DescendingOrder;
        for (int c = 0; c < JobsModel::ColumnCount; ++c) {
            for (Qt::SortOrder o : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                const auto so = JobsModel::storeOrder(c, o);
                if (so && so->first == f.sort && so->second == f.ascending && c != JobsModel::AgeColumn) {
                    shownColumn = c;
                    shownOrder = o;
                }
            }
        }
        const QSignalBlocker block(header);
        header->setSortIndicator(shownColumn, shownOrder);
        statusBar()->showMessage(tr("The jobs are sorted by id, owner, key, route, state or age: the store keeps "
                                    "those in order, so every page follows the order and not only the rows loaded."),
                                 10000);
        return;
    }
    m_reselect = selectedJob();
    m_jobs->sort(column, header->sortIndicatorOrder());
}

void MainWindow::updateFilterSummary()
{
    const JobFilter &f = m_jobs->filter();
    QStringList parts;
    if (!f.states.isEmpty())
        parts.append(tr("state %1").arg(Format::jobState(f.states.first()).toUpper()));
    if (!f.keyPrefix.isEmpty())
        parts.append(tr("key starts with \"%1\"").arg(f.keyPrefix));
    if (!f.idempotencyKey.isEmpty())
        parts.append(tr("key \"%1\"").arg(f.idempotencyKey));
    if (!f.ownerId.isEmpty())
        parts.append(tr("owner \"%1\"").arg(f.ownerId));
    if (!f.route.isEmpty())
        parts.append(tr("route \"%1\"").arg(f.route));
    if (!f.provider.isEmpty())
        parts.append(tr("provider \"%1\"").arg(f.provider));
    if (f.createdAfterMs)
        parts.append(m_age->currentText().toLower());
    QString text = parts.isEmpty() ? tr("No filter: every job.") : tr("Filtered by %1.").arg(parts.join(QStringLiteral(", ")));
    const bool empty = !m_jobs->isLoading() && m_jobs->rowCount() == 0 && m_jobs->pendingCount() == 0 && m_jobsReadError.isEmpty();
    if (empty && !parts.isEmpty())
        text = m_emptyWhy.isEmpty() ? tr("No jobs match: %1").arg(text) : m_emptyWhy;
    m_filterSummary->setText(text);
    m_filterSummary->setToolTip(Format::plainToolTip(text));
    m_clearFilters->setEnabled(!parts.isEmpty());
}

void MainWindow::explainEmpty()
{
    const JobFilter f = m_jobs->filter();
    // Each filter left out in turn: how many jobs it hides (up to 100, more is "100+").
    struct Part
    {
        QString label;
        JobFilter without;
    };
    QList<Part> parts;
    auto add = [&](bool active, const QString &label, auto clear) {
        if (!active)
            return;
        JobFilter w = f;
        clear(w);
        parts.append({label, w});
    };
    if (!f.states.isEmpty())
        add(true, tr("the %1 filter").arg(Format::jobState(f.states.first()).toUpper()), [](JobFilter &w) { w.states.clear(); });
    add(f.createdAfterMs.has_value(), tr("the age filter (%1)").arg(m_age->currentText()), [](JobFilter &w) { w.createdAfterMs.reset(); });
    add(!f.ownerId.isEmpty(), tr("the owner filter"), [](JobFilter &w) { w.ownerId.clear(); });
    add(!f.route.isEmpty(), tr("the route filter"), [](JobFilter &w) { w.route.clear(); });
    add(!f.provider.isEmpty(), tr("the provider filter"), [](JobFilter &w) { w.provider.clear(); });
    if (parts.isEmpty() && f.keyPrefix.isEmpty() && f.idempotencyKey.isEmpty())
        return;
    const quint64 ask = ++m_emptyAsk;
    QList<JobFilter> withouts;
    for (const Part &p : parts)
        withouts.append(p.without);
    m_client->call<QList<int>>(
        this, "jobs hidden by a filter",
        [withouts](JobService &svc) {
            QList<int> counts;
            for (const JobFilter &w : withouts)
                counts.append(int(svc.jobs(w, std::nullopt, 101).jobs.size()));
            return counts;
        },
        [this, ask, parts, f](const CallOutcome<QList<int>> &out) {
            if (ask != m_emptyAsk || !out.ok || !out.value)
                return; // a newer filter is on its way, or the store could not say
            QStringList hides;
            for (int i = 0; i < parts.size() && i < out.value->size(); ++i) {
                const int n = out.value->at(i);
                if (n > 100)
                    hides.append(tr("%1 hides more than 100 matches").arg(parts.at(i).label));
                else if (n > 0)
                    hides.append(tr("%1 hides %n match(es)", nullptr, n).arg(parts.at(i).label));
            }
            if (!hides.isEmpty())
                m_emptyWhy = tr("No jobs: %1.").arg(hides.join(QStringLiteral("; ")));
            else if (!f.keyPrefix.isEmpty())
                m_emptyWhy = tr("No jobs: no idempotency key starts with \"%1\" (keys are case-sensitive).").arg(f.keyPrefix);
            else if (!f.idempotencyKey.isEmpty())
                m_emptyWhy = tr("No jobs: no job has the idempotency key \"%1\".").arg(f.idempotencyKey);
            else
                m_emptyWhy = tr("No jobs match these filters together.");
            updateFilterSummary();
            updateStatus();
        });
}

void MainWindow::find(const QString &text)
{
    const QString t = text.trimmed();
    m_find->setText(t);
    bool numeric = false;
    const qint64 id = t.toLongLong(&numeric);
    if (numeric && id > 0) {
        applyFilters(); // a numeric text is an id, not a key filter
        selectJob(id);
        return;
    }
    applyFilters();
    m_reselect.reset();
    connect(m_jobs, &JobsModel::firstPageLoaded, this, [this] {
        if (m_jobs->rowCount() > 0)
            m_table->selectionModel()->setCurrentIndex(m_jobs->index(0, 0),
                                                       QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }, Qt::SingleShotConnection);
}

void MainWindow::selectJob(qint64 jobId)
{
    const int row = m_jobs->rowOfJob(jobId);
    if (row >= 0) {
        m_table->selectionModel()->setCurrentIndex(m_jobs->index(row, 0),
                                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(m_jobs->index(row, 0));
    } else {
        m_table->clearSelection();
    }
    if (m_detail->jobId() != jobId)
        m_detail->showJob(jobId);
}

std::optional<qint64> MainWindow::selectedJob() const
{
    const QModelIndex idx = m_table->selectionModel()->currentIndex();
    if (!idx.isValid())
        return std::nullopt;
    return m_jobs->data(idx, JobsModel::JobIdRole).toLongLong();
}

void MainWindow::refresh()
{
    // The showing worklist or support view too: after "Could not read ..." nothing
    // else reads it again until its data changes.
    QWidget *view = m_pages->currentWidget();
    if (view != m_jobsPage && view->metaObject()->indexOfMethod("refresh()") >= 0)
        QMetaObject::invokeMethod(view, "refresh");
    m_reselect = selectedJob();
    m_jobs->reload();
    m_detail->refresh();
    m_client->pollNow();
}

void MainWindow::onSidebarClicked(const QModelIndex &index)
{
    const QString id = m_sidebarModel->idAt(index);
    if (id.isEmpty())
        return;
    showSidebarEntry(id);
}

void MainWindow::showSidebarEntry(const QString &id)
{
    // The sidebar marks where the window is (else its first focus makes the
    // first entry current, and that shows the jobs page again).
    const QModelIndex entry = m_sidebarModel->indexOfId(id);
    if (entry.isValid() && m_sidebar->selectionModel()->currentIndex() != entry)
        m_sidebar->selectionModel()->setCurrentIndex(entry, QItemSelectionModel::ClearAndSelect); // comes back here once
    if (QWidget *page = m_pageFor.value(id)) {
        m_pages->setCurrentWidget(page);
        if (id == kJobsSection && m_state->currentIndex() != 0)
            m_state->setCurrentIndex(0);
        return;
    }
    for (JobState s : kStates) {
        if (id != stateEntry(s))
            continue;
        m_pages->setCurrentWidget(m_jobsPage);
        const int i = m_state->findData(static_cast<int>(s));
        if (i >= 0 && m_state->currentIndex() != i)
            m_state->setCurrentIndex(i);
    }
}

void MainWindow::showJobsView()
{
    if (m_pages->currentWidget() == m_jobsPage)
        return;
    const int s = m_state->currentData().toInt(); // the filter it had stays
    showSidebarEntry(s < 0 ? kJobsSection : stateEntry(static_cast<JobState>(s)));
}

void MainWindow::addSidebarSection(const QString &id, const QString &title)
{
    m_sidebarModel->addSection(id, title);
    m_sidebar->expandAll();
    fitSidebarToLabels(m_sidebar, m_mainSplitter);
}

void MainWindow::addSidebarPage(const QString &sectionId, const QString &id, const QString &title, QWidget *page,
                                bool attentionWhenNonZero)
{
    m_sidebarModel->addEntry(sectionId, {id, title, attentionWhenNonZero, std::nullopt});
    m_pages->addWidget(page);
    m_pageFor.insert(id, page);
    m_sidebar->expandAll();
    fitSidebarToLabels(m_sidebar, m_mainSplitter);
}

void MainWindow::updateStatus()
{
    const int shown = m_jobs->rowCount();
    const int waiting = m_jobs->pendingCount();
    QString s;
    if (!m_jobsReadError.isEmpty()) {
        setViewStatus(m_jobsPage, tr("Could not read jobs: %1").arg(m_jobsReadError) + u' '
                                      + tr("The table may be incomplete; %1 reads it again.")
                                            .arg(QKeySequence(Qt::Key_F5).toString(QKeySequence::NativeText)));
        return;
    }
    updateFilterSummary();
    if (m_jobs->isLoading())
        s = tr("Reading jobs…");
    else if (shown == 0 && waiting == 0 && !m_emptyWhy.isEmpty())
        s = m_emptyWhy;
    else if (m_jobs->hasMore())
        s = tr("%n job(s) shown; more load as you scroll.", nullptr, shown);
    else if (waiting == 0)
        s = tr("All %n matching job(s) shown.", nullptr, shown);
    else // not "all": the new ones wait behind the bar above the table
        s = tr("%n job(s) shown.", nullptr, shown);
    if (!m_jobs->isLoading() && waiting > 0)
        s += u' ' + tr("%n new job(s) wait above the table (%1 shows them).", nullptr, waiting)
                        .arg(QKeySequence(Qt::CTRL | Qt::Key_N).toString(QKeySequence::NativeText));
    setViewStatus(m_jobsPage, s);
}

QFileDialog *MainWindow::exportShownJobs()
{
    showJobsView();
    auto *dialog = new QFileDialog(this, tr("Export shown jobs as CSV"), QStringLiteral("jobs.csv"),
                                   tr("CSV files (*.csv);;All files (*)"));
    dialog->setObjectName(QStringLiteral("csvExportDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("csv"));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        // The rows as loaded now (more load as you scroll): the message says which.
        const int n = m_jobs->rowCount();
        const bool more = m_jobs->hasMore();
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(m_jobs->toCsv().toUtf8()) < 0 || !file.commit()) {
            statusBar()->showMessage(tr("Could not write %1: %2").arg(path, file.errorString()), 15000);
            return;
        }
        statusBar()->showMessage(more ? tr("Exported the %n job(s) loaded to %1 (more match: scroll to load them).", nullptr, n).arg(path)
                                      : tr("Exported %n job(s) to %1.", nullptr, n).arg(path),
                                 15000);
    });
    dialog->open();
    return dialog;
}

ShortcutsDialog *MainWindow::openShortcuts()
{
    auto *dialog = new ShortcutsDialog(this);
    dialog->open();
    return dialog;
}

void MainWindow::saveCurrentView(const QString &name)
{
    if (name.trimmed().isEmpty())
        return;
    SavedView v;
    v.name = name.trimmed();
    v.find = m_find->text().trimmed();
    v.state = m_state->currentData().toInt();
    v.owner = m_owner->text().trimmed();
    v.route = m_route->text().trimmed();
    v.provider = m_provider->text().trimmed();
    v.ageMs = m_age->currentData().toLongLong();
    v.sortColumn = m_table->horizontalHeader()->sortIndicatorSection();
    v.sortAscending = m_table->horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder;
    SavedViews::save(v);
    rebuildSavedViewsMenu();
    statusBar()->showMessage(tr("Saved the view \"%1\".").arg(v.name), 5000);
}

void MainWindow::applySavedView(const SavedView &v)
{
    showJobsView();
    {
        // One read for the whole set, not one per field.
        const QSignalBlocker a(m_state), b(m_age);
        m_find->setText(v.find);
        m_owner->setText(v.owner);
        m_route->setText(v.route);
        m_provider->setText(v.provider);
        const int s = m_state->findData(v.state);
        m_state->setCurrentIndex(s >= 0 ? s : 0);
        const int a2 = m_age->findData(v.ageMs);
        m_age->setCurrentIndex(a2 >= 0 ? a2 : 0);
    }
    const int st = m_state->currentData().toInt();
    const QModelIndex entry = m_sidebarModel->indexOfId(st < 0 ? kJobsSection : stateEntry(static_cast<JobState>(st)));
    if (entry.isValid() && m_sidebar->selectionModel()->currentIndex() != entry) {
        const QScopedValueRollback syncing(m_syncingSidebar, true);
        m_sidebar->selectionModel()->setCurrentIndex(entry, QItemSelectionModel::ClearAndSelect);
    }
    if (v.sortColumn >= 0 && JobsModel::isSortable(v.sortColumn)) {
        const auto o = JobsModel::storeOrder(v.sortColumn, v.sortAscending ? Qt::AscendingOrder : Qt::DescendingOrder);
        JobFilter f = m_jobs->filter();
        if (f.sort != o->first || f.ascending != o->second) {
            const QSignalBlocker block(m_table->horizontalHeader());
            m_table->horizontalHeader()->setSortIndicator(v.sortColumn, v.sortAscending ? Qt::AscendingOrder : Qt::DescendingOrder);
            f.sort = o->first;
            f.ascending = o->second;
            m_jobs->setFilter(f); // the order; the filters follow below
        }
    }
    applyFilters();
}

void MainWindow::rebuildSavedViewsMenu()
{
    m_savedViewsMenu->clear();
    QAction *save = m_savedViewsMenu->addAction(tr("&Save the current filters as…"), this, [this] {
        auto *ask = new QInputDialog(this);
        ask->setObjectName(QStringLiteral("saveViewDialog"));
        ask->setAttribute(Qt::WA_DeleteOnClose);
        ask->setWindowTitle(tr("Save view"));
        ask->setLabelText(tr("Name of the view (the filters and the order as they are now):"));
        connect(ask, &QInputDialog::textValueSelected, this, &MainWindow::saveCurrentView);
        ask->open();
    });
    save->setObjectName(QStringLiteral("saveViewAction"));
    const QList<SavedView> views = SavedViews::all();
    if (views.isEmpty())
        return;
    m_savedViewsMenu->addSeparator();
    for (const SavedView &v : views) {
        QAction *a = m_savedViewsMenu->addAction(v.name, this, [this, v] { applySavedView(v); });
        a->setObjectName(QStringLiteral("savedView_") + v.name);
    }
    QMenu *remove = m_savedViewsMenu->addMenu(tr("&Delete a saved view"));
    for (const SavedView &v : views)
        remove->addAction(v.name, this, [this, name = v.name] {
            SavedViews::remove(name);
            // Not while the menu that holds this action is being shown: after it closes.
            QTimer::singleShot(0, this, &MainWindow::rebuildSavedViewsMenu);
        });
}

void MainWindow::openJobsContextMenu(const QPoint &pos)
{
    const QModelIndex index = m_table->indexAt(pos);
    if (!index.isValid())
        return;
    const qint64 jobId = m_jobs->data(index, JobsModel::JobIdRole).toLongLong();
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    const QPoint global = m_table->viewport()->mapToGlobal(pos);
    auto popup = [this, jobId, global] {
        if (m_detail->jobId() != jobId || !m_detail->current() || !m_detail->current()->detail)
            return; // the operator moved on before the job was read
        auto *menu = new QMenu(this);
        menu->setObjectName(QStringLiteral("jobsContextMenu"));
        menu->setAttribute(Qt::WA_DeleteOnClose);
        for (const char *name : {"copyIdAction", "copyKeyAction", "", "cancelAttemptAction", "retryAction", "cancelJobAction", "",
                                 "exportCsvAction"}) {
            if (!*name) {
                menu->addSeparator();
                continue;
            }
            if (auto *a = findChild<QAction *>(QLatin1String(name)))
                menu->addAction(a);
        }
        menu->popup(global);
    };
    // The Job actions act on the detail's job: the menu opens once it is this row's.
    if (m_detail->jobId() == jobId && m_detail->current() && m_detail->current()->detail
        && m_detail->current()->detail->job.id == jobId) {
        popup();
        return;
    }
    auto *once = new QObject(this);
    connect(m_detail, &JobDetailView::detailShown, once, [once, popup] {
        once->deleteLater();
        popup();
    });
    QTimer::singleShot(5000, once, &QObject::deleteLater); // not read by then: no menu
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_mainSplitter && event->type() == QEvent::Resize)
        giveWayToTheJobs(); // the room the window's layout gave the sidebar and the views
    // A line edit takes Ctrl+E (end of line), Ctrl+K (delete to the end) and more for itself
    // on some platforms: the window's own shortcuts go first in the jobs view's filter boxes.
    if (event->type() == QEvent::ShortcutOverride && qobject_cast<QLineEdit *>(watched)) {
        auto *key = static_cast<QKeyEvent *>(event);
        const QKeySequence pressed(key->keyCombination());
        for (QAction *a : findChildren<QAction *>()) {
            if (!a->isEnabled() || a->shortcut().isEmpty() || a->shortcut() != pressed)
                continue;
            if (pressed == QKeySequence::Copy || pressed == QKeySequence::Paste || pressed == QKeySequence::Cut
                || pressed == QKeySequence::SelectAll || pressed == QKeySequence::Undo || pressed == QKeySequence::Redo)
                break; // the box's own editing keys stay the box's
            event->ignore();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::setViewStatus(QWidget *view, const QString &text)
{
    m_viewStatus.insert(view, text);
    if (view == m_pages->currentWidget())
        showViewStatus();
}

void MainWindow::showViewStatus()
{
    QString s = m_viewStatus.value(m_pages->currentWidget());
    if (m_client->isPaused()) // the window's, whichever view shows
        s += (s.isEmpty() ? QString() : QStringLiteral(" ")) + tr("Live updates paused while minimised.");
    m_status->setText(s);
}

void MainWindow::updateActions()
{
    const auto &cur = m_detail->current();
    // Not while another view shows: Ctrl+K on the unknown-attempts worklist would
    // otherwise cancel an attempt of the hidden detail's job, not the row selected there.
    const bool canAct = m_client->canAct() && cur && cur->detail && m_pages->currentWidget() == m_jobsPage;
    for (QAction *a : std::as_const(m_actingActions))
        a->setEnabled(canAct);
    if (canAct) {
        m_actingActions.at(0)->setEnabled(attemptToCancel(*cur->detail).has_value());
        m_actingActions.at(1)->setEnabled(previewRetry(*cur->detail).allowed);
        m_actingActions.at(2)->setEnabled(canCancelJob(*cur->detail));
    }
    for (int i = 0; i < m_explainers.size(); ++i)
        m_explainers.at(i)->setEnabled(!m_actingActions.at(i)->isEnabled() && m_pages->currentWidget() == m_jobsPage);
    m_detail->updateActions();
}

void MainWindow::copySelected(bool key)
{
    const QModelIndex idx = m_table->selectionModel()->currentIndex();
    QString text;
    if (idx.isValid()) {
        const JobRow *row = m_jobs->rowAt(idx.row());
        text = key ? row->job.idempotencyKey : QString::number(row->job.id);
    } else if (m_detail->current() && m_detail->current()->detail) {
        const Job &j = m_detail->current()->detail->job;
        text = key ? j.idempotencyKey : QString::number(j.id);
    }
    if (!text.isEmpty()) {
        QApplication::clipboard()->setText(text);
        statusBar()->showMessage(tr("Copied %1").arg(text), 3000);
    }
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::WindowStateChange) {
        m_client->setPaused(isMinimized());
        showViewStatus();
    }
}

void MainWindow::giveWayToTheJobs()
{
    // The jobs table's columns need their least widths beside the sidebar; when the window
    // cannot hold both (1024 pixels in Tamil), the sidebar steps aside until there is room
    // again (View > Sidebar, Ctrl+B, brings it back at any time).
    if (!m_sidebarAction || !m_jobsFit)
        return; // still being built
    const int sidebar = sidebarWidthForLabels(m_sidebar) + m_mainSplitter->handleWidth();
    const int jobs = m_jobsFit->leastWidth() + 2 * m_table->frameWidth() + m_table->style()->pixelMetric(QStyle::PM_ScrollBarExtent)
                     + m_jobsPage->layout()->contentsMargins().left() + m_jobsPage->layout()->contentsMargins().right();
    m_sidebarRoom = m_mainSplitter->width() >= sidebar + jobs;
    if (m_sidebarRoom)
        m_sidebarForced = false; // room again: the next narrow window steps it aside again
    const bool show = m_sidebarWanted && (m_sidebarRoom || m_sidebarForced || m_pages->currentWidget() != m_jobsPage);
    if (show == m_sidebar->isHidden())
        m_sidebar->setVisible(show);
    const QSignalBlocker block(m_sidebarAction);
    m_sidebarAction->setChecked(show);
}

void MainWindow::retranslate()
{
    // The fixed texts are put in the new language for every window (Retranslation.h); here
    // the texts made from data, and what is measured in the language's words.
    if (m_openedUrl.isEmpty())
        setWindowTitle(tr("JobDesk console"));
    else
        setWindowTitle(tr("JobDesk console: %1").arg(m_openedUrl));
    m_sidebarModel->retitle([](const QString &title) { return Retranslation::again(title); });
    for (JobState s : kStates)
        m_sidebarModel->retitle(stateEntry(s), Format::jobState(s));
    for (int i = 0; i < m_state->count(); ++i)
        if (const int s = m_state->itemData(i).toInt(); s >= 0)
            m_state->setItemText(i, Format::jobState(static_cast<JobState>(s)));
    fitSidebarToLabels(m_sidebar, m_mainSplitter);
    fitJobsColumns(); // measured in the new language's words
    giveWayToTheJobs();
    for (QAbstractItemView *view : findChildren<QAbstractItemView *>()) {
        QAbstractItemModel *model = view->model();
        if (!model || model == m_sidebarModel)
            continue;
        if (model->columnCount() > 0)
            Q_EMIT model->headerDataChanged(Qt::Horizontal, 0, model->columnCount() - 1);
        if (model->rowCount() > 0 && model->columnCount() > 0)
            Q_EMIT model->dataChanged(model->index(0, 0), model->index(model->rowCount() - 1, model->columnCount() - 1));
    }
    if (m_newJobs->isVisible())
        m_newJobs->setText(tr("%n new job(s) waiting: show them (they do not push the rows you are reading)", nullptr,
                              m_jobs->pendingCount()));
    updateStatus();
    m_detail->refresh();
}

void MainWindow::restoreLayout()
{
    QSettings s;
    if (s.contains(QStringLiteral("mainWindow/geometry")))
        restoreGeometry(s.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("mainWindow/state")).toByteArray());
    if (!m_mainSplitter->restoreState(s.value(QStringLiteral("mainWindow/mainSplitter")).toByteArray()))
        m_mainSplitter->setSizes({220, 1180});
    fitSidebarToLabels(m_sidebar, m_mainSplitter); // a saved width from a shorter language does not cut labels
    if (!m_jobsSplitter->restoreState(s.value(QStringLiteral("mainWindow/jobsSplitter")).toByteArray()))
        m_jobsSplitter->setSizes({330, 520});
    m_jobsFit->restoreState(s.value(QStringLiteral("mainWindow/jobsHeader")).toByteArray()); // the order; widths fit
}

void MainWindow::saveLayout()
{
    QSettings s;
    s.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    s.setValue(QStringLiteral("mainWindow/state"), saveState());
    s.setValue(QStringLiteral("mainWindow/mainSplitter"), m_mainSplitter->saveState());
    s.setValue(QStringLiteral("mainWindow/jobsSplitter"), m_jobsSplitter->saveState());
    s.setValue(QStringLiteral("mainWindow/jobsHeader"), m_table->horizontalHeader()->saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    QMainWindow::closeEvent(event);
}

} // namespace jobdesk::ui
