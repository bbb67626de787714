#include "ColumnFit.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QScopedValueRollback>
#include <QStyle>
#include <QTableView>

namespace jobdesk::ui {

namespace {
// What a cell's delegate puts around its text: a margin each side, and the
// icon with its own margin when there is one (QStyledItemDelegate's layout).
int cellPadding(const QTableView *table, bool icon)
{
    const QStyle *style = table->style();
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
    int pad = 2 * margin + 2; // the grid line, and a pixel of air
    if (icon)
        pad += style->pixelMetric(QStyle::PM_SmallIconSize, nullptr, table) + 2 * margin;
    return pad;
}
} // namespace

ColumnFit::ColumnFit(QTableView *table, const QList<Column> &columns, int stretchColumn)
    : QObject(table), m_table(table), m_viewport(table->viewport()), m_columns(columns), m_stretch(stretchColumn)
{
    QHeaderView *header = table->horizontalHeader();
    header->setStretchLastSection(false);
    for (int c = 0; c < m_columns.size(); ++c)
        header->setSectionResizeMode(c, c == m_stretch ? QHeaderView::Stretch : QHeaderView::Interactive);
    header->setMinimumSectionSize(std::min(header->minimumSectionSize(), m_columns.value(m_stretch).least));
    connect(header, &QHeaderView::sectionResized, this, [this](int section) {
        if (!m_fitting && section != m_stretch)
            m_userSized = true;
    });
    table->viewport()->installEventFilter(this);
    fit();
}

int ColumnFit::wantFor(const QTableView *table, int column, const QString &typical, bool bold, bool icon)
{
    QFont font = table->font();
    font.setBold(bold);
    const int cell = QFontMetrics(font).horizontalAdvance(typical) + cellPadding(table, icon);
    return std::max(cell, table->horizontalHeader()->sectionSizeHint(column));
}

int ColumnFit::charsFor(const QTableView *table, int column, int chars)
{
    const int cell = chars * table->fontMetrics().averageCharWidth() + cellPadding(table, false);
    return std::max(cell, table->horizontalHeader()->sectionSizeHint(column));
}

int ColumnFit::leastWidth() const
{
    int sum = 0;
    for (const Column &c : m_columns)
        sum += c.least;
    return sum;
}

void ColumnFit::fit()
{
    if (m_userSized)
        return;
    const QScopedValueRollback fitting(m_fitting, true);
    const int available = m_table->viewport()->width();
    int wanted = 0;
    int canGive = 0;
    for (int c = 0; c < m_columns.size(); ++c) {
        if (c == m_stretch || m_table->isColumnHidden(c))
            continue;
        wanted += m_columns.at(c).want;
        canGive += m_columns.at(c).want - m_columns.at(c).least;
    }
    const int over = wanted + m_columns.value(m_stretch).least - available;
    for (int c = 0; c < m_columns.size(); ++c) {
        if (c == m_stretch)
            continue;
        const Column &col = m_columns.at(c);
        int width = col.want;
        if (over > 0 && canGive > 0) {
            const int give = col.want - col.least;
            width = col.want - (over >= canGive ? give : (give * over + canGive - 1) / canGive);
        }
        if (m_table->horizontalHeader()->sectionSize(c) != width)
            m_table->setColumnWidth(c, width);
    }
}

void ColumnFit::restoreState(const QByteArray &state)
{
    QHeaderView *header = m_table->horizontalHeader();
    {
        const QScopedValueRollback fitting(m_fitting, true);
        if (state.isEmpty() || !header->restoreState(state))
            return;
        header->setStretchLastSection(false);
        for (int c = 0; c < m_columns.size(); ++c)
            header->setSectionResizeMode(c, c == m_stretch ? QHeaderView::Stretch : QHeaderView::Interactive);
    }
    fit();
}

bool ColumnFit::eventFilter(QObject *watched, QEvent *event)
{
    // Not m_table->viewport(): while the table is destroyed its viewport
    // still sends events, and the table is no longer a QAbstractScrollArea.
    if (event->type() == QEvent::Resize && watched == m_viewport)
        fit();
    return QObject::eventFilter(watched, event);
}

} // namespace jobdesk::ui
