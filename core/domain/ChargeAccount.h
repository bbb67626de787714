#pragma once

// The charge account of a job: for each attempt, whether the provider has
// charged for it (a result came back, whether it won or lost), may have
// charged for it (its request may have reached the provider and no
// definitive "did nothing" came back), or has not (never sent, or refused
// before any work), with the evidence from the records. Derived from the
// attempts, their events, the race losses and the providers' status answers;
// never stored. The console, the incident report, the HTTP API and /metrics
// all read it from here, so they cannot disagree.

#include "domain/Domain.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace jobdesk {

enum class Charge { Charged, PossiblyCharged, NotCharged };

// Why an attempt is in its charge class, in the records' terms.
enum class ChargeEvidence {
    // Charged: a result came back.
    Won,               // its result is the job's
    LostRace,          // it finished after another attempt had won; its result was discarded
    ResultAfterCancel, // its result came back after it was cancelled; discarded
    InvalidOutput,     // a result came back but broke the route's contract
    // Possibly charged: the request may have reached the provider.
    AwaitingAnswer,          // sent, no answer yet
    OutcomeUnknown,          // sent, then unknown (deadline, lost connection, 5xx, lease expired)
    CancelledAfterSend,      // cancelled after its request may have reached the provider
    FailedWhileStillWorking, // failed, but the provider said it was still working on it
    // Not charged.
    NotSentYet,          // starting: its request has not been sent
    NeverSent,           // failed before anything was sent
    CancelledBeforeSend, // cancelled before it was sent
    RefusedBeforeWork,   // ended with nothing done: a 4xx, a documented 5xx, nothing left the machine
    NeverProcessed,      // the provider's status lookup said it never processed the request
};

QString toText(Charge);         // "charged", "possibly_charged", "not_charged" (the API's words)
QString toText(ChargeEvidence); // "won", "lost_race", ..., "never_processed"

// What the records say about one attempt, beyond its row.
struct AttemptChargeFacts
{
    bool sent = false;         // it went running or unknown (its request may have left), or records where it went
    bool wentUnknown = false;  // it was unknown at some point
    bool raceLoss = false;     // a result of it came back and was recorded as a race loss
    std::optional<qint64> winnerAttemptId; // the race loss's winner, if any
    std::optional<qint64> sentAtMs;
    std::optional<qint64> stillWorkingSinceMs; // the provider said it is still working on it, since
    // The transition that ended it (or the latest one): when, by whom, why.
    std::optional<qint64> endedAtMs;
    QString endedByKind;
    QString endedById;
    QString endReason;
};

struct AttemptCharge
{
    qint64 attemptId = 0;
    int attemptNo = 0;
    QString provider;
    QString providerKey; // what to ask the provider about
    AttemptState state = AttemptState::Starting;
    Charge charge = Charge::NotCharged;
    ChargeEvidence evidence = ChargeEvidence::NotSentYet;
    std::optional<qint64> sentAtMs;
    std::optional<qint64> endedAtMs;
    QString endedByKind;
    QString endedById;
    QString reason;                            // the record's words: the provider's answer or the operator's reason
    std::optional<qint64> stillWorkingSinceMs; // the provider said it was still working on it, since
    std::optional<int> lostToAttemptNo;        // LostRace: the winner's number
};

struct ChargeAccount
{
    QList<AttemptCharge> attempts; // in attempt order
    int count(Charge c) const;
    int charged() const { return count(Charge::Charged); }
    int possiblyCharged() const { return count(Charge::PossiblyCharged); }
    int notCharged() const { return count(Charge::NotCharged); }
    // "Charged once" holds only when exactly one attempt is charged and none may be.
    bool chargedOnce() const { return charged() == 1 && possiblyCharged() == 0; }

    // In words (translated with the installed catalogue, context
    // "ChargeAccount"): "1 result charged; 1 more request possibly
    // charged: #1 on stuck, cancelled while the provider said it was still
    // working." Never "once" while a second charge is possible.
    QString summary() const;
};

// One attempt's class from its row and the facts. Pure.
AttemptCharge chargeOf(const Attempt &attempt, const AttemptChargeFacts &facts);

// Whether an attempt in this state can be possibly charged at all (the
// metric reads only these): running, unknown, cancelled, and failed while
// the provider said it was still working.
bool mayBePossiblyCharged(AttemptState state, bool providerSaidStillWorking);

// The account from a job's records (JobDetail's attempts, events, race
// losses, inProgressSinceMs and sentTo). Pure.
ChargeAccount chargeAccount(const QList<Attempt> &attempts, const QList<AttemptEvent> &events,
                            const QList<RaceLoss> &raceLosses, const QHash<qint64, qint64> &stillWorkingSinceMs,
                            const QHash<qint64, QString> &sentTo = {});

// One attempt's evidence in words: "#1 on stuck, cancelled while the provider
// said it was still working" (translated like summary()).
QString chargeEvidenceText(const AttemptCharge &charge);

} // namespace jobdesk
