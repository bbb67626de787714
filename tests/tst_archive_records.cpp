// An archived job read back (core/service/ArchiveRecords.h) is the JobDetail
// the live store gave before retention removed it, on both stores: its job,
// attempts, events, race losses, key history and audit, its charge account
// and (with the console's library) its incident report, word for word.

#include "ArchiveStories.h"
#include "StoreFixture.h"

#include "service/ArchiveRecords.h"
#include "service/Retention.h"

#ifdef JOBDESK_TEST_REPORT
#include "support/IncidentReport.h"
#endif

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

QJsonValue opt(const std::optional<qint64> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

// Every field of a JobDetail, so two compare field by field and a failure names the field.
QJsonObject jobJson(const Job &j)
{
    return {{QStringLiteral("id"), j.id}, {QStringLiteral("owner"), j.ownerId}, {QStringLiteral("key"), j.idempotencyKey},
            {QStringLiteral("fingerprint"), j.fingerprint}, {QStringLiteral("route"), j.route}, {QStringLiteral("input"), j.input},
            {QStringLiteral("state"), toText(j.state)}, {QStringLiteral("version"), j.version},
            {QStringLiteral("change_seq"), j.changeSeq}, {QStringLiteral("max_parallel"), j.maxParallel},
            {QStringLiteral("max_attempts"), j.maxAttempts}, {QStringLiteral("completed_by"), opt(j.completedBy)},
            {QStringLiteral("result"), QString::fromUtf8(j.result)}, {QStringLiteral("client_meta"), j.clientMeta},
            {QStringLiteral("created"), j.createdAtMs}, {QStringLiteral("updated"), j.updatedAtMs},
            {QStringLiteral("state_reason"), j.stateReason}};
}

QJsonArray attemptsJson(const JobDetail &d)
{
    QJsonArray out;
    for (const Attempt &a : d.attempts)
        out.append(QJsonObject{{QStringLiteral("id"), a.id}, {QStringLiteral("job"), a.jobId}, {QStringLiteral("no"), a.attemptNo},
                               {QStringLiteral("provider"), a.provider}, {QStringLiteral("state"), toText(a.state)},
                               {QStringLiteral("kind"), toText(a.kind)}, {QStringLiteral("read_version"), a.readVersion},
                               {QStringLiteral("worker"), a.workerId}, {QStringLiteral("lease"), opt(a.leaseExpiresAtMs)},
                               {QStringLiteral("deadline"), opt(a.deadlineAtMs)}, {QStringLiteral("created"), a.createdAtMs},
                               {QStringLiteral("updated"), a.updatedAtMs}, {QStringLiteral("change_seq"), a.changeSeq},
                               {QStringLiteral("digest"), a.resultDigest}, {QStringLiteral("reason"), a.lastReason},
                               {QStringLiteral("provider_key"), a.providerKey}, {QStringLiteral("lookup"), opt(a.lastLookupAtMs)},
                               {QStringLiteral("sent_to"), d.sentTo.value(a.id)},
                               {QStringLiteral("in_progress_since"), opt(d.inProgressSinceMs.contains(a.id)
                                                                             ? std::optional(d.inProgressSinceMs.value(a.id))
                                                                             : std::nullopt)}});
    return out;
}

QJsonArray eventsJson(const QList<AttemptEvent> &events)
{
    QJsonArray out;
    for (const AttemptEvent &e : events)
        out.append(QJsonObject{{QStringLiteral("id"), e.id}, {QStringLiteral("attempt"), e.attemptId}, {QStringLiteral("job"), e.jobId},
                               {QStringLiteral("from"), e.fromState ? toText(*e.fromState) : QString()},
                               {QStringLiteral("to"), toText(e.toState)}, {QStringLiteral("by"), QString(e.actorKind + u':' + e.actorId)},
                               {QStringLiteral("reason"), e.reason}, {QStringLiteral("at"), e.atMs}});
    return out;
}

QJsonArray raceLossesJson(const QList<RaceLoss> &losses)
{
    QJsonArray out;
    for (const RaceLoss &l : losses)
        out.append(QJsonObject{{QStringLiteral("id"), l.id}, {QStringLiteral("attempt"), l.attemptId}, {QStringLiteral("job"), l.jobId},
                               {QStringLiteral("expected"), l.expectedVersion}, {QStringLiteral("found"), l.foundVersion},
                               {QStringLiteral("winner"), opt(l.winnerAttemptId)}, {QStringLiteral("digest"), l.payloadDigest},
                               {QStringLiteral("at"), l.atMs}});
    return out;
}

QJsonArray keyHistoryJson(const QList<IdempotencyEvent> &events)
{
    QJsonArray out;
    for (const IdempotencyEvent &e : events)
        out.append(QJsonObject{{QStringLiteral("id"), e.id},
                               {QStringLiteral("kind"), e.kind == IdempotencyEvent::Kind::Conflict ? QStringLiteral("conflict") : QStringLiteral("replayed")},
                               {QStringLiteral("owner"), e.ownerId}, {QStringLiteral("key"), e.idempotencyKey},
                               {QStringLiteral("job"), e.jobId}, {QStringLiteral("fingerprint"), e.fingerprint},
                               {QStringLiteral("existing"), e.existingFingerprint}, {QStringLiteral("rejected"), e.rejectedIntent},
                               {QStringLiteral("client_meta"), e.clientMeta}, {QStringLiteral("at"), e.atMs}});
    return out;
}

QJsonArray auditJson(const QList<AuditEntry> &audit)
{
    QJsonArray out;
    for (const AuditEntry &a : audit)
        out.append(QJsonObject{{QStringLiteral("id"), a.id}, {QStringLiteral("request"), a.requestId}, {QStringLiteral("action"), a.action},
                               {QStringLiteral("by"), QString(a.actorKind + u':' + a.actorId + u':' + a.actorRole)},
                               {QStringLiteral("job"), opt(a.jobId)}, {QStringLiteral("attempt"), opt(a.attemptId)},
                               {QStringLiteral("reason"), a.reason}, {QStringLiteral("response"), a.response},
                               {QStringLiteral("at"), a.atMs}, {QStringLiteral("db_user"), a.databaseUser}});
    return out;
}

QJsonArray chargesJson(const ChargeAccount &c)
{
    QJsonArray out;
    for (const AttemptCharge &a : c.attempts)
        out.append(QJsonObject{{QStringLiteral("attempt"), a.attemptId}, {QStringLiteral("charge"), toText(a.charge)},
                               {QStringLiteral("evidence"), toText(a.evidence)}, {QStringLiteral("text"), chargeEvidenceText(a)}});
    return out;
}

QString text(const QJsonValue &v)
{
    return QString::fromUtf8(v.isArray() ? QJsonDocument(v.toArray()).toJson() : QJsonDocument(v.toObject()).toJson());
}

#define COMPARE_JSON(actual, expected) QCOMPARE(text(actual), text(expected))

RetentionArchive archiveOf(const ArchiveStories &stories)
{
    return openRetentionArchive(stories.archive);
}

const JobDetail *find(const RetentionArchive &archive, qint64 jobId)
{
    for (const JobDetail &d : archive.jobs)
        if (d.job.id == jobId)
            return &d;
    return nullptr;
}

} // namespace

