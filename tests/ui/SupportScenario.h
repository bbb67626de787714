#pragma once

// The scripted scenario the support views' tests share, through JobService:
// a customer double-clicks (a replay from the same browser), retries from a
// script (another replay, another client), then reuses the key with another
// payload (a conflict). The job's first attempt times out (unknown) and alice
// cancels it; the dispatcher's next attempt is hedged, the hedge wins and the
// other attempt loses the race.

#include "StoreFixture.h"

#include <QJsonObject>

namespace jobdesk::test {

struct SupportScenario
{
    Job job;
    SubmitResult replay1;
    SubmitResult replay2;
    SubmitResult conflict;
    Attempt timedOut; // #1 primary: unknown, then cancelled by alice
    Attempt loser;    // #2 fallback: finished second, lost the race
    Attempt winner;   // #3 spare (hedge): won
    QString cancelReason = QStringLiteral("provider confirmed no charge");
};

inline QJsonObject clientMeta(const QString &ip, const QString &agent)
{
    return QJsonObject{{QStringLiteral("ip"), ip}, {QStringLiteral("user_agent"), agent}};
}

inline SupportScenario runSupportScenario(JobService &svc, const QString &key = QStringLiteral("click-1f2e"),
                                          const QString &owner = QStringLiteral("u-7"))
{
    const Actor worker = Actor::worker(QStringLiteral("w1"));
    SupportScenario s;
    SubmitRequest first = makeSubmit(key, {{QStringLiteral("prompt"), QStringLiteral("the quarterly figures")}}, 2);
    first.ownerId = owner;
    first.clientMeta = clientMeta(QStringLiteral("203.0.113.9"), QStringLiteral("Firefox/128"));
    const SubmitResult created = svc.submit(first);
    if (created.outcome != SubmitResult::Outcome::Created)
        throw std::runtime_error("scenario: the first request did not create the job");
    s.job = created.job;
    s.replay1 = svc.submit(first); // the double click
    SubmitRequest script = first;
    script.clientMeta = clientMeta(QStringLiteral("198.51.100.7"), QStringLiteral("curl/8.1"));
    s.replay2 = svc.submit(script);
    SubmitRequest other = script;
    other.input = QJsonObject{{QStringLiteral("prompt"), QStringLiteral("the annual figures")}};
    s.conflict = svc.submit(other);

    s.timedOut = startRunning(svc, s.job.id, QStringLiteral("primary"));
    svc.markUnknown(s.timedOut.id, worker, QStringLiteral("deadline passed after 30000 ms"));
    OperatorRequest cancel = operatorRequest(s.cancelReason);
    svc.cancelAttempt(s.timedOut.id, cancel);
    s.loser = startRunning(svc, s.job.id, QStringLiteral("fallback"));
    s.winner = startRunning(svc, s.job.id, QStringLiteral("spare"), AttemptKind::Hedge);
    svc.complete(s.winner.id, R"({"summary":"by the hedge"})", worker);
    svc.complete(s.loser.id, R"({"summary":"too late"})", worker);
    s.job = *svc.job(s.job.id);
    return s;
}

// The charge the issue's support engineer understated: the customer clicks
// twice (one replay); #1 on "stuck" times out, its provider says it is still
// working on it, an operator cancels it (possibly charged); #2 on "fast" wins.
struct StillWorkingScenario
{
    Job job;
    Attempt stuck;
    Attempt fast;
};

inline StillWorkingScenario runStillWorkingScenario(JobService &svc, const QString &key = QStringLiteral("order-1042"))
{
    const Actor worker = Actor::worker(QStringLiteral("w1"));
    StillWorkingScenario s;
    SubmitRequest click = makeSubmit(key, {{QStringLiteral("prompt"), QStringLiteral("order 1042")}});
    click.ownerId = QStringLiteral("u-42");
    click.clientMeta = clientMeta(QStringLiteral("203.0.113.55"), QStringLiteral("Firefox/128"));
    s.job = svc.submit(click).job;
    svc.submit(click); // the second click: a replay
    s.stuck = startRunning(svc, s.job.id, QStringLiteral("stuck"));
    svc.markUnknown(s.stuck.id, worker, QStringLiteral("deadline passed after 30000 ms"));
    svc.recordLookup(s.stuck.id, svc.nowMs(), LookupAnswer::InProgress, QStringLiteral("the provider is still working on the request"));
    svc.cancelAttempt(s.stuck.id, operatorRequest(QStringLiteral("stuck for 10 minutes")));
    s.fast = startRunning(svc, s.job.id, QStringLiteral("fast"));
    svc.complete(s.fast.id, R"({"summary":"done"})", worker);
    s.job = *svc.job(s.job.id);
    return s;
}

} // namespace jobdesk::test
