#include "ActionDialogs.h"

#include "Format.h"
#include "StoreClient.h"
#include "models/ActionGuards.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QPointer>
#include <QStatusBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QTreeWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace jobdesk::ui {

namespace {
std::optional<DialogAnswer> g_nextAnswer;
}

void ActionDialog::setNextAnswer(const DialogAnswer &answer)
{
    g_nextAnswer = answer;
}

bool ActionDialog::hasPendingAnswer()
{
    return g_nextAnswer.has_value();
}

ActionDialog::ActionDialog(StoreClient *client, const DetailResult &detail, const QString &title, QWidget *parent)
    : QDialog(parent), m_client(client), m_detail(detail),
      m_requestId(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    setWindowTitle(title);
    setAttribute(Qt::WA_DeleteOnClose);
    if (detail.detail)
        m_seenChangeSeq = detail.detail->job.changeSeq;

    auto *layout = new QVBoxLayout(this);
    auto *headline = new QLabel(title, this);
    headline->setObjectName(QStringLiteral("titleLabel"));
    QFont hf = headline->font();
    hf.setBold(true);
    hf.setPointSizeF(hf.pointSizeF() * 1.15);
    headline->setFont(hf);
    layout->addWidget(headline);
    m_body = new QWidget(this);
    auto *bodyLayout = new QVBoxLayout(m_body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_body);

    auto *reasonLabel = new QLabel(tr("&Reason (required; it goes into the audit trail):"), this);
    m_reason = new QPlainTextEdit(this);
    m_reason->setObjectName(QStringLiteral("reasonEdit"));
    m_reason->setTabChangesFocus(true);
    m_reason->setPlaceholderText(tr("e.g. provider support confirmed no charge was made (ticket 4711)"));
    m_reason->setMaximumHeight(80);
    reasonLabel->setBuddy(m_reason);
    layout->addWidget(reasonLabel);
    layout->addWidget(m_reason);

    m_result = new QLabel(this);
    m_result->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_result->setObjectName(QStringLiteral("resultLabel"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->hide();
    layout->addWidget(m_result);

    auto *buttons = new QDialogButtonBox(this);
    m_ok = buttons->addButton(QDialogButtonBox::Ok);
    m_ok->setObjectName(QStringLiteral("okButton"));
    m_close = buttons->addButton(QDialogButtonBox::Cancel);
    m_close->setText(tr("Close")); // not "Cancel": in a dialog that cancels, that word would be ambiguous
    m_close->setObjectName(QStringLiteral("closeButton"));
    layout->addWidget(buttons);
    connect(m_ok, &QPushButton::clicked, this, &ActionDialog::onOk);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_reason, &QPlainTextEdit::textChanged, this, &ActionDialog::updateOk);
    connect(m_client, &StoreClient::actionFinished, this, &ActionDialog::onActionFinished);
    // OK waits while the connection is lost (the request may be repeated once it is back).
    connect(m_client, &StoreClient::connectionLost, this, &ActionDialog::updateOk);
    connect(m_client, &StoreClient::connectionRestored, this, &ActionDialog::updateOk);
    setMinimumWidth(520);
}

void ActionDialog::setOkText(const QString &text)
{
    m_ok->setText(text);
}

QLabel *ActionDialog::addNote(const QString &objectName, const QString &text)
{
    auto *label = new QLabel(text, m_body);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    m_body->layout()->addWidget(label);
    return label;
}

bool ActionDialog::readyToSubmit() const
{
    return true;
}

void ActionDialog::updateOk()
{
    const bool roleAllows = m_client->canAct();
    m_ok->setEnabled(!m_done && m_ticket == 0 && roleAllows && !m_reason->toPlainText().trimmed().isEmpty()
                     && m_detail.detail.has_value() && readyToSubmit());
    m_ok->setToolTip(m_client->whyCannotAct());
}

void ActionDialog::applyAnswer(const DialogAnswer &answer)
{
    if (!answer.reason.isEmpty())
        m_reason->setPlainText(answer.reason);
}

void ActionDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    updateOk();
    if (!g_nextAnswer)
        return;
    const DialogAnswer answer = *g_nextAnswer;
    g_nextAnswer.reset();
    QTimer::singleShot(0, this, [this, answer] {
        if (!answer.accept) {
            m_close->click();
            return;
        }
        applyAnswer(answer);
        for (int i = 0; i < answer.okClicks; ++i)
            m_ok->click();
    });
}

