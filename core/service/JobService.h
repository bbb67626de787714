#pragma once

#include "domain/ChargeAccount.h"
#include "domain/Domain.h"
#include "domain/Error.h"
#include "store/SqlSession.h"

#include <QJsonObject>
#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace jobdesk {

// The largest result a job stores (bytes of JSON text). A provider's output
// over it is a contract failure, recorded on the attempt with its digest.
inline constexpr qsizetype kMaxResultBytes = 1024 * 1024;

// ---- requests and outcomes ----------------------------------------------------

struct SubmitRequest
{
    QString ownerId;
    QString idempotencyKey; // 1..255 printable ASCII
    QString route;          // opaque to the core
    QJsonObject input;
    QJsonObject clientMeta; // e.g. {"client": "web", "ip": "...", "request_id": "..."}
    int maxParallel = 1;    // 2 for a route that hedges
    int maxAttempts = 3;    // the automatic attempt budget
};

// Parses a request body's "input" as the intent's input: it must be a JSON
// object (throws JobDeskError InvalidArgument otherwise, saying what it got).
QJsonObject parseIntentInput(const QByteArray &json);

struct SubmitResult
{
    enum class Outcome { Created, Replayed, Conflict };
    Outcome outcome = Outcome::Created;
    Job job;                    // the job the key is bound to (for a conflict: the existing one, unchanged)
    QString submittedFingerprint;
    // Set when retention removed the key's job: job is then its tombstone's
    // (id, owner, key, fingerprint, route, final state, created), without input or result.
    std::optional<qint64> archivedAtMs;
};
QString toText(SubmitResult::Outcome o);

// One request's answer in JobService::submitBatch: what submit() would have
// answered, or why the request was refused before anything was written.
struct BatchSubmitAnswer
{
    std::optional<SubmitResult> result;
    std::optional<JobDeskError> refused; // InvalidArgument (checkIntent)
};

// Why a new attempt was refused; blockingAttemptId names the attempt in the way.
struct Refusal
{
    enum class Reason {
        None,
        AttemptUnknown,  // an attempt of the job is unknown
        AttemptStarting, // another attempt is still starting
        MaxParallel,     // max_parallel attempts are open
        JobHasWinner,
        JobCancelled,
        BudgetSpent,     // the automatic attempt budget is used up (an operator's retry may go beyond)
        ClaimLost,       // the starting worker does not hold an unexpired claim on the job
        AutomaticOpen,   // an automatic attempt is already open (extra slots are for hedges)
        NothingToHedge,  // a hedge needs an open attempt to hedge
    };
    Reason reason = Reason::None;
    std::optional<qint64> blockingAttemptId;
    QString message;  // in English (logs)
    RefusalText text; // the same by its code (JD101..JD109), for an operator in their language
    static Refusal of(Reason r, std::optional<qint64> blocking, const RefusalText &why)
    {
        return {r, blocking, why.english(), why};
    }
    QString localized() const { return text.isNull() ? message : text.localized(); }
};
QString toText(Refusal::Reason r);

struct StartAttemptRequest
{
    qint64 jobId = 0;
    QString provider;
    AttemptKind kind = AttemptKind::Automatic; // Retry only through JobService::retry
    QString requestId;   // the caller's id for this start: a re-run returns the same attempt
    QString workerId;                 // an automatic attempt or hedge needs this worker's unexpired claim on the job
    std::optional<qint64> leaseMs;    // lease from now, by the database clock (default: Options::defaultLeaseMs)
    std::optional<qint64> deadlineMs; // deadline from now, by the database clock
    Actor actor = Actor::system();
};

struct StartAttemptResult
{
    bool started = false;
    bool replayed = false; // the same request id had already started this attempt
    Attempt attempt;       // valid when started
    Refusal refusal;       // valid when not started
};

