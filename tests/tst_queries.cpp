// The queries the console and the API read: filters, keyset pagination, the
// unknown-attempts worklist, counts by state, and "what changed since N".

#include "StoreFixture.h"

#include <QHash>
#include <QSet>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

class TestQueries : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void keysetPaginationVisitsEveryJobOnce()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        for (int i = 0; i < 25; ++i)
            submitJob(*svc, QStringLiteral("p-%1").arg(i));
        QSet<qint64> seen;
        std::optional<qint64> cursor;
        int pages = 0;
        qint64 previous = std::numeric_limits<qint64>::max();
        do {
            const JobPage page = svc->jobs(JobFilter{}, cursor, 10);
            for (const Job &j : page.jobs) {
                QVERIFY(j.id < previous); // newest first, strictly
                previous = j.id;
                QVERIFY(!seen.contains(j.id));
                seen.insert(j.id);
            }
            cursor = page.nextCursor;
            ++pages;
        } while (cursor && pages < 10);
        QCOMPARE(pages, 3);
        QCOMPARE(seen.size(), 25);
        JD_VERIFY_THROWS_CODE(svc->jobs(JobFilter{}, std::nullopt, 0), JobDeskError::Code::InvalidArgument);
    }

    // "click-f369" finds click-f369 and click-f3690x, never CLICK-f369 or clickf369,
    // and a LIKE wildcard in a prefix is a plain character.
    void aKeyPrefixFindsEveryKeyThatStartsWithItAndNoOther()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QHash<QString, qint64> id;
        for (const char *k : {"click-f369", "click-f3690x", "click-f369%", "click-f36", "click-g", "CLICK-f369", "clickf369",
                              "a_b", "axb", "~~", "~~a", "~}"})
            id.insert(QString::fromUtf8(k), submitJob(*svc, QString::fromUtf8(k)).id);
        auto keys = [&](const QString &prefix, JobState state = JobState::Queued, bool anyState = true) {
            JobFilter f;
            f.keyPrefix = prefix;
            if (!anyState)
                f.states = {state};
            QStringList out;
            for (const Job &j : svc->jobs(f, std::nullopt, 100).jobs)
                out.append(j.idempotencyKey);
            out.sort();
            return out;
        };
        QCOMPARE(keys(QStringLiteral("click-f369")),
                 (QStringList{QStringLiteral("click-f369"), QStringLiteral("click-f369%"), QStringLiteral("click-f3690x")}));
        QCOMPARE(keys(QStringLiteral("click-f36")).size(), 4);
        QCOMPARE(keys(QStringLiteral("a_")), QStringList{QStringLiteral("a_b")});
        QCOMPARE(keys(QStringLiteral("click-f369%")), QStringList{QStringLiteral("click-f369%")});
        QCOMPARE(keys(QStringLiteral("nothing")), QStringList{});
        // The last printable character at the end: its keys, not the ones after it.
        QCOMPARE(keys(QStringLiteral("~~")), (QStringList{QStringLiteral("~~"), QStringLiteral("~~a")}));
        // With the state filter: the same range, then the state.
        QCOMPARE(keys(QStringLiteral("click-f369"), JobState::Blocked, false), QStringList{});
    }

    // At a million jobs the prefix must not read the table: the key's index serves it.
    void aKeyPrefixIsReadThroughTheKeysIndex()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        for (int i = 0; i < 300; ++i)
            submitJob(*svc, QStringLiteral("ix-%1").arg(i, 4, 10, QLatin1Char('0')));
        SqlSession &s = svc->session();
        const QString query = QStringLiteral("SELECT j.id FROM jobs j WHERE j.idempotency_key >= 'ix-012' AND "
                                             "j.idempotency_key < 'ix-013' ORDER BY j.id DESC LIMIT 101");
        QString plan;
        if (store->isPostgres()) {
            // 300 rows fit in a few pages, where a scan is cheaper: say what a big table would.
            s.begin();
            s.exec(QStringLiteral("SET LOCAL enable_seqscan = off"));
            for (const SqlRow &row : s.exec(QStringLiteral("EXPLAIN ") + query))
                plan += row.first().toString() + u'\n';
            s.rollback();
            QVERIFY2(plan.contains(QStringLiteral("using jobs_one_per_intent")) && plan.contains(QStringLiteral("idempotency_key)::text >="))
                         && !plan.contains(QStringLiteral("Seq Scan")),
                     qPrintable(plan));
        } else {
            for (const SqlRow &row : s.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + query))
                plan += row.last().toString() + u'\n';
            QVERIFY2(plan.contains(QStringLiteral("idempotency_key>?")) || plan.contains(QStringLiteral("idempotency_key>? AND")),
                     qPrintable(plan));
        }
    }

    // A sorted list is the store's order over every page (keyset on (value, id)),
    // not one page sorted: each row once, in order, across page boundaries.
    void sortedPagesFollowTheColumnAcrossEveryPage_data()
    {
        QTest::addColumn<int>("sort");
        QTest::addColumn<bool>("ascending");
        QTest::newRow("owner ascending") << int(JobFilter::Sort::Owner) << true;
        QTest::newRow("owner descending") << int(JobFilter::Sort::Owner) << false;
        QTest::newRow("key ascending") << int(JobFilter::Sort::Key) << true;
        QTest::newRow("route descending") << int(JobFilter::Sort::Route) << false;
        QTest::newRow("state ascending") << int(JobFilter::Sort::State) << true;
        QTest::newRow("id ascending") << int(JobFilter::Sort::Id) << true;
    }
    void sortedPagesFollowTheColumnAcrossEveryPage()
    {
        QFETCH(int, sort);
        QFETCH(bool, ascending);
        JD_FRESH_STORE(store);
        auto svc = store->open();
        for (int i = 0; i < 23; ++i) {
            SubmitRequest r = makeSubmit(QStringLiteral("k-%1").arg((i * 7) % 23, 2, 10, QLatin1Char('0')));
            r.ownerId = QStringLiteral("owner-%1").arg(i % 4); // ties: the id decides
            r.route = QStringLiteral("route-%1").arg(i % 3);
            const Job j = svc->submit(r).job;
            if (i % 5 == 0)
                startRunning(*svc, j.id);
        }
        JobFilter f;
        f.sort = static_cast<JobFilter::Sort>(sort);
        f.ascending = ascending;
        auto value = [&](const Job &j) -> QString {
            switch (f.sort) {
            case JobFilter::Sort::Owner: return j.ownerId;
            case JobFilter::Sort::Key: return j.idempotencyKey;
            case JobFilter::Sort::Route: return j.route;
            case JobFilter::Sort::State: return toText(j.state);
            case JobFilter::Sort::Id: break;
            }
            return {};
        };
        QList<Job> all;
        std::optional<JobCursor> after;
        int pages = 0;
        do {
            const JobPage page = svc->jobPage(f, after, 4);
            all.append(page.jobs);
            after = page.next;
            ++pages;
        } while (after && pages < 20);
        QCOMPARE(all.size(), 23);
        QSet<qint64> seen;
        for (int i = 0; i < all.size(); ++i) {
            QVERIFY(!seen.contains(all.at(i).id));
            seen.insert(all.at(i).id);
            if (i == 0)
                continue;
            const auto a = std::pair(value(all.at(i - 1)), all.at(i - 1).id);
            const auto b = std::pair(value(all.at(i)), all.at(i).id);
            QVERIFY2(ascending ? a < b : b < a, qPrintable(QStringLiteral("%1/%2 then %3/%4").arg(a.first).arg(a.second).arg(b.first).arg(b.second)));
        }
        // A sorted page continues only after a value: an id alone is refused, not misread.
        if (f.sort != JobFilter::Sort::Id)
            JD_VERIFY_THROWS_CODE(svc->jobs(f, all.first().id, 4), JobDeskError::Code::InvalidArgument);
    }

    void filtersSelectByStateOwnerKeyRouteAndProvider()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job a = submitJob(*svc, QStringLiteral("f-a"));
        const Job b = submitJob(*svc, QStringLiteral("f-b"));
        SubmitRequest other = makeSubmit(QStringLiteral("f-c"));
        other.ownerId = QStringLiteral("owner-2");
        other.route = QStringLiteral("translate");
        const Job c = svc->submit(other).job;
        const Attempt at = startRunning(*svc, a.id, QStringLiteral("acme"));
        svc->markUnknown(at.id, Actor::worker(QStringLiteral("w")), QStringLiteral("timeout"));

        JobFilter f;
        f.states = {JobState::Blocked};
        QCOMPARE(svc->jobs(f).jobs.size(), 1);
        QCOMPARE(svc->jobs(f).jobs.first().id, a.id);
        f = {};
        f.states = {JobState::Queued, JobState::Blocked};
        QCOMPARE(svc->jobs(f).jobs.size(), 3);
        f = {};
        f.ownerId = QStringLiteral("owner-2");
        QCOMPARE(svc->jobs(f).jobs.first().id, c.id);
        f = {};
        f.idempotencyKey = QStringLiteral("f-b");
        QCOMPARE(svc->jobs(f).jobs.first().id, b.id);
        f = {};
        f.route = QStringLiteral("translate");
        QCOMPARE(svc->jobs(f).jobs.size(), 1);
        f = {};
        f.provider = QStringLiteral("acme");
        QCOMPARE(svc->jobs(f).jobs.size(), 1);
        QCOMPARE(svc->jobs(f).jobs.first().id, a.id);
        f = {};
        f.createdAfterMs = svc->nowMs() + 60000;
        QCOMPARE(svc->jobs(f).jobs.size(), 0);
    }

    // A read that looks for a name no store can hold (a NUL character, a lone
    // UTF-16 surrogate) is refused, as a write of it is, on both stores:
    // PostgreSQL gets "owner-2\0x" as "owner-2" and would answer with
    // owner-2's rows, SQLite with none. Every filter and search by name.
    void aReadForANameNoStoreCanHoldIsRefusedNotAnsweredForAnother()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SubmitRequest req = makeSubmit(QStringLiteral("n-key"));
        req.ownerId = QStringLiteral("owner-2");
        const Job job = svc->submit(req).job;
        svc->submit(req); // a replay: the key has a history
        const Attempt a = startRunning(*svc, job.id, QStringLiteral("acme"));
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w")), QStringLiteral("timeout"));

        const QString nul = QString(QChar(u'\0')) + QStringLiteral("x");
        const QString lone = QString(QChar(0xD800));
        for (const QString &tail : {nul, lone}) {
            const auto bad = [&](const QString &name) { return name + tail; };
            JobFilter f;
            f.ownerId = bad(QStringLiteral("owner-2"));
            JD_VERIFY_THROWS_CODE(svc->jobs(f), JobDeskError::Code::InvalidArgument);
            f = {};
            f.idempotencyKey = bad(QStringLiteral("n-key"));
            JD_VERIFY_THROWS_CODE(svc->jobs(f), JobDeskError::Code::InvalidArgument);
            f = {};
            f.route = bad(job.route);
            JD_VERIFY_THROWS_CODE(svc->jobs(f), JobDeskError::Code::InvalidArgument);
            f = {};
            f.provider = bad(QStringLiteral("acme"));
            JD_VERIFY_THROWS_CODE(svc->jobs(f), JobDeskError::Code::InvalidArgument);
            JD_VERIFY_THROWS_CODE(svc->keyHistory(bad(QStringLiteral("owner-2")), QStringLiteral("n-key")),
                                  JobDeskError::Code::InvalidArgument);
            JD_VERIFY_THROWS_CODE(svc->keyHistory(QStringLiteral("owner-2"), bad(QStringLiteral("n-key"))),
                                  JobDeskError::Code::InvalidArgument);
            JD_VERIFY_THROWS_CODE(svc->keyIncidents(bad(QStringLiteral("n-key"))), JobDeskError::Code::InvalidArgument);
            JD_VERIFY_THROWS_CODE(svc->unknownQueue(bad(QStringLiteral("acme"))), JobDeskError::Code::InvalidArgument);
            JD_VERIFY_THROWS_CODE(svc->raceLossList(RaceLossFilter{bad(QStringLiteral("acme")), {}, {}}),
                                  JobDeskError::Code::InvalidArgument);
            JD_VERIFY_THROWS_CODE(svc->latestValidation(bad(QStringLiteral("acme")), job.route),
                                  JobDeskError::Code::InvalidArgument);
        }
        // The names themselves are read as before.
        JobFilter f;
        f.ownerId = QStringLiteral("owner-2");
        QCOMPARE(svc->jobs(f).jobs.size(), 1);
        f = {};
        f.provider = QStringLiteral("acme");
        QCOMPARE(svc->jobs(f).jobs.size(), 1);
        QCOMPARE(svc->keyHistory(QStringLiteral("owner-2"), QStringLiteral("n-key")).size(), 1);
        QCOMPARE(svc->keyIncidents(QStringLiteral("n-key")).size(), 1);
        QCOMPARE(svc->unknownQueue(QStringLiteral("acme")).size(), 1);
    }

    void worklistShowsUnknownAttemptsOldestFirstButNotDecidedJobs()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job j1 = submitJob(*svc, QStringLiteral("w-1"));
        const Job j2 = submitJob(*svc, QStringLiteral("w-2"), 2);
        const Attempt a1 = startRunning(*svc, j1.id);
        svc->markUnknown(a1.id, Actor::worker(QStringLiteral("w")), QStringLiteral("timeout"));
        const Attempt a2 = startRunning(*svc, j2.id, QStringLiteral("p1"));
        const Attempt b2 = startRunning(*svc, j2.id, QStringLiteral("p2"), AttemptKind::Hedge);
        svc->markUnknown(a2.id, Actor::worker(QStringLiteral("w")), QStringLiteral("timeout"));
        QCOMPARE(svc->unknownWorklist().size(), 2); // every unknown attempt of an undecided job
        svc->markUnknown(b2.id, Actor::worker(QStringLiteral("w")), QStringLiteral("timeout"));
        QList<Attempt> list = svc->unknownWorklist();
        QCOMPARE(list.size(), 3);
        QCOMPARE(list.first().id, a1.id); // oldest first
        // Once j2 has a winner its other unknown attempts stay off the worklist.
        svc->complete(b2.id, R"({"ok":1})", Actor::reconciler(QStringLiteral("r")));
        list = svc->unknownWorklist();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().id, a1.id);
    }

    void countsByStateAndChangesSince()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job j1 = submitJob(*svc, QStringLiteral("c-1"));
        submitJob(*svc, QStringLiteral("c-2"));
        QCOMPARE(svc->countsByState().value(JobState::Queued), 2);
        const Changes before = svc->changesSince(0);
        QCOMPARE(before.jobs.size(), 2);
        const qint64 mark = before.highWaterMark;
        QVERIFY(mark > 0);

        const Attempt a = startRunning(*svc, j1.id);
        const Changes after = svc->changesSince(mark, /*overlap*/ 0);
        QCOMPARE(after.jobs.size(), 1);
        QCOMPARE(after.jobs.first().id, j1.id);
        QCOMPARE(after.attempts.size(), 1);
        QCOMPARE(after.attempts.first().id, a.id);
        QVERIFY(after.highWaterMark > mark);
        QCOMPARE(svc->changesSince(after.highWaterMark, 0).jobs.size(), 0);
        QCOMPARE(svc->countsByState().value(JobState::Running), 1);
        QCOMPARE(svc->countsByState().value(JobState::Queued), 1);
    }

    // A reader that pages through changes with a small limit must see every
    // job: when the jobs list is cut short, the mark must not jump to the
    // attempts' (later) numbers, or the jobs in between are never read.
    void changesSinceNeverSkipsJobsWhenAListIsCutShort()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QSet<qint64> expected;
        for (int i = 0; i < 7; ++i)
            expected.insert(submitJob(*svc, QStringLiteral("cut-%1").arg(i)).id);
        // Attempts take later numbers than every job above.
        const Job late = submitJob(*svc, QStringLiteral("cut-late"));
        expected.insert(late.id);
        startRunning(*svc, late.id);

        QSet<qint64> seenJobs;
        qint64 mark = 0;
        for (int round = 0; round < 50; ++round) {
            const Changes c = svc->changesSince(mark, /*overlap*/ 0, /*limit*/ 2);
            for (const Job &j : c.jobs)
                seenJobs.insert(j.id);
            QVERIFY(c.highWaterMark >= mark);
            if (c.highWaterMark == mark)
                break;
            mark = c.highWaterMark;
        }
        QCOMPARE(seenJobs, expected);
    }

    void jobDetailGathersEverythingSupportNeeds()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("d-1"), 2);
        svc->submit(makeSubmit(QStringLiteral("d-1"), {{QStringLiteral("prompt"), QStringLiteral("d-1")}}, 2)); // replay
        svc->submit(makeSubmit(QStringLiteral("d-1"), {{QStringLiteral("prompt"), QStringLiteral("changed")}}, 2)); // conflict
        const Attempt a = startRunning(*svc, job.id, QStringLiteral("p1"));
        const Attempt b = startRunning(*svc, job.id, QStringLiteral("p2"), AttemptKind::Hedge);
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w")), QStringLiteral("timeout"));
        svc->cancelAttempt(a.id, operatorRequest(QStringLiteral("cleared with provider")));
        svc->complete(b.id, R"({"ok":1})", Actor::worker(QStringLiteral("w")));
        svc->complete(a.id, R"({"late":1})", Actor::reconciler(QStringLiteral("r")));

        const JobDetail d = svc->jobDetail(job.id);
        QCOMPARE(d.job.completedBy, std::optional<qint64>(b.id));
        QCOMPARE(d.attempts.size(), 2);
        QCOMPARE(d.keyHistory.size(), 2);
        QCOMPARE(d.keyHistory.at(0).kind, IdempotencyEvent::Kind::Replayed);
        QCOMPARE(d.keyHistory.at(1).kind, IdempotencyEvent::Kind::Conflict);
        QCOMPARE(d.raceLosses.size(), 1);
        QCOMPARE(d.raceLosses.first().winnerAttemptId, std::optional<qint64>(b.id));
        QCOMPARE(d.audit.size(), 1);
        QVERIFY(d.events.size() >= 7);
        JD_VERIFY_THROWS_CODE(svc->jobDetail(777777), JobDeskError::Code::NotFound);
    }
};

QTEST_GUILESS_MAIN(TestQueries)
#include "tst_queries.moc"