void ActionDialog::done(int result)
{
    if (m_ticket != 0 && !m_done) {
        // Closed while its request is under way: the answer still comes, and
        // the main window's status bar tells it, whichever job is shown then,
        // so no refusal or failure goes unsaid
        // (tst_ui_actions::anAnswerToAClosedDialogIsStillTold).
        QPointer<QMainWindow> main = qobject_cast<QMainWindow *>(parentWidget() ? parentWidget()->window() : nullptr);
        const quint64 ticket = m_ticket;
        const QString what = windowTitle();
        auto once = std::make_shared<QMetaObject::Connection>();
        *once = connect(m_client, &StoreClient::actionFinished, m_client, [main, ticket, what, once](const ActionResult &r) {
            if (r.ticket != ticket)
                return;
            QObject::disconnect(*once);
            if (!main)
                return;
            // (Its "press OK again" is gone with the dialog and its request id.)
            const QString told = r.outcome == ActionResult::Outcome::Failed
                                     ? tr("\"%1\" was closed before its answer came; it is not known whether it took effect: "
                                          "read the job again before you act on it. (%2)")
                                           .arg(what, r.message)
                                     : tr("The answer to \"%1\" (closed before it came): %2").arg(what, r.message);
            main->statusBar()->showMessage(told, 60000);
        });
    }
    QDialog::done(result);
}

void ActionDialog::onOk()
{
    ++m_submissions;
    if (m_ticket != 0 || m_done || !m_ok->isEnabled())
        return; // one action per dialog: a second click is the same request
    OperatorRequest request;
    request.actor = m_client->actor();
    request.requestId = m_requestId;
    request.reason = m_reason->toPlainText().trimmed();
    request.seenChangeSeq = m_seenChangeSeq;
    m_ticket = submit(request);
    m_ok->setEnabled(false);
    m_reason->setReadOnly(true);
    m_result->setText(tr("Working…"));
    m_result->show();
}

void ActionDialog::onActionFinished(const ActionResult &result)
{
    if (result.ticket != m_ticket || m_ticket == 0)
        return;
    m_result->setText(result.message);
    m_result->show();
    switch (result.outcome) {
    case ActionResult::Outcome::Done:
    case ActionResult::Outcome::Replayed:
        m_done = true;
        Q_EMIT actionDone(result);
        accept();
        return;
    case ActionResult::Outcome::Failed:
        // Unknown whether it took effect: the same request (id, reason and
        // all) may be sent again, unchanged: a changed reason would be
        // dropped by the store's replay of the first.
        m_ticket = 0;
        break;
    case ActionResult::Outcome::Refused:
    case ActionResult::Outcome::StaleView:
        m_done = true; // the view has been re-read; the operator decides again from there
        m_close->setText(tr("Close"));
        break;
    }
    QPalette pal = m_result->palette();
    pal.setColor(QPalette::WindowText, Format::stateColor(AttemptState::Unknown, palette()));
    m_result->setPalette(pal);
    updateOk();
    Q_EMIT actionDone(result);
}

// ---- cancel attempt --------------------------------------------------------------------

CancelAttemptDialog::CancelAttemptDialog(StoreClient *client, const DetailResult &detail, const Attempt &attempt,
                                         QWidget *parent)
    : ActionDialog(client, detail, tr("Cancel attempt #%1 of job %2?").arg(attempt.attemptNo).arg(attempt.jobId), parent),
      m_attempt(attempt)
{
    setObjectName(QStringLiteral("cancelAttemptDialog"));
    setOkText(tr("Cancel attempt #%1").arg(attempt.attemptNo));
    const qint64 now = client->dbNowMs();
    QString summary = tr("Attempt #%1 (id %2) on %3 has been %4 since %5 (%6).")
                          .arg(attempt.attemptNo)
                          .arg(attempt.id)
                          .arg(attempt.provider, Format::attemptState(attempt.state), Format::time(attempt.updatedAtMs),
                               Format::ago(now - attempt.updatedAtMs));
    if (!attempt.lastReason.isEmpty())
        summary += u' ' + tr("Last reason: %1.").arg(attempt.lastReason);
    addNote(QStringLiteral("summaryLabel"), summary);
    if (detail.detail)
        addNote(QStringLiteral("consequenceLabel"), tr("What follows: %1").arg(cancelAttemptConsequence(*detail.detail, attempt, &detail.providers)));
    addNote(QStringLiteral("keyLabel"), tr("The provider saw this attempt under the key %1; ask it about that key first "
                                           "if you can.")
                                            .arg(attempt.providerKey));
}

quint64 CancelAttemptDialog::submit(const OperatorRequest &request)
{
    return m_client->cancelAttempt(m_attempt.jobId, m_attempt.id, request);
}

// ---- cancel job ----------------------------------------------------------------------------

CancelJobDialog::CancelJobDialog(StoreClient *client, const DetailResult &detail, QWidget *parent)
    : ActionDialog(client, detail, tr("Cancel job %1?").arg(detail.jobId), parent)
{
    setObjectName(QStringLiteral("cancelJobDialog"));
    setOkText(tr("Cancel job %1").arg(detail.jobId));
    if (detail.detail) {
        const Job &j = detail.detail->job;
        addNote(QStringLiteral("summaryLabel"), tr("Job %1 (owner %2, key %3, route %4) is %5.")
                                                    .arg(j.id)
                                                    .arg(j.ownerId, j.idempotencyKey, j.route, Format::jobState(j.state)));
        addNote(QStringLiteral("consequenceLabel"), tr("What follows: %1").arg(cancelJobConsequence(*detail.detail)));
    }
}

