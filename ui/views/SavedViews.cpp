#include "SavedViews.h"

#include <QSettings>

#include <algorithm>

namespace jobdesk::ui {

namespace {
const QString kGroup = QStringLiteral("savedViews");

void write(const QList<SavedView> &views)
{
    QSettings s;
    s.remove(kGroup);
    s.beginWriteArray(kGroup, static_cast<int>(views.size()));
    for (int i = 0; i < views.size(); ++i) {
        const SavedView &v = views.at(i);
        s.setArrayIndex(i);
        s.setValue(QStringLiteral("name"), v.name);
        s.setValue(QStringLiteral("find"), v.find);
        s.setValue(QStringLiteral("state"), v.state);
        s.setValue(QStringLiteral("owner"), v.owner);
        s.setValue(QStringLiteral("route"), v.route);
        s.setValue(QStringLiteral("provider"), v.provider);
        s.setValue(QStringLiteral("ageMs"), v.ageMs);
        s.setValue(QStringLiteral("sortColumn"), v.sortColumn);
        s.setValue(QStringLiteral("sortAscending"), v.sortAscending);
    }
    s.endArray();
}
} // namespace

QList<SavedView> SavedViews::all()
{
    QSettings s;
    QList<SavedView> out;
    const int n = s.beginReadArray(kGroup);
    for (int i = 0; i < n; ++i) {
        s.setArrayIndex(i);
        SavedView v;
        v.name = s.value(QStringLiteral("name")).toString();
        v.find = s.value(QStringLiteral("find")).toString();
        v.state = s.value(QStringLiteral("state"), -1).toInt();
        v.owner = s.value(QStringLiteral("owner")).toString();
        v.route = s.value(QStringLiteral("route")).toString();
        v.provider = s.value(QStringLiteral("provider")).toString();
        v.ageMs = s.value(QStringLiteral("ageMs")).toLongLong();
        v.sortColumn = s.value(QStringLiteral("sortColumn"), -1).toInt();
        v.sortAscending = s.value(QStringLiteral("sortAscending")).toBool();
        if (!v.name.isEmpty())
            out.append(v);
    }
    s.endArray();
    std::sort(out.begin(), out.end(), [](const SavedView &a, const SavedView &b) {
        return QString::localeAwareCompare(a.name, b.name) < 0;
    });
    return out;
}

void SavedViews::save(const SavedView &view)
{
    QList<SavedView> views = all();
    views.removeIf([&](const SavedView &v) { return v.name == view.name; });
    views.append(view);
    write(views);
}

void SavedViews::remove(const QString &name)
{
    QList<SavedView> views = all();
    views.removeIf([&](const SavedView &v) { return v.name == name; });
    write(views);
}

} // namespace jobdesk::ui
