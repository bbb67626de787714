#pragma once

// A small read-only table of already formatted cells: the detail view's
// attempts, key history, events and audit trail. Rows are replaced whole
// when the job is read again.

#include <QAbstractTableModel>
#include <QIcon>
#include <QList>
#include <QStringList>
#include <QVariant>

namespace jobdesk::ui {

class TextTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role { RowDataRole = Qt::UserRole + 1, AttentionRole };

    struct Cell
    {
        QString text;
        QString toolTip;
        QIcon icon;
        QVariant foreground; // a QColor, or invalid
        bool bold = false;
    };
    struct Row
    {
        QList<Cell> cells;
        QVariant data;          // what the row stands for (an id), under RowDataRole
        bool attention = false; // under AttentionRole
    };

    explicit TextTableModel(const QStringList &headers, QObject *parent = nullptr);

    void setRows(const QList<Row> &rows);
    const Row &rowAt(int row) const { return m_rows.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QVariant dataFor(const QModelIndex &index, int role) const; // data() but a tooltip as it is

public:
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QStringList m_headers;
    QList<Row> m_rows;
};

} // namespace jobdesk::ui