struct CompleteResult
{
    enum class Outcome { Won, Lost };
    Outcome outcome = Outcome::Lost;
    bool replayed = false; // this attempt had already won (a re-run after a lost connection)
    qint64 attemptId = 0;
    qint64 jobId = 0;
    qint64 expectedVersion = 0;
    qint64 foundVersion = 0;
    std::optional<qint64> winnerAttemptId;
    AttemptState attemptState = AttemptState::Running; // after the call
};

// An operator action: who, why, which request, and what they were looking at.
struct OperatorRequest
{
    Actor actor;
    QString requestId; // a repeated request returns the first answer and writes nothing new
    QString reason;
    std::optional<qint64> seenChangeSeq; // the job's change sequence the operator saw
};

struct OperatorResult
{
    bool replayed = false;
    QJsonObject response; // the first answer, as recorded in the audit log
};

struct RetryResult
{
    bool replayed = false;
    StartAttemptResult start;
};

// ---- queries --------------------------------------------------------------

struct JobFilter
{
    QList<JobState> states;
    QString ownerId;
    QString idempotencyKey;
    QString route;
    QString provider;            // jobs with at least one attempt on this provider
    std::optional<qint64> createdAfterMs;
    std::optional<qint64> createdBeforeMs;
    // Jobs whose idempotency key starts with this, byte for byte (case matters),
    // read as a range over the key's index: no LIKE, no wildcard.
    QString keyPrefix;
    // The pages' order (keyset: a page continues after the last row of the one
    // before); ties, and Sort::Id, go by id in the same direction.
    enum class Sort { Id, Owner, Key, Route, State };
    Sort sort = Sort::Id;
    bool ascending = false; // newest first by default
};

// Where the next page starts: after this job, whose sort column held `value`
// (unused for JobFilter::Sort::Id).
struct JobCursor
{
    qint64 id = 0;
    QVariant value;
};

struct JobPage
{
    QList<Job> jobs;
    std::optional<qint64> nextCursor; // pass as afterId for the next page (newest first)
    std::optional<JobCursor> next;    // the same, with the sort column's value
};

// What the provider answered the last status lookup of an unknown attempt
// (a conclusive answer moves the attempt out of unknown).
enum class LookupAnswer { InProgress, NeverProcessed, NoAnswer };
QString toText(LookupAnswer); // "in_progress", "never_processed", "no_answer": as stored
std::optional<LookupAnswer> lookupAnswerFromString(const QString &text);

struct JobDetail
{
    Job job;
    QList<Attempt> attempts;
    // Where each attempt's request went (ProviderConfig::endpoint), by attempt
    // id; an attempt that is not here records nowhere (never sent, marked
    // running without an endpoint, or a row older than the record).
    QHash<qint64, QString> sentTo;
    // Since when the provider has said it is still working on an attempt's
    // request (by attempt id): kept through a failed lookup or
    // a "no record" from where the request did not go, as the stale-view
    // check keeps it. Not here: it has not said so, or a conclusive answer
    // ended it.
    QHash<qint64, qint64> inProgressSinceMs;
    QList<AttemptEvent> events;
    QList<RaceLoss> raceLosses;
    QList<IdempotencyEvent> keyHistory;
    QList<AuditEntry> audit;
    // What each attempt may have cost (core/domain/ChargeAccount.h), from the records above.
    ChargeAccount charges() const { return chargeAccount(attempts, events, raceLosses, inProgressSinceMs, sentTo); }
};

// Who this connection acts as, for the console's banner and its actions.
struct SessionIdentity
{
    QString databaseUser;        // PostgreSQL: session_user; SQLite: the local user
    Role role = Role::Operator;  // Viewer: the database refuses operator actions on this connection
    QString roleName;            // "jobdesk_operator", "jobdesk_viewer", "owner" (the schema's owner), "local"
    QString where;               // the store, without a password
};

struct Changes
{
    QList<Job> jobs;
    QList<Attempt> attempts;
    qint64 highWaterMark = 0; // pass back as `since` next time
};

// ---- what the dispatcher records ---------------------------------------------

struct ValidationRecord
{
    qint64 id = 0;
    QString provider;
    QString route;
    QString configHash;
    bool passed = false;
    QJsonObject report;
    qint64 validatedAtMs = 0;
    qint64 expiresAtMs = 0;
};

