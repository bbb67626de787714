#pragma once

// Fits a table's columns to the width it has, so that no column needs the
// horizontal scroll bar on a 1024-pixel screen and a wide screen gives its
// room to the column that can use it. Each column has the width it wants (its
// header or a typical value, whichever is wider: see wantFor) and the least
// it may shrink to; one column stretches. While the viewport is narrower than
// every column wants, the shrinkable ones give up room in proportion to what
// they can give (their text is elided, the tooltip keeps it whole). Once the
// operator sizes a column by hand the widths are theirs until the table is
// laid out again by a new ColumnFit.

#include <QList>
#include <QObject>

class QTableView;

namespace jobdesk::ui {

class ColumnFit : public QObject
{
    Q_OBJECT
public:
    struct Column
    {
        int want = 0; // pixels
        int least = 0; // pixels; == want: never shrinks
    };

    // Columns by logical index; stretchColumn takes what is left (at least its least).
    ColumnFit(QTableView *table, const QList<Column> &columns, int stretchColumn);

    // The pixels a column needs for its header, and for `typical` drawn in the
    // table's font (bold, beside a decoration icon, as the model paints it).
    static int wantFor(const QTableView *table, int column, const QString &typical, bool bold = false, bool icon = false);
    // The pixels `chars` average characters take in a cell, and at least the header.
    static int charsFor(const QTableView *table, int column, int chars);

    void fit();
    // The width every column needs at least (the table's viewport below it scrolls).
    int leastWidth() const;
    // A saved header (QHeaderView::saveState): its column order and hidden
    // columns come back; the widths are fitted again, not taken as the operator's.
    void restoreState(const QByteArray &state);
    bool userSized() const { return m_userSized; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTableView *m_table;
    QObject *m_viewport; // compared only: the filter sees events while the table is being destroyed
    QList<Column> m_columns;
    int m_stretch;
    bool m_fitting = false;
    bool m_userSized = false;
};

} // namespace jobdesk::ui
