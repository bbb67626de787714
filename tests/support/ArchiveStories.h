#pragma once

// Decided jobs with whole stories (replays and a conflict, an unknown attempt
// the provider said it was still working on, an operator's cancel and retry,
// a hedge that won and a loser's race loss, a cancelled job), then retention
// run over them into a folder: what the archive readers are tested on.

#include "StoreFixture.h"

#include "service/Retention.h"

#include <QDateTime>
#include <QDir>

#include <stdexcept>

namespace jobdesk::test {

struct ArchiveStories
{
    QList<qint64> jobIds;            // the decided jobs, oldest first
    QHash<qint64, JobDetail> before; // each as jobDetail read it before the removal
    QString archive;                 // the file retention wrote
};

inline ArchiveStories makeArchiveStories(JobService &svc, const QString &archiveDir)
{
    const Actor worker = Actor::worker(QStringLiteral("w1"));
    ArchiveStories out;
    auto won = [&](const Attempt &a, const QByteArray &result) {
        if (svc.complete(a.id, result, worker).outcome != CompleteResult::Outcome::Won)
            throw std::runtime_error("the story's attempt did not win");
    };
    auto running = [&](qint64 jobId, const QString &provider, AttemptKind kind = AttemptKind::Automatic) {
        const StartAttemptRequest req = makeStartRequest(jobId, provider, kind);
        const StartAttemptResult r = claimAndStart(svc, req);
        if (!r.started)
            throw std::runtime_error("start refused: " + r.refusal.message.toStdString());
        return svc.markRunning(r.attempt.id, req.actor, std::nullopt, 30000,
                               QStringLiteral("https://%1.example/v1").arg(provider));
    };

    // A double click and a reused key: one job, a replay and a conflict.
    SubmitRequest click = makeSubmit(QStringLiteral("order-1001"), {{QStringLiteral("prompt"), QStringLiteral("summarise")}});
    click.ownerId = QStringLiteral("acme");
    click.clientMeta = {{QStringLiteral("client"), QStringLiteral("web")}, {QStringLiteral("ip"), QStringLiteral("10.0.0.7")}};
    const Job clicked = svc.submit(click).job;
    svc.submit(click);
    SubmitRequest other = click;
    other.input = {{QStringLiteral("prompt"), QStringLiteral("translate")}};
    svc.submit(other);
    won(running(clicked.id, QStringLiteral("primary")), R"({"answer":"ok","tokens":12})");
    out.jobIds << clicked.id;

    // Unknown, "still working", cancelled by an operator, then retried: one charged, one possibly.
    SubmitRequest stuck = makeSubmit(QStringLiteral("order-1002"), {{QStringLiteral("prompt"), QStringLiteral("classify")}});
    stuck.ownerId = QStringLiteral("acme");
    const Job stuckJob = svc.submit(stuck).job;
    const Attempt first = running(stuckJob.id, QStringLiteral("primary"));
    svc.markUnknown(first.id, worker, QStringLiteral("deadline passed after 30000 ms"));
    svc.recordLookup(first.id, svc.nowMs(), LookupAnswer::InProgress, QStringLiteral("still working"));
    svc.cancelAttempt(first.id, operatorRequest(QStringLiteral("provider support says it is stuck")));
    const RetryResult retry = svc.retry(stuckJob.id, QStringLiteral("spare"), operatorRequest(QStringLiteral("the customer waits")));
    if (!retry.start.started)
        throw std::runtime_error("retry refused: " + retry.start.refusal.message.toStdString());
    won(svc.markRunning(retry.start.attempt.id, worker, std::nullopt, 30000, QStringLiteral("https://spare.example/v1")),
        R"({"label":"invoice"})");
    out.jobIds << stuckJob.id;

    // A hedge wins; the first attempt's late result is a race loss.
    SubmitRequest hedged = makeSubmit(QStringLiteral("batch-7"), {{QStringLiteral("prompt"), QStringLiteral("draft")}}, 2);
    hedged.ownerId = QStringLiteral("globex");
    const Job hedgedJob = svc.submit(hedged).job;
    const Attempt slow = running(hedgedJob.id, QStringLiteral("primary"));
    const Attempt hedge = running(hedgedJob.id, QStringLiteral("spare"), AttemptKind::Hedge);
    won(hedge, R"({"text":"fast"})");
    svc.complete(slow.id, R"({"text":"slow"})", worker);
    out.jobIds << hedgedJob.id;

    // Cancelled by an operator while its attempt ran.
    SubmitRequest cancelled = makeSubmit(QStringLiteral("batch-8"), {{QStringLiteral("prompt"), QStringLiteral("stop me")}});
    cancelled.ownerId = QStringLiteral("globex");
    const Job cancelledJob = svc.submit(cancelled).job;
    running(cancelledJob.id, QStringLiteral("primary"));
    svc.cancelJob(cancelledJob.id, operatorRequest(QStringLiteral("the customer withdrew it")));
    out.jobIds << cancelledJob.id;

    for (qint64 id : std::as_const(out.jobIds))
        out.before.insert(id, svc.jobDetail(id));

    // On SQLite the job and attempt with the highest ids stay: a newer open job holds them.
    const Job newest = submitJob(svc, QStringLiteral("newest-open"));
    running(newest.id, QStringLiteral("primary"));

    RetentionPolicy policy;
    policy.archiveDir = archiveDir;
    policy.nowMs = QDateTime::currentMSecsSinceEpoch() + 31LL * 86400000;
    const RetentionReport report = Retention(svc).run(policy, QStringLiteral("test"));
    if (report.removed != out.jobIds.size() || report.archives.size() != 1)
        throw std::runtime_error("retention did not archive and remove the stories");
    out.archive = report.archives.first();
    return out;
}

} // namespace jobdesk::test
