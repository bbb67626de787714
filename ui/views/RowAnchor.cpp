#include "RowAnchor.h"

#include <QAbstractItemView>
#include <QScrollBar>

namespace jobdesk::ui {

RowAnchor::RowAnchor(QAbstractItemView *view) : QObject(view), m_view(view)
{
    QAbstractItemModel *model = view->model();
    connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this, &RowAnchor::aboutToInsert);
    connect(model, &QAbstractItemModel::rowsInserted, this, &RowAnchor::inserted);
    connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this, &RowAnchor::aboutToRemove);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &RowAnchor::removed);
}

int RowAnchor::firstVisibleRow() const
{
    const QModelIndex top = m_view->indexAt(QPoint(1, 1));
    return top.isValid() ? top.row() : -1;
}

void RowAnchor::aboutToInsert(const QModelIndex &parent, int first, int last)
{
    m_shift = 0;
    if (m_suspended || parent.isValid() || !m_view->isVisible())
        return;
    const int top = firstVisibleRow();
    // At the very top (no row scrolled past yet) rows inserted at 0 would also push the
    // visible ones down: those too are kept in place.
    if (top >= 0 && first <= top)
        m_shift = last - first + 1;
}

void RowAnchor::inserted()
{
    if (m_shift != 0)
        scrollBy(m_shift);
    m_shift = 0;
}

void RowAnchor::aboutToRemove(const QModelIndex &parent, int first, int last)
{
    m_shift = 0;
    if (m_suspended || parent.isValid() || !m_view->isVisible())
        return;
    const int top = firstVisibleRow();
    if (top >= 0 && last < top) // wholly above what is shown
        m_shift = -(last - first + 1);
}

void RowAnchor::removed()
{
    if (m_shift != 0)
        scrollBy(m_shift);
    m_shift = 0;
}

void RowAnchor::scrollBy(int rows)
{
    QScrollBar *bar = m_view->verticalScrollBar();
    const int step = m_view->verticalScrollMode() == QAbstractItemView::ScrollPerItem
                         ? 1
                         : std::max(1, m_view->sizeHintForRow(0));
    // The view lays its scroll range out later: widen it now, so this frame is painted in place.
    const int by = rows * step;
    if (by > 0)
        bar->setMaximum(bar->maximum() + by);
    bar->setValue(bar->value() + by);
}

} // namespace jobdesk::ui
