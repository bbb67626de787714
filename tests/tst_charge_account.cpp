// The charge account (core/domain/ChargeAccount.h): every way an attempt can
// end, recorded through JobService on both stores, lands in its class
// (charged, possibly charged, not charged) with its evidence; the sentence
// never says "once" while a second charge is possible; the per-provider
// count /metrics shows is the same function's.

#include "StoreFixture.h"

#include "domain/ChargeAccount.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace QTest {
template<> inline char *toString(const jobdesk::Charge &v) { return qstrdup(qPrintable(jobdesk::toText(v))); }
template<> inline char *toString(const jobdesk::ChargeEvidence &v) { return qstrdup(qPrintable(jobdesk::toText(v))); }
} // namespace QTest

namespace {

const Actor kWorker = Actor::worker(QStringLiteral("w1"));

// The one attempt of a fresh job, ended by `end`.
template<typename End>
AttemptCharge chargeOfOnlyAttempt(JobService &svc, const QString &key, End end)
{
    const Job job = submitJob(svc, key);
    end(svc, job.id);
    const ChargeAccount account = svc.chargeAccount(job.id);
    if (account.attempts.size() != 1)
        throw std::runtime_error("expected one attempt");
    // The account the console reads (JobDetail) is the API's.
    const ChargeAccount viaDetail = svc.jobDetail(job.id).charges();
    if (viaDetail.attempts.first().evidence != account.attempts.first().evidence)
        throw std::runtime_error("jobDetail and chargeAccount disagree");
    return account.attempts.first();
}

Attempt startOnly(JobService &svc, qint64 jobId, const QString &provider = QStringLiteral("primary"))
{
    return claimAndStart(svc, makeStartRequest(jobId, provider)).attempt;
}

} // namespace