struct NamedConfig
{
    QString name;
    QJsonObject config;
    qint64 updatedAtMs = 0;
};

// The contract an attempt's request is built under: its route's name and
// config as the sender has them (Route::toJson). Recorded once, by the
// statement that marks the attempt running, so that a result
// that arrives late is checked against what was asked for, not against the
// routes file some instance has loaded by then.
struct SentUnder
{
    QString route;
    QJsonObject config;
};

// ---- worklists: the questions an operator or a support engineer arrives with ----

// An unknown attempt of an undecided job: the on-call queue.
struct UnknownQueueItem
{
    enum class Cause { Deadline, LostConnection, LeaseExpired, Other };
    Attempt attempt;
    QString ownerId;
    QString idempotencyKey;
    QString route;
    qint64 unknownSinceMs = 0;        // when it went unknown
    Cause cause = Cause::Other;        // from its reason
    bool providerHasStatusLookup = false; // as the dispatchers recorded the provider's config
    int lookupCount = 0;                  // when it was last asked: attempt.lastLookupAtMs
    std::optional<qint64> lookupRequestedAtMs; // an operator asked for a lookup (JobService::requestLookup)
    std::optional<LookupAnswer> lastAnswer;    // what the last lookup came back with (none: not asked, or not recorded)
    QString lastAnswerDetail;                  // the dispatcher's note on it (English, for a tooltip)
    std::optional<qint64> inProgressSinceMs;   // since when it has said it is still working on it (JobDetail::inProgressSinceMs)
    QString sentTo;                            // where its request went (empty: it records nowhere)
    qint64 jobChangeSeq = 0;              // the job's change sequence as read (an action's seenChangeSeq)
    // An operator's request the reconciler has not answered yet.
    bool lookupOutstanding() const
    {
        return lookupRequestedAtMs && (!attempt.lastLookupAtMs || *attempt.lastLookupAtMs < *lookupRequestedAtMs);
    }
};
QString toText(UnknownQueueItem::Cause);

struct RaceLossItem
{
    RaceLoss loss;
    int loserAttemptNo = 0;
    QString loserProvider;
    std::optional<int> winnerAttemptNo;
    QString winnerProvider;
    QString ownerId;
    QString idempotencyKey;
};

struct RaceLossFilter
{
    QString provider; // the loser's or the winner's
    std::optional<qint64> fromMs;
    std::optional<qint64> toMs;
};

// One (owner, idempotency key) that was used more than once, or that a
// support engineer searched for: was it one job, and why.
struct KeyIncident
{
    QString ownerId;
    QString idempotencyKey;
    qint64 jobId = 0;
    JobState jobState = JobState::Queued;
    qint64 createdAtMs = 0;      // the first request (the job records its own creation)
    qint64 lastAtMs = 0;         // the last request with this key
    int replays = 0;
    int conflicts = 0;
    QStringList clients;         // distinct "address user-agent" (or client name) of every request, creation first
    qint64 lastEventId = 0;      // cursor
    qint64 spreadMs() const { return lastAtMs - createdAtMs; }
};

struct ProviderRouteStatus
{
    QString provider;
    QString route;
    QJsonObject providerConfig;  // as the dispatchers recorded it
    QJsonObject routeConfig;
    bool inChain = false;        // the route's chain names the provider
    std::optional<ValidationRecord> latest;
};

struct OutcomeBucket
{
    qint64 startMs = 0;
    QMap<AttemptState, int> finished; // attempts that reached each state in the bucket
    int raceLosses = 0;
    int wentUnknown = 0;
};

struct ProviderLatencyStat
{
    QString provider;
    int samples = 0;
    qint64 p50Ms = 0;
    qint64 p95Ms = 0;
};

// Counts per state: exact for what an operator acts on (queued, running,
// blocked), estimated for the terminal states on PostgreSQL (from the
// planner's statistics, so a poll never scans the jobs table).
struct StateCounts
{
    QMap<JobState, qint64> counts;
    QList<JobState> estimated;
};

