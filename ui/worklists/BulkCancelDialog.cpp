#include "BulkCancelDialog.h"

#include "Format.h"
#include "StoreClient.h"
#include "UnknownQueueModel.h"

#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMutex>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QTimer>
#include <QTreeWidget>
#include <QUuid>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace jobdesk::ui {

namespace {
std::optional<BulkCancelAnswer> g_nextAnswer;
}

// The change sequence each job is expected to have when its next attempt in
// the set is cancelled: at first what the operator saw; after this action
// cancelled one of its attempts, the change that cancel made. Touched only by
// the work functions, which run one at a time on the store worker.
struct BulkCancelDialog::Chain
{
    QMutex mutex;
    QHash<qint64, qint64> expected;
    // Attempts whose cancel in this set has answered: done, or refused (then
    // it changed nothing). An attempt whose cancel did not answer may have
    // been cancelled, which moved its job's change number: the job's next
    // attempt in the same round is held back instead of being sent with the
    // old number (it would come back "changed meanwhile" and be skipped,
    // never sent again). OK sends both again, the first one first (a replay).
    QSet<qint64> answered;
};

void BulkCancelDialog::setNextAnswer(const BulkCancelAnswer &answer)
{
    g_nextAnswer = answer;
}

QString BulkCancelDialog::requestIdFor(const QString &bulkId, qint64 attemptId)
{
    return QStringLiteral("bulk:%1:attempt:%2").arg(bulkId).arg(attemptId);
}

