#pragma once

// The console's main window (DESIGN.md "The console"): the connection banner
// on top, the sidebar of views on the left (jobs by state now; worklists
// are added as more sidebar entries with their own pages), and the jobs
// page: filters, the "N new jobs" bar, the live jobs table and the job detail.

#include "StoreTypes.h"
#include "dialogs/ConnectionDialog.h"

#include <QMainWindow>

class QComboBox;
class QLabel;
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
class SidebarModel;
class StoreClient;

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
    void showViewStatus(); // the showing view's message on the status bar
    void showJobsView();   // with the state filter it had
    void updateActions();
    void copySelected(bool key);
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
    QLabel *m_status = nullptr;
    QHash<QWidget *, QString> m_viewStatus;
    QString m_jobsReadError; // the last read of the jobs table failed (cleared by the next read)
    std::optional<qint64> m_reselect;
    QList<QAction *> m_actingActions;
    bool m_layoutRestored = false;
};

} // namespace jobdesk::ui
