#pragma once

// A read-only query the console needs beside JobService's: the attempts of a
// page of jobs in one statement (the jobs table shows each job's attempt
// count and current provider).
// Plain SELECTs in one SQL text for both stores; they never write.

#include "service/JobService.h"

#include <QHash>
#include <QList>

namespace jobdesk::live {

// Every attempt of the given jobs, by job id, each list in attempt order.
// Jobs without attempts are absent from the map.
QHash<qint64, QList<Attempt>> attemptsOfJobs(JobService &svc, const QList<qint64> &jobIds);

} // namespace jobdesk::live
