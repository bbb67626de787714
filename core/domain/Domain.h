#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace jobdesk {

// ---- states -----------------------------------------------------------------

enum class AttemptState { Starting, Running, Succeeded, Superseded, Failed, Unknown, Cancelled };
enum class JobState { Queued, Running, Blocked, Succeeded, Failed, Cancelled };
// automatic: the dispatcher's first try or a fallback; hedge: a second try
// opened while the first is still running; retry: an operator's explicit try
// (the only kind that may go beyond the job's attempt budget).
enum class AttemptKind { Automatic, Hedge, Retry };

QString toText(AttemptState s);
QString toText(JobState s);
QString toText(AttemptKind k);
std::optional<AttemptState> attemptStateFromString(const QString &s);
std::optional<JobState> jobStateFromString(const QString &s);
std::optional<AttemptKind> attemptKindFromString(const QString &s);

// An attempt is open while it may still produce a result the job must wait for.
bool isOpen(AttemptState s);
// Only these may complete through the compare-and-swap.
bool canComplete(AttemptState s);

// ---- who acts ---------------------------------------------------------------

enum class Role { Viewer, Operator, Service };

struct Actor
{
    QString kind; // "worker", "operator", "reconciler", "api", "system", ...
    QString id;   // worker id, operator login, ...
    Role role = Role::Service;

    static Actor worker(const QString &id) { return {QStringLiteral("worker"), id, Role::Service}; }
    static Actor operatorUser(const QString &id) { return {QStringLiteral("operator"), id, Role::Operator}; }
    static Actor viewer(const QString &id) { return {QStringLiteral("viewer"), id, Role::Viewer}; }
    static Actor reconciler(const QString &id) { return {QStringLiteral("reconciler"), id, Role::Service}; }
    static Actor system() { return {QStringLiteral("system"), QStringLiteral("jobdesk"), Role::Service}; }
};
QString toText(Role r);

// ---- records ----------------------------------------------------------------

struct Job
{
    qint64 id = 0;
    QString ownerId;
    QString idempotencyKey;
    QString fingerprint;
    QString route;
    QJsonObject input;
    JobState state = JobState::Queued;
    qint64 version = 0;
    qint64 changeSeq = 0;
    int maxParallel = 1;
    int maxAttempts = 3;
    std::optional<qint64> completedBy;
    QByteArray result; // the winner's payload (JSON text), empty until there is one
    QJsonObject clientMeta;
    qint64 createdAtMs = 0;
    qint64 updatedAtMs = 0;
    QString stateReason; // why it was cancelled or failed
};

// The longest endpoint an attempt records as where its request went
// (attempts.sent_to; ProviderConfig::endpoint): a routes file's base_url
// longer than this is refused when it is read.
inline constexpr int kMaxEndpointChars = 2000;

struct Attempt
{
    qint64 id = 0;
    qint64 jobId = 0;
    int attemptNo = 0;
    QString provider;
    AttemptState state = AttemptState::Starting;
    AttemptKind kind = AttemptKind::Automatic;
    qint64 readVersion = 0;
    QString workerId;
    std::optional<qint64> leaseExpiresAtMs;
    std::optional<qint64> deadlineAtMs;
    qint64 createdAtMs = 0;
    qint64 updatedAtMs = 0;
    qint64 changeSeq = 0;
    QString resultDigest;
    QString lastReason;
    // The key a provider sees on every send and status lookup of this attempt:
    // a random UUID stored on the row when the attempt starts, so a provider
    // that dedupes can dedupe, and no other database ever sends the same key.
    QString providerKey;
    std::optional<qint64> lastLookupAtMs; // when the reconciler last asked the provider about it
};

struct AttemptEvent
{
    qint64 id = 0;
    qint64 attemptId = 0;
    qint64 jobId = 0;
    std::optional<AttemptState> fromState;
    AttemptState toState = AttemptState::Starting;
    QString actorKind;
    QString actorId;
    QString reason;
    qint64 atMs = 0;
};

struct RaceLoss
{
    qint64 id = 0;
    qint64 attemptId = 0;
    qint64 jobId = 0;
    qint64 expectedVersion = 0;
    qint64 foundVersion = 0;
    std::optional<qint64> winnerAttemptId;
    QString payloadDigest;
    qint64 atMs = 0;
};

struct IdempotencyEvent
{
    enum class Kind { Replayed, Conflict };
    qint64 id = 0;
    Kind kind = Kind::Replayed;
    QString ownerId;
    QString idempotencyKey;
    qint64 jobId = 0;
    QString fingerprint;          // the fingerprint this call sent
    QString existingFingerprint;  // the job's fingerprint
    QJsonObject rejectedIntent;   // for a conflict: the intent that was refused
    QJsonObject clientMeta;
    qint64 atMs = 0;
};

struct AuditEntry
{
    qint64 id = 0;
    QString requestId;
    QString action;
    QString actorKind;
    QString actorId;
    QString actorRole;
    std::optional<qint64> jobId;
    std::optional<qint64> attemptId;
    QString reason;
    QJsonObject response;
    qint64 atMs = 0;
    QString databaseUser; // who the database says acted (PostgreSQL: session_user; SQLite: the local user)
};

// Where a route's provider chain goes on from: past every provider an
// automatic attempt or hedge already went to (the chain moves forward only;
// an operator's retry does not move it). Once any such attempt has run,
// every further attempt is a fallback and needs a proven provider, even on
// the chain's first (an instance whose chain lacks the earlier provider must
// not send an unvalidated "primary" attempt). The dispatcher chooses by this
// (Dispatcher::nextProvider); the console explains by it.
struct ChainPosition
{
    qsizetype next = 0;          // the first index of the chain still to try
    bool afterAutomatic = false; // an automatic attempt or hedge has run
    // Whether an attempt of `kind` on the chain's `index` needs a passing,
    // unexpired contract validation for the route.
    bool needsProof(qsizetype index, AttemptKind kind) const
    {
        return index > 0 || kind == AttemptKind::Hedge || afterAutomatic;
    }
};
ChainPosition chainPositionAfter(const QList<Attempt> &attempts, const QStringList &chain);

} // namespace jobdesk