BulkCancelDialog::BulkCancelDialog(StoreClient *client, const QList<UnknownQueueItem> &frozen, QWidget *parent)
    : QDialog(parent), m_client(client), m_bulkId(QUuid::createUuid().toString(QUuid::WithoutBraces)),
      m_chain(std::make_shared<Chain>())
{
    setObjectName(QStringLiteral("bulkCancelDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    QSet<qint64> seen;
    for (const UnknownQueueItem &i : frozen) {
        if (seen.contains(i.attempt.id))
            continue; // each attempt once
        seen.insert(i.attempt.id);
        m_entries.append(Entry{i, Outcome::Pending, false, {}});
    }
    const int n = static_cast<int>(m_entries.size());
    const int jobs = jobCount();
    setWindowTitle(n == 1 ? tr("Cancel attempt #%1 of job %2?").arg(m_entries.first().item.attempt.attemptNo).arg(m_entries.first().item.attempt.jobId)
                          : tr("Cancel %n unknown attempt(s)?", nullptr, n));

    auto *layout = new QVBoxLayout(this);
    auto *headline = new QLabel(windowTitle(), this);
    headline->setObjectName(QStringLiteral("titleLabel"));
    QFont hf = headline->font();
    hf.setBold(true);
    hf.setPointSizeF(hf.pointSizeF() * 1.15);
    headline->setFont(hf);
    layout->addWidget(headline);

    m_count = new QLabel(tr("%n unknown attempt(s)", nullptr, n) + u' ' + tr("of %n job(s) will be cancelled, each as its own audited action. "
                                                                         "This set was fixed when this dialog opened; "
                                                                         "an attempt whose job changed since then is skipped, not cancelled.",
                                                                         nullptr, jobs),
                         this);
    m_count->setObjectName(QStringLiteral("countLabel"));
    m_count->setWordWrap(true);
    layout->addWidget(m_count);

    m_preview = new QTreeWidget(this);
    m_preview->setObjectName(QStringLiteral("previewList"));
    m_preview->setRootIsDecorated(false);
    m_preview->setUniformRowHeights(true);
    m_preview->setHeaderLabels({tr("Job"), tr("Attempt"), tr("Provider"), tr("Unknown since"), tr("Provider's last answer"),
                                tr("Owner"), tr("Idempotency key")});
    int stillWorking = 0;
    for (const Entry &e : std::as_const(m_entries)) {
        const Attempt &a = e.item.attempt;
        auto *row = new QTreeWidgetItem(m_preview);
        row->setText(0, QString::number(a.jobId));
        row->setText(1, tr("#%1 (id %2)").arg(a.attemptNo).arg(a.id));
        row->setText(2, a.provider);
        row->setText(3, Format::time(e.item.unknownSinceMs));
        QString answer = UnknownQueueModel::answerText(e.item);
        if (e.item.inProgressSinceMs && e.item.lastAnswer != LookupAnswer::InProgress) // a later lookup did not take it back
            answer = tr("still working on it since %1 (the last lookup: %2)").arg(Format::time(*e.item.inProgressSinceMs), answer);
        row->setText(4, answer);
        if (e.item.inProgressSinceMs) {
            ++stillWorking;
            QFont bold = row->font(4);
            bold.setBold(true);
            row->setFont(4, bold);
        }
        row->setText(5, e.item.ownerId);
        row->setText(6, e.item.idempotencyKey);
        row->setData(0, Qt::UserRole, a.id);
    }
    m_preview->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_preview->setMinimumHeight(140);
    layout->addWidget(m_preview, 1);

    // Unchecked per job (the preview rows carry no route chain): it says both
    // outcomes, as the single cancel dialog does when it can tell which.
    auto *consequence = new QLabel(tr("What follows: each job whose last open attempt this was returns to queued, and a "
                                      "dispatcher starts its next attempt on the next proven provider. It fails the job "
                                      "instead when its attempt budget is spent or no proven provider is left in its "
                                      "route's chain: retry those yourself. If a provider did run one of these, its late "
                                      "result is recorded as a race loss and discarded.")
                                       + u' '
                                       + tr("Such a run may be billed all the same, and the job's next attempt is a second charge.")
                                       + (stillWorking > 0 ? u' '
                                                                 + tr("%n of these providers said they are still working on the "
                                                                      "request: those are most likely being run, and billed.",
                                                                      nullptr, stillWorking)
                                                           : QString()),
                                   this);
    consequence->setObjectName(QStringLiteral("consequenceLabel"));
    consequence->setWordWrap(true);
    layout->addWidget(consequence);

    auto *reasonLabel = new QLabel(tr("&Reason (required; it goes into the audit trail of every attempt):"), this);
    m_reason = new QPlainTextEdit(this);
    m_reason->setObjectName(QStringLiteral("reasonEdit"));
    m_reason->setTabChangesFocus(true);
    m_reason->setMaximumHeight(70);
    m_reason->setPlaceholderText(tr("e.g. provider outage 10:00-10:20, support confirmed nothing was charged (ticket 4711)"));
    reasonLabel->setBuddy(m_reason);
    layout->addWidget(reasonLabel);
    layout->addWidget(m_reason);

    m_confirmLabel = new QLabel(tr("This cancels more than %1 attempts. Type the number of attempts (%2) to confirm:")
                                    .arg(kTypedConfirmationAbove)
                                    .arg(n),
                                this);
    m_confirmLabel->setWordWrap(true);
    m_confirm = new QLineEdit(this);
    m_confirm->setObjectName(QStringLiteral("confirmCountEdit"));
    m_confirmLabel->setBuddy(m_confirm);
    layout->addWidget(m_confirmLabel);
    layout->addWidget(m_confirm);
    m_confirmLabel->setVisible(needsTypedCount());
    m_confirm->setVisible(needsTypedCount());

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("progressBar"));
    m_progress->setRange(0, n);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v of %m answered"));
    m_progress->hide();
    layout->addWidget(m_progress);

    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->hide();
    layout->addWidget(m_summary);
    m_results = new QTreeWidget(this);
    m_results->setObjectName(QStringLiteral("resultList"));
    m_results->setRootIsDecorated(false);
    m_results->setHeaderLabels({tr("Job"), tr("Attempt"), tr("Result"), tr("Why")});
    m_results->setWordWrap(true);
    m_results->hide();
    layout->addWidget(m_results, 1);
    m_resultDetail = new QLabel(this); // the whole "why" of the selected result (the column cuts it)
    m_resultDetail->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_resultDetail->setObjectName(QStringLiteral("resultDetail"));
    m_resultDetail->setWordWrap(true);
    m_resultDetail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resultDetail->hide();
    layout->addWidget(m_resultDetail);
    connect(m_results, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        m_resultDetail->setText(item ? item->text(3) : QString());
        m_resultDetail->setVisible(item && !item->text(3).isEmpty());
    });

    auto *buttons = new QDialogButtonBox(this);
    m_ok = buttons->addButton(n == 1 ? tr("Cancel the attempt") : tr("Cancel %n attempt(s)", nullptr, n), QDialogButtonBox::AcceptRole);
    m_ok->setObjectName(QStringLiteral("okButton"));
    m_close = buttons->addButton(tr("Keep them"), QDialogButtonBox::RejectRole);
    m_close->setObjectName(QStringLiteral("closeButton"));
    layout->addWidget(buttons);
    connect(m_ok, &QPushButton::clicked, this, &BulkCancelDialog::onOk);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_reason, &QPlainTextEdit::textChanged, this, &BulkCancelDialog::updateOk);
    connect(m_confirm, &QLineEdit::textChanged, this, &BulkCancelDialog::updateOk);
    connect(m_client, &StoreClient::connectionLost, this, &BulkCancelDialog::updateOk);
    connect(m_client, &StoreClient::connectionRestored, this, &BulkCancelDialog::updateOk);
    setMinimumSize(720, 520);
    updateOk();
}