// What moved since a view last looked, cheaply (index reads only).
struct ChangeMarks
{
    qint64 changeSeq = 0;          // the highest job/attempt change sequence
    qint64 idempotencyEventId = 0; // the newest idempotency event
    qint64 raceLossId = 0;         // the newest race loss
    qint64 validationId = 0;       // the newest contract validation
    qint64 auditId = 0;            // the newest audit row
    qint64 lookupAtMs = 0;         // the latest status lookup of an unknown attempt (moves no change sequence)
    // How many of the newest kMarkWindowIds ids of each table are committed.
    // On PostgreSQL an id is drawn before its row commits, so a row can
    // commit after one with a higher id: the newest id does not move then,
    // this count does (tst_worklists::marksMoveWhenAnOlderIdCommitsLast).
    // SQLite commits in id order; the count moves with it.
    qint64 idempotencyEventsNear = 0;
    qint64 raceLossesNear = 0;
    qint64 validationsNear = 0;
    qint64 auditNear = 0;
    static constexpr int kMarkWindowIds = 512;
    bool idempotencyEventsMoved(const ChangeMarks &o) const
    {
        return idempotencyEventId != o.idempotencyEventId || idempotencyEventsNear != o.idempotencyEventsNear;
    }
    bool raceLossesMoved(const ChangeMarks &o) const { return raceLossId != o.raceLossId || raceLossesNear != o.raceLossesNear; }
    bool validationsMoved(const ChangeMarks &o) const { return validationId != o.validationId || validationsNear != o.validationsNear; }
    bool auditMoved(const ChangeMarks &o) const { return auditId != o.auditId || auditNear != o.auditNear; }
    bool operator==(const ChangeMarks &) const = default;
};

// ---- the service ----------------------------------------------------------

// The only code that writes. Every operation is one transaction (on
// PostgreSQL the hot paths are one statement), safe to re-run after a lost
// connection, and retried a bounded number of times on serialization
// failures and deadlocks. Not thread-safe: one JobService per thread, each
// with its own connection.
// The longest lease or claim the store accepts: a day (jobdesk-server's
// --lease-ms allows no more). A longer one would keep a stopped worker's
// attempt from being reaped, or its job from being claimed again, for that
// long: a job stuck for as good as ever.
inline constexpr qint64 kMaxLeaseMs = 24LL * 3600 * 1000;

class TakenKeys;
struct JobServiceImpl;

struct JobServiceOptions
{
    bool migrate = true; // apply missing migrations on open
    int maxRetries = 8;  // serialization failures / deadlocks before giving up
    // ...and no new try once an operation has spent this long: on SQLite each
    // try already waited the busy timeout (30 s) for another process's lock,
    // and nine of them kept an HTTP request for four and a half minutes.
    qint64 retryBudgetMs = 30000;
    qint64 defaultLeaseMs = 30000; // an attempt started without a lease gets this one (every attempt has a lease)
    // An operator's retry is inserted 'starting' with this lease: a dispatcher
    // must pick it up (and mark it running) before it expires, or the reaper
    // records it as failed, never sent.
    qint64 retryLeaseMs = 60000;
    // PostgreSQL: the keys seen taken, which make a replay one round trip
    // instead of two (service/TakenKeys.h). Give the JobServices of one
    // process the same table (jobdesk-server's handler threads share one) so
    // a client retrying on another connection still gets one round trip.
    // Null: this JobService keeps a table of its own. Only ever a hint.
    std::shared_ptr<TakenKeys> takenKeys{};
};

class JobService
{
public:
    using Options = JobServiceOptions;

    static std::unique_ptr<JobService> open(const StoreUrl &url, const Options &options);
    static std::unique_ptr<JobService> open(const StoreUrl &url) { return open(url, Options{}); }
    JobService(std::unique_ptr<SqlSession> session, const Options &options);
    ~JobService();

    Dialect dialect() const;

