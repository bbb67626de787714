#include "ActionGuards.h"

#include "Format.h"

#include <QCoreApplication>
#include <QStringList>

namespace jobdesk::ui {

namespace {

// lupdate files these tr() calls under the enclosing namespace's context, so the
// lookup uses the same one (another context would never find the translations).
QString tr(const char *s)
{
    return QCoreApplication::translate("jobdesk::ui", s);
}

QString tr(const char *s, int n)
{
    return QCoreApplication::translate("jobdesk::ui", s, nullptr, n);
}

QString tr(const char *s, const char *comment, int n) // %n: the plural form of n
{
    return QCoreApplication::translate("jobdesk::ui", s, comment, n);
}

int automaticAttemptsUsed(const JobDetail &d)
{
    int n = 0;
    for (const Attempt &a : d.attempts)
        if (a.kind != AttemptKind::Retry)
            ++n;
    return n;
}

} // namespace

RetryPreview previewRetry(const JobDetail &d)
{
    RetryPreview p;
    int maxNo = 0;
    for (const Attempt &a : d.attempts)
        maxNo = std::max(maxNo, a.attemptNo);
    p.nextAttemptNo = maxNo + 1;

    QStringList unknown;
    for (const Attempt &a : d.attempts) {
        if (a.state == AttemptState::Unknown) {
            unknown.append(tr("#%1 (attempt %2 on %3)").arg(a.attemptNo).arg(a.id).arg(a.provider));
            p.blockingAttempts.append(a.id);
        }
    }
    if (!unknown.isEmpty()) {
        p.why = tr("Retry is blocked by %1: UNKNOWN. Learn its outcome from the provider or cancel it first; "
                   "a retry now could run the intent twice.", static_cast<int>(unknown.size()))
                    .arg(unknown.join(QStringLiteral(", ")));
        return p;
    }
    if (d.job.completedBy) {
        for (const Attempt &a : d.attempts)
            if (a.id == *d.job.completedBy)
                p.why = tr("The job already has a winner (#%1): there is nothing to retry.").arg(a.attemptNo);
        p.blockingAttempts.append(*d.job.completedBy);
        return p;
    }
    if (d.job.state == JobState::Cancelled) {
        p.why = tr("The job is cancelled: there is nothing to retry.");
        return p;
    }
    for (const Attempt &a : d.attempts) {
        if (a.state == AttemptState::Starting) {
            p.why = tr("Attempt #%1 (attempt %2 on %3) is still starting.").arg(a.attemptNo).arg(a.id).arg(a.provider);
            p.blockingAttempts.append(a.id);
            return p;
        }
    }
    QStringList open;
    QList<qint64> openIds;
    for (const Attempt &a : d.attempts) {
        if (isOpen(a.state)) {
            open.append(tr("#%1 (%2 on %3)").arg(a.attemptNo).arg(Format::attemptState(a.state), a.provider));
            openIds.append(a.id);
        }
    }
    if (open.size() >= d.job.maxParallel) {
        p.why = tr("%1 still open; this job allows %n open attempt(s) at a time.", nullptr, d.job.maxParallel)
                    .arg(open.join(QStringLiteral(", ")));
        p.blockingAttempts = openIds;
        return p;
    }
    p.allowed = true;
    p.why = tr("A retry starts attempt #%1 on the provider you choose. It is audited, and it may go beyond the "
               "automatic budget (%2 of %3 automatic attempts used).")
                .arg(p.nextAttemptNo)
                .arg(automaticAttemptsUsed(d))
                .arg(d.job.maxAttempts);
    return p;
}

QList<Attempt> cancellableAttempts(const JobDetail &d)
{
    QList<Attempt> out;
    for (const Attempt &a : d.attempts)
        if (isOpen(a.state))
            out.append(a);
    return out;
}

std::optional<Attempt> attemptToCancel(const JobDetail &d)
{
    const QList<Attempt> open = cancellableAttempts(d);
    if (!d.job.completedBy)
        for (const Attempt &a : open)
            if (a.state == AttemptState::Unknown)
                return a;
    if (open.isEmpty())
        return std::nullopt;
    return open.first();
}

namespace {
// As the dispatcher chooses (Dispatcher::nextProvider, by chainPositionAfter):
// a provider later in the chain that is proven, or needs no proof.
bool aProvenProviderIsLeft(const JobDetail &d, const QList<ProviderChoice> &providers)
{
    QStringList chain;
    for (const ProviderChoice &c : providers)
        if (c.chainIndex >= 0) {
            if (chain.size() <= c.chainIndex)
                chain.resize(c.chainIndex + 1);
            chain[c.chainIndex] = c.name;
        }
    const ChainPosition pos = chainPositionAfter(d.attempts, chain);
    for (const ProviderChoice &c : providers)
        if (c.chainIndex >= pos.next && (c.proven || !pos.needsProof(c.chainIndex, AttemptKind::Automatic)))
            return true;
    return false;
}
} // namespace

QString cancelAttemptConsequence(const JobDetail &d, const Attempt &a, const QList<ProviderChoice> *providers)
{
    QStringList lines;
    // First, what the provider itself last said: a request it is still working
    // on is most likely run and billed, whatever JobDesk records.
    // (Since it first said so: a failed lookup after it does not take it back.)
    if (const auto since = d.inProgressSinceMs.constFind(a.id); a.state != AttemptState::Starting && since != d.inProgressSinceMs.cend()) {
        lines.append(tr("%1 said at %2 that it is still working on this request: it is most likely being run, and "
                        "billed.")
                         .arg(a.provider, Format::time(*since)));
    }
    if (d.job.completedBy) {
        lines.append(tr("Job %1 already has a winner, so nothing waits for this attempt: cancelling records that "
                        "it is over.")
                         .arg(d.job.id));
    } else {
        int otherOpen = 0;
        for (const Attempt &o : d.attempts)
            if (o.id != a.id && isOpen(o.state))
                ++otherOpen;
        if (a.state == AttemptState::Unknown)
            lines.append(tr("Attempt #%1 stops blocking job %2.").arg(a.attemptNo).arg(d.job.id));
        if (otherOpen > 0) {
            lines.append(tr("The job keeps waiting for its other open attempt(s)."));
        } else if (automaticAttemptsUsed(d) >= d.job.maxAttempts) {
            lines.append(tr("The job goes back to the queue, but its automatic budget (%n attempt(s)) is spent: the "
                            "dispatcher will fail it unless you retry it yourself.", nullptr, d.job.maxAttempts));
        } else if (providers && !aProvenProviderIsLeft(d, *providers)) {
            lines.append(tr("The job goes back to the queue, but no proven provider is left in the chain of route %1: "
                            "the dispatcher will fail it unless you retry it yourself (or validate a provider first).")
                             .arg(d.job.route));
        } else {
            lines.append(tr("The job goes back to the queue and the dispatcher starts the next attempt on the next "
                            "proven provider."));
        }
    }
    if (a.state == AttemptState::Starting) {
        lines.append(tr("The request has not been sent yet; it will not be sent."));
    } else {
        lines.append(tr("If %1 still delivers a result for this attempt, it is discarded and shown as a race loss; "
                        "it never overwrites anything.")
                         .arg(a.provider));
        if (!d.job.completedBy) // what the operator pays for: a run that counts for nothing, and the next one
            lines.append(tr("If %1 did run it, that run may be billed all the same, and the job's next attempt is a "
                            "second charge.")
                             .arg(a.provider));
    }
    return lines.join(u' ');
}

bool canCancelJob(const JobDetail &d, QString *why)
{
    if (d.job.state == JobState::Succeeded) {
        if (why)
            *why = tr("The job has a winner; it cannot be cancelled.");
        return false;
    }
    if (d.job.state == JobState::Cancelled) {
        if (why)
            *why = tr("The job is already cancelled.");
        return false;
    }
    return true;
}

QString cancelJobConsequence(const JobDetail &d)
{
    const QList<Attempt> open = cancellableAttempts(d);
    QString s = tr("Job %1 ends as cancelled; this cannot be undone and no further attempt will start.").arg(d.job.id);
    if (!open.isEmpty()) {
        QStringList names;
        QStringList sent; // those whose request may have reached their provider
        for (const Attempt &a : open) {
            names.append(tr("#%1").arg(a.attemptNo));
            if (a.state != AttemptState::Starting)
                sent.append(tr("#%1 on %2").arg(a.attemptNo).arg(a.provider));
        }
        s += u' '
             + tr("Its open attempt(s) %1 are cancelled with it; a late result from any of them is discarded and shown "
                  "as a race loss.", nullptr, int(open.size()))
                   .arg(names.join(QStringLiteral(", ")));
        // What the customer pays for, as the attempt's cancel says it.
        if (!sent.isEmpty())
            s += u' '
                 + tr("%1 may already be running at the provider: such a run may be billed all the same, with no result "
                      "for the job.", nullptr, int(sent.size()))
                       .arg(sent.join(QStringLiteral(", ")));
    }
    return s;
}

} // namespace jobdesk::ui
