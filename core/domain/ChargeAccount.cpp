#include "ChargeAccount.h"

#include <QCoreApplication>
#include <QStringList>

namespace jobdesk {
namespace {

// The words, in the translation context "ChargeAccount" (both catalogues).
class ChargeWords
{
    Q_DECLARE_TR_FUNCTIONS(ChargeAccount)
};

} // namespace

QString toText(Charge c)
{
    switch (c) {
    case Charge::Charged: return QStringLiteral("charged");
    case Charge::PossiblyCharged: return QStringLiteral("possibly_charged");
    case Charge::NotCharged: return QStringLiteral("not_charged");
    }
    return {};
}

QString toText(ChargeEvidence e)
{
    switch (e) {
    case ChargeEvidence::Won: return QStringLiteral("won");
    case ChargeEvidence::LostRace: return QStringLiteral("lost_race");
    case ChargeEvidence::ResultAfterCancel: return QStringLiteral("result_after_cancel");
    case ChargeEvidence::InvalidOutput: return QStringLiteral("invalid_output");
    case ChargeEvidence::AwaitingAnswer: return QStringLiteral("awaiting_answer");
    case ChargeEvidence::OutcomeUnknown: return QStringLiteral("outcome_unknown");
    case ChargeEvidence::CancelledAfterSend: return QStringLiteral("cancelled_after_send");
    case ChargeEvidence::FailedWhileStillWorking: return QStringLiteral("failed_while_still_working");
    case ChargeEvidence::NotSentYet: return QStringLiteral("not_sent_yet");
    case ChargeEvidence::NeverSent: return QStringLiteral("never_sent");
    case ChargeEvidence::CancelledBeforeSend: return QStringLiteral("cancelled_before_send");
    case ChargeEvidence::RefusedBeforeWork: return QStringLiteral("nothing_done");
    case ChargeEvidence::NeverProcessed: return QStringLiteral("never_processed");
    }
    return {};
}

int ChargeAccount::count(Charge c) const
{
    int n = 0;
    for (const AttemptCharge &a : attempts)
        n += a.charge == c ? 1 : 0;
    return n;
}

bool mayBePossiblyCharged(AttemptState state, bool providerSaidStillWorking)
{
    switch (state) {
    case AttemptState::Running:
    case AttemptState::Unknown:
    case AttemptState::Cancelled: return true;
    case AttemptState::Failed: return providerSaidStillWorking;
    case AttemptState::Starting:
    case AttemptState::Succeeded:
    case AttemptState::Superseded: return false;
    }
    return true;
}

AttemptCharge chargeOf(const Attempt &a, const AttemptChargeFacts &f)
{
    AttemptCharge c;
    c.attemptId = a.id;
    c.attemptNo = a.attemptNo;
    c.provider = a.provider;
    c.providerKey = a.providerKey;
    c.state = a.state;
    c.sentAtMs = f.sentAtMs;
    c.endedAtMs = f.endedAtMs;
    c.endedByKind = f.endedByKind;
    c.endedById = f.endedById;
    c.reason = f.endReason.isEmpty() ? a.lastReason : f.endReason;
    c.stillWorkingSinceMs = f.stillWorkingSinceMs;
    auto set = [&c](Charge charge, ChargeEvidence evidence) {
        c.charge = charge;
        c.evidence = evidence;
        return c;
    };
    switch (a.state) {
    case AttemptState::Succeeded: return set(Charge::Charged, ChargeEvidence::Won);
    case AttemptState::Superseded: return set(Charge::Charged, ChargeEvidence::LostRace);
    case AttemptState::Cancelled:
        if (f.raceLoss)
            return set(Charge::Charged, ChargeEvidence::ResultAfterCancel);
        if (f.sent)
            return set(Charge::PossiblyCharged, ChargeEvidence::CancelledAfterSend);
        return set(Charge::NotCharged, ChargeEvidence::CancelledBeforeSend);
    case AttemptState::Failed:
        if (!a.resultDigest.isEmpty()) // the output came back and broke the contract: paid for
            return set(Charge::Charged, ChargeEvidence::InvalidOutput);
        if (f.raceLoss) // failed on a "never processed" that was wrong: the result came later
            return set(Charge::Charged, ChargeEvidence::LostRace);
        if (f.stillWorkingSinceMs)
            return set(Charge::PossiblyCharged, ChargeEvidence::FailedWhileStillWorking);
        if (!f.sent)
            return set(Charge::NotCharged, ChargeEvidence::NeverSent);
        if (f.wentUnknown) // only a conclusive "never processed" fails an unknown attempt without output
            return set(Charge::NotCharged, ChargeEvidence::NeverProcessed);
        return set(Charge::NotCharged, ChargeEvidence::RefusedBeforeWork);
    case AttemptState::Unknown: return set(Charge::PossiblyCharged, ChargeEvidence::OutcomeUnknown);
    case AttemptState::Running: return set(Charge::PossiblyCharged, ChargeEvidence::AwaitingAnswer);
    case AttemptState::Starting: return set(Charge::NotCharged, ChargeEvidence::NotSentYet);
    }
    return set(Charge::PossiblyCharged, ChargeEvidence::OutcomeUnknown);
}

ChargeAccount chargeAccount(const QList<Attempt> &attempts, const QList<AttemptEvent> &events,
                            const QList<RaceLoss> &raceLosses, const QHash<qint64, qint64> &stillWorkingSinceMs,
                            const QHash<qint64, QString> &sentTo)
{
    QHash<qint64, int> numberOf;
    for (const Attempt &a : attempts)
        numberOf.insert(a.id, a.attemptNo);
    ChargeAccount account;
    for (const Attempt &a : attempts) {
        AttemptChargeFacts f;
        bool anyEvent = false;
        for (const AttemptEvent &e : events) {
            if (e.attemptId != a.id)
                continue;
            anyEvent = true;
            if (e.toState == AttemptState::Running || e.toState == AttemptState::Unknown) {
                f.sent = true;
                if (!f.sentAtMs)
                    f.sentAtMs = e.atMs;
            }
            f.wentUnknown = f.wentUnknown || e.toState == AttemptState::Unknown;
            // The transition into the state it is in now (the latest one).
            if (e.toState == a.state) {
                f.endedAtMs = e.atMs;
                f.endedByKind = e.actorKind;
                f.endedById = e.actorId;
                f.endReason = e.reason;
            }
        }
        // Every transition writes an event; an attempt without any (a record
        // this function cannot read) is taken as sent: never "not charged" by default.
        f.sent = f.sent || sentTo.contains(a.id) || (!anyEvent && a.state != AttemptState::Starting);
        for (const RaceLoss &r : raceLosses)
            if (r.attemptId == a.id) {
                f.raceLoss = true;
                f.winnerAttemptId = r.winnerAttemptId;
            }
        if (stillWorkingSinceMs.contains(a.id))
            f.stillWorkingSinceMs = stillWorkingSinceMs.value(a.id);
        AttemptCharge c = chargeOf(a, f);
        if (f.winnerAttemptId && numberOf.contains(*f.winnerAttemptId))
            c.lostToAttemptNo = numberOf.value(*f.winnerAttemptId);
        account.attempts.append(c);
    }
    return account;
}

QString chargeEvidenceText(const AttemptCharge &c)
{
    QString what;
    const bool stillWorking = c.stillWorkingSinceMs.has_value();
    switch (c.evidence) {
    case ChargeEvidence::Won: what = ChargeWords::tr("its result won"); break;
    case ChargeEvidence::LostRace:
        what = c.lostToAttemptNo ? ChargeWords::tr("its result came back after #%1 had won and was discarded").arg(*c.lostToAttemptNo)
                                 : ChargeWords::tr("its result came back too late and was discarded");
        break;
    case ChargeEvidence::ResultAfterCancel: what = ChargeWords::tr("its result came back after it was cancelled and was discarded"); break;
    case ChargeEvidence::InvalidOutput: what = ChargeWords::tr("its result came back but broke the route's contract"); break;
    case ChargeEvidence::AwaitingAnswer:
        what = stillWorking ? ChargeWords::tr("sent, and the provider says it is still working on it") : ChargeWords::tr("sent, no answer yet");
        break;
    case ChargeEvidence::OutcomeUnknown:
        what = stillWorking ? ChargeWords::tr("outcome unknown while the provider says it is still working on it")
                            : ChargeWords::tr("sent, then its outcome became unknown");
        break;
    case ChargeEvidence::CancelledAfterSend:
        what = stillWorking ? ChargeWords::tr("cancelled while the provider said it was still working")
                            : ChargeWords::tr("cancelled after it was sent, with no answer");
        break;
    case ChargeEvidence::FailedWhileStillWorking: what = ChargeWords::tr("failed, but the provider said it was still working on it"); break;
    case ChargeEvidence::NotSentYet: what = ChargeWords::tr("not sent yet"); break;
    case ChargeEvidence::NeverSent: what = ChargeWords::tr("never sent"); break;
    case ChargeEvidence::CancelledBeforeSend: what = ChargeWords::tr("cancelled before it was sent"); break;
    case ChargeEvidence::RefusedBeforeWork: what = ChargeWords::tr("ended with nothing done"); break;
    case ChargeEvidence::NeverProcessed: what = ChargeWords::tr("the provider said it never processed it"); break;
    }
    return ChargeWords::tr("#%1 on %2, %3").arg(QString::number(c.attemptNo), c.provider, what);
}

QString ChargeAccount::summary() const
{
    const int charged = this->charged();
    const int possibly = possiblyCharged();
    auto list = [this](Charge which) {
        QStringList parts;
        for (const AttemptCharge &a : attempts)
            if (a.charge == which)
                parts.append(chargeEvidenceText(a));
        return parts.join(QStringLiteral("; "));
    };
    if (attempts.isEmpty())
        return ChargeWords::tr("Nothing charged: no request was sent to a provider.");
    if (charged == 0 && possibly == 0)
        return ChargeWords::tr("Nothing charged: %n request(s), none of which a provider worked on.", nullptr, int(attempts.size()));
    if (chargedOnce())
        return ChargeWords::tr("Charged once: %1.").arg(list(Charge::Charged));
    QString s;
    if (charged == 0)
        s = ChargeWords::tr("No result charged");
    else if (charged == 1)
        s = ChargeWords::tr("%n result(s) charged", nullptr, charged);
    else
        s = ChargeWords::tr("%n result(s) charged (%1)", nullptr, charged).arg(list(Charge::Charged));
    if (possibly > 0)
        s += (charged == 0 ? ChargeWords::tr("; %n request(s) possibly charged: %1", nullptr, possibly)
                           : ChargeWords::tr("; %n more request(s) possibly charged: %1", nullptr, possibly))
                 .arg(list(Charge::PossiblyCharged));
    return s + u'.';
}

} // namespace jobdesk
