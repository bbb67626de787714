#pragma once

// How the console writes times, durations and states for people: local time
// or UTC (a setting), durations rounded the way an operator reads them
// ("3 min", "2.4 s", "1 h 5 min"), state names with the words that make
// blocked and unknown stand out without relying on colour.

#include "domain/Domain.h"

#include <QColor>
#include <QCoreApplication>
#include <QIcon>
#include <QPalette>
#include <QString>

namespace jobdesk::ui {

class Format
{
    Q_DECLARE_TR_FUNCTIONS(Format)
public:
    // Whether times are shown in UTC (false: local time). Process-wide, like a locale.
    static void setUtc(bool utc);
    static bool utc();

    static QString time(qint64 epochMs);      // "10:02:17" (with the date when not today), "Z" suffix in UTC
    static QString dateTime(qint64 epochMs);  // always with the date
    static QString duration(qint64 ms);       // "180 ms", "2.4 s", "3 min", "1 h 5 min", "2 d 3 h"
    static QString ago(qint64 ms);            // "3 min ago"

    static QString jobState(JobState s);         // translated, BLOCKED in capitals
    static QString attemptState(AttemptState s); // translated, UNKNOWN in capitals
    static QString attemptKind(AttemptKind k);
    static bool needsAttention(JobState s) { return s == JobState::Blocked; }
    static bool needsAttention(AttemptState s) { return s == AttemptState::Unknown; }

    // Colours that read on both light and dark palettes (mixed with the base colour).
    static QColor stateColor(JobState s, const QPalette &palette);
    static QColor stateColor(AttemptState s, const QPalette &palette);
    static QIcon attentionIcon();
    static QIcon stateIcon(JobState s);
    static QIcon stateIcon(AttemptState s);

    // A tooltip that holds text from data (a customer's key, a user agent, a
    // provider's reason) as plain text: Qt shows a tooltip as rich text when
    // it merely looks like HTML, so "<b>ok</b><!--" hid the verdict after it.
    // Text that does not look like HTML is returned as it is.
    static QVariant plainToolTip(const QVariant &tip);
    static QString plainToolTip(const QString &tip);
    static QString json(const QJsonObject &o);      // indented, keys sorted
    static QString json(const QByteArray &jsonText); // indented when it parses, as-is otherwise
};

} // namespace jobdesk::ui
