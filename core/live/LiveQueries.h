#pragma once

// Read-only queries the console needs beside JobService's: where the change
// sequence stands now, and the attempts of a page of jobs in one statement
// (the jobs table shows each job's attempt count and current provider).
// Plain SELECTs in one SQL text for both stores; they never write.

#include "service/JobService.h"

#include <QHash>
#include <QList>

namespace jobdesk::live {

// The highest change sequence stamped on any job or attempt (0 for an empty
// store): where a reader that has just loaded its first page starts polling.
qint64 changeHighWaterMark(JobService &svc);

// Every attempt of the given jobs, by job id, each list in attempt order.
// Jobs without attempts are absent from the map.
QHash<qint64, QList<Attempt>> attemptsOfJobs(JobService &svc, const QList<qint64> &jobIds);

} // namespace jobdesk::live
