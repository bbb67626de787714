#pragma once

// The on-call worklists in the console's sidebar, section
// "Worklists": unknown attempts (the on-call queue, with bulk cancel and
// "ask the provider now") and race losses. Opening a job shows it in the jobs
// page (race losses: on its time line).

#include <QString>

namespace jobdesk::ui {

class MainWindow;
class RaceLossView;
class UnknownQueueView;

inline const QString kWorklistsSection = QStringLiteral("worklists");
inline const QString kUnknownQueueEntry = QStringLiteral("worklists/unknown");
inline const QString kRaceLossesEntry = QStringLiteral("worklists/races");

struct OperatorWorklists
{
    UnknownQueueView *unknownQueue = nullptr;
    RaceLossView *raceLosses = nullptr;
};

// Adds the section (when not there yet) and the two pages; returns them.
OperatorWorklists installOperatorWorklists(MainWindow *window);

} // namespace jobdesk::ui
