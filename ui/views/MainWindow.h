#pragma once

// The console's main window (DESIGN.md "The console"): the connection banner
// on top, the sidebar of views on the left (jobs by state now; worklists
// are added as more sidebar entries with their own pages), and the jobs
// page: filters, the "N new jobs" bar, the live jobs table and the job detail.

#include "StoreTypes.h"
#include "dialogs/ConnectionDialog.h"

#include <QMainWindow>

class QAction;
class QComboBox;
class QFileDialog;
class QLabel;
class QMenu;
class QTimer;
class QLineEdit;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTableView;
class QTreeView;

namespace jobdesk::ui {

class ColumnFit;
class ConnectionBanner;
class JobDetailView;
class JobsModel;
class ShortcutsDialog;
class SidebarModel;
class StoreClient;
struct SavedView;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(StoreClient *client, QWidget *parent = nullptr);
    ~MainWindow() override;

    void connectTo(const ConnectionChoice &choice);
    void openConnectionDialog();

    // A view of its own in the sidebar (the worklists use this): selecting
    // the entry shows the page.
    void addSidebarSection(const QString &id, const QString &title);
    void addSidebarPage(const QString &sectionId, const QString &id, const QString &title, QWidget *page,
                        bool attentionWhenNonZero = false);
    void showSidebarEntry(const QString &id);

    // The status bar's message belongs to the view that is showing: each view
    // (a page beside the sidebar) keeps its own, and the status bar shows the
    // showing view's (none when it has none). A hidden view's message waits
    // until its view is shown again; transient messages (showMessage) still
    // cover it for their few seconds.
    void setViewStatus(QWidget *view, const QString &text);
    QString viewStatus(QWidget *view) const { return m_viewStatus.value(view); }

    void selectJob(qint64 jobId);          // in the table when loaded, and in the detail
    std::optional<qint64> selectedJob() const;
    void find(const QString &text);        // a job id, or an idempotency key
    void refresh();                        // F5

    StoreClient *client() const { return m_client; }
    JobsModel *jobsModel() const { return m_jobs; }
    QTableView *jobsTable() const { return m_table; }
    JobDetailView *detailView() const { return m_detail; }
    ConnectionBanner *banner() const { return m_banner; }
    SidebarModel *sidebarModel() const { return m_sidebarModel; }
    QPushButton *newJobsBar() const { return m_newJobs; }
    // The active filters, and why the table is empty when it is.
    QLabel *filterSummary() const { return m_filterSummary; }

    // File ▸ Export shown jobs as CSV: the file dialog (answered by fileSelected).
    QFileDialog *exportShownJobs();
    ShortcutsDialog *openShortcuts(); // Help ▸ Keyboard shortcuts
    // View ▸ Saved views: the filters and order as they are now, by name; and back.
    void saveCurrentView(const QString &name);
    void applySavedView(const SavedView &view);
    // The jobs table's context menu for the row at pos (viewport coordinates): it
    // opens once the detail shows that row's job, so its actions are that job's.
    void openJobsContextMenu(const QPoint &pos);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    // The connect dialog's demo: the program starts the demo (once) and connects to it;
    // without a receiver connectTo opens the demo's database as it is.
    void demoRequested();

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void buildMenus();
    QWidget *buildJobsPage();
    void applyFilters();
    void onOpened(const ConnectionInfo &info);
    void onPolled(const PollResult &r);
    void onSidebarClicked(const QModelIndex &index);
    void updateStatus(); // the jobs view's message
    void updateFilterSummary();
    void explainEmpty(); // asks the store which filter hides the matches of an empty table
    void rebuildSavedViewsMenu();
    void sortBy(int column);
    void showViewStatus(); // the showing view's message on the status bar
    void showJobsView();   // with the state filter it had
    void updateActions();
    void copySelected(bool key);
    void fitJobsColumns();   // the jobs columns' widths, measured in the language's words
    void giveWayToTheJobs(); // the sidebar steps aside while the jobs columns need its room
    void retranslate(); // on QEvent::LanguageChange: the texts made from data, in the new language
    void restoreLayout();
    void saveLayout();

    StoreClient *m_client;
    JobsModel *m_jobs = nullptr;
    SidebarModel *m_sidebarModel = nullptr;
    ConnectionBanner *m_banner = nullptr;
    bool m_pendingProduction = false; // of the store being opened (connectTo)
    QString m_openedUrl;              // the store the window shows
    bool m_connectPending = false;    // connectTo asked for a store that has not opened yet
    QTreeView *m_sidebar = nullptr;
    QStackedWidget *m_pages = nullptr;
    QWidget *m_jobsPage = nullptr;
    QHash<QString, QWidget *> m_pageFor;
    QSplitter *m_mainSplitter = nullptr;
    QSplitter *m_jobsSplitter = nullptr;
    QTableView *m_table = nullptr;
    ColumnFit *m_jobsFit = nullptr;
    JobDetailView *m_detail = nullptr;
    std::optional<ChangeMarks> m_lastMarks; // the last poll's (onPolled)
    QPushButton *m_newJobs = nullptr;
    QLineEdit *m_find = nullptr;
    QComboBox *m_state = nullptr;
    QLineEdit *m_owner = nullptr;
    QLineEdit *m_route = nullptr;
    QLineEdit *m_provider = nullptr;
    QComboBox *m_age = nullptr;
    QTimer *m_filterTimer = nullptr; // filters apply as you type, after a pause
    QLabel *m_filterSummary = nullptr;
    QPushButton *m_clearFilters = nullptr;
    QString m_emptyWhy;     // why the table is empty, once the store said
    quint64 m_emptyAsk = 0; // the question being asked (a newer filter drops the older answer)
    QMenu *m_savedViewsMenu = nullptr;
    bool m_syncingSidebar = false;
    QLabel *m_status = nullptr;
    QHash<QWidget *, QString> m_viewStatus;
    QString m_jobsReadError; // the last read of the jobs table failed (cleared by the next read)
    std::optional<qint64> m_reselect;
    QList<QAction *> m_actingActions;
    QList<QAction *> m_explainers; // the acting actions' keys while they are refused: say why
    bool m_layoutRestored = false;
    QAction *m_sidebarAction = nullptr;
    bool m_sidebarWanted = true;  // View > Sidebar
    bool m_sidebarForced = false; // shown by the operator while the jobs columns need its room
    bool m_sidebarRoom = true;    // the window holds the sidebar beside every jobs column
};

} // namespace jobdesk::ui
