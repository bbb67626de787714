#include "StoreTypes.h"

namespace jobdesk::ui {

int JobRow::unknownAttempts() const
{
    int n = 0;
    for (const Attempt &a : attempts)
        if (a.state == AttemptState::Unknown)
            ++n;
    return n;
}

const Attempt *JobRow::currentAttempt() const
{
    const Attempt *latest = nullptr;
    const Attempt *latestOpen = nullptr;
    for (const Attempt &a : attempts) {
        if (!latest || a.attemptNo > latest->attemptNo)
            latest = &a;
        if (isOpen(a.state) && (!latestOpen || a.attemptNo > latestOpen->attemptNo))
            latestOpen = &a;
    }
    if (job.completedBy)
        for (const Attempt &a : attempts)
            if (a.id == *job.completedBy)
                return &a;
    return latestOpen ? latestOpen : latest;
}

void JobRow::mergeAttempt(const Attempt &a)
{
    for (Attempt &mine : attempts) {
        if (mine.id == a.id) {
            if (a.changeSeq >= mine.changeSeq)
                mine = a;
            return;
        }
    }
    qsizetype at = 0;
    while (at < attempts.size() && attempts.at(at).attemptNo < a.attemptNo)
        ++at;
    attempts.insert(at, a);
}

} // namespace jobdesk::ui