class TestChargeAccount : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    void everyAttemptEndHasItsChargeAndEvidence_data()
    {
        QTest::addColumn<QString>("end");
        QTest::addColumn<Charge>("charge");
        QTest::addColumn<ChargeEvidence>("evidence");
        QTest::newRow("won") << "won" << Charge::Charged << ChargeEvidence::Won;
        QTest::newRow("result after cancel") << "late-after-cancel" << Charge::Charged << ChargeEvidence::ResultAfterCancel;
        QTest::newRow("invalid output") << "invalid-output" << Charge::Charged << ChargeEvidence::InvalidOutput;
        QTest::newRow("in flight") << "running" << Charge::PossiblyCharged << ChargeEvidence::AwaitingAnswer;
        QTest::newRow("unknown") << "unknown" << Charge::PossiblyCharged << ChargeEvidence::OutcomeUnknown;
        QTest::newRow("cancelled after send") << "cancel-running" << Charge::PossiblyCharged << ChargeEvidence::CancelledAfterSend;
        QTest::newRow("cancelled when unknown") << "cancel-unknown" << Charge::PossiblyCharged << ChargeEvidence::CancelledAfterSend;
        QTest::newRow("failed while still working") << "fail-still-working" << Charge::PossiblyCharged
                                                    << ChargeEvidence::FailedWhileStillWorking;
        QTest::newRow("starting") << "starting" << Charge::NotCharged << ChargeEvidence::NotSentYet;
        QTest::newRow("failed before send") << "fail-starting" << Charge::NotCharged << ChargeEvidence::NeverSent;
        QTest::newRow("cancelled before send") << "cancel-starting" << Charge::NotCharged << ChargeEvidence::CancelledBeforeSend;
        QTest::newRow("refused before any work") << "fail-429" << Charge::NotCharged << ChargeEvidence::RefusedBeforeWork;
        QTest::newRow("never processed") << "never-processed" << Charge::NotCharged << ChargeEvidence::NeverProcessed;
    }

    void everyAttemptEndHasItsChargeAndEvidence()
    {
        QFETCH(QString, end);
        QFETCH(Charge, charge);
        QFETCH(ChargeEvidence, evidence);
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const AttemptCharge c = chargeOfOnlyAttempt(*svc, QStringLiteral("k-") + end, [&](JobService &s, qint64 jobId) {
            if (end == QLatin1String("won")) {
                s.complete(startRunning(s, jobId).id, R"({"a":1})", kWorker);
            } else if (end == QLatin1String("late-after-cancel")) {
                const Attempt a = startRunning(s, jobId);
                s.cancelAttempt(a.id, operatorRequest());
                s.complete(a.id, R"({"a":1})", kWorker); // recorded as a race loss, discarded
            } else if (end == QLatin1String("invalid-output")) {
                s.fail(startRunning(s, jobId).id, kWorker, QStringLiteral("invalid output: missing field"), QString(64, u'a'));
            } else if (end == QLatin1String("running")) {
                startRunning(s, jobId);
            } else if (end == QLatin1String("unknown")) {
                s.markUnknown(startRunning(s, jobId).id, kWorker, QStringLiteral("deadline passed after 30000 ms"));
            } else if (end == QLatin1String("cancel-running")) {
                s.cancelAttempt(startRunning(s, jobId).id, operatorRequest());
            } else if (end == QLatin1String("cancel-unknown")) {
                const Attempt a = startRunning(s, jobId);
                s.markUnknown(a.id, kWorker, QStringLiteral("connection lost after the request may have been sent"));
                s.cancelAttempt(a.id, operatorRequest());
            } else if (end == QLatin1String("fail-still-working")) {
                const Attempt a = startRunning(s, jobId);
                s.markUnknown(a.id, kWorker, QStringLiteral("HTTP 503 does not say whether the provider did the work"));
                s.recordLookup(a.id, s.nowMs(), LookupAnswer::InProgress, QStringLiteral("still working"));
                s.fail(a.id, kWorker, QStringLiteral("the provider reports it never processed key x"));
            } else if (end == QLatin1String("starting")) {
                startOnly(s, jobId);
            } else if (end == QLatin1String("fail-starting")) {
                s.fail(startOnly(s, jobId).id, kWorker, QStringLiteral("never sent: lease expired while starting"));
            } else if (end == QLatin1String("cancel-starting")) {
                s.cancelAttempt(startOnly(s, jobId).id, operatorRequest());
            } else if (end == QLatin1String("fail-429")) {
                s.fail(startRunning(s, jobId).id, kWorker, QStringLiteral("HTTP 429 (rejected before any work): slow down"));
            } else if (end == QLatin1String("never-processed")) {
                const Attempt a = startRunning(s, jobId);
                s.markUnknown(a.id, kWorker, QStringLiteral("deadline passed after 30000 ms"));
                s.fail(a.id, kWorker, QStringLiteral("the provider reports it never processed key x"));
            }
        });
        QCOMPARE(c.charge, charge);
        QCOMPARE(c.evidence, evidence);
        QCOMPARE(c.attemptNo, 1);
        QCOMPARE(c.provider, QStringLiteral("primary"));
        QVERIFY(!c.providerKey.isEmpty()); // what support asks the provider about
        if (charge == Charge::PossiblyCharged || evidence == ChargeEvidence::Won)
            QVERIFY(c.sentAtMs.has_value());
        QCOMPARE(c.stillWorkingSinceMs.has_value(), end == QLatin1String("fail-still-working"));
    }

    void aLoserIsChargedAndNamesTheWinner()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("hedged"), 2);
        const Attempt first = startRunning(*svc, job.id, QStringLiteral("primary"));
        const Attempt hedge = startRunning(*svc, job.id, QStringLiteral("spare"), AttemptKind::Hedge);
        svc->complete(hedge.id, R"({"a":2})", kWorker);
        svc->complete(first.id, R"({"a":1})", kWorker);
        const ChargeAccount account = svc->chargeAccount(job.id);
        QCOMPARE(account.charged(), 2);
        QCOMPARE(account.attempts.at(0).evidence, ChargeEvidence::LostRace);
        QCOMPARE(account.attempts.at(0).lostToAttemptNo, std::optional<int>(2));
        QVERIFY(!account.chargedOnce());
        QCOMPARE(account.summary(),
                 QStringLiteral("2 result(s) charged (#1 on primary, its result came back after #2 had won and was discarded; "
                                "#2 on spare, its result won)."));
    }

    // The issue's case: the provider said "still working" on #1, an operator
    // cancelled it, #2 won elsewhere. Two possible charges, said as such.
    void aCancelWhileTheProviderWorkedIsAPossibleSecondCharge()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("stuck-then-fast"));
        const Attempt stuck = startRunning(*svc, job.id, QStringLiteral("stuck"));
        svc->markUnknown(stuck.id, kWorker, QStringLiteral("deadline passed after 30000 ms"));
        svc->recordLookup(stuck.id, svc->nowMs(), LookupAnswer::InProgress, QStringLiteral("the provider is still working"));
        svc->cancelAttempt(stuck.id, operatorRequest(QStringLiteral("stuck for 10 min")));
        const Attempt fast = startRunning(*svc, job.id, QStringLiteral("fast"));
        svc->complete(fast.id, R"({"a":1})", kWorker);

        const ChargeAccount account = svc->jobDetail(job.id).charges();
        QCOMPARE(account.charged(), 1);
        QCOMPARE(account.possiblyCharged(), 1);
        QVERIFY(!account.chargedOnce());
        const AttemptCharge &c = account.attempts.first();
        QCOMPARE(c.evidence, ChargeEvidence::CancelledAfterSend);
        QVERIFY(c.stillWorkingSinceMs.has_value());
        QCOMPARE(c.endedByKind, QStringLiteral("operator"));
        QCOMPARE(c.reason, QStringLiteral("stuck for 10 min"));
        QCOMPARE(account.summary(), QStringLiteral("1 result(s) charged; 1 more request(s) possibly charged: #1 on stuck, "
                                                   "cancelled while the provider said it was still working."));
        // The metric counts the same attempt, by its provider, and nothing for the winner's.
        const QMap<QString, qint64> byProvider = svc->possiblyChargedByProvider();
        QCOMPARE(byProvider.value(QStringLiteral("stuck")), 1);
        QVERIFY(!byProvider.contains(QStringLiteral("fast")));
    }

    // What /metrics reads (only the attempts that can be possibly charged)
    // agrees with the account of every job.
    void theMetricAgreesWithEveryJobsAccount()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QList<qint64> jobs;
        auto job = [&](const QString &key) {
            jobs.append(submitJob(*svc, key).id);
            return jobs.last();
        };
        startRunning(*svc, job(QStringLiteral("m1")), QStringLiteral("a"));
        svc->markUnknown(startRunning(*svc, job(QStringLiteral("m2")), QStringLiteral("a")).id, kWorker, QStringLiteral("t"));
        svc->cancelAttempt(startOnly(*svc, job(QStringLiteral("m3")), QStringLiteral("b")).id, operatorRequest());
        svc->cancelAttempt(startRunning(*svc, job(QStringLiteral("m4")), QStringLiteral("b")).id, operatorRequest());
        svc->fail(startRunning(*svc, job(QStringLiteral("m5")), QStringLiteral("c")).id, kWorker, QStringLiteral("HTTP 400"));
        svc->complete(startRunning(*svc, job(QStringLiteral("m6")), QStringLiteral("c")).id, R"({"a":1})", kWorker);
        QMap<QString, qint64> expected;
        for (qint64 id : std::as_const(jobs))
            for (const AttemptCharge &c : svc->jobDetail(id).charges().attempts)
                if (c.charge == Charge::PossiblyCharged)
                    ++expected[c.provider];
        QCOMPARE(expected, (QMap<QString, qint64>{{QStringLiteral("a"), 2}, {QStringLiteral("b"), 1}}));
        QCOMPARE(svc->possiblyChargedByProvider(), expected);
    }

    // Pure: records the function cannot read never make "not charged".
    void anAttemptWithoutEventsIsTakenAsSent()
    {
        JD_NOT_A_STORE_TEST();
        Attempt a;
        a.id = 7;
        a.attemptNo = 1;
        a.provider = QStringLiteral("p");
        a.state = AttemptState::Cancelled;
        const ChargeAccount account = chargeAccount({a}, {}, {}, {});
        QCOMPARE(account.attempts.first().charge, Charge::PossiblyCharged);
        QCOMPARE(chargeAccount({}, {}, {}, {}).summary(), QStringLiteral("Nothing charged: no request was sent to a provider."));
        a.state = AttemptState::Succeeded;
        QCOMPARE(chargeAccount({a}, {}, {}, {}).summary(), QStringLiteral("Charged once: #1 on p, its result won."));
        QVERIFY(chargeAccount({a}, {}, {}, {}).chargedOnce());
    }
};

QTEST_GUILESS_MAIN(TestChargeAccount)
#include "tst_charge_account.moc"
