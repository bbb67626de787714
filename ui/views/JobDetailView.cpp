#include "JobDetailView.h"

#include "Format.h"
#include "StoreClient.h"
#include "dialogs/ActionDialogs.h"
#include "dialogs/IntentDiffDialog.h"
#include "models/ActionGuards.h"
#include "models/TextTableModel.h"
#include "views/Timeline.h"
#include "UiLogging.h"

#include <QElapsedTimer>

#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace jobdesk::ui {

namespace {

QTableView *makeTable(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *t = new QTableView(parent);
    t->setObjectName(name);
    t->setModel(model);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->horizontalHeader()->setMaximumSectionSize(420);
    // Fit the columns to what they hold when the rows are replaced (not on every refresh of the same rows).
    QObject::connect(model, &QAbstractItemModel::modelReset, t, [t] { t->resizeColumnsToContents(); });
    // Rows of the same shape updated in place (a refresh, times switched to
    // UTC): a column only widens, and only when its text no longer fits.
    QObject::connect(model, &QAbstractItemModel::dataChanged, t, [t](const QModelIndex &from, const QModelIndex &to) {
        const int last = t->model()->columnCount() - 1;
        for (int c = from.column(); c <= to.column() && c < last; ++c) {
            const int need = std::min(static_cast<const QAbstractItemView *>(t)->sizeHintForColumn(c), t->horizontalHeader()->maximumSectionSize());
            if (need > t->columnWidth(c))
                t->setColumnWidth(c, need);
        }
    });
    return t;
}

QString clientText(const QJsonObject &meta)
{
    QStringList parts;
    for (const char *k : {"client", "ip", "user_agent"}) {
        const QString v = meta.value(QLatin1String(k)).toString();
        if (!v.isEmpty())
            parts.append(v);
    }
    return parts.join(QStringLiteral(", "));
}

// An attempt's charge class and why, for the attempts table.
TextTableModel::Cell chargeCell(const AttemptCharge &c, const QPalette &pal)
{
    QString what;
    switch (c.charge) {
    case Charge::Charged: what = JobDetailView::tr("charged"); break;
    case Charge::PossiblyCharged: what = JobDetailView::tr("POSSIBLY charged"); break;
    case Charge::NotCharged: what = JobDetailView::tr("not charged"); break;
    }
    const bool attention = c.charge == Charge::PossiblyCharged;
    return {what, chargeEvidenceText(c), attention ? Format::attentionIcon() : QIcon(),
            attention ? QVariant(Format::stateColor(AttemptState::Unknown, pal)) : QVariant(), attention};
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

JobDetailView::JobDetailView(StoreClient *client, QWidget *parent)
    : QWidget(parent), m_client(client)
{
    setObjectName(QStringLiteral("jobDetail"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    m_header = new QLabel(tr("Select a job to see it in full."), this);
    m_header->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_header->setObjectName(QStringLiteral("detailHeader"));
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    QFont hf = m_header->font();
    hf.setBold(true);
    hf.setPointSizeF(hf.pointSizeF() * 1.1);
    m_header->setFont(hf);
    layout->addWidget(m_header);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_tabs->setAccessibleName(tr("Job detail"));
    layout->addWidget(m_tabs, 1);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    // Overview: guard and actions, intent and result.
    auto *overview = new QWidget(m_tabs);
    auto *ov = new QVBoxLayout(overview);
    m_guard = new QLabel(overview);
    m_guard->setObjectName(QStringLiteral("retryGuardLabel"));
    m_guard->setWordWrap(true);
    m_guard->setTextFormat(Qt::PlainText);
    ov->addWidget(m_guard);
    m_actionsBox = new QWidget(overview);
    m_actionsLayout = new QHBoxLayout(m_actionsBox);
    m_actionsLayout->setContentsMargins(0, 0, 0, 0);
    ov->addWidget(m_actionsBox);
    m_actionStatus = new QLabel(overview);
    m_actionStatus->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_actionStatus->setObjectName(QStringLiteral("actionStatusLabel"));
    m_actionStatus->setWordWrap(true);
    m_actionStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_actionStatus->hide();
    ov->addWidget(m_actionStatus);
    m_charges = new QLabel(overview);
    m_charges->setObjectName(QStringLiteral("chargeAccountLabel"));
    m_charges->setWordWrap(true);
    m_charges->setTextFormat(Qt::PlainText); // it names providers: never as rich text
    m_charges->setTextInteractionFlags(Qt::TextSelectableByMouse);
    ov->addWidget(m_charges);
    m_overviewTimeline = new TimelineWidget(overview);
    m_overviewTimeline->setObjectName(QStringLiteral("overviewTimeline"));
    ov->addWidget(m_overviewTimeline);
    auto *split = new QSplitter(Qt::Horizontal, overview);
    split->setObjectName(QStringLiteral("intentResultSplitter"));
    auto *intentBox = new QWidget(split);
    auto *il = new QVBoxLayout(intentBox);
    il->setContentsMargins(0, 0, 0, 0);
    il->addWidget(new QLabel(tr("Intent (route and input, as fingerprinted):"), intentBox));
    m_intent = new QPlainTextEdit(intentBox);
    m_intent->setObjectName(QStringLiteral("intentText"));
    m_intent->setAccessibleName(tr("Intent"));
    m_intent->setReadOnly(true);
    m_intent->setFont(mono);
    il->addWidget(m_intent);
    auto *resultBox = new QWidget(split);
    auto *rl = new QVBoxLayout(resultBox);
    rl->setContentsMargins(0, 0, 0, 0);
    m_resultLabel = new QLabel(tr("Result:"), resultBox);
    m_resultLabel->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    rl->addWidget(m_resultLabel);
    m_result = new QPlainTextEdit(resultBox);
    m_result->setObjectName(QStringLiteral("resultText"));
    m_result->setAccessibleName(tr("Result"));
    m_result->setReadOnly(true);
    m_result->setFont(mono);
    rl->addWidget(m_result);
    ov->addWidget(split, 1);
    m_tabs->addTab(overview, tr("Overview"));

    // Time line: the picture, then the attempts in words.
    auto *tl = new QWidget(m_tabs);
    auto *tll = new QVBoxLayout(tl);
    m_timeline = new TimelineWidget(tl);
    tll->addWidget(m_timeline);
    m_attemptsModel = new TextTableModel({tr("#"), tr("Provider"), tr("Kind"), tr("State"), tr("Charge"), tr("Started"), tr("Took"),
                                          tr("Read version"), tr("Deadline"), tr("Provider key"), tr("Last reason")},
                                         this);
    tll->addWidget(makeTable(m_attemptsModel, QStringLiteral("attemptsTable"), tl), 1);
    m_tabs->addTab(tl, tr("Time line"));

    // Key history.
    auto *kh = new QWidget(m_tabs);
    auto *khl = new QVBoxLayout(kh);
    m_keyModel = new TextTableModel({tr("When"), tr("What"), tr("Client"), tr("Fingerprint"), tr("Details")}, this);
    m_keyTable = makeTable(m_keyModel, QStringLiteral("keyHistoryTable"), kh);
    khl->addWidget(m_keyTable, 1);
    m_diffButton = new QPushButton(tr("Show the &diff of this conflict…"), kh);
    m_diffButton->setObjectName(QStringLiteral("showDiffButton"));
    m_diffButton->setEnabled(false);
    khl->addWidget(m_diffButton, 0, Qt::AlignLeft);
    m_tabs->addTab(kh, tr("Key history"));
    auto conflictSelected = [this]() -> std::optional<qint64> {
        const QModelIndex idx = m_keyTable->currentIndex();
        if (!idx.isValid() || !m_keyModel->rowAt(idx.row()).attention)
            return std::nullopt;
        return m_keyModel->rowAt(idx.row()).data.toLongLong();
    };
    connect(m_keyTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, conflictSelected] { m_diffButton->setEnabled(conflictSelected().has_value()); });
    connect(m_diffButton, &QPushButton::clicked, this, [this, conflictSelected] { openConflictDiff(conflictSelected()); });
    connect(m_keyTable, &QTableView::doubleClicked, this, [this, conflictSelected] {
        if (auto id = conflictSelected())
            openConflictDiff(id);
    });

    // Events and audit, newest first.
    m_eventsModel = new TextTableModel({tr("When"), tr("Attempt"), tr("Transition"), tr("By"), tr("Reason")}, this);
    m_tabs->addTab(makeTable(m_eventsModel, QStringLiteral("eventsTable"), m_tabs), tr("Events"));
    m_auditModel = new TextTableModel({tr("When"), tr("Action"), tr("Operator"), tr("Database user"), tr("Attempt"),
                                       tr("Reason"), tr("Request id"), tr("Answer")},
                                      this);
    m_tabs->addTab(makeTable(m_auditModel, QStringLiteral("auditTable"), m_tabs), tr("Audit"));

    if (client) {
        connect(client, &StoreClient::detailLoaded, this, &JobDetailView::onDetailLoaded);
        connect(client, &StoreClient::actionFinished, this, &JobDetailView::onActionFinished);
        // "(2 min ago)" moves on with every poll, on the clock the jobs table's ages use.
        connect(client, &StoreClient::polled, this, [this](const PollResult &r) {
            if (r.dbNowMs > 0 && m_jobId && m_current && m_current->detail && m_current->detail->job.id == *m_jobId)
                updateHeader(r.dbNowMs);
        });
    }
    clear();
}

void JobDetailView::setCurrentTab(Tab tab)
{
    m_tabs->setCurrentIndex(tab);
}

void JobDetailView::clear()
{
    m_jobId.reset();
    m_current.reset();
    m_header->setText(tr("Select a job to see it in full."));
    m_guard->clear();
    m_charges->clear();
    m_actionStatus->hide();
    m_intent->clear();
    m_result->clear();
    m_timeline->setTimeline(Timeline{});
    m_overviewTimeline->setTimeline(Timeline{});
    m_attemptsModel->setRows({});
    m_keyModel->setRows({});
    m_eventsModel->setRows({});
    m_auditModel->setRows({});
    // No job: no counts of the last one on the tabs.
    m_tabs->setTabText(TimelineTab, tr("Time line"));
    m_tabs->setTabText(KeyHistoryTab, tr("Key history"));
    m_tabs->setTabText(EventsTab, tr("Events"));
    m_tabs->setTabText(AuditTab, tr("Audit"));
    m_tabs->setEnabled(false);
    rebuildActionButtons();
    Q_EMIT cleared();
}

void JobDetailView::showJob(qint64 jobId)
{
    if (!m_client)
        return;
    if (m_jobId != jobId) {
        // Nothing of another job stays on screen, or acts (buttons, Ctrl+R,
        // Ctrl+K), until the selected job's detail is here: with that read
        // slow or failed, Ctrl+K would cancel the unknown attempt of the job
        // shown before, and its attempts could be read as the new job's
        // (tst_ui_actions::actionsWaitForTheSelectedJobsDetail).
        if (m_current && m_current->jobId != jobId)
            clear();
        m_actionStatus->hide();
        if (!m_current || m_current->jobId != jobId)
            m_header->setText(tr("Job %1: reading…").arg(jobId));
    }
    m_jobId = jobId;
    m_generation = m_client->loadDetail(jobId);
}

void JobDetailView::showReadOnly(const JobDetail &detail, qint64 nowMs, const QString &note)
{
    m_readOnlyNote = note;
    m_jobId = detail.job.id;
    DetailResult r;
    r.generation = m_generation;
    r.jobId = detail.job.id;
    r.detail = detail;
    r.dbNowMs = nowMs;
    setDetail(r);
}

void JobDetailView::refresh()
{
    if (m_jobId && m_client)
        m_generation = m_client->loadDetail(*m_jobId);
}

void JobDetailView::onDetailLoaded(const DetailResult &r)
{
    if (r.generation != m_generation || !m_jobId || r.jobId != *m_jobId)
        return;
    if (!r.error.isEmpty()) {
        if (!m_current || m_current->jobId != r.jobId) {
            m_header->setText(tr("Job %1 could not be read: %2").arg(r.jobId).arg(r.error));
            m_tabs->setEnabled(false);
        }
        return;
    }
    setDetail(r);
}

void JobDetailView::onActionFinished(const ActionResult &r)
{
    if (!m_jobId || r.jobId != *m_jobId)
        return;
    m_actionMessage = r.message;
    m_actionJobState = jobStateFromString(r.response.value(QStringLiteral("job_state")).toString());
    m_actionStatus->setText(r.message);
    m_actionStatus->show();
    QPalette pal = m_actionStatus->palette();
    const bool ok = r.outcome == ActionResult::Outcome::Done || r.outcome == ActionResult::Outcome::Replayed;
    pal.setColor(QPalette::WindowText, ok ? Format::stateColor(AttemptState::Succeeded, palette())
                                          : Format::stateColor(AttemptState::Unknown, palette()));
    m_actionStatus->setPalette(pal);
    if (r.after && r.after->detail && r.after->jobId == *m_jobId) {
        DetailResult after = *r.after;
        after.generation = m_generation;
        setDetail(after); // at once, without waiting for the next poll
    }
    Q_EMIT actionDone(r);
}

void JobDetailView::setDetail(const DetailResult &r)
{
    QElapsedTimer took;
    took.start();
    m_current = r;
    const JobDetail &d = *r.detail;
    const qint64 now = r.dbNowMs > 0 || !m_client ? r.dbNowMs : m_client->dbNowMs();
    m_tabs->setEnabled(true);
    updateHeader(now);
    QPalette hp = m_header->palette();
    hp.setColor(QPalette::WindowText, d.job.state == JobState::Blocked ? Format::stateColor(JobState::Blocked, palette())
                                                                       : palette().color(QPalette::WindowText));
    m_header->setPalette(hp);
    // An action's answer names the job's state as of the action; once the
    // job has moved on, the line says where it is now.
    if (m_actionStatus->isVisibleTo(this) && m_actionJobState && *m_actionJobState != d.job.state)
        m_actionStatus->setText(m_actionMessage + u' ' + tr("Job %1 is %2 now.").arg(d.job.id).arg(Format::jobState(d.job.state)));
    fillOverview(d);
    fillTimeline(d, now);
    fillKeyHistory(d);
    fillEvents(d);
    fillAudit(d);
    m_tabs->setTabText(KeyHistoryTab, tr("Key history (%1)").arg(d.keyHistory.size() + 1));
    m_tabs->setTabText(EventsTab, tr("Events (%1)").arg(d.events.size()));
    m_tabs->setTabText(AuditTab, tr("Audit (%1)").arg(d.audit.size()));
    m_tabs->setTabText(TimelineTab, tr("Time line (%1)").arg(d.attempts.size()));
    rebuildActionButtons();
    qCDebug(lcUi) << "job" << d.job.id << "shown in" << took.elapsed() << "ms";
    Q_EMIT detailShown(d.job.id);
}

void JobDetailView::updateHeader(qint64 nowMs)
{
    if (!m_current || !m_current->detail)
        return;
    const Job &j = m_current->detail->job;
    m_header->setText(tr("Job %1 · %2 · owner %3 · key %4 · route %5 · v%6 · created %7 (%8)")
                          // One pass: a key or owner holding "%6" is shown as sent, not filled in.
                          .arg(QString::number(j.id), Format::jobState(j.state), j.ownerId, j.idempotencyKey, j.route,
                               QString::number(j.version), Format::time(j.createdAtMs), Format::ago(nowMs - j.createdAtMs)));
}

void JobDetailView::fillOverview(const JobDetail &d)
{
    const RetryPreview preview = previewRetry(d);
    QString guard;
    if (d.job.state == JobState::Blocked)
        guard = tr("BLOCKED: waiting for an operator. ");
    guard += m_client ? preview.why : m_readOnlyNote;
    if (!d.job.stateReason.isEmpty())
        guard += u'\n' + tr("Reason recorded on the job: %1").arg(d.job.stateReason);
    m_guard->setText(guard);
    QFont gf = m_guard->font();
    gf.setBold(!preview.allowed && !preview.blockingAttempts.isEmpty() && !d.job.completedBy);
    m_guard->setFont(gf);

    // What the customer may have been charged: exact, never "once" while a second charge is possible.
    const ChargeAccount charges = d.charges();
    m_charges->setText(tr("Charges: %1").arg(charges.summary()));
    QStringList evidence;
    for (const AttemptCharge &c : charges.attempts)
        evidence.append(chargeEvidenceText(c) + (c.reason.isEmpty() ? QString() : QStringLiteral(" (") + c.reason + u')'));
    m_charges->setToolTip(Format::plainToolTip(evidence.join(u'\n')));
    QPalette cp = m_charges->palette();
    cp.setColor(QPalette::WindowText, charges.possiblyCharged() > 0 || charges.charged() > 1
                                          ? Format::stateColor(AttemptState::Unknown, palette())
                                          : palette().color(QPalette::WindowText));
    m_charges->setPalette(cp);
    QFont cf = m_charges->font();
    cf.setBold(!charges.chargedOnce() && charges.charged() + charges.possiblyCharged() > 1);
    m_charges->setFont(cf);

    const QJsonObject intent{{QStringLiteral("route"), d.job.route}, {QStringLiteral("input"), d.job.input}};
    m_intent->setPlainText(Format::json(intent));
    if (!d.job.result.isEmpty()) {
        int winnerNo = 0;
        QString provider;
        for (const Attempt &a : d.attempts)
            if (d.job.completedBy == a.id) {
                winnerNo = a.attemptNo;
                provider = a.provider;
            }
        m_resultLabel->setText(tr("Result (from the winner, attempt #%1 on %2):").arg(winnerNo).arg(provider));
        m_result->setPlainText(Format::json(d.job.result));
    } else {
        m_resultLabel->setText(tr("Result:"));
        m_result->setPlainText(tr("(no result yet)"));
    }
}

void JobDetailView::fillTimeline(const JobDetail &d, qint64 nowMs)
{
    m_timeline->setTimeline(Timeline::build(d, nowMs));
    m_overviewTimeline->setTimeline(m_timeline->timeline());
    const QPalette pal = QGuiApplication::palette();
    QList<TextTableModel::Row> rows;
    // Where the request went: only that endpoint's "no record" settles an unknown attempt.
    const auto sentToText = [this, &d](const Attempt &a) {
        if (const auto it = d.sentTo.constFind(a.id); it != d.sentTo.cend())
            return tr("Its request went to %1").arg(*it);
        if (a.state == AttemptState::Starting)
            return tr("Not sent yet");
        return tr("It records no endpoint its request went to (never sent, or sent by an older JobDesk)");
    };
    QHash<qint64, AttemptCharge> chargeOf;
    for (const AttemptCharge &c : d.charges().attempts)
        chargeOf.insert(c.attemptId, c);
    for (const Attempt &a : d.attempts) {
        const Timeline t = m_timeline->timeline();
        const TimelineLane *lane = t.lane(a.attemptNo);
        const bool attention = a.state == AttemptState::Unknown && !d.job.completedBy;
        TextTableModel::Row row;
        QString state = Format::attemptState(a.state);
        if (d.job.completedBy == a.id)
            state = tr("%1 (WINNER)").arg(state);
        if (lane && lane->lostRace)
            state += QStringLiteral(" — ") + lane->lossText;
        row.cells = {{QString::number(a.attemptNo), {}, {}, {}, false},
                     {a.provider, sentToText(a), {}, {}, false},
                     {Format::attemptKind(a.kind), {}, {}, {}, false},
                     {state, {}, a.state == AttemptState::Unknown ? Format::attentionIcon() : Format::stateIcon(a.state),
                      Format::stateColor(a.state, pal), attention || d.job.completedBy == a.id},
                     chargeCell(chargeOf.value(a.id), pal),
                     {Format::time(a.createdAtMs), Format::dateTime(a.createdAtMs), {}, {}, false},
                     {lane ? Format::duration(lane->endMs - lane->startMs) : QString(), {}, {}, {}, false},
                     {tr("v%1").arg(a.readVersion), {}, {}, {}, false},
                     {a.deadlineAtMs ? Format::time(*a.deadlineAtMs) : QString(), {}, {}, {}, false},
                     {a.providerKey, {}, {}, {}, false},
                     {a.lastReason, a.lastReason, {}, {}, false}};
        row.data = a.id;
        row.attention = attention;
        rows.append(row);
    }
    m_attemptsModel->setRows(rows);
}

void JobDetailView::fillKeyHistory(const JobDetail &d)
{
    const QPalette pal = QGuiApplication::palette();
    QList<TextTableModel::Row> rows;
    TextTableModel::Row created;
    created.cells = {{Format::time(d.job.createdAtMs), Format::dateTime(d.job.createdAtMs), {}, {}, false},
                     {tr("created job %1").arg(d.job.id), {}, {}, {}, false},
                     {clientText(d.job.clientMeta), compact(d.job.clientMeta), {}, {}, false},
                     {d.job.fingerprint.left(12), d.job.fingerprint, {}, {}, false},
                     {QString(), {}, {}, {}, false}};
    created.data = qint64(0);
    rows.append(created);
    for (const IdempotencyEvent &e : d.keyHistory) {
        TextTableModel::Row row;
        const bool conflict = e.kind == IdempotencyEvent::Kind::Conflict;
        const QString what = conflict ? tr("CONFLICT: same key, another intent (nothing created)")
                                      : tr("replayed: same key, same intent (job %1 returned)").arg(e.jobId);
        const QString when = Format::time(e.atMs) + QStringLiteral("  (+") + Format::duration(e.atMs - d.job.createdAtMs) + u')';
        row.cells = {{when, Format::dateTime(e.atMs), {}, {}, false},
                     {what, {}, conflict ? Format::attentionIcon() : QIcon(),
                      conflict ? QVariant(Format::stateColor(AttemptState::Unknown, pal)) : QVariant(), conflict},
                     {clientText(e.clientMeta), compact(e.clientMeta), {}, {}, false},
                     {e.fingerprint.left(12), e.fingerprint, {}, {}, false},
                     {conflict ? tr("double-click or \"Show the diff\" to compare the intents") : QString(), {}, {}, {}, false}};
        row.data = e.id;
        row.attention = conflict;
        rows.append(row);
    }
    m_keyModel->setRows(rows);
    m_diffButton->setEnabled(false);
}

void JobDetailView::fillEvents(const JobDetail &d)
{
    QHash<qint64, int> numberOf;
    for (const Attempt &a : d.attempts)
        numberOf.insert(a.id, a.attemptNo);
    QList<TextTableModel::Row> rows;
    for (auto it = d.events.crbegin(); it != d.events.crend(); ++it) { // newest first
        const AttemptEvent &e = *it;
        TextTableModel::Row row;
        const QString transition = e.fromState ? tr("%1 → %2").arg(Format::attemptState(*e.fromState), Format::attemptState(e.toState))
                                               : tr("created as %1").arg(Format::attemptState(e.toState));
        row.cells = {{Format::time(e.atMs), Format::dateTime(e.atMs), {}, {}, false},
                     {tr("#%1").arg(numberOf.value(e.attemptId)), {}, {}, {}, false},
                     {transition, {}, e.toState == AttemptState::Unknown ? Format::attentionIcon() : QIcon(), {},
                      e.toState == AttemptState::Unknown},
                     {e.actorKind + u':' + e.actorId, {}, {}, {}, false},
                     {e.reason, e.reason, {}, {}, false}};
        row.data = e.id;
        rows.append(row);
    }
    m_eventsModel->setRows(rows);
}

void JobDetailView::fillAudit(const JobDetail &d)
{
    QHash<qint64, int> numberOf;
    for (const Attempt &a : d.attempts)
        numberOf.insert(a.id, a.attemptNo);
    QList<TextTableModel::Row> rows;
    for (auto it = d.audit.crbegin(); it != d.audit.crend(); ++it) { // newest first
        const AuditEntry &e = *it;
        TextTableModel::Row row;
        const QString dbUser = e.databaseUser;
        row.cells = {{Format::time(e.atMs), Format::dateTime(e.atMs), {}, {}, false},
                     {e.action, {}, {}, {}, true},
                     {tr("%1:%2 (%3)").arg(e.actorKind, e.actorId, e.actorRole), {}, {}, {}, false},
                     {dbUser, {}, {}, {}, false},
                     {e.attemptId ? tr("#%1").arg(numberOf.value(*e.attemptId)) : QString(), {}, {}, {}, false},
                     {e.reason, e.reason, {}, {}, false},
                     {e.requestId, {}, {}, {}, false},
                     {compact(e.response), Format::json(e.response), {}, {}, false}};
        row.data = e.id;
        rows.append(row);
    }
    m_auditModel->setRows(rows);
}

void JobDetailView::rebuildActionButtons()
{
    while (QLayoutItem *item = m_actionsLayout->takeAt(0)) {
        if (QWidget *w = item->widget()) {
            w->hide(); // at once: no click reaches a button of what was shown before
            w->setEnabled(false);
            w->deleteLater();
        }
        delete item;
    }
    if (!m_client || !m_current || !m_current->detail)
        return;
    const JobDetail &d = *m_current->detail;
    const bool canAct = m_client->canAct();
    const QString roleWhy = m_client->isLost() ? tr("The connection is lost: actions wait until it is back.")
                                               : tr("This connection may only read (role %1).")
                                                     .arg(m_client->connection().identity.roleName);
    for (const Attempt &a : cancellableAttempts(d)) {
        auto *b = new QPushButton(tr("Cancel #%1 (%2)…").arg(a.attemptNo).arg(Format::attemptState(a.state)), m_actionsBox);
        b->setObjectName(QStringLiteral("cancelAttemptButton_%1").arg(a.attemptNo));
        if (a.state == AttemptState::Unknown)
            b->setIcon(Format::attentionIcon());
        b->setEnabled(canAct);
        b->setToolTip(canAct ? tr("Cancel attempt #%1 (Ctrl+K cancels the oldest unknown one)").arg(a.attemptNo) : roleWhy);
        const qint64 id = a.id;
        connect(b, &QPushButton::clicked, this, [this, id] { openCancelAttempt(id); });
        m_actionsLayout->addWidget(b);
    }
    const RetryPreview preview = previewRetry(d);
    auto *retry = new QPushButton(tr("&Retry…"), m_actionsBox);
    retry->setObjectName(QStringLiteral("retryButton"));
    retry->setEnabled(canAct && preview.allowed);
    retry->setToolTip(Format::plainToolTip(!canAct ? roleWhy : preview.why));
    connect(retry, &QPushButton::clicked, this, [this] { openRetry(); });
    m_actionsLayout->addWidget(retry);
    QString why;
    auto *cancelJob = new QPushButton(tr("Cancel jo&b…"), m_actionsBox); // Alt+J is the Job menu's
    cancelJob->setObjectName(QStringLiteral("cancelJobButton"));
    const bool cancellable = canCancelJob(d, &why);
    cancelJob->setEnabled(canAct && cancellable);
    cancelJob->setToolTip(Format::plainToolTip(!canAct ? roleWhy : cancellable ? cancelJobConsequence(d) : why));
    connect(cancelJob, &QPushButton::clicked, this, [this] { openCancelJob(); });
    m_actionsLayout->addWidget(cancelJob);
    m_actionsLayout->addStretch(1);
}

void JobDetailView::updateActions()
{
    rebuildActionButtons();
}

ActionDialog *JobDetailView::openCancelAttempt(std::optional<qint64> attemptId)
{
    if (!m_client || !m_current || !m_current->detail || !m_client->canAct())
        return nullptr;
    const JobDetail &d = *m_current->detail;
    std::optional<Attempt> target;
    if (attemptId) {
        for (const Attempt &a : cancellableAttempts(d))
            if (a.id == *attemptId)
                target = a;
    } else {
        target = attemptToCancel(d);
    }
    if (!target)
        return nullptr;
    auto *dialog = new CancelAttemptDialog(m_client, *m_current, *target, window());
    dialog->open();
    return dialog;
}

ActionDialog *JobDetailView::openRetry()
{
    if (!m_client || !m_current || !m_current->detail || !m_client->canAct())
        return nullptr;
    auto *dialog = new RetryDialog(m_client, *m_current, window());
    dialog->open();
    return dialog;
}

ActionDialog *JobDetailView::openCancelJob()
{
    if (!m_client || !m_current || !m_current->detail || !m_client->canAct() || !canCancelJob(*m_current->detail))
        return nullptr;
    auto *dialog = new CancelJobDialog(m_client, *m_current, window());
    dialog->open();
    return dialog;
}

IntentDiffDialog *JobDetailView::openConflictDiff(std::optional<qint64> eventId)
{
    if (!m_current || !m_current->detail)
        return nullptr;
    const JobDetail &d = *m_current->detail;
    for (const IdempotencyEvent &e : d.keyHistory) {
        if (e.kind != IdempotencyEvent::Kind::Conflict || (eventId && e.id != *eventId))
            continue;
        auto *dialog = new IntentDiffDialog(d.job, e, window());
        dialog->show();
        return dialog;
    }
    return nullptr;
}

} // namespace jobdesk::ui
