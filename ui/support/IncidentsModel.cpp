#include "IncidentsModel.h"

#include "Format.h"

#include <QGuiApplication>
#include <QHash>
#include <QPalette>

namespace jobdesk::ui {

IncidentsModel::IncidentsModel(QObject *parent) : QAbstractTableModel(parent) {}

void IncidentsModel::setIncidents(const QList<KeyIncident> &incidents)
{
    bool sameKeys = incidents.size() == m_rows.size();
    for (qsizetype i = 0; sameKeys && i < incidents.size(); ++i)
        sameKeys = incidents.at(i).ownerId == m_rows.at(i).ownerId && incidents.at(i).idempotencyKey == m_rows.at(i).idempotencyKey;
    if (sameKeys) {
        m_rows = incidents;
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = incidents;
    endResetModel();
}

void IncidentsModel::updateIncidents(const QList<KeyIncident> &incidents)
{
    using Key = std::pair<QString, QString>;
    auto keyOf = [](const KeyIncident &i) { return Key(i.ownerId, i.idempotencyKey); };
    QHash<Key, qsizetype> fresh;
    for (qsizetype i = 0; i < incidents.size(); ++i)
        fresh.insert(keyOf(incidents.at(i)), i);
    for (int r = int(m_rows.size()) - 1; r >= 0; --r) {
        if (fresh.contains(keyOf(m_rows.at(r))))
            continue;
        beginRemoveRows({}, r, r);
        m_rows.removeAt(r);
        endRemoveRows();
    }
    QHash<Key, int> shown;
    for (int r = 0; r < m_rows.size(); ++r)
        shown.insert(keyOf(m_rows.at(r)), r);
    for (const KeyIncident &inc : incidents) // kept rows: as they are now, where they are
        if (const auto it = shown.constFind(keyOf(inc)); it != shown.cend())
            m_rows[*it] = inc;
    // A new row goes before the first row that follows it in the new order and is shown.
    for (qsizetype i = incidents.size() - 1, before = m_rows.size(); i >= 0; --i) {
        const KeyIncident &inc = incidents.at(i);
        qsizetype row = -1;
        for (qsizetype r = 0; r < m_rows.size(); ++r)
            if (keyOf(m_rows.at(r)) == keyOf(inc)) {
                row = r;
                break;
            }
        if (row >= 0) {
            before = row;
            continue;
        }
        beginInsertRows({}, int(before), int(before));
        m_rows.insert(before, inc);
        endInsertRows();
    }
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

const KeyIncident *IncidentsModel::incidentAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

int IncidentsModel::rowOf(const QString &ownerId, const QString &key) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).ownerId == ownerId && m_rows.at(i).idempotencyKey == key)
            return int(i);
    return -1;
}

QString IncidentsModel::verdict(const KeyIncident &inc)
{
    const int requests = 1 + inc.replays + inc.conflicts;
    QString s = tr("One job (%1, %2).").arg(inc.jobId).arg(Format::jobState(inc.jobState));
    if (requests == 1)
        return s + u' ' + tr("The key was sent once.");
    s += u' ' + tr("The key was sent %1 times from %n client(s) within %2.", nullptr, int(inc.clients.size()))
                    .arg(requests)
                    .arg(Format::duration(inc.spreadMs()));
    if (inc.replays > 0)
        s += u' ' + tr("%n replay(s) returned the same job: nothing was done twice.", nullptr, inc.replays);
    if (inc.conflicts > 0)
        s += u' ' + tr("%n CONFLICT(s): the same key came with another payload, which was refused (nothing created).",
                       nullptr, inc.conflicts);
    return s;
}

int IncidentsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int IncidentsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant IncidentsModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ToolTipRole) // it may hold a customer's or a provider's text
        return Format::plainToolTip(dataFor(index, role));
    return dataFor(index, role);
}

QVariant IncidentsModel::dataFor(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const KeyIncident &inc = m_rows.at(index.row());
    switch (role) {
    case JobIdRole: return inc.jobId;
    case ConflictsRole: return inc.conflicts;
    case ReplaysRole: return inc.replays;
    case OwnerRole: return inc.ownerId;
    case KeyRole: return inc.idempotencyKey;
    case Qt::ToolTipRole:
        switch (Column(index.column())) {
        case OwnerColumn:
        case KeyColumn:
        case FirstColumn:
        case LastColumn:
        case SpreadColumn:
        case ClientsColumn: // elided where room is short: the cell whole, then the verdict
            return QString(data(index, Qt::DisplayRole).toString() + u'\n' + verdict(inc));
        default: return verdict(inc);
        }
    case Qt::DecorationRole:
        if (index.column() == ConflictsColumn && inc.conflicts > 0)
            return Format::attentionIcon();
        if (index.column() == StateColumn)
            return Format::stateIcon(inc.jobState);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == ConflictsColumn && inc.conflicts > 0)
            return Format::stateColor(AttemptState::Unknown, QGuiApplication::palette());
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == JobColumn || index.column() == ReplaysColumn || index.column() == ConflictsColumn
            || index.column() == SpreadColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case OwnerColumn: return inc.ownerId;
        case KeyColumn: return inc.idempotencyKey;
        case JobColumn: return QString::number(inc.jobId);
        case StateColumn: return Format::jobState(inc.jobState);
        case ReplaysColumn: return QString::number(inc.replays);
        case ConflictsColumn: return inc.conflicts > 0 ? tr("%n CONFLICT(s)", nullptr, inc.conflicts) : QStringLiteral("0");
        case FirstColumn: return Format::time(inc.createdAtMs);
        case LastColumn: return Format::time(inc.lastAtMs);
        case SpreadColumn: return Format::duration(inc.spreadMs());
        case ClientsColumn: return inc.clients.join(QStringLiteral("; "));
        case ColumnCount: break;
        }
        return {};
    default:
        return {};
    }
}

QVariant IncidentsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case OwnerColumn: return tr("Owner");
    case KeyColumn: return tr("Idempotency key");
    case JobColumn: return tr("Job");
    case StateColumn: return tr("State");
    case ReplaysColumn: return tr("Replays");
    case ConflictsColumn: return tr("Conflicts");
    case FirstColumn: return tr("First");
    case LastColumn: return tr("Last");
    case SpreadColumn: return tr("Spread");
    case ClientsColumn: return tr("Clients");
    case ColumnCount: break;
    }
    return {};
}

} // namespace jobdesk::ui
