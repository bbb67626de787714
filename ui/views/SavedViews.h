#pragma once

// Saved views of the jobs table: named sets of the filters (and the order)
// an operator goes back to, kept in QSettings ("savedViews"). Applying one
// fills the filter bar as the operator would.

#include <QList>
#include <QString>

namespace jobdesk::ui {

struct SavedView
{
    QString name;
    QString find;     // the find box: a key prefix, or key:EXACT
    int state = -1;   // JobState, or -1 for any
    QString owner;
    QString route;
    QString provider;
    qint64 ageMs = 0; // 0: any age
    int sortColumn = -1; // JobsModel column, -1 for the default (newest first)
    bool sortAscending = false;
};

class SavedViews
{
public:
    static QList<SavedView> all(); // by name
    static void save(const SavedView &view); // adds or replaces by name
    static void remove(const QString &name);
};

} // namespace jobdesk::ui
