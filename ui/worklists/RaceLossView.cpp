#include "RaceLossView.h"

#include "LiveRefresh.h"
#include "ReadRetry.h"
#include "RaceLossCount.h"
#include "RaceLossModel.h"
#include "StoreClient.h"
#include "views/RowAnchor.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

namespace jobdesk::ui {

RaceLossView::RaceLossView(StoreClient *client, QWidget *parent)
    : QWidget(parent), m_client(client), m_model(new RaceLossModel(client, this))
{
    setObjectName(QStringLiteral("raceLossView"));
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *title = new QLabel(tr("Attempts that finished after their job was decided: their payload was discarded (only its "
                                "digest is kept) and the winner's result stands."),
                             this);
    title->setWordWrap(true);
    v->addWidget(title);

    auto *bar = new QHBoxLayout;
    auto *providerLabel = new QLabel(tr("&Provider:"), this);
    m_provider = new QLineEdit(this);
    m_provider->setObjectName(QStringLiteral("raceProviderFilter"));
    m_provider->setPlaceholderText(tr("loser's or winner's"));
    m_provider->setClearButtonEnabled(true);
    // Its placeholder read whole (in any language), beside the frame and the clear button.
    m_provider->setMinimumWidth(m_provider->fontMetrics().horizontalAdvance(m_provider->placeholderText())
                                + 2 * m_provider->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, m_provider)
                                + m_provider->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_provider) + 16);
    providerLabel->setBuddy(m_provider);
    auto *sinceLabel = new QLabel(tr("&When:"), this);
    m_since = new QComboBox(this);
    m_since->setObjectName(QStringLiteral("raceTimeFilter"));
    m_since->addItem(tr("Any time"), 0);
    m_since->addItem(tr("Last hour"), 1);
    m_since->addItem(tr("Last 24 hours"), 24);
    m_since->addItem(tr("Last 7 days"), 24 * 7);
    sinceLabel->setBuddy(m_since);
    m_open = new QPushButton(tr("&Open on time line"), this);
    m_open->setObjectName(QStringLiteral("openTimelineButton"));
    bar->addWidget(providerLabel);
    bar->addWidget(m_provider);
    bar->addWidget(sinceLabel);
    bar->addWidget(m_since);
    bar->addStretch(1);
    bar->addWidget(m_open);
    v->addLayout(bar);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("raceLossTable"));
    m_table->setAccessibleName(tr("Race losses"));
    m_table->setTabKeyNavigation(false);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
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
    m_status->setObjectName(QStringLiteral("raceStatus"));
    v->addWidget(m_status);

    connect(m_provider, &QLineEdit::editingFinished, this, &RaceLossView::applyFilter);
    connect(m_since, &QComboBox::currentIndexChanged, this, &RaceLossView::applyFilter);
    connect(m_model, &RaceLossModel::loaded, this, [this](int n) {
        // The columns fit the first rows shown, once: a poll never moves a column's edge
        // (longer values are elided; the tooltip holds them whole).
        if (n > 0 && !m_userSized && !m_fitted) {
            const QScopedValueRollback sizing(m_sizing, true);
            m_table->resizeColumnsToContents();
            m_fitted = true;
        }
        m_status->setText(m_model->hasMore() ? tr("%n race loss(es) shown; more load as you scroll.", nullptr, n)
                                             : tr("%n race loss(es).", nullptr, n));
        m_open->setEnabled(m_table->selectionModel()->currentIndex().isValid());
    });
    connect(m_model, &RaceLossModel::loadFailed, this,
            [this](const QString &message) {
                m_status->setText(tr("Could not read race losses: %1").arg(message) + u' '
                                  + ReadRetry::againText(m_model->live()->retryPauseMs(), true));
            });
    auto open = [this](const QModelIndex &index) {
        if (index.isValid())
            Q_EMIT openJobRequested(m_model->data(index, RaceLossModel::JobIdRole).toLongLong());
    };
    connect(m_table, &QTableView::doubleClicked, this, open);
    auto *enter = new QAction(this); // Enter on a row: open it on the time line
    enter->setObjectName(QStringLiteral("openTimelineKey"));
    enter->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    enter->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_table->addAction(enter);
    connect(enter, &QAction::triggered, this, [this, open] { open(m_table->selectionModel()->currentIndex()); });
    connect(m_open, &QPushButton::clicked, this, [this, open] { open(m_table->selectionModel()->currentIndex()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &cur) { m_open->setEnabled(cur.isValid()); });
    m_open->setEnabled(false);
}

void RaceLossView::refresh()
{
    m_model->live()->request();
}

void RaceLossView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_model->live()->setActive(true);
}

void RaceLossView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_model->live()->setActive(false);
}

void RaceLossView::setProviderFilter(const QString &provider)
{
    m_provider->setText(provider);
    applyFilter();
}

void RaceLossView::setSinceHours(int hours)
{
    const int i = m_since->findData(hours);
    if (i >= 0)
        m_since->setCurrentIndex(i); // applies the filter
}

void RaceLossView::applyFilter()
{
    RaceLossFilter f;
    f.provider = m_provider->text().trimmed();
    const int hours = m_since->currentData().toInt();
    // From the start of the window Charts and the sidebar count (RaceLossCount.h), open-ended so
    // that new losses keep coming in.
    if (hours > 0)
        f.fromMs = bucketWindow(m_client->dbNowMs(), qint64(hours) * 3600 * 1000, 60 * 1000).fromMs;
    const RaceLossFilter &cur = m_model->filter();
    if (cur.provider == f.provider && cur.fromMs.has_value() == f.fromMs.has_value() && !f.fromMs)
        return; // the same filter (a time window is measured from now: always read again)
    m_model->setFilter(f);
}

} // namespace jobdesk::ui