BulkCancelDialog::~BulkCancelDialog() = default;

int BulkCancelDialog::jobCount() const
{
    QSet<qint64> jobs;
    for (const Entry &e : m_entries)
        jobs.insert(e.item.attempt.jobId);
    return static_cast<int>(jobs.size());
}

int BulkCancelDialog::count(Outcome outcome) const
{
    return static_cast<int>(std::count_if(m_entries.cbegin(), m_entries.cend(), [&](const Entry &e) { return e.outcome == outcome; }));
}

void BulkCancelDialog::updateOk()
{
    const bool roleAllows = m_client->canAct();
    const bool pending = count(Outcome::Pending) + count(Outcome::Failed) > 0;
    const bool typed = !needsTypedCount() || m_confirm->text().trimmed() == QString::number(m_entries.size());
    m_ok->setEnabled(roleAllows && !m_entries.isEmpty() && m_outstanding == 0 && pending && typed
                     && !m_reason->toPlainText().trimmed().isEmpty());
    m_ok->setToolTip(!roleAllows ? m_client->whyCannotAct()
                     : !typed    ? tr("Type the number of attempts to confirm.")
                                 : QString());
}

void BulkCancelDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    updateOk();
    if (!g_nextAnswer)
        return;
    const BulkCancelAnswer answer = *g_nextAnswer;
    g_nextAnswer.reset();
    QTimer::singleShot(0, this, [this, answer] {
        if (!answer.accept) {
            m_close->click();
            return;
        }
        if (!answer.reason.isEmpty())
            m_reason->setPlainText(answer.reason);
        if (!answer.typedCount.isEmpty())
            m_confirm->setText(answer.typedCount);
        for (int i = 0; i < answer.okClicks; ++i)
            m_ok->click();
    });
}

void BulkCancelDialog::onOk()
{
    ++m_submissions;
    if (!m_ok->isEnabled() || m_outstanding > 0)
        return; // a second click while the cancels run is the same action
    submitPending();
}

void BulkCancelDialog::submitPending()
{
    // The reason of the first submit is the reason of every cancel of this action.
    if (m_sentReason.isEmpty())
        m_sentReason = m_reason->toPlainText().trimmed();
    m_reason->setReadOnly(true);
    m_confirm->setReadOnly(true);
    m_ok->setEnabled(false);
    m_progress->show();
    const Actor actor = m_client->actor();
    QHash<qint64, qint64> lastSentOfJob; // this round: the job's attempt sent just before
    for (int i = 0; i < m_entries.size(); ++i) {
        Entry &e = m_entries[i];
        if (e.outcome != Outcome::Pending && e.outcome != Outcome::Failed)
            continue;
        const qint64 before = lastSentOfJob.value(e.item.attempt.jobId, 0);
        lastSentOfJob.insert(e.item.attempt.jobId, e.item.attempt.id);
        e.outcome = Outcome::Pending;
        ++m_outstanding;
        OperatorRequest req;
        req.actor = actor;
        req.requestId = requestIdFor(m_bulkId, e.item.attempt.id);
        req.reason = m_sentReason;
        const qint64 attemptId = e.item.attempt.id;
        const qint64 jobId = e.item.attempt.jobId;
        const qint64 seen = e.item.jobChangeSeq;
        m_client->call<OperatorResult>(
            this, "bulk cancel attempt",
            [chain = m_chain, req, attemptId, jobId, seen, before](JobService &svc) mutable {
                {
                    QMutexLocker lock(&chain->mutex);
                    if (before != 0 && !chain->answered.contains(before))
                        throw JobDeskError(JobDeskError::Code::StoreError,
                                           tr("not sent: the cancel of attempt %1 of this job did not answer, so the "
                                              "job's change number is not known; OK sends both again")
                                               .arg(before));
                    req.seenChangeSeq = chain->expected.value(jobId, seen);
                }
                OperatorResult r;
                try {
                    r = svc.cancelAttempt(attemptId, req);
                } catch (const JobDeskError &refusal) {
                    if (refusal.code() == JobDeskError::Code::StaleView || refusal.code() == JobDeskError::Code::InvalidTransition
                        || refusal.code() == JobDeskError::Code::NotFound) {
                        QMutexLocker lock(&chain->mutex);
                        chain->answered.insert(attemptId); // refused: nothing changed
                    }
                    throw;
                }
                // Cancelling it stamped the job with the attempt's new change
                // sequence: the job's next attempt in this set expects that one
                // (answered only once that number is known).
                const std::optional<Attempt> after = svc.attempt(attemptId);
                QMutexLocker lock(&chain->mutex);
                if (after)
                    chain->expected.insert(jobId, after->changeSeq);
                chain->answered.insert(attemptId);
                return r;
            },
            [this, i](const CallOutcome<OperatorResult> &out) { onAnswered(i, out); });
    }
    m_progress->setValue(static_cast<int>(m_entries.size()) - m_outstanding);
    updateOk();
}

