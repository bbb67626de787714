#pragma once

// Field-by-field comparison of two intents ({"route": ..., "input": {...}}):
// the one a key is bound to and the one a conflicting request sent. Nested
// objects are walked by key ("input.customer.name"), arrays by position
// ("input.items[2]"); scalars are compared as JSON values.

#include <QJsonObject>
#include <QList>
#include <QString>

namespace jobdesk::ui {

struct IntentDiffRow
{
    enum class Kind { Same, Changed, OnlyStored, OnlyRejected };
    QString path;
    QString stored;   // JSON text, empty when absent
    QString rejected; // JSON text, empty when absent
    Kind kind = Kind::Same;
};

QList<IntentDiffRow> diffIntents(const QJsonObject &stored, const QJsonObject &rejected);
int differenceCount(const QList<IntentDiffRow> &rows);

} // namespace jobdesk::ui
