#pragma once

// What travels between the console's widgets (UI thread) and its store
// worker (the one thread that owns the console's JobService). Every result
// carries the generation of the request it answers, so a result that arrives
// after the view moved on is dropped.

#include "service/JobService.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>

#include <optional>

namespace jobdesk::ui {

// A job as the jobs table shows it: the row and its attempts (for the
// attempt count, the current provider and whether one is unknown).
struct JobRow
{
    Job job;
    QList<Attempt> attempts;

    int unknownAttempts() const;
    const Attempt *currentAttempt() const; // the latest open attempt, else the latest attempt
    void mergeAttempt(const Attempt &a);   // replaces the same attempt if this one is not older
};

struct PageResult
{
    quint64 generation = 0;
    bool firstPage = true;
    QList<JobRow> rows;
    std::optional<JobCursor> nextCursor; // where the next page starts, in the filter's order
    QString error; // empty when the page was read
};

struct AttemptsResult
{
    quint64 generation = 0;
    QList<qint64> jobIds;
    QHash<qint64, QList<Attempt>> attempts;
};

// One poll: what changed since the last one (each row once, already
// deduplicated against the overlap window), and the counts per state.
struct PollResult
{
    QList<Job> jobs;
    QList<Attempt> attempts;
    bool countsRead = false;
    QMap<JobState, qint64> counts;
    QList<JobState> estimatedStates; // counts that are estimates (terminal states on a big PostgreSQL store)
    qint64 readAtMs = 0; // local clock: when this read succeeded
    qint64 dbNowMs = 0;  // the database's clock at that moment (estimated from the skew measured on connect)
    bool looked = false; // false when SQLite's data_version said nothing changed
    // The newest of each record the worklists show, read on every poll that
    // looked: a view re-reads when the marks it depends on moved.
    std::optional<ChangeMarks> marks;
};

// Per provider: may it take this job's retry with a proven contract?
struct ProviderChoice
{
    QString name;
    int chainIndex = -1; // position in the route's chain, -1 when not in it
    bool proven = false; // passing, unexpired, for the current config
    QString status;      // for people: "proven until 14:02", "no contract validation", ...
    std::optional<ValidationRecord> validation;
};

struct DetailResult
{
    quint64 generation = 0;
    qint64 jobId = 0;
    std::optional<JobDetail> detail;
    QList<ProviderChoice> providers; // the route's chain first, then every other known provider
    qint64 dbNowMs = 0;
    QString error;
};

// The answer to one operator action, with the job as it is afterwards so the
// view updates without waiting for the next poll.
struct ActionResult
{
    enum class Kind { CancelAttempt, CancelJob, Retry };
    enum class Outcome { Done, Replayed, Refused, StaleView, Failed };
    quint64 ticket = 0;
    Kind kind = Kind::CancelAttempt;
    Outcome outcome = Outcome::Failed;
    qint64 jobId = 0;
    std::optional<qint64> attemptId; // the cancelled attempt, or the retry's new attempt
    QString message;                 // for people: what happened, or why nothing did
    QJsonObject response;
    std::optional<DetailResult> after;
};

// Where the console is and as whom; what the banner shows.
struct ConnectionInfo
{
    StoreUrl url;
    SessionIdentity identity;
    qint64 clockSkewMs = 0; // database clock minus local clock
};

// How a StoreClient::call went: the value, or why there is none.
struct CallStatus
{
    bool ok = false;
    bool notConnected = false;   // no store open: nothing was read or done
    bool connectionLost = false; // the store went away during the call: a write may or may not have happened
    std::optional<JobDeskError::Code> code; // the core's error, when it raised one
    QString error;               // for people, empty when ok
};

template<typename R>
struct CallOutcome : CallStatus
{
    std::optional<R> value;
};

// Job ids the screenshots and the demo's own test look for.
struct Showcase
{
    std::optional<qint64> raceLossJob;
    std::optional<qint64> blockedJob;
    std::optional<qint64> blockedAttempt;
    std::optional<qint64> conflictJob;
    std::optional<IdempotencyEvent> conflict;
};

} // namespace jobdesk::ui

Q_DECLARE_METATYPE(jobdesk::ui::PageResult)
Q_DECLARE_METATYPE(jobdesk::ui::AttemptsResult)
Q_DECLARE_METATYPE(jobdesk::ui::PollResult)
Q_DECLARE_METATYPE(jobdesk::ui::DetailResult)
Q_DECLARE_METATYPE(jobdesk::ui::ActionResult)
Q_DECLARE_METATYPE(jobdesk::ui::ConnectionInfo)
Q_DECLARE_METATYPE(jobdesk::ui::Showcase)
