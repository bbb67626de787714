#include "UnknownQueueView.h"

#include "BulkCancelDialog.h"
#include "LiveRefresh.h"
#include "ReadRetry.h"
#include "StoreClient.h"
#include "views/RowAnchor.h"
#include "UnknownQueueModel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSet>
#include <QTableView>
#include <QUuid>
#include <QVBoxLayout>

#include <algorithm>

namespace jobdesk::ui {

UnknownQueueView::UnknownQueueView(StoreClient *client, QWidget *parent)
    : QWidget(parent), m_client(client), m_model(new UnknownQueueModel(client, this))
{
    setObjectName(QStringLiteral("unknownQueueView"));
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);

    auto *title = new QLabel(tr("Unknown attempts of undecided jobs, oldest first. Each one blocks its job until a late "
                                "result, a provider's answer or an operator's cancel decides it."),
                             this);
    title->setWordWrap(true);
    v->addWidget(title);

    auto *bar = new QHBoxLayout;
    auto *providerLabel = new QLabel(tr("&Provider:"), this);
    m_provider = new QComboBox(this);
    m_provider->setObjectName(QStringLiteral("providerFilter"));
    m_provider->addItem(tr("Any provider"), QString());
    m_provider->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    providerLabel->setBuddy(m_provider);
    bar->addWidget(providerLabel);
    bar->addWidget(m_provider);
    bar->addStretch(1);
    v->addLayout(bar);
    // The actions in two rows under the filter: in one row beside it they made the page wider
    // than a 1024-pixel screen in Tamil.
    auto *actions = new QGridLayout;
    m_askNow = new QPushButton(tr("&Ask provider now"), this);
    m_askNow->setObjectName(QStringLiteral("askNowButton"));
    m_askNow->setToolTip(tr("The dispatchers ask the provider about the selected attempts before any other, on their next "
                            "pass (the console holds no provider credentials)."));
    m_openJob = new QPushButton(tr("&Open job"), this);
    m_openJob->setObjectName(QStringLiteral("openJobButton"));
    m_cancelSelected = new QPushButton(tr("&Cancel selected…"), this);
    m_cancelSelected->setObjectName(QStringLiteral("cancelSelectedButton"));
    m_cancelAll = new QPushButton(tr("Cancel a&ll shown…"), this); // Alt+S is the Support menu's
    m_cancelAll->setObjectName(QStringLiteral("cancelAllShownButton"));
    actions->addWidget(m_openJob, 0, 0);
    actions->addWidget(m_askNow, 0, 1);
    actions->addWidget(m_cancelSelected, 1, 0);
    actions->addWidget(m_cancelAll, 1, 1);
    actions->setColumnStretch(2, 1);
    v->addLayout(actions);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("unknownQueueTable"));
    m_table->setAccessibleName(tr("Unknown attempts"));
    m_table->setModel(m_model);
    m_table->setTabKeyNavigation(false); // Tab leaves the table
    m_provider->setAccessibleName(tr("Provider filter"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section) {
        if (!m_sizing && section < m_model->columnCount() - 1) // the last one stretches with the window
            m_userSized = true;
    });
    new RowAnchor(m_table); // live rows above the visible ones do not push them
    v->addWidget(m_table, 1);

    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_status->setObjectName(QStringLiteral("queueStatus"));
    m_status->setWordWrap(true);
    v->addWidget(m_status);

    connect(m_provider, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setProvider(m_provider->currentData().toString()); });
    connect(m_model, &UnknownQueueModel::loaded, this, [this](int n) {
        // The columns fit the first rows shown, once: a poll never moves a column's edge
        // (longer values are elided; the tooltip holds them whole).
        if (n > 0 && !m_userSized && !m_fitted) {
            const QScopedValueRollback sizing(m_sizing, true);
            m_table->resizeColumnsToContents();
            m_fitted = true;
        }
        // The sidebar counts the whole queue: a filtered list says it is a share of that count.
        const int total = static_cast<int>(m_model->allItems().size());
        const QString provider = m_model->provider();
        if (!provider.isEmpty() && total >= UnknownQueueModel::kLimit) // the read's limit is not the queue's size
            m_status->setText(tr("%1 of the oldest %2 unknown attempts shown: those on provider %3.").arg(n).arg(total).arg(provider));
        else if (!provider.isEmpty())
            m_status->setText(tr("%1 of %n unknown attempt(s) shown: those on provider %2.", nullptr, total)
                                  .arg(n)
                                  .arg(provider));
        else
            m_status->setText(total >= UnknownQueueModel::kLimit ? tr("The oldest %1 unknown attempts are shown.").arg(n)
                                                                 : tr("%n unknown attempt(s).", nullptr, n));
        updateProviders();
        updateButtons();
    });
    connect(m_model, &UnknownQueueModel::loadFailed, this,
            [this](const QString &message) {
                // Read again by itself after a pause (or when the connection is back): say when, and how now.
                m_status->setText(tr("Could not read the queue: %1").arg(message) + u' '
                                  + ReadRetry::againText(m_model->live()->retryPauseMs(), false));
            });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &UnknownQueueView::updateButtons);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &UnknownQueueView::updateButtons);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &UnknownQueueView::updateButtons);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        Q_EMIT openJobRequested(m_model->data(index, UnknownQueueModel::JobIdRole).toLongLong());
    });
    connect(m_openJob, &QPushButton::clicked, this, [this] {
        const QModelIndex cur = m_table->selectionModel()->currentIndex();
        if (cur.isValid())
            Q_EMIT openJobRequested(m_model->data(cur, UnknownQueueModel::JobIdRole).toLongLong());
    });
    // The keys the jobs view has, here on the selected rows: Enter opens the job, Ctrl+K
    // cancels (the Job menu's Ctrl+K is off while this view shows), and the row's menu.
    auto key = [this](const QString &name, const QList<QKeySequence> &keys, QPushButton *button) {
        auto *a = new QAction(button->text(), this);
        a->setObjectName(name);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, button, [button] {
            if (button->isEnabled())
                button->click();
        });
        addAction(a);
        return a;
    };
    m_rowActions = {key(QStringLiteral("openJobKey"), {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)}, m_openJob),
                    key(QStringLiteral("askNowKey"), {}, m_askNow),
                    key(QStringLiteral("cancelSelectedKey"), {QKeySequence(Qt::CTRL | Qt::Key_K)}, m_cancelSelected),
                    key(QStringLiteral("cancelAllShownKey"), {}, m_cancelAll)};
    m_rowButtons = {m_openJob, m_askNow, m_cancelSelected, m_cancelAll};
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, &UnknownQueueView::openContextMenu);
    connect(m_cancelSelected, &QPushButton::clicked, this, &UnknownQueueView::openCancelSelected);
    connect(m_cancelAll, &QPushButton::clicked, this, &UnknownQueueView::openCancelAllShown);
    connect(m_askNow, &QPushButton::clicked, this, &UnknownQueueView::askSelectedNow);
    connect(client, &StoreClient::opened, this, &UnknownQueueView::updateButtons);
    connect(client, &StoreClient::connectionLost, this, &UnknownQueueView::updateButtons);
    connect(client, &StoreClient::connectionRestored, this, &UnknownQueueView::updateButtons);
    updateButtons();
}

