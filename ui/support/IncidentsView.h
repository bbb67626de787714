#pragma once

// The duplicate-click incidents page: keys sent more than once, newest
// first, or whatever owner or key a support engineer types (exactly as the
// customer sent it). Selecting one says at once whether it was one job and
// why, and lists every request with the key; a conflict opens the
// field-by-field diff of the two intents. Live: re-read when a new request
// with a key was recorded (the idempotency-event mark) or a shown job
// changed, while visible (otherwise marked stale and re-read when shown). A
// read that failed is tried again by itself after a growing pause
// (ReadRetry) and when a lost connection is back.

#include "StoreTypes.h"

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace jobdesk::ui {

class IncidentsModel;
class ReadRetry;
class IntentDiffDialog;
class StoreClient;
class TextTableModel;

class IncidentsView : public QWidget
{
    Q_OBJECT
public:
    // The most incidents one read lists (the newest); at this many there may be more.
    static constexpr int kLimit = 200;

    explicit IncidentsView(StoreClient *client, QWidget *parent = nullptr);
    // F5 while this view shows (MainWindow::refresh): read it again now.
    Q_INVOKABLE void refresh() { reload(); }

    void setSearch(const QString &text); // owner or key; empty: the newest duplicates
    QString search() const { return m_search; }
    void reload();
    void selectIncident(int row);

    IncidentsModel *model() const { return m_model; }
    TextTableModel *historyModel() const { return m_history; }
    QTableView *table() const { return m_table; }
    QString verdictText() const;
    const std::optional<JobDetail> &selectedDetail() const { return m_detail; }
    bool isStale() const { return m_stale; }
    IntentDiffDialog *openConflictDiff(std::optional<qint64> eventId = std::nullopt);

Q_SIGNALS:
    void loaded();                      // the list was read (again)
    void detailLoaded(qint64 jobId);    // the selected incident's requests were read
    void openJobRequested(qint64 jobId);
    void exportRequested(qint64 jobId);
    void countChanged(int incidents, bool atLeast); // incidents listed (without a search); atLeast: there may be more

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onPolled(const PollResult &r);
    void loadDetail(qint64 jobId);
    void clearDetail();
    void fillHistory();
    // The incident's verdict, then what the customer may have been charged
    // (from the job's detail once it is read: never "once" before that).
    QString verdictFor(const KeyIncident &incident) const;
    std::optional<qint64> selectedConflict() const;

    StoreClient *m_client;
    IncidentsModel *m_model = nullptr;
    TextTableModel *m_history = nullptr;
    QLineEdit *m_searchEdit = nullptr;
    QTableView *m_table = nullptr;
    QTableView *m_historyTable = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_diff = nullptr;
    QPushButton *m_openJob = nullptr;
    QPushButton *m_export = nullptr;
    QString m_search;
    QString m_loadedSearch; // the search the list shows
    quint64 m_generation = 0;
    quint64 m_detailGeneration = 0;
    std::optional<ChangeMarks> m_marks;
    bool m_stale = true;
    ReadRetry *m_retry = nullptr; // after a failed read: when it is tried again by itself
    std::optional<JobDetail> m_detail;
};

} // namespace jobdesk::ui
