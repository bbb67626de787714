#pragma once

// The sidebar: sections ("Jobs", later "Worklists") of entries, each with an
// id the main window maps to a view (and for job states, to a filter) and
// an optional count. A tree of two levels, two columns (title, count).
// Entries that need attention (blocked jobs, unknown attempts) carry an icon
// and bold text when their count is not zero.

#include <QAbstractItemModel>
#include <QIcon>
#include <QList>
#include <QString>

#include <functional>

#include <optional>

namespace jobdesk::ui {

class SidebarModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { TitleColumn, CountColumn, ColumnCount };
    enum Role { EntryIdRole = Qt::UserRole + 1, CountRole, AttentionRole, EstimatedRole };

    // How a count is shown: as it is, "≈ N" (the database's statistics), or
    // "N+" (a list that reads at most N and found that many).
    enum class CountKind { Exact, Estimated, AtLeast };

    struct Entry
    {
        QString id;     // "jobs", "jobs/blocked", ...
        QString title;
        bool attentionWhenNonZero = false;
        std::optional<qint64> count;
        CountKind kind = CountKind::Exact;
        QString toolTip;
    };

    explicit SidebarModel(QObject *parent = nullptr);

    // A count as the sidebar shows it: in full below kShownInFull ("≈ 99,999"),
    // shortened above it ("≈ 1.2M", "250K+": rounded down), so that the count
    // column stays narrow; the entry's tooltip then says the whole number.
    static constexpr qint64 kShownInFull = 100000;
    static QString countText(qint64 count, CountKind kind);
    // The widest texts countText gives (the room the sidebar reserves for a count).
    static QStringList widestCountTexts();

    void addSection(const QString &id, const QString &title);
    void addEntry(const QString &sectionId, const Entry &entry);
    // Sets the count of a section or an entry (nullopt: unknown, shown blank).
    void setCount(const QString &id, std::optional<qint64> count, CountKind kind = CountKind::Exact);
    // New titles (a language change): one entry's, or every title through `title`.
    void retitle(const QString &id, const QString &title);
    void retitle(const std::function<QString(const QString &)> &title);
    // What the entry (its count) means, under the count's own tooltip.
    void setToolTip(const QString &id, const QString &toolTip);
    QModelIndex indexOfId(const QString &id, int column = TitleColumn) const;
    QString idAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    struct Section
    {
        Entry self;
        QList<Entry> entries;
    };
    const Entry *entryAt(const QModelIndex &index) const;
    QList<Section> m_sections;
};

} // namespace jobdesk::ui