void BulkCancelDialog::onAnswered(int index, const CallOutcome<OperatorResult> &out)
{
    Entry &e = m_entries[index];
    if (out.ok) {
        e.outcome = Outcome::Cancelled;
        e.replayed = out.value->replayed;
        e.why.clear();
    } else if (out.code && (*out.code == JobDeskError::Code::StaleView || *out.code == JobDeskError::Code::InvalidTransition
                            || *out.code == JobDeskError::Code::NotFound)) {
        e.outcome = Outcome::Skipped; // it changed meanwhile: the store refused, nothing happened
        e.why = out.error;
    } else {
        // Unknown whether it took effect: OK sends it again under the same request id.
        e.outcome = Outcome::Failed;
        e.why = out.error;
    }
    --m_outstanding;
    const int total = static_cast<int>(m_entries.size());
    m_progress->setValue(total - m_outstanding);
    Q_EMIT progress(total - m_outstanding, total);
    if (m_outstanding == 0)
        showResults();
}

void BulkCancelDialog::showResults()
{
    m_results->clear();
    for (const Entry &e : std::as_const(m_entries)) {
        auto *row = new QTreeWidgetItem(m_results);
        row->setText(0, QString::number(e.item.attempt.jobId));
        row->setText(1, tr("#%1 (id %2)").arg(e.item.attempt.attemptNo).arg(e.item.attempt.id));
        row->setData(0, Qt::UserRole, e.item.attempt.id);
        switch (e.outcome) {
        case Outcome::Cancelled:
            row->setText(2, e.replayed ? tr("cancelled (already, by this action)") : tr("cancelled"));
            row->setIcon(2, Format::stateIcon(AttemptState::Cancelled));
            break;
        case Outcome::Skipped:
            row->setText(2, tr("skipped: it changed meanwhile"));
            row->setIcon(2, Format::attentionIcon());
            break;
        case Outcome::Failed:
            row->setText(2, tr("failed: not known whether it was cancelled"));
            row->setIcon(2, Format::attentionIcon());
            break;
        case Outcome::Pending:
            row->setText(2, tr("not sent"));
            break;
        }
        row->setText(3, e.why);
        row->setToolTip(3, Format::plainToolTip(e.why));
    }
    m_results->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_results->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_results->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_preview->hide();
    m_results->show();
    for (int i = 0; i < m_results->topLevelItemCount(); ++i)
        if (!m_results->topLevelItem(i)->text(3).isEmpty()) { // the first that was not cancelled: its why, in full
            m_results->setCurrentItem(m_results->topLevelItem(i));
            break;
        }
    const int failed = count(Outcome::Failed);
    QString summary = tr("Cancelled %1, skipped %2 (changed meanwhile), failed %3.")
                          .arg(count(Outcome::Cancelled))
                          .arg(count(Outcome::Skipped))
                          .arg(failed);
    if (failed > 0) {
        summary += u' ' + tr("Press the button again to send the failed ones again: each keeps its request id, so "
                             "one that did go through is not cancelled twice.");
        m_ok->setText(tr("Send the %n failed again", nullptr, failed));
    } else {
        m_ok->hide();
    }
    m_summary->setText(summary);
    m_summary->show();
    m_close->setText(tr("Close"));
    m_finished = failed == 0;
    updateOk();
    Q_EMIT allAnswered();
}

} // namespace jobdesk::ui
