#include "IncidentsView.h"

#include "Format.h"
#include "IncidentsModel.h"
#include "views/RowAnchor.h"
#include "StoreClient.h"
#include "dialogs/IntentDiffDialog.h"
#include "models/TextTableModel.h"
#include "views/ColumnFit.h"
#include "worklists/ReadRetry.h"

#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace jobdesk::ui {

namespace {
QString clientText(const QJsonObject &meta)
{
    QStringList parts;
    for (const char *key : {"client", "ip", "address", "user_agent"}) {
        const QString v = meta.value(QLatin1String(key)).toString();
        if (!v.isEmpty() && !parts.contains(v))
            parts.append(v);
    }
    return parts.isEmpty() ? QStringLiteral("?") : parts.join(QStringLiteral(", "));
}

QTableView *makeTable(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *t = new QTableView(parent);
    t->setObjectName(name);
    t->setModel(model);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 8);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setHighlightSections(false);
    return t;
}
} // namespace

IncidentsView::IncidentsView(StoreClient *client, QWidget *parent) : QWidget(parent), m_client(client)
{
    setObjectName(QStringLiteral("incidentsView"));
    m_model = new IncidentsModel(this);
    m_history = new TextTableModel({tr("When"), tr("What happened"), tr("Client"), tr("Fingerprint")}, this);

    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_searchEdit = new QLineEdit(this);
    m_searchEdit->setObjectName(QStringLiteral("incidentSearch"));
    // Short enough to read whole on a 1024-pixel screen; the tooltip says the rest.
    m_searchEdit->setPlaceholderText(tr("Owner or key, exactly as sent"));
    m_searchEdit->setToolTip(tr("Owner or idempotency key, exactly as the customer sent it (empty: the newest duplicates)"));
    m_searchEdit->setClearButtonEnabled(true);
    top->addWidget(m_searchEdit, 1);
    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_status->setObjectName(QStringLiteral("incidentsStatus"));
    top->addWidget(m_status);
    v->addLayout(top);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_table = makeTable(m_model, QStringLiteral("incidentsTable"), split);
    new RowAnchor(m_table); // a new incident above the visible rows does not push them
    // Every column on a 1024-pixel screen without scrolling sideways: the job,
    // its state and the replays as wide as their widest value; owner, clients,
    // the times, the spread and the conflicts (down to "1 CONFLICT") shrink
    // when room is short (elided; the tooltip says the cell whole, or the
    // verdict its count), and the key takes what width is left (keys are what
    // support staff search for).
    {
        using M = IncidentsModel;
        auto want = [this](int c, const QString &typical, bool icon = false) {
            return ColumnFit::wantFor(m_table, c, typical, /*bold*/ false, icon);
        };
        auto chars = [this](int c, int n) { return ColumnFit::charsFor(m_table, c, n); };
        int state = 0;
        for (JobState s : {JobState::Queued, JobState::Running, JobState::Blocked, JobState::Succeeded,
                           JobState::Failed, JobState::Cancelled})
            state = std::max(state, want(M::StateColumn, Format::jobState(s), true));
        const int job = want(M::JobColumn, QString::number(999999));
        const int replays = want(M::ReplaysColumn, QString::number(999));
        const int conflicts = want(M::ConflictsColumn, IncidentsModel::tr("%n CONFLICT(s)", nullptr, 9), true);
        const int oneConflict = want(M::ConflictsColumn, IncidentsModel::tr("%n CONFLICT(s)", nullptr, 1), true);
        // Format::time: today's "14:02:33Z", an older one with its date.
        const int today = std::max(want(M::FirstColumn, QStringLiteral("00:00:00Z")), want(M::LastColumn, QStringLiteral("00:00:00Z")));
        const int dated = std::max(want(M::FirstColumn, QStringLiteral("0000-00-00 00:00:00Z")),
                                   want(M::LastColumn, QStringLiteral("0000-00-00 00:00:00Z")));
        // A duplicate click's spread is milliseconds to minutes; a longer one is
        // elided (the verdict in the tooltip says it).
        const int spread = want(M::SpreadColumn, Format::duration((47 * 60 + 59) * 60 * 1000LL));
        int spreadLeast = 0;
        for (qint64 ms : {999LL, 9900LL, 59000LL, 59 * 60000LL})
            spreadLeast = std::max(spreadLeast, want(M::SpreadColumn, Format::duration(ms)));
        QList<ColumnFit::Column> columns(M::ColumnCount);
        columns[M::OwnerColumn] = {chars(M::OwnerColumn, 12), chars(M::OwnerColumn, 6)};
        columns[M::KeyColumn] = {chars(M::KeyColumn, 24), chars(M::KeyColumn, 10)};
        columns[M::JobColumn] = {job, job};
        columns[M::StateColumn] = {state, state};
        columns[M::ReplaysColumn] = {replays, replays};
        columns[M::ConflictsColumn] = {conflicts, std::min(conflicts, oneConflict)};
        columns[M::FirstColumn] = {dated, today};
        columns[M::LastColumn] = {dated, today};
        columns[M::SpreadColumn] = {spread, std::min(spread, spreadLeast)};
        columns[M::ClientsColumn] = {chars(M::ClientsColumn, 30), chars(M::ClientsColumn, 6)};
        new ColumnFit(m_table, columns, M::KeyColumn);
    }

    auto *lower = new QWidget(split);
    auto *lv = new QVBoxLayout(lower);
    lv->setContentsMargins(0, 4, 0, 0);
    m_verdict = new QLabel(lower);
    m_verdict->setObjectName(QStringLiteral("incidentVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::PlainText);
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    lv->addWidget(m_verdict);
    m_historyTable = makeTable(m_history, QStringLiteral("incidentHistory"), lower);
    // The key's history fits the width too: the time as wide as a dated one
    // with its distance from the job's creation (shrinking to today's time),
    // the fingerprint's twelve characters whole, the client elided when room
    // is short, and what happened takes what is left.
    {
        auto want = [this](int c, const QString &typical) { return ColumnFit::wantFor(m_historyTable, c, typical); };
        const QString since = QStringLiteral("  (+") + Format::duration((47 * 60 + 59) * 1000LL) + u')';
        QList<ColumnFit::Column> columns(4);
        columns[0] = {want(0, QStringLiteral("0000-00-00 00:00:00Z") + since), want(0, QStringLiteral("00:00:00Z"))};
        columns[1] = {ColumnFit::charsFor(m_historyTable, 1, 72), ColumnFit::charsFor(m_historyTable, 1, 30)};
        columns[2] = {ColumnFit::charsFor(m_historyTable, 2, 30), ColumnFit::charsFor(m_historyTable, 2, 8)};
        const int fingerprint = want(3, QStringLiteral("0123456789ab"));
        columns[3] = {fingerprint, fingerprint};
        new ColumnFit(m_historyTable, columns, 1);
    }
    lv->addWidget(m_historyTable, 1);
    auto *buttons = new QHBoxLayout;
    m_diff = new QPushButton(tr("Show the &diff"), lower);
    m_diff->setObjectName(QStringLiteral("incidentDiffButton"));
    m_openJob = new QPushButton(tr("&Open the job"), lower);
    m_openJob->setObjectName(QStringLiteral("incidentOpenJobButton"));
    m_export = new QPushButton(tr("&Export incident report…"), lower);
    m_export->setObjectName(QStringLiteral("incidentExportButton"));
    buttons->addWidget(m_diff);
    buttons->addWidget(m_openJob);
    buttons->addWidget(m_export);
    buttons->addStretch(1);
    lv->addLayout(buttons);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    v->addWidget(split, 1);

    connect(m_searchEdit, &QLineEdit::returnPressed, this, [this] { setSearch(m_searchEdit->text()); });
    connect(m_searchEdit, &QLineEdit::textChanged, this, [this](const QString &t) {
        if (t.isEmpty() && !m_search.isEmpty())
            setSearch({});
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &cur) {
        const KeyIncident *inc = m_model->incidentAt(cur.row());
        m_verdict->setText(inc ? verdictFor(*inc) : QString());
        if (!inc)
            clearDetail();
        else if (!m_detail || m_detail->job.id != inc->jobId)
            loadDetail(inc->jobId);
        m_openJob->setEnabled(inc != nullptr);
        m_export->setEnabled(inc != nullptr);
    });
    connect(m_historyTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { m_diff->setEnabled(selectedConflict().has_value()); });
    connect(m_historyTable, &QTableView::doubleClicked, this, [this] {
        if (auto id = selectedConflict())
            openConflictDiff(id);
    });
    connect(m_diff, &QPushButton::clicked, this, [this] { openConflictDiff(selectedConflict()); });
    connect(m_openJob, &QPushButton::clicked, this, [this] {
        if (const KeyIncident *inc = m_model->incidentAt(m_table->currentIndex().row()))
            Q_EMIT openJobRequested(inc->jobId);
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        if (const KeyIncident *inc = m_model->incidentAt(m_table->currentIndex().row()))
            Q_EMIT exportRequested(inc->jobId);
    });
    connect(client, &StoreClient::polled, this, &IncidentsView::onPolled);
    connect(client, &StoreClient::opened, this, [this] {
        m_marks.reset();
        m_retry->succeeded();
        m_stale = true;
        if (isVisible())
            reload();
    });
    m_retry = new ReadRetry(this);
    auto readIfStale = [this] {
        if (m_stale && isVisible() && m_client->isConnected() && !m_retry->isPending())
            reload();
    };
    connect(m_retry, &ReadRetry::due, this, readIfStale);
    connect(client, &StoreClient::connectionRestored, this, readIfStale);
    m_diff->setEnabled(false);
    m_openJob->setEnabled(false);
    m_export->setEnabled(false);
}

void IncidentsView::setSearch(const QString &text)
{
    m_search = text.trimmed();
    if (m_searchEdit->text().trimmed() != m_search)
        m_searchEdit->setText(m_search);
    reload();
}

QString IncidentsView::verdictText() const
{
    return m_verdict->text();
}

QString IncidentsView::verdictFor(const KeyIncident &inc) const
{
    const QString charges = m_detail && m_detail->job.id == inc.jobId ? m_detail->charges().summary()
                                                                      : tr("Reading what was charged…");
    return IncidentsModel::verdict(inc) + u'\n' + tr("Charges: %1").arg(charges);
}

void IncidentsView::reload()
{
    m_stale = false;
    m_retry->cancel(); // this is the read (F5 does not wait for the pause)
    const quint64 generation = ++m_generation;
    const QString search = m_search;
    m_status->setText(tr("Reading…"));
    using Page = std::pair<QList<KeyIncident>, bool>; // and whether there may be more
    m_client->call<Page>(
        this, "key incidents",
        [search](JobService &svc) {
            bool mayBeMore = false;
            QList<KeyIncident> list = svc.keyIncidents(search, std::nullopt, kLimit, &mayBeMore);
            return Page{std::move(list), mayBeMore};
        },
        [this, generation, search](const CallOutcome<Page> &page) {
            CallOutcome<QList<KeyIncident>> out;
            static_cast<CallStatus &>(out) = page;
            if (page.value)
                out.value = page.value->first;
            const bool mayBeMore = page.value && page.value->second;
            if (generation != m_generation)
                return; // a newer question is on its way
            if (!out.ok) {
                m_stale = true;
                m_status->setText(tr("Could not read the incidents: %1").arg(out.error) + u' '
                                  + ReadRetry::againText(m_retry->failed(), true));
                return;
            }
            m_retry->succeeded();
            // Keep the selected incident across a re-read; a new search selects its first row.
            const KeyIncident *cur = search == m_loadedSearch ? m_model->incidentAt(m_table->currentIndex().row()) : nullptr;
            std::optional<std::pair<QString, QString>> selected;
            if (cur)
                selected = std::pair(cur->ownerId, cur->idempotencyKey);
            if (search == m_loadedSearch) // the same list read again: the rows stay where they are
                m_model->updateIncidents(*out.value);
            else
                m_model->setIncidents(*out.value);
            m_loadedSearch = search;
            int conflicts = 0;
            for (const KeyIncident &i : *out.value)
                conflicts += i.conflicts > 0 ? 1 : 0;
            const int n = int(out.value->size());
            if (!search.isEmpty() && mayBeMore) // an owner's newest jobs: not a count
                m_status->setText(tr("The newest %1 jobs with owner or key \"%2\" are shown; there may be more.")
                                      .arg(QString::number(n), search));
            else if (!search.isEmpty())
                m_status->setText(tr("%n job(s) with owner or key \"%1\"", nullptr, n).arg(search));
            else if (mayBeMore) // do not make the read's limit look like the count
                m_status->setText(tr("The newest %1 keys sent more than once are shown, %2 with a conflict; there may be "
                                     "more: search by owner or key to see theirs.")
                                      .arg(QString::number(n), QString::number(conflicts)));
            else
                m_status->setText(tr("%n key(s) sent more than once, %1 with a conflict", nullptr, n).arg(conflicts));
            if (search.isEmpty())
                Q_EMIT countChanged(int(out.value->size()), mayBeMore);
            const int row = selected ? m_model->rowOf(selected->first, selected->second) : (m_model->rowCount() > 0 && !search.isEmpty() ? 0 : -1);
            if (row >= 0) {
                if (m_table->currentIndex().row() != row)
                    m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                                               QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                if (const KeyIncident *inc = m_model->incidentAt(row)) {
                    m_verdict->setText(verdictFor(*inc));
                    loadDetail(inc->jobId); // its requests may have grown
                }
            } else {
                clearDetail(); // no incident selected: no job's requests under the verdict
                m_verdict->setText(m_model->rowCount() == 0 && !search.isEmpty()
                                       ? tr("No job has owner or key \"%1\".").arg(search)
                                       : QString());
            }
            Q_EMIT loaded();
        });
}

void IncidentsView::selectIncident(int row)
{
    m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void IncidentsView::clearDetail()
{
    ++m_detailGeneration; // an answer on its way is for a job no longer selected
    m_detail.reset();
    fillHistory();
}

void IncidentsView::loadDetail(qint64 jobId)
{
    // Another job's requests never stand under this one's verdict, not even
    // while its read is on its way or after it failed.
    if (m_detail && m_detail->job.id != jobId)
        clearDetail();
    const quint64 generation = ++m_detailGeneration;
    m_client->call<JobDetail>(
        this, "incident requests", [jobId](JobService &svc) { return svc.jobDetail(jobId); },
        [this, generation, jobId](const CallOutcome<JobDetail> &out) {
            if (generation != m_detailGeneration)
                return;
            if (!out.ok) { // what is shown, if anything, is this job's (loadDetail cleared another's)
                m_status->setText(tr("Could not read job %1: %2").arg(jobId).arg(out.error));
                if (const KeyIncident *inc = m_model->incidentAt(m_table->currentIndex().row()); inc && inc->jobId == jobId)
                    m_verdict->setText(IncidentsModel::verdict(*inc) + u'\n'
                                       + tr("Charges: not known, the job's attempts could not be read."));
                return;
            }
            m_detail = *out.value;
            fillHistory();
            if (const KeyIncident *inc = m_model->incidentAt(m_table->currentIndex().row()); inc && inc->jobId == jobId)
                m_verdict->setText(verdictFor(*inc));
            Q_EMIT detailLoaded(jobId);
        });
}

void IncidentsView::fillHistory()
{
    QList<TextTableModel::Row> rows;
    if (m_detail) {
        const JobDetail &d = *m_detail;
        const QPalette pal = QGuiApplication::palette();
        TextTableModel::Row created;
        created.cells = {{Format::time(d.job.createdAtMs), Format::dateTime(d.job.createdAtMs), {}, {}, false},
                         {tr("created job %1").arg(d.job.id), {}, {}, {}, false},
                         {clientText(d.job.clientMeta), {}, {}, {}, false},
                         {d.job.fingerprint.left(12), d.job.fingerprint, {}, {}, false}};
        created.data = qint64(0);
        rows.append(created);
        for (const IdempotencyEvent &e : d.keyHistory) {
            const bool conflict = e.kind == IdempotencyEvent::Kind::Conflict;
            TextTableModel::Row row;
            const QString what = conflict ? tr("CONFLICT: another payload with the same key, refused (double-click for the diff)")
                                          : tr("replayed: the same payload, job %1 returned").arg(e.jobId);
            row.cells = {{Format::time(e.atMs) + QStringLiteral("  (+") + Format::duration(e.atMs - d.job.createdAtMs) + u')',
                          Format::dateTime(e.atMs), {}, {}, false},
                         {what, {}, conflict ? Format::attentionIcon() : QIcon(),
                          conflict ? QVariant(Format::stateColor(AttemptState::Unknown, pal)) : QVariant(), conflict},
                         {clientText(e.clientMeta), {}, {}, {}, false},
                         {e.fingerprint.left(12), e.fingerprint, {}, {}, false}};
            row.data = e.id;
            row.attention = conflict;
            rows.append(row);
        }
    }
    m_history->setRows(rows);
    m_diff->setEnabled(selectedConflict().has_value());
}

std::optional<qint64> IncidentsView::selectedConflict() const
{
    const QModelIndex idx = m_historyTable->currentIndex();
    if (!idx.isValid() || !m_history->rowAt(idx.row()).attention)
        return std::nullopt;
    return m_history->rowAt(idx.row()).data.toLongLong();
}

IntentDiffDialog *IncidentsView::openConflictDiff(std::optional<qint64> eventId)
{
    if (!m_detail)
        return nullptr;
    for (const IdempotencyEvent &e : m_detail->keyHistory) {
        if (e.kind != IdempotencyEvent::Kind::Conflict || (eventId && e.id != *eventId))
            continue;
        auto *dialog = new IntentDiffDialog(m_detail->job, e, window());
        dialog->show();
        return dialog;
    }
    return nullptr;
}

void IncidentsView::onPolled(const PollResult &r)
{
    if (!r.marks)
        return;
    bool moved = !m_marks || r.marks->idempotencyEventsMoved(*m_marks);
    m_marks = r.marks;
    // A job shown here changed state, or (searching) a job with that owner or key appeared.
    for (const Job &j : r.jobs) {
        if (moved)
            break;
        moved = m_model->rowOf(j.ownerId, j.idempotencyKey) >= 0
                || (!m_search.isEmpty() && (j.ownerId == m_search || j.idempotencyKey == m_search));
    }
    if (!moved)
        return;
    if (isVisible() && !m_retry->isPending()) // after a failed read, its pause first
        reload();
    else
        m_stale = true;
}

void IncidentsView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        reload();
}

} // namespace jobdesk::ui
