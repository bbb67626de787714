#include "ProvidersView.h"

#include "Format.h"
#include "ProvidersModel.h"
#include "StoreClient.h"
#include "UiLogging.h"
#include "provider/ContractValidation.h"
#include "provider/ProviderFactory.h"
#include "views/ColumnFit.h"

#include <QFontDatabase>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QUuid>
#include <QtConcurrent>

namespace jobdesk::ui {

namespace {
struct ValidationRun
{
    std::optional<ValidationResult> result;
    QString error;
};
} // namespace

ProvidersView::ProvidersView(StoreClient *client, QWidget *parent) : QWidget(parent), m_client(client)
{
    setObjectName(QStringLiteral("providersView"));
    m_model = new ProvidersModel(this);
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_validate = new QPushButton(tr("Va&lidate now"), this); // Alt+V is the View menu's
    m_validate->setObjectName(QStringLiteral("validateNowButton"));
    m_validate->setToolTip(tr("Run the contract validation of the selected provider for its route now, and record it"));
    top->addWidget(m_validate);
    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_status->setObjectName(QStringLiteral("providersStatus"));
    m_status->setWordWrap(true);
    top->addWidget(m_status, 1);
    v->addLayout(top);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_table = new QTableView(split);
    m_table->setObjectName(QStringLiteral("providersTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    // Standing (what an operator decides by) stays in view on a 1024-pixel
    // screen: it takes what is left, and the names and the endpoint give up
    // room (elided; the endpoint's tooltip keeps it whole) before it would
    // scroll. Times are today's ("14:02:33"), as Format::time writes them.
    {
        using M = ProvidersModel;
        auto want = [this](int c, const QString &typical) { return ColumnFit::wantFor(m_table, c, typical); };
        auto chars = [this](int c, int n) { return ColumnFit::charsFor(m_table, c, n); };
        auto widest = [&](int c, const QStringList &values) {
            int w = 0;
            for (const QString &value : values)
                w = std::max(w, want(c, value));
            return w;
        };
        const int lookup = widest(M::LookupColumn, {ProvidersModel::tr("yes"), ProvidersModel::tr("no")});
        const int chain = widest(M::ChainColumn, {ProvidersModel::tr("first"), ProvidersModel::tr("fallback %1").arg(9), ProvidersModel::tr("not in chain")});
        const int validation = widest(M::ValidationColumn, {ProvidersModel::tr("none"), ProvidersModel::tr("passed"), ProvidersModel::tr("FAILED")});
        const int time = want(M::ValidatedColumn, QStringLiteral("00:00:00Z"));
        const int config = widest(M::ConfigColumn, {ProvidersModel::tr("current"), ProvidersModel::tr("STALE")});
        QList<ColumnFit::Column> columns(M::ColumnCount);
        columns[M::ProviderColumn] = {chars(M::ProviderColumn, 12), chars(M::ProviderColumn, 7)};
        columns[M::RouteColumn] = {chars(M::RouteColumn, 12), chars(M::RouteColumn, 7)};
        columns[M::KindColumn] = {chars(M::KindColumn, 7), chars(M::KindColumn, 4)};
        columns[M::EndpointColumn] = {chars(M::EndpointColumn, 26), chars(M::EndpointColumn, 8)};
        columns[M::LookupColumn] = {lookup, lookup};
        columns[M::ChainColumn] = {chain, chain};
        columns[M::ValidationColumn] = {validation, validation};
        columns[M::ValidatedColumn] = {time, time};
        columns[M::ExpiresColumn] = {std::max(time, want(M::ExpiresColumn, QStringLiteral("00:00:00Z"))),
                                     std::max(time, want(M::ExpiresColumn, QStringLiteral("00:00:00Z")))};
        columns[M::ConfigColumn] = {config, config};
        columns[M::StandingColumn] = {chars(M::StandingColumn, 40), chars(M::StandingColumn, 24)};
        new ColumnFit(m_table, columns, M::StandingColumn);
    }
    m_report = new QPlainTextEdit(split);
    m_report->setObjectName(QStringLiteral("validationReport"));
    m_report->setReadOnly(true);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    v->addWidget(split, 1);

    m_timer = new QTimer(this);
    m_timer->setInterval(30000);
    connect(m_timer, &QTimer::timeout, this, &ProvidersView::reload);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ProvidersView::showReport);
    connect(m_validate, &QPushButton::clicked, this, [this] {
        if (const ProviderRow *r = m_model->rowAt(m_table->currentIndex().row()))
            validateNow(r->status.provider, r->status.route);
    });
    connect(client, &StoreClient::polled, this, &ProvidersView::onPolled);
    connect(client, &StoreClient::connectionLost, this, &ProvidersView::showReport);
    connect(client, &StoreClient::connectionRestored, this, &ProvidersView::showReport);
    connect(client, &StoreClient::opened, this, [this] {
        showReport();
        m_validationMark.reset();
        m_stale = true;
        if (isVisible())
            reload();
    });
    m_validate->setEnabled(false);
}

void ProvidersView::setRefreshIntervalMs(int ms)
{
    m_timer->setInterval(ms);
}

QString ProvidersView::reportText() const
{
    return m_report->toPlainText();
}

QString ProvidersView::statusText() const
{
    return m_status->text();
}

void ProvidersView::reload()
{
    m_stale = false;
    const quint64 generation = ++m_generation;
    m_client->call<QList<ProviderRow>>(
        this, "provider status", [](JobService &svc) { return ProviderStanding::read(svc); },
        [this, generation](const CallOutcome<QList<ProviderRow>> &out) {
            if (generation != m_generation)
                return;
            if (!out.ok) {
                if (!m_validating)
                    m_status->setText(tr("Could not read the providers: %1").arg(out.error) + u' '
                                      + tr("%1 reads them again.").arg(QKeySequence(Qt::Key_F5).toString(QKeySequence::NativeText)));
                m_stale = true;
                return;
            }
            const ProviderRow *cur = m_model->rowAt(m_table->currentIndex().row());
            const QString provider = cur ? cur->status.provider : QString();
            const QString route = cur ? cur->status.route : QString();
            m_model->setRows(*out.value);
            int attention = 0;
            for (const ProviderRow &r : *out.value)
                attention += r.needsAttention() ? 1 : 0;
            Q_EMIT attentionChanged(attention);
            int row = m_model->rowOf(provider, route);
            if (row < 0 && m_model->rowCount() > 0)
                row = 0;
            if (row >= 0 && m_table->currentIndex().row() != row)
                m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                                           QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            showReport();
            Q_EMIT loaded();
        });
}

void ProvidersView::showReport()
{
    const ProviderRow *r = m_model->rowAt(m_table->currentIndex().row());
    m_validate->setEnabled(r && !m_validating && m_client->canAct());
    m_validate->setToolTip(m_client->canAct() || !m_client->isConnected()
                               ? tr("Run the contract validation of the selected provider for its route now, and record it")
                               : tr("This connection may only read (role %1).").arg(m_client->connection().identity.roleName));
    if (!r) {
        m_report->clear();
        return;
    }
    QString text = tr("%1 for %2: %3").arg(r->status.provider, r->status.route, ProviderStanding::text(*r)) + u'\n';
    if (const auto &v = r->status.latest) {
        text += tr("Validation %1 at %2, %3, expires %4.")
                    .arg(v->id)
                    .arg(Format::dateTime(v->validatedAtMs), v->passed ? tr("passed") : tr("FAILED"),
                         Format::dateTime(v->expiresAtMs))
                + u'\n';
        text += tr("Validated config %1; recorded config now %2.").arg(v->configHash.left(16), r->currentHash.left(16)) + u'\n'
                + u'\n' + (v->report.isEmpty() ? tr("No report was recorded with this validation.") : Format::json(v->report));
    }
    m_report->setPlainText(text);
}

bool ProvidersView::validateNow(const QString &providerName, const QString &routeName)
{
    if (m_validating) {
        Q_EMIT validationFinished(false, tr("A validation is already running."));
        return false;
    }
    if (!m_client->canAct()) {
        finishValidation(false, m_client->isConnected()
                                    ? tr("Not validated: this connection may only read (role %1); contract validations are "
                                         "recorded by operators and dispatchers. Nothing was recorded.")
                                          .arg(m_client->connection().identity.roleName)
                                    : tr("Not validated: the console is not connected to the store."));
        return false;
    }
    const int row = m_model->rowOf(providerName, routeName);
    const ProviderRow *r = m_model->rowAt(row);
    if (!r) {
        finishValidation(false, tr("%1 for %2 is not listed.").arg(providerName, routeName));
        return false;
    }
    Route route;
    ProviderConfig provider;
    try {
        route = Route::fromJson(r->status.routeConfig);
        provider = ProviderConfig::fromJson(r->status.providerConfig);
    } catch (const JobDeskError &e) {
        finishValidation(false, tr("The recorded config of %1 for %2 cannot be read: %3").arg(providerName, routeName, e.localizedMessage()));
        return false;
    }
    if (!provider.apiKeyEnv.isEmpty() && qEnvironmentVariableIsEmpty(provider.apiKeyEnv.toLocal8Bit().constData())) {
        finishValidation(false, tr("Not validated: %1 needs the secret in the environment variable %2, which this console "
                                   "does not have. Nothing was recorded; run the validation where the dispatcher runs, or "
                                   "start the console with %2 set.")
                                    .arg(providerName, provider.apiKeyEnv));
        return false;
    }
    if (!provider.recordedUserInfo.isEmpty()) {
        // The store keeps a digest of base_url's user info, never the
        // credentials: validated from here, the provider would be asked
        // without them, and the refusal recorded as a failed validation of
        // the dispatcher's own configuration would take it out of every
        // fallback (tst_ui_providers::validateNowWithCredentialsTheStoreDoesNotKeepRecordsNothing).
        finishValidation(false, tr("Not validated: the base URL of %1 holds credentials (user info) that the store does "
                                   "not keep, so this console cannot send them. Nothing was recorded; run the validation "
                                   "where the dispatcher runs: jobdesk-server --validate %1 --route %2.")
                                    .arg(providerName, routeName));
        return false;
    }
    m_validating = true;
    m_validate->setEnabled(false);
    m_status->setText(tr("Validating %1 for %2 (its golden cases against the provider)…").arg(providerName, routeName));
    // 1. The database's clock (validated at / expires), on the store worker.
    m_client->call<qint64>(this, "validation clock", [](JobService &svc) { return svc.nowMs(); },
                           [this, route, provider](const CallOutcome<qint64> &now) {
        if (!now.ok) {
            finishValidation(false, tr("Not validated: %1").arg(now.error));
            return;
        }
        // 2. The provider calls, on a thread of their own.
        auto *watcher = new QFutureWatcher<ValidationRun>(this);
        connect(watcher, &QFutureWatcher<ValidationRun>::finished, this, [this, watcher, route, provider] {
            watcher->deleteLater();
            const ValidationRun run = watcher->result();
            if (!run.result) {
                finishValidation(false, tr("Not validated: %1. Nothing was recorded.").arg(run.error));
                return;
            }
            // 3. Recorded through JobService, as the dispatcher records it.
            ValidationRecord rec;
            rec.provider = provider.name;
            rec.route = route.name;
            rec.configHash = run.result->configHash;
            rec.passed = run.result->passed;
            rec.report = run.result->report;
            rec.validatedAtMs = run.result->validatedAtMs;
            rec.expiresAtMs = run.result->expiresAtMs;
            // An operator's action like any other: audited, with its own
            // request id (a second press after a lost connection records once).
            OperatorRequest req;
            req.actor = m_client->actor();
            req.requestId = QUuid::createUuid().toString(QUuid::WithoutBraces);
            req.reason = QStringLiteral("Validate now (console)");
            m_client->call<qint64>(this, "record validation",
                                   [rec, req](JobService &svc) {
                                       const OperatorResult recorded = svc.recordOperatorValidation(rec, req);
                                       return qint64(recorded.response.value(QStringLiteral("validation_id")).toInteger());
                                   },
                                   [this, rec](const CallOutcome<qint64> &out) {
                if (!out.ok) {
                    if (out.code == JobDeskError::Code::Forbidden)
                        finishValidation(false, tr("The validation ran (%1) but the database does not let this connection "
                                                   "(role %2) record it: nothing was recorded. Run it where the dispatcher "
                                                   "runs (its connection records validations).")
                                                    .arg(rec.passed ? tr("passed") : tr("FAILED"),
                                                         m_client->connection().identity.roleName));
                    else
                        finishValidation(false, tr("The validation ran (%1) but could not be recorded: %2")
                                                    .arg(rec.passed ? tr("passed") : tr("FAILED"), out.error));
                    return;
                }
                qCInfo(lcUi) << "contract validation of" << rec.provider << "for" << rec.route << "recorded as" << *out.value
                             << (rec.passed ? "passed" : "FAILED");
                finishValidation(true, rec.passed ? tr("%1 for %2 passed its contract validation; recorded (validation %3).")
                                                        .arg(rec.provider, rec.route, QString::number(*out.value))
                                                  : tr("%1 for %2 FAILED its contract validation; recorded (validation %3), "
                                                       "see the report.")
                                                        .arg(rec.provider, rec.route, QString::number(*out.value)));
            });
        });
        const qint64 nowMs = *now.value;
        watcher->setFuture(QtConcurrent::run([route, provider, nowMs]() -> ValidationRun {
            ValidationRun run;
            try {
                const std::unique_ptr<ProviderClient> client = makeProviderClient(provider);
                run.result = validateContract(route, provider, *client, nowMs);
            } catch (const JobDeskError &e) {
                run.error = e.localizedMessage();
            } catch (const std::exception &e) {
                run.error = QString::fromLocal8Bit(e.what());
            }
            return run;
        }));
    });
    return true;
}

void ProvidersView::finishValidation(bool recorded, const QString &message)
{
    m_validating = false;
    m_status->setText(message);
    showReport();
    if (recorded)
        reload();
    Q_EMIT validationFinished(recorded, message);
}

void ProvidersView::onPolled(const PollResult &r)
{
    if (!r.marks)
        return;
    if (m_validationMark && !r.marks->validationsMoved(*m_validationMark))
        return;
    m_validationMark = r.marks;
    if (isVisible())
        reload();
    else
        m_stale = true;
}

void ProvidersView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_timer->start();
    if (m_stale)
        reload();
}

void ProvidersView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_timer->stop();
}

} // namespace jobdesk::ui
