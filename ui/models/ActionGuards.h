#pragma once

// What an operator action will do, and whether the database's guards will
// let it, said before the click: the same rules JobService and the triggers
// apply (DESIGN.md invariant 3), read from the job as the console last saw it.
// The database decides; this only explains.

#include "StoreTypes.h"
#include "service/JobService.h"

#include <QList>
#include <QString>

namespace jobdesk::ui {

struct RetryPreview
{
    bool allowed = false;
    QString why;                   // why not, naming the blocking attempts; or what a retry does
    QList<qint64> blockingAttempts; // attempt ids
    int nextAttemptNo = 1;
};

RetryPreview previewRetry(const JobDetail &detail);
// Attempts an operator may cancel (starting, running or unknown), oldest first.
QList<Attempt> cancellableAttempts(const JobDetail &detail);
// The attempt Ctrl+K cancels: the oldest unknown one of an undecided job, else the oldest open one.
std::optional<Attempt> attemptToCancel(const JobDetail &detail);
// With the route's providers (DetailResult::providers), it says whether the
// dispatcher has a proven provider left to take the next attempt (else it fails the job).
QString cancelAttemptConsequence(const JobDetail &detail, const Attempt &attempt,
                                 const QList<ProviderChoice> *providers = nullptr);
QString cancelJobConsequence(const JobDetail &detail);
bool canCancelJob(const JobDetail &detail, QString *why = nullptr);

} // namespace jobdesk::ui