    // -- writers --
    SubmitResult submit(const SubmitRequest &request);
    // Many submits, answered in order as submit() would answer each in turn
    // (the same key twice: created, then replayed or conflict; the same
    // idempotency events). PostgreSQL: a constant number of statements
    // (core/service/BatchSubmit.cpp). A store failure throws: any request may
    // have been written, and every one may be sent again.
    QList<BatchSubmitAnswer> submitBatch(const QList<SubmitRequest> &requests);
    // A retry of a key that may already be taken, by a caller that cannot
    // create the job (an API instance whose routes file lacks the route, or
    // whose input schema refuses what another instance took): when the owner's
    // key has a job, records and answers the replay or conflict as submit does
    // (DESIGN.md, invariant 7: any instance answers a key with its job); when
    // it has none, writes nothing and returns nullopt. max_parallel and
    // max_attempts are not read (they are not part of the intent's fingerprint).
    std::optional<SubmitResult> answerTakenKey(const SubmitRequest &request);
    StartAttemptResult startAttempt(const StartAttemptRequest &request);
    // 'starting' -> 'running': its request is about to be sent. An attempt
    // whose job has meanwhile a winner, is cancelled or has an unknown
    // attempt becomes 'failed' ("never sent: ...") instead, and must not be
    // sent. deadlineMs is given to an attempt that has no deadline yet (an
    // operator's retry), from now. sentTo is where its request is about to go
    // (ProviderConfig::endpoint), recorded in the same statement as the move to
    // running: the reconciler asks only an endpoint the request
    // went to, and that endpoint's "never processed" settles the attempt. A
    // sender should always give it; without it, the attempt records nowhere
    // and only its result, never a "no record", settles it. contract is the
    // route config the request is built under, recorded with the move to
    // running (the first recorded stays): a late result is
    // checked against it. Without it, against the route as the reconciling
    // instance has it.
    Attempt markRunning(qint64 attemptId, const Actor &actor, std::optional<qint64> leaseMs = std::nullopt,
                        std::optional<qint64> deadlineMs = std::nullopt, const QString &sentTo = {},
                        const std::optional<SentUnder> &contract = std::nullopt);
    // For a caller that marked the attempt running without sentTo: records
    // it while the attempt is running, once.
    // False, and nothing is to be sent, when the attempt is no longer running
    // (cancelled meanwhile) or already records another endpoint.
    bool recordSentTo(qint64 attemptId, const QString &endpoint);
    // Where it was recorded (nullopt: nowhere: marked running without an
    // endpoint, or a row older than the record).
    std::optional<QString> attemptSentTo(qint64 attemptId);
    // The contract it was sent under (name: the route; updatedAtMs: when that
    // config was first recorded); nullopt when it records none (marked
    // running without one, or a row older than the record).
    std::optional<NamedConfig> attemptContract(qint64 attemptId);
    Attempt markUnknown(qint64 attemptId, const Actor &actor, const QString &reason);
    // The compare-and-swap of invariant 5. A running or unknown attempt wins
    // or becomes superseded; a result for a cancelled or failed attempt (its
    // job has moved on) is a race loss and the attempt keeps its state; either
    // way a loser's payload is discarded and its digest kept. A starting
    // attempt (never sent) is refused with InvalidTransition.
    CompleteResult complete(qint64 attemptId, const QByteArray &payloadJson, const Actor &actor);
    // resultDigest: for output that broke the contract (it was produced, and
    // maybe paid for), the digest of what came back. For an attempt already
    // cancelled or failed, that digest is recorded as its race loss (once);
    // any other closed attempt is left as it is. providerDidNothing: the
    // provider definitively did nothing with it (never sent, refused before any
    // work, "never processed"), so it may take the job again within its budget.
    Attempt fail(qint64 attemptId, const Actor &actor, const QString &reason, const QString &resultDigest = {},
                 bool providerDidNothing = false);
    bool heartbeat(qint64 attemptId, const QString &workerId, qint64 leaseMs);
    // By the database clock: a 'starting' attempt whose lease expired was never
    // sent (it is marked running before the send): failed. A 'running' one whose
    // lease expired (its worker died) or whose deadline passed: unknown.
    QList<Attempt> reapExpiredLeases(const Actor &actor, int limit = 100);
    Job failJob(qint64 jobId, const Actor &actor, const QString &reason);

