#include "SidebarModel.h"

#include "Format.h"

#include <QFont>
#include <QLocale>

namespace jobdesk::ui {

namespace {
constexpr quintptr kSectionTag = 0; // internalId of a section; entries carry section index + 1
}

namespace {
QString withKind(const QString &number, SidebarModel::CountKind kind)
{
    switch (kind) {
    case SidebarModel::CountKind::Estimated: return SidebarModel::tr("≈ %1").arg(number);
    case SidebarModel::CountKind::AtLeast: return SidebarModel::tr("%1+").arg(number);
    case SidebarModel::CountKind::Exact: break;
    }
    return number;
}
} // namespace

QString SidebarModel::countText(qint64 count, CountKind kind)
{
    const QLocale locale;
    QString number;
    if (count < kShownInFull)
        number = locale.toString(count);
    else if (count < 1000000)
        number = tr("%1K", "a count in thousands, rounded down").arg(locale.toString(count / 1000));
    else if (count < 10000000)
        number = tr("%1M", "a count in millions, rounded down").arg(locale.toString(double(count / 100000) / 10.0, 'f', 1));
    else if (count < 1000000000)
        number = tr("%1M", "a count in millions, rounded down").arg(locale.toString(count / 1000000));
    else if (count < 10000000000LL)
        number = tr("%1B", "a count in billions, rounded down").arg(locale.toString(double(count / 100000000) / 10.0, 'f', 1));
    else
        number = tr("%1B", "a count in billions, rounded down").arg(locale.toString(count / 1000000000));
    return withKind(number, kind);
}

QStringList SidebarModel::widestCountTexts()
{
    QStringList out;
    for (qint64 n : {kShownInFull - 1, qint64(999999), qint64(9999999), qint64(999999999), qint64(9999999999LL),
                     qint64(999999999999LL)})
        for (CountKind kind : {CountKind::Exact, CountKind::Estimated, CountKind::AtLeast})
            out.append(countText(n, kind));
    return out;
}

SidebarModel::SidebarModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

void SidebarModel::addSection(const QString &id, const QString &title)
{
    const int row = static_cast<int>(m_sections.size());
    beginInsertRows(QModelIndex(), row, row);
    m_sections.append(Section{Entry{id, title, false, std::nullopt}, {}});
    endInsertRows();
}

void SidebarModel::addEntry(const QString &sectionId, const Entry &entry)
{
    for (int s = 0; s < m_sections.size(); ++s) {
        if (m_sections.at(s).self.id != sectionId)
            continue;
        const int row = static_cast<int>(m_sections.at(s).entries.size());
        beginInsertRows(index(s, 0), row, row);
        m_sections[s].entries.append(entry);
        endInsertRows();
        return;
    }
}

void SidebarModel::setCount(const QString &id, std::optional<qint64> count, CountKind kind)
{
    const QModelIndex idx = indexOfId(id, CountColumn);
    if (!idx.isValid())
        return;
    Entry *e = const_cast<Entry *>(entryAt(idx));
    if (e->count == count && e->kind == kind)
        return;
    e->count = count;
    e->kind = kind;
    Q_EMIT dataChanged(idx.siblingAtColumn(TitleColumn), idx);
}

void SidebarModel::retitle(const QString &id, const QString &title)
{
    const QModelIndex idx = indexOfId(id, TitleColumn);
    if (!idx.isValid())
        return;
    const_cast<Entry *>(entryAt(idx))->title = title;
    Q_EMIT dataChanged(idx, idx.siblingAtColumn(CountColumn));
}

void SidebarModel::retitle(const std::function<QString(const QString &)> &title)
{
    for (Section &s : m_sections) {
        s.self.title = title(s.self.title);
        s.self.toolTip = title(s.self.toolTip);
        for (Entry &e : s.entries) {
            e.title = title(e.title);
            e.toolTip = title(e.toolTip);
        }
    }
    if (!m_sections.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_sections.size()) - 1, ColumnCount - 1));
    for (int s = 0; s < m_sections.size(); ++s)
        if (!m_sections.at(s).entries.isEmpty())
            Q_EMIT dataChanged(index(0, 0, index(s, 0)), index(int(m_sections.at(s).entries.size()) - 1, ColumnCount - 1, index(s, 0)));
}