QMenu *UnknownQueueView::openContextMenu(const QPoint &pos)
{
    const QModelIndex index = m_table->indexAt(pos);
    if (index.isValid() && !m_table->selectionModel()->isRowSelected(index.row(), {}))
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("unknownQueueContextMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    for (int i = 0; i < m_rowActions.size(); ++i) { // the buttons' actions, with their keys shown
        QPushButton *button = m_rowButtons.at(i);
        QAction *a = menu->addAction(button->text(), button, &QPushButton::click);
        a->setShortcuts(m_rowActions.at(i)->shortcuts());
        a->setEnabled(button->isEnabled());
    }
    menu->popup(m_table->viewport()->mapToGlobal(pos));
    return menu;
}

void UnknownQueueView::refresh()
{
    m_model->live()->request();
}

void UnknownQueueView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_model->live()->setActive(true);
}

void UnknownQueueView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_model->live()->setActive(false);
}

QList<qint64> UnknownQueueView::selectedAttempts() const
{
    QList<qint64> out;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        out.append(m_model->data(i, UnknownQueueModel::AttemptIdRole).toLongLong());
    return out;
}

void UnknownQueueView::selectAttempts(const QList<qint64> &attemptIds)
{
    QItemSelection sel;
    for (qint64 id : attemptIds) {
        const int r = m_model->rowOfAttempt(id);
        if (r >= 0)
            sel.select(m_model->index(r, 0), m_model->index(r, UnknownQueueModel::ColumnCount - 1));
    }
    m_table->selectionModel()->select(sel, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (!sel.isEmpty())
        m_table->selectionModel()->setCurrentIndex(sel.first().topLeft(), QItemSelectionModel::NoUpdate);
}

void UnknownQueueView::updateProviders()
{
    QSet<QString> names;
    for (const UnknownQueueItem &i : m_model->allItems())
        names.insert(i.attempt.provider);
    for (int k = 1; k < m_provider->count(); ++k)
        names.remove(m_provider->itemData(k).toString());
    QStringList add(names.begin(), names.end());
    add.sort();
    for (const QString &n : add)
        m_provider->addItem(n, n);
}

void UnknownQueueView::updateButtons()
{
    const bool canAct = m_client->canAct();
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    bool canAsk = false;
    for (const QModelIndex &i : rows)
        canAsk = canAsk || m_model->data(i, UnknownQueueModel::CanAskRole).toBool();
    m_cancelSelected->setEnabled(canAct && !rows.isEmpty());
    m_cancelAll->setEnabled(canAct && m_model->rowCount() > 0);
    m_askNow->setEnabled(canAct && canAsk && m_asking == 0);
    m_openJob->setEnabled(m_table->selectionModel()->currentIndex().isValid());
    for (QPushButton *b : {m_cancelSelected, m_cancelAll})
        b->setToolTip(m_client->whyCannotAct());

}

BulkCancelDialog *UnknownQueueView::openBulk(const QList<int> &rows)
{
    if (rows.isEmpty() || !m_client->canAct())
        return nullptr;
    // The frozen set: these attempts as the operator sees them now.
    QList<UnknownQueueItem> frozen;
    for (int r : rows)
        if (const UnknownQueueItem *i = m_model->itemAt(r))
            frozen.append(*i);
    auto *dialog = new BulkCancelDialog(m_client, frozen, window());
    connect(dialog, &BulkCancelDialog::allAnswered, m_model->live(), &LiveRefresh::request);
    dialog->open();
    return dialog;
}

BulkCancelDialog *UnknownQueueView::openCancelSelected()
{
    QList<int> rows;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        rows.append(i.row());
    std::sort(rows.begin(), rows.end());
    return openBulk(rows);
}

BulkCancelDialog *UnknownQueueView::openCancelAllShown()
{
    QList<int> rows;
    for (int r = 0; r < m_model->rowCount(); ++r)
        rows.append(r);
    return openBulk(rows);
}

void UnknownQueueView::askSelectedNow()
{
    if (!m_client->canAct() || m_asking > 0)
        return;
    QList<const UnknownQueueItem *> items;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        if (m_model->data(i, UnknownQueueModel::CanAskRole).toBool())
            items.append(m_model->itemAt(i.row()));
    if (items.isEmpty())
        return;
    // One request per attempt and click, made here, so a re-send is recognised.
    const QString clickId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    auto messages = std::make_shared<QStringList>();
    const int total = static_cast<int>(items.size());
    m_asking = total;
    updateButtons();
    m_status->setText(tr("Asking the dispatchers to look up %n attempt(s)…", nullptr, total));
    for (const UnknownQueueItem *item : items) {
        OperatorRequest req;
        req.actor = m_client->actor();
        req.requestId = QStringLiteral("lookup:%1:attempt:%2").arg(clickId).arg(item->attempt.id);
        req.reason = tr("asked from the on-call queue");
        const qint64 attemptId = item->attempt.id;
        m_client->call<OperatorResult>(
            this, "request lookup", [attemptId, req](JobService &svc) { return svc.requestLookup(attemptId, req); },
            [this, attemptId, messages, total](const CallOutcome<OperatorResult> &out) {
                if (!out.ok)
                    messages->append(tr("attempt %1: %2").arg(attemptId).arg(out.error));
                if (--m_asking > 0)
                    return;
                const int failed = static_cast<int>(messages->size());
                const QString text = failed == 0
                    ? tr("The dispatchers ask about %n attempt(s) on their next pass; \"Last asked\" shows when they did.",
                         nullptr, total)
                    : tr("%1 of %2 requests were not recorded: %3").arg(failed).arg(total).arg(messages->join(QStringLiteral("; ")));
                m_status->setText(text);
                m_model->live()->request();
                updateButtons();
                Q_EMIT lookupsRequested(total - failed, text);
            });
    }
}

} // namespace jobdesk::ui