    // -- operator actions (role operator, reason, request id, audited) --
    OperatorResult cancelAttempt(qint64 attemptId, const OperatorRequest &request);
    OperatorResult cancelJob(qint64 jobId, const OperatorRequest &request);
    // A repeated request id answers its first retry; on another provider it
    // is refused, unless the caller did not choose the provider (providerNamed
    // false: the HTTP API's default, the route's first provider here, which a
    // re-send may find different on another instance or after a reload).
    RetryResult retry(qint64 jobId, const QString &provider, const OperatorRequest &request, bool providerNamed = true);
    // "Ask the provider now": the console holds no provider credentials, so
    // this records an audited request on an unknown attempt (whose provider
    // offers a status lookup); the dispatchers' reconcilers ask about
    // requested attempts before every other one (unknownAttemptsToReconcile).
    // A repeated request id returns the first answer and writes nothing.
    OperatorResult requestLookup(qint64 attemptId, const OperatorRequest &request);
    // An operator's "Validate now": the console ran the contract validation
    // and records it with an audit row (PostgreSQL: a SQL function only
    // jobdesk_operator may run, which stamps the database's clock and records
    // session_user). The validity's length is expiresAtMs - validatedAtMs of
    // `record`; the times themselves are the database's. A repeated request id
    // returns the first answer and records nothing new. Dispatchers record
    // theirs with recordValidation.
    OperatorResult recordOperatorValidation(const ValidationRecord &record, const OperatorRequest &request);

