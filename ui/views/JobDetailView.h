#pragma once

// One job in full: the intent as formatted JSON, the result, the attempts on
// the time line, the key's request history (a conflict opens the diff), the
// attempt events and the audit trail (newest first), and the actions, each
// with its guard explained before the click. Without a StoreClient it is
// read-only (an archived job, ArchiveView): it reads nothing and offers no action.

#include "StoreTypes.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QHBoxLayout;

namespace jobdesk::ui {

class ActionDialog;
class IntentDiffDialog;
class StoreClient;
class TextTableModel;
class TimelineWidget;

class JobDetailView : public QWidget
{
    Q_OBJECT
public:
    enum Tab { OverviewTab, TimelineTab, KeyHistoryTab, EventsTab, AuditTab };

    explicit JobDetailView(StoreClient *client, QWidget *parent = nullptr);

    void showJob(qint64 jobId);
    // Shows a job read elsewhere (an archive) as it is, with `note` in place of
    // the actions' guard; a view without a StoreClient shows jobs only this way.
    void showReadOnly(const JobDetail &detail, qint64 nowMs, const QString &note);
    void refresh(); // reads the shown job again
    void clear();
    std::optional<qint64> jobId() const { return m_jobId; }
    const std::optional<DetailResult> &current() const { return m_current; }
    void setCurrentTab(Tab tab);

    // Actions; each opens its dialog with open() and returns it (nullptr when
    // the action is not possible now).
    ActionDialog *openCancelAttempt(std::optional<qint64> attemptId = std::nullopt);
    ActionDialog *openRetry();
    ActionDialog *openCancelJob();
    IntentDiffDialog *openConflictDiff(std::optional<qint64> eventId = std::nullopt);

    void updateActions(); // after the connection or the role changed

    TimelineWidget *timeline() const { return m_timeline; }
    TextTableModel *attemptsModel() const { return m_attemptsModel; }
    TextTableModel *keyHistoryModel() const { return m_keyModel; }
    TextTableModel *eventsModel() const { return m_eventsModel; }
    TextTableModel *auditModel() const { return m_auditModel; }

Q_SIGNALS:
    void detailShown(qint64 jobId);
    void cleared(); // no job shown any more (a new connection): nothing to act on or export
    void actionDone(const jobdesk::ui::ActionResult &result);

private:
    void onDetailLoaded(const DetailResult &r);
    void onActionFinished(const ActionResult &r);
    void setDetail(const DetailResult &r);
    void updateHeader(qint64 nowMs); // the shown job's line, its age measured at nowMs
    void fillOverview(const JobDetail &d);
    void fillTimeline(const JobDetail &d, qint64 nowMs);
    void fillKeyHistory(const JobDetail &d);
    void fillEvents(const JobDetail &d);
    void fillAudit(const JobDetail &d);
    void rebuildActionButtons();

    StoreClient *m_client;
    std::optional<qint64> m_jobId;
    quint64 m_generation = 0;
    std::optional<DetailResult> m_current;

    QLabel *m_header = nullptr;
    QTabWidget *m_tabs = nullptr;
    QLabel *m_guard = nullptr;
    QLabel *m_charges = nullptr; // the charge account in words
    QString m_readOnlyNote;
    QString m_actionMessage;                // the last action's answer, as it came
    std::optional<JobState> m_actionJobState; // the job's state that answer names
    QLabel *m_actionStatus = nullptr;
    QWidget *m_actionsBox = nullptr;
    QHBoxLayout *m_actionsLayout = nullptr;
    QPlainTextEdit *m_intent = nullptr;
    QPlainTextEdit *m_result = nullptr;
    QLabel *m_resultLabel = nullptr;
    TimelineWidget *m_timeline = nullptr;
    TimelineWidget *m_overviewTimeline = nullptr; // the same time line, at a glance
    TextTableModel *m_attemptsModel = nullptr;
    TextTableModel *m_keyModel = nullptr;
    TextTableModel *m_eventsModel = nullptr;
    TextTableModel *m_auditModel = nullptr;
    QTableView *m_keyTable = nullptr;
    QPushButton *m_diffButton = nullptr;
};

} // namespace jobdesk::ui
