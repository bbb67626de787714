// A job with attempts left is not failed "no provider left" while a provider
// of its chain did nothing with it: a provider that was only cooling down
// (Retry-After), or answered a definitive "did nothing", takes it again once
// its cool-down ends; one that may have done the work never does; the budget
// still ends the job. Both stores.

#include "DispatchFixture.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// The completion requests a fake received under the job's attempts' keys, in order.
QStringList keysSentTo(const FakeProviderThread &fake, const QList<Attempt> &attempts)
{
    QSet<QString> ours;
    for (const Attempt &a : attempts)
        ours.insert(a.providerKey);
    QStringList out;
    for (const FakeProvider::Received &r : fake.provider()->received())
        if (r.path == QLatin1String("/v1/chat/completions") && ours.contains(r.idempotencyKey))
            out.append(r.idempotencyKey);
    return out;
}

} // namespace

class TestNotGivingUpEarly : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    // The case: the primary cools down after a 429, the fallback
    // refuses with a 400, and the job, with one attempt of three left, waits
    // for the primary instead of failing; then the primary answers it.
    void aJobWaitsForAProviderThatIsOnlyCoolingDownAndItTakesTheJobAgain()
    {
        JD_DISPATCH_SETUP(5000, std::nullopt, /*max attempts*/ 3);
        // Every attempt after the first needs a proof, the primary's return too.
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("primary"), QStringLiteral("summarize")).passed);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.primary.provider()->queueBehaviour(FakeProvider::Behaviour::httpError(429, true, /*Retry-After s*/ 5));
        fx.fallback.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(400));
        const Job job = fx.submit(*svc, QStringLiteral("cooling"));

        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id)); // primary: 429
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id)); // fallback: 400
        // The primary is cooling down and the fallback refused: the job waits.
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id));
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
        QCOMPARE(svc->attempts(job.id).size(), 2);

        // Once the cool-down is over the primary takes it, under a new key.
        QTRY_VERIFY_WITH_TIMEOUT((dispatcher->runOnce(*svc, worker), svc->job(job.id)->state == JobState::Succeeded), 20000);
        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 3);
        QCOMPARE(attempts.at(0).provider, QStringLiteral("primary"));
        QCOMPARE(attempts.at(0).state, AttemptState::Failed);
        QCOMPARE(attempts.at(1).provider, QStringLiteral("fallback"));
        QCOMPARE(attempts.at(1).state, AttemptState::Failed);
        QCOMPARE(attempts.at(2).provider, QStringLiteral("primary"));
        QCOMPARE(attempts.at(2).state, AttemptState::Succeeded);
        QCOMPARE(keysSentTo(fx.primary, attempts), (QStringList{attempts.at(0).providerKey, attempts.at(2).providerKey}));
    }

    // A provider whose answer may have cost something (output that broke the
    // contract) is behind the job for good: the fallback, which refuses before
    // any work, takes what is left of the budget, and then the job fails.
    void aProviderThatMayHaveDoneTheWorkIsNeverTriedAgain()
    {
        JD_DISPATCH_SETUP(5000, std::nullopt, /*max attempts*/ 3);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("primary"), QStringLiteral("summarize")).passed);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.primary.provider()->queueBehaviour(FakeProvider::Behaviour::of(FakeProvider::Behaviour::Kind::Prose));
        fx.fallback.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(400));
        const Job job = fx.submit(*svc, QStringLiteral("paid"));

        for (int i = 0; i < 4 && svc->job(job.id)->state == JobState::Queued; ++i)
            QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id));
        QCOMPARE(svc->job(job.id)->state, JobState::Failed);
        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 3);
        QCOMPARE(attempts.at(0).provider, QStringLiteral("primary"));
        QCOMPARE(attempts.at(1).provider, QStringLiteral("fallback"));
        QCOMPARE(attempts.at(2).provider, QStringLiteral("fallback"));
        QCOMPARE(keysSentTo(fx.primary, attempts).size(), 1);
    }

    // Providers that keep refusing before any work take the job in turn until
    // its budget is spent, and then it fails (the database's derived state):
    // never an attempt past the budget.
    void refusalsBeforeAnyWorkEndTheJobWhenItsBudgetIsSpent()
    {
        JD_DISPATCH_SETUP(5000, std::nullopt, /*max attempts*/ 3);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("primary"), QStringLiteral("summarize")).passed);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(422));
        fx.fallback.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(400));
        const Job job = fx.submit(*svc, QStringLiteral("refused"));

        for (int i = 0; i < 4 && svc->job(job.id)->state == JobState::Queued; ++i)
            QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id));
        QCOMPARE(svc->job(job.id)->state, JobState::Failed);
        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 3);
        QCOMPARE(attempts.at(0).provider, QStringLiteral("primary"));
        QCOMPARE(attempts.at(1).provider, QStringLiteral("fallback"));
        QCOMPARE(attempts.at(2).provider, QStringLiteral("primary"));
    }
};

QTEST_GUILESS_MAIN(TestNotGivingUpEarly)
#include "tst_not_giving_up_early.moc"