    // -- dispatcher support --
    // Claims up to `limit` queued jobs for `workerId` (PostgreSQL: FOR UPDATE
    // SKIP LOCKED, so two workers never take the same one; SQLite: serialized
    // writes). A claim expires after claimMs, so a dead worker's claim frees itself.
    // routes: only jobs on these routes (empty: any); a job whose route this
    // instance does not know stays queued for an instance that does.
    QList<Job> claimQueuedJobs(const QString &workerId, int limit, qint64 claimMs, const QStringList &routes = {});
    // Claims (or renews) one job for workerId, whatever its state, unless another
    // worker holds an unexpired claim on it. True when workerId holds it now.
    bool claimJob(qint64 jobId, const QString &workerId, qint64 claimMs);
    void releaseClaim(qint64 jobId, const QString &workerId);
    void releaseClaims(const QString &workerId, const QList<qint64> &jobIds); // those workerId holds, one statement
    // The attempts of each job, by job id, in attempt order (one statement).
    QHash<qint64, QList<Attempt>> attemptsOfJobs(const QList<qint64> &jobIds);
    // Everything one worker has in flight, renewed together: the leases of
    // its attempts (as heartbeat does, by the database clock) and its claims
    // on the jobs (as claimJob does), one statement each, whatever the
    // number. A row another transaction holds locked just then (a completion,
    // a cancel) is skipped rather than waited for (PostgreSQL: SKIP LOCKED,
    // so no lock-order deadlock): it is renewed at the next interval.
    // Returns how many leases and claims were renewed.
    struct Renewed
    {
        int leases = 0;
        int claims = 0;
    };
    Renewed renewInFlight(const QString &workerId, const QList<qint64> &attemptIds, qint64 leaseMs,
                          const QList<qint64> &jobIds, qint64 claimMs);
    void holdClaim(qint64 jobId, const QString &workerId, qint64 holdMs); // keep it claimed for holdMs from now
    // Operators' retries waiting to be sent ('starting', no worker, lease not
    // expired) on these providers and, when routes are given, of jobs on these
    // routes: each is taken by one worker only, with a new lease, and returned
    // for it to mark running and send.
    QList<Attempt> claimRetryAttempts(const QString &workerId, int limit, qint64 leaseMs, const QStringList &providers,
                                      const QStringList &routes = {});
    // Jobs queued on a route not in `routes` (a rolling deploy: another instance knows it).
    qint64 countQueuedOutside(const QStringList &routes);
    void recordRoute(const QString &name, const QJsonObject &config);
    void recordProvider(const QString &name, const QJsonObject &config);
    QList<NamedConfig> routes();
    QList<NamedConfig> providers();
    qint64 recordValidation(const ValidationRecord &record);
    // The newest validation of a provider for a route; with configHash, the
    // newest of that configuration (another configuration's, newer or not,
    // says nothing about this one: a candidate routes file validated against
    // a shared store must not revoke the running one's proof;
    // tst_dispatcher::aValidationOfAnotherConfigurationNeitherProvesNorRevokes).
    std::optional<ValidationRecord> latestValidation(const QString &provider, const QString &route,
                                                     const QString &configHash = QString());
    QList<ValidationRecord> validations(int limit = 200);
    // Unknown attempts to reconcile, oldest first; includeDecided also lists
    // those of jobs that already have a winner (their late results are race losses).
    QList<Attempt> unknownAttempts(int limit, bool includeDecided);
    // Unknown attempts the reconciler should ask about: only on `providers`
    // (those with a status lookup), undecided jobs only or decided only;
    // those an operator asked about and that were not asked since come first
    // (oldest request first), then least recently asked first, so no attempt
    // starves behind others. Wherever each was sent (sent_to): a result is
    // collected from any endpoint of its provider; only the reconciler decides
    // which endpoint's "never processed" settles one.
    QList<Attempt> unknownAttemptsToReconcile(int limit, const QStringList &providers, bool decidedJobs);
    // The reconciler asked the provider about it at askedAtMs (the database's
    // clock, read before the question was sent; default: now). Recorded as
    // asked now, unless an operator's request came in after askedAtMs: the
    // answer is older than the request, which stays outstanding.
    // answer/detail: what the provider said, when it did not settle the
    // attempt (the unknown queue shows it); detail is cut to 500 characters.
    // askedWhereItWent=false: the answer came from somewhere the request did
    // not go (another endpoint or account, or the attempt records nowhere): a
    // "never processed" from there is shown, but does not end the "still
    // working on it since" that the endpoint it went to may have said.
    void recordLookup(qint64 attemptId, std::optional<qint64> askedAtMs = std::nullopt,
                      std::optional<LookupAnswer> answer = std::nullopt, const QString &detail = {},
                      bool askedWhereItWent = true);
    // Closed attempts whose provider may still answer, changed since sinceMs,
    // with no race loss recorded yet: cancelled ones that may have reached
    // their provider (they were running or unknown), and unknown ones the
    // reconciler failed on a "never processed" (failed after lookups, with no
    // output), in case the provider processes the request after all. A late
    // result for them is still to be recorded as a race loss. Only on these
    // providers (those with a status lookup), least recently asked first.
    QList<Attempt> closedAttemptsToReconcile(qint64 sinceMs, int limit, const QStringList &providers);
    // Status lookups paced and shared across servers: of `attemptIds`, those
    // whose next lookup is due (next_lookup_at_ms passed, or an operator asked
    // since the last one) and that no other reconciler holds are claimed for
    // `by` for claimMs, and their next lookup is set to now + backoffMinMs *
    // 2^lookups so far, at most backoffMaxMs (one guarded UPDATE; the database
    // clock). Returns the ids claimed: only those may be asked about.
    QList<qint64> claimLookups(const QString &by, const QList<qint64> &attemptIds, qint64 claimMs, qint64 backoffMinMs,
                               qint64 backoffMaxMs);
    // Ends by's lookup claim on the attempt (its answer is recorded).
    void releaseLookup(qint64 attemptId, const QString &by);
    // The providers that did nothing with every attempt of the job they had
    // (JobService::fail's providerDidNothing): they may take it again.
    QSet<QString> providersThatDidNothing(qint64 jobId);