quint64 CancelJobDialog::submit(const OperatorRequest &request)
{
    return m_client->cancelJob(m_detail.jobId, request);
}

// ---- retry ------------------------------------------------------------------------------------

RetryDialog::RetryDialog(StoreClient *client, const DetailResult &detail, QWidget *parent)
    : ActionDialog(client, detail, tr("Retry job %1?").arg(detail.jobId), parent)
{
    setObjectName(QStringLiteral("retryDialog"));
    setOkText(tr("Retry job %1").arg(detail.jobId));
    RetryPreview preview;
    if (detail.detail)
        preview = previewRetry(*detail.detail);
    m_allowed = preview.allowed;
    QLabel *guard = addNote(QStringLiteral("guardLabel"), preview.why);
    if (!preview.allowed) {
        QFont f = guard->font();
        f.setBold(true);
        guard->setFont(f);
        QPalette pal = guard->palette();
        pal.setColor(QPalette::WindowText, Format::stateColor(AttemptState::Unknown, palette()));
        guard->setPalette(pal);
    }

    addNote(QStringLiteral("providerHint"), tr("Provider (a proven provider holds a passing, unexpired contract "
                                               "validation for route %1):")
                                                .arg(detail.detail ? detail.detail->job.route : QString()));
    m_providers = new QTreeWidget(body());
    m_providers->setObjectName(QStringLiteral("providerList"));
    m_providers->setHeaderLabels({tr("Provider"), tr("Contract"), tr("In the route's chain")});
    m_providers->setRootIsDecorated(false);
    m_providers->setUniformRowHeights(true);
    m_providers->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    QTreeWidgetItem *preferred = nullptr;
    for (const ProviderChoice &c : detail.providers) {
        auto *item = new QTreeWidgetItem(m_providers);
        item->setText(0, c.name);
        item->setData(0, Qt::UserRole, c.name);
        item->setText(1, c.status);
        item->setIcon(1, c.proven ? Format::stateIcon(AttemptState::Succeeded) : Format::attentionIcon());
        item->setText(2, c.chainIndex < 0 ? tr("no") : c.chainIndex == 0 ? tr("primary") : tr("fallback %1").arg(c.chainIndex));
        if (c.proven && !preferred)
            preferred = item;
    }
    if (preferred)
        m_providers->setCurrentItem(preferred);
    m_providers->setMinimumHeight(110);
    body()->layout()->addWidget(m_providers);
    QLabel *choice = addNote(QStringLiteral("providerNote"), QString());
    auto describe = [this, choice] {
        QTreeWidgetItem *item = m_providers->currentItem();
        if (!item) {
            choice->setText(tr("No provider is proven for this route: choose one knowingly, or validate one first."));
            return;
        }
        const bool proven = m_detail.providers.value(m_providers->indexOfTopLevelItem(item)).proven;
        choice->setText(proven ? tr("%1 is proven for this route.").arg(item->text(0))
                               : tr("%1 is NOT proven for this route: its output may not match the contract.")
                                     .arg(item->text(0)));
    };
    connect(m_providers, &QTreeWidget::currentItemChanged, this, [this, describe] {
        describe();
        updateOk();
    });
    describe();
}

QString RetryDialog::selectedProvider() const
{
    const QTreeWidgetItem *item = m_providers->currentItem();
    return item ? item->data(0, Qt::UserRole).toString() : QString();
}

bool RetryDialog::readyToSubmit() const
{
    return m_allowed && !selectedProvider().isEmpty();
}

void RetryDialog::applyAnswer(const DialogAnswer &answer)
{
    ActionDialog::applyAnswer(answer);
    if (answer.provider.isEmpty())
        return;
    for (int i = 0; i < m_providers->topLevelItemCount(); ++i)
        if (m_providers->topLevelItem(i)->text(0) == answer.provider)
            m_providers->setCurrentItem(m_providers->topLevelItem(i));
}

quint64 RetryDialog::submit(const OperatorRequest &request)
{
    // From the first OK on, this dialog's request id is a retry on this
    // provider: sent again (an answer lost), it must be the same retry. With
    // the list still open, another provider would make it a different request
    // under the same id, refused for ever while the first one had started
    // (tst_ui_actions::aRetryWhoseAnswerWasLostIsSentAgainAsTheSameRetry).
    m_providers->setEnabled(false);
    return m_client->retry(m_detail.jobId, selectedProvider(), request);
}

} // namespace jobdesk::ui
