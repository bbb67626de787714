#pragma once

// Cancel many unknown attempts in one action, safely.
//
// * The set is frozen when the dialog opens: the attempts, and the job's
//   change sequence the operator saw for each. A filter is never evaluated
//   again on submit.
// * The dialog previews how many attempts of how many jobs, and which; above
//   kTypedConfirmationAbove it asks the operator to type the count.
// * Each cancel is its own audited operator action with its own request id,
//   derived from a bulk id made when the dialog opens and the attempt id
//   (requestIdFor): a double submit, or a submit again after a lost
//   connection, replays instead of cancelling twice.
// * Each cancel carries the change sequence the operator saw, so an attempt
//   whose job changed meanwhile is refused by the store and reported as
//   skipped, with what changed. (Two attempts of one job: after the first is
//   cancelled, the second is checked against the change that cancel made.)
// * The cancels run on the store worker (StoreClient::call), in order; the
//   dialog shows progress and then lists what was cancelled, what was
//   skipped and why, and what failed (those may be sent again: same ids).
//
// Opened with open(), never exec(). Tests answer it through setNextAnswer()
// or find its widgets by objectName: previewList, countLabel, reasonEdit,
// confirmCountEdit, okButton, progressBar, resultList, resultDetail, summaryLabel.

#include "StoreTypes.h"

#include <QDialog>

#include <memory>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace jobdesk::ui {

class StoreClient;

struct BulkCancelAnswer
{
    bool accept = true;
    QString reason;
    QString typedCount; // typed into the confirmation (when it is asked for)
    int okClicks = 1;   // 2: a double click
};

class BulkCancelDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr int kTypedConfirmationAbove = 20;

    enum class Outcome { Pending, Cancelled, Skipped, Failed };
    struct Entry
    {
        UnknownQueueItem item;  // as frozen when the dialog opened
        Outcome outcome = Outcome::Pending;
        bool replayed = false;  // the store had this request already (a second submit)
        QString why;            // skipped or failed: why
    };

    BulkCancelDialog(StoreClient *client, const QList<UnknownQueueItem> &frozen, QWidget *parent = nullptr);
    ~BulkCancelDialog() override;

    static void setNextAnswer(const BulkCancelAnswer &answer);
    static QString requestIdFor(const QString &bulkId, qint64 attemptId);

    QString bulkId() const { return m_bulkId; }
    const QList<Entry> &entries() const { return m_entries; }
    int jobCount() const;
    bool needsTypedCount() const { return m_entries.size() > kTypedConfirmationAbove; }
    bool isRunning() const { return m_outstanding > 0; }
    bool isFinished() const { return m_finished; }
    int submissions() const { return m_submissions; } // OK clicks, counted even when ignored
    int count(Outcome outcome) const;

Q_SIGNALS:
    void allAnswered(); // every cancel answered (the result list is filled)
    void progress(int answered, int total);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onOk();
    void submitPending();
    void onAnswered(int index, const CallOutcome<OperatorResult> &out);
    void updateOk();
    void showResults();

    struct Chain; // per job, the change sequence the next cancel expects (worker thread only)

    StoreClient *m_client;
    QString m_bulkId;
    QList<Entry> m_entries;
    std::shared_ptr<Chain> m_chain;
    QTreeWidget *m_preview = nullptr;
    QLabel *m_count = nullptr;
    QPlainTextEdit *m_reason = nullptr;
    QLabel *m_confirmLabel = nullptr;
    QLineEdit *m_confirm = nullptr;
    QProgressBar *m_progress = nullptr;
    QTreeWidget *m_results = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_resultDetail = nullptr;
    QPushButton *m_ok = nullptr;
    QPushButton *m_close = nullptr;
    QString m_sentReason;
    int m_outstanding = 0;
    int m_submissions = 0;
    bool m_finished = false;
};

} // namespace jobdesk::ui