void SidebarModel::setToolTip(const QString &id, const QString &toolTip)
{
    const QModelIndex idx = indexOfId(id, CountColumn);
    if (!idx.isValid())
        return;
    const_cast<Entry *>(entryAt(idx))->toolTip = toolTip;
    Q_EMIT dataChanged(idx.siblingAtColumn(TitleColumn), idx, {Qt::ToolTipRole});
}

QModelIndex SidebarModel::indexOfId(const QString &id, int column) const
{
    for (int s = 0; s < m_sections.size(); ++s) {
        if (m_sections.at(s).self.id == id)
            return index(s, column);
        const QList<Entry> &entries = m_sections.at(s).entries;
        for (int e = 0; e < entries.size(); ++e)
            if (entries.at(e).id == id)
                return index(e, column, index(s, 0));
    }
    return QModelIndex();
}

QString SidebarModel::idAt(const QModelIndex &index) const
{
    const Entry *e = entryAt(index);
    return e ? e->id : QString();
}

const SidebarModel::Entry *SidebarModel::entryAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return nullptr;
    if (index.internalId() == kSectionTag)
        return &m_sections.at(index.row()).self;
    return &m_sections.at(static_cast<int>(index.internalId() - 1)).entries.at(index.row());
}

QModelIndex SidebarModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return QModelIndex();
    if (!parent.isValid())
        return createIndex(row, column, kSectionTag);
    if (parent.internalId() != kSectionTag)
        return QModelIndex();
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex SidebarModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == kSectionTag)
        return QModelIndex();
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kSectionTag);
}

int SidebarModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return static_cast<int>(m_sections.size());
    if (parent.column() != 0 || parent.internalId() != kSectionTag)
        return 0;
    return static_cast<int>(m_sections.at(parent.row()).entries.size());
}

int SidebarModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

Qt::ItemFlags SidebarModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.internalId() != kSectionTag)
        f |= Qt::ItemNeverHasChildren;
    return f;
}

QVariant SidebarModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return QVariant();
    const Entry *e = entryAt(index);
    const bool attention = e->attentionWhenNonZero && e->count.value_or(0) > 0;
    switch (role) {
    case EntryIdRole: return e->id;
    case CountRole: return e->count ? QVariant(*e->count) : QVariant();
    case EstimatedRole: return e->kind == CountKind::Estimated;
    case AttentionRole: return attention;
    case Qt::DisplayRole:
        if (index.column() == TitleColumn)
            return e->title;
        if (!e->count)
            return QString();
        return countText(*e->count, e->kind);
    case Qt::DecorationRole:
        if (index.column() == TitleColumn && attention)
            return Format::attentionIcon();
        return QVariant();
    case Qt::FontRole:
        if (attention || index.internalId() == kSectionTag) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == CountColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    case Qt::ToolTipRole: {
        QString tip;
        if (attention && e->kind == CountKind::AtLeast)
            tip = tr("%1: %2 or more need an operator (the list shows the oldest %2)").arg(e->title).arg(*e->count);
        else if (attention)
            tip = tr("%1: %2 need an operator").arg(e->title).arg(*e->count);
        else if (e->kind == CountKind::AtLeast && e->count)
            tip = tr("%1: %2 or more (the list shows %2)").arg(e->title).arg(*e->count);
        else if (e->kind == CountKind::Estimated)
            tip = tr("%1: an estimate from the database's statistics (exact counts would scan every job)").arg(e->title);
        if (e->count && *e->count >= kShownInFull) { // shortened in the sidebar: the whole number
            const QString whole = tr("%1: %2").arg(e->title, withKind(QLocale().toString(*e->count), e->kind));
            tip = tip.isEmpty() ? whole : QString(whole + u'\n' + tip);
        }
        if (!e->toolTip.isEmpty())
            tip = tip.isEmpty() ? e->toolTip : QString(e->toolTip + u'\n' + tip);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    default:
        return QVariant();
    }
}

} // namespace jobdesk::ui
