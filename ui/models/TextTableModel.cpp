#include "TextTableModel.h"

#include "Format.h"

#include <QFont>

namespace jobdesk::ui {

TextTableModel::TextTableModel(const QStringList &headers, QObject *parent)
    : QAbstractTableModel(parent), m_headers(headers)
{
}

void TextTableModel::setRows(const QList<Row> &rows)
{
    // Same shape: one dataChanged, so a view keeps its selection and scroll.
    if (rows.size() == m_rows.size() && !rows.isEmpty()) {
        m_rows = rows;
        Q_EMIT dataChanged(index(0, 0), index(static_cast<int>(m_rows.size()) - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int TextTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int TextTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_headers.size());
}

QVariant TextTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < m_headers.size())
        return m_headers.at(section);
    return QAbstractTableModel::headerData(section, orientation, role);
}

QVariant TextTableModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ToolTipRole) // it may hold a customer's or a provider's text
        return Format::plainToolTip(dataFor(index, role));
    return dataFor(index, role);
}

QVariant TextTableModel::dataFor(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const Row &row = m_rows.at(index.row());
    if (role == RowDataRole)
        return row.data;
    if (role == AttentionRole)
        return row.attention;
    if (index.column() >= row.cells.size())
        return QVariant();
    const Cell &c = row.cells.at(index.column());
    switch (role) {
    case Qt::DisplayRole: return c.text;
    case Qt::ToolTipRole: return c.toolTip.isEmpty() ? QVariant() : QVariant(c.toolTip);
    case Qt::DecorationRole: return c.icon.isNull() ? QVariant() : QVariant(c.icon);
    case Qt::ForegroundRole: return c.foreground;
    case Qt::FontRole:
        if (c.bold) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return QVariant();
    default: return QVariant();
    }
}

} // namespace jobdesk::ui