class TestArchiveRecords : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    void anArchivedJobReadsBackAsTheDetailTheLiveStoreGave()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        for (qint64 id : stories.jobIds)
            QVERIFY(!svc->job(id)); // removed: only the archive holds them
        const RetentionArchive archive = archiveOf(stories);
        QCOMPARE(archive.jobs.size(), stories.jobIds.size());
        QVERIFY(archive.dialect == (store->isPostgres() ? ArchiveDialect::Postgres : ArchiveDialect::Sqlite));
        for (qint64 id : stories.jobIds) {
            const JobDetail &live = stories.before.value(id);
            const JobDetail *archived = find(archive, id);
            QVERIFY2(archived, qPrintable(QStringLiteral("job %1 is not in the archive").arg(id)));
            COMPARE_JSON(jobJson(archived->job), jobJson(live.job));
            COMPARE_JSON(attemptsJson(*archived), attemptsJson(live));
            COMPARE_JSON(eventsJson(archived->events), eventsJson(live.events));
            COMPARE_JSON(raceLossesJson(archived->raceLosses), raceLossesJson(live.raceLosses));
            COMPARE_JSON(keyHistoryJson(archived->keyHistory), keyHistoryJson(live.keyHistory));
            COMPARE_JSON(auditJson(archived->audit), auditJson(live.audit));
        }
        // The stories hold what the readers must carry: not empty lists compared equal.
        const JobDetail &clicked = stories.before.value(stories.jobIds.at(0));
        QCOMPARE(clicked.keyHistory.size(), 2);
        QVERIFY(!clicked.keyHistory.last().rejectedIntent.isEmpty());
        const JobDetail &stuck = stories.before.value(stories.jobIds.at(1));
        QCOMPARE(stuck.attempts.size(), 2);
        QCOMPARE(stuck.audit.size(), 2);
        QCOMPARE(stuck.inProgressSinceMs.size(), 1);
        QCOMPARE(stories.before.value(stories.jobIds.at(2)).raceLosses.size(), 1);
        QCOMPARE(stories.before.value(stories.jobIds.at(3)).job.state, JobState::Cancelled);
    }

    void theChargeAccountOfAnArchivedJobIsTheLiveOne()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        const RetentionArchive archive = archiveOf(stories);
        for (qint64 id : stories.jobIds) {
            const ChargeAccount live = stories.before.value(id).charges();
            const ChargeAccount archived = find(archive, id)->charges();
            QCOMPARE(archived.summary(), live.summary());
            COMPARE_JSON(chargesJson(archived), chargesJson(live));
        }
        // The retried job: its first attempt may have been charged, and the account says so.
        const ChargeAccount stuck = find(archive, stories.jobIds.at(1))->charges();
        QCOMPARE(stuck.charged(), 1);
        QCOMPARE(stuck.possiblyCharged(), 1);
        QVERIFY(!stuck.chargedOnce());
        QCOMPARE(find(archive, stories.jobIds.at(0))->charges().chargedOnce(), true);
    }

    void theIncidentReportOfAnArchivedJobIsTheLiveOnesWordForWord()
    {
#ifndef JOBDESK_TEST_REPORT
        QSKIP("the incident report is the console's: built without it");
#else
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        const RetentionArchive archive = archiveOf(stories);
        const qint64 generatedAt = QDateTime::currentMSecsSinceEpoch();
        for (qint64 id : stories.jobIds) {
            const QString live = ui::IncidentReport::markdown(stories.before.value(id), generatedAt);
            QCOMPARE(ui::IncidentReport::markdown(*find(archive, id), generatedAt), live);
        }
        QVERIFY(ui::IncidentReport::markdown(*find(archive, stories.jobIds.at(0)), generatedAt).contains(u"order-1001"));
#endif
    }

    void theHeaderNamesTheRunAndItsCutoff()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        const RetentionArchive archive = archiveOf(stories);
        const SqlRow run = svc->session()
                               .exec(QStringLiteral("SELECT id, cutoff_ms FROM retention_runs ORDER BY id DESC LIMIT 1"))
                               .first();
        QCOMPARE(archive.run, run.at(0).toLongLong());
        QCOMPARE(archive.cutoffMs, run.at(1).toLongLong());
        QCOMPARE(archive.path, stories.archive);
    }

    void aResultKeepsItsExactTextThroughTheArchive()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const QByteArray exact = R"({"z": 1, "a": [1.50, 2]})"; // key order, spaces and 1.50 as completed
        const Job job = submitJob(*svc, QStringLiteral("exact"));
        svc->complete(startRunning(*svc, job.id).id, exact, Actor::worker(QStringLiteral("w1")));
        QCOMPARE(svc->job(job.id)->result, exact);
        startRunning(*svc, submitJob(*svc, QStringLiteral("newest-open")).id);
        RetentionPolicy policy;
        policy.archiveDir = dir.path();
        policy.nowMs = QDateTime::currentMSecsSinceEpoch() + 31LL * 86400000;
        const RetentionReport r = Retention(*svc).run(policy, QStringLiteral("test"));
        QCOMPARE(r.removed, 1);
        const RetentionArchive archive = openRetentionArchive(r.archives.first());
        QCOMPARE(archive.jobs.first().job.result, exact);
    }

    void anAlteredArchiveIsRefused()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        auto svc = store->open();
        const ArchiveStories stories = makeArchiveStories(*svc, dir.path());
        QFile f(stories.archive);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(f.size() / 2);
        const char flipped = ~f.peek(1).at(0);
        f.write(&flipped, 1);
        f.close();
        JD_VERIFY_THROWS_CODE(openRetentionArchive(stories.archive), JobDeskError::Code::InvalidArgument);
        JD_VERIFY_THROWS_CODE(openRetentionArchive(dir.filePath(QStringLiteral("missing.jsonl.gz"))), JobDeskError::Code::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestArchiveRecords)
#include "tst_archive_records.moc"