    // -- queries --
    std::optional<Job> job(qint64 jobId);
    std::optional<Attempt> attempt(qint64 attemptId);
    JobPage jobs(const JobFilter &filter, std::optional<qint64> afterId = std::nullopt, int limit = 100);
    // A page in the filter's order (JobFilter::sort), after `after` (none: the first page).
    JobPage jobPage(const JobFilter &filter, const std::optional<JobCursor> &after, int limit);
    JobDetail jobDetail(qint64 jobId);
    // The job's charge account (JobDetail::charges) without its key history and audit.
    ChargeAccount chargeAccount(qint64 jobId);
    // Attempts that may have been charged without a result (Charge::PossiblyCharged), by provider.
    QMap<QString, qint64> possiblyChargedByProvider();
    QList<Attempt> attempts(qint64 jobId);
    QList<AttemptEvent> attemptEvents(qint64 jobId);
    QList<RaceLoss> raceLosses(std::optional<qint64> jobId = std::nullopt);
    QList<IdempotencyEvent> keyHistory(const QString &ownerId, const QString &idempotencyKey);
    QList<IdempotencyEvent> idempotencyEvents(std::optional<qint64> afterId = std::nullopt, int limit = 200);
    QList<AuditEntry> auditLog(std::optional<qint64> jobId = std::nullopt);
    QList<Attempt> unknownWorklist(int limit = 200); // oldest first; jobs with a winner are left off
    QMap<JobState, qint64> countsByState();
    // Jobs and attempts whose change sequence is above since - overlap, at
    // most `limit` + overlap of each, in sequence order. When either list is
    // cut short, the high-water mark stops at the last number that list
    // reached, so a caller that passes it back never skips a change (rows
    // above it may come again: readers deduplicate by (id, change_seq)).
    Changes changesSince(qint64 since, qint64 overlap = 1000, int limit = 5000);

    // -- worklists (core/service/Worklists.cpp) --
    QList<UnknownQueueItem> unknownQueue(const QString &provider = {}, int limit = 500); // oldest first
    QList<RaceLossItem> raceLossList(const RaceLossFilter &filter, std::optional<qint64> beforeId = std::nullopt,
                                     int limit = 200); // newest first
    // Keys used more than once, newest first; `search` (owner or key, exact)
    // lists every job with that owner or key, duplicate or not (the newest
    // `limit`). mayBeMore: set when the list may not hold every such key
    // (it is `limit` long, or the walk over the newest requests was cut).
    QList<KeyIncident> keyIncidents(const QString &search = {}, std::optional<qint64> beforeEventId = std::nullopt,
                                    int limit = 100, bool *mayBeMore = nullptr);
    QList<ProviderRouteStatus> providerStatus();
    QList<OutcomeBucket> outcomeHistory(qint64 fromMs, qint64 toMs, qint64 bucketMs);
    QList<ProviderLatencyStat> providerLatency(qint64 fromMs, qint64 toMs);
    StateCounts stateCounts();
    ChangeMarks changeMarks();
    qint64 nowMs(); // the database's clock (plus the test offset)
    SessionIdentity sessionIdentity();
    // SQLite: PRAGMA data_version (changes when another connection committed);
    // PostgreSQL: nullopt (readers poll the change sequence, woken by NOTIFY).
    std::optional<qint64> dataVersion();

    // For tests and tools: the raw connection, and an offset added to the
    // database clock wherever leases and deadlines are compared.
    SqlSession &session();
    void setClockOffsetMs(qint64 offsetMs);

private:
    // One statement through the same retry / reconnect / error mapping as
    // every operation; `transaction` wraps it in a write transaction.
    SqlRows execStatement(const char *what, const QString &sql, const SqlParams &params = {}, bool transaction = false);
    // A job's attempts, where each one's request went and since when its
    // provider has said it is still working on it (JobDetail's fields).
    void readAttemptsInto(qint64 jobId, JobDetail &detail);

    std::unique_ptr<JobServiceImpl> d; // one per store (ServicePrivate.h)
};

} // namespace jobdesk
