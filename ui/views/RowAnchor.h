#pragma once

// Keeps the rows an operator is looking at where they are on the screen when
// a live update inserts or removes rows above them: the view scrolls by what
// changed above its first visible row, so the row under the pointer stays the
// row under the pointer. Rows the operator asked for (a reload, "show new
// jobs") come in by a model reset or by the view's own scrolling.

#include <QObject>

class QAbstractItemView;
class QModelIndex;

namespace jobdesk::ui {

class RowAnchor : public QObject
{
    Q_OBJECT
public:
    explicit RowAnchor(QAbstractItemView *view);

    // While suspended (the operator's own insertions) rows come in where they belong.
    void setSuspended(bool suspended) { m_suspended = suspended; }

private:
    int firstVisibleRow() const;
    void aboutToInsert(const QModelIndex &parent, int first, int last);
    void inserted();
    void aboutToRemove(const QModelIndex &parent, int first, int last);
    void removed();
    void scrollBy(int rows);

    QAbstractItemView *m_view;
    int m_shift = 0; // rows to scroll once the change is in
    bool m_suspended = false;
};

} // namespace jobdesk::ui
