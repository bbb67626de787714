// Roles enforced by the database (PostgreSQL): a viewer reads and can write
// nothing, not even with raw SQL; operator actions are SQL functions only
// jobdesk_operator may run, and the audit row records the database user. On
// SQLite (a local, single-user file) whoever opens it acts as operator.

#include "StoreFixture.h"

#include "service/Names.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// rawSql, saying what the database answered when it refused other than for
// want of permission.
std::optional<SqlError::Kind> rawSqlAsRole(JobService &svc, const QString &sql, const SqlParams &params = {})
{
    QString said;
    const std::optional<SqlError::Kind> kind = rawSql(svc, sql, params, &said);
    if (kind && *kind != SqlError::Kind::PermissionDenied)
        qWarning("%s", qPrintable(said));
    return kind;
}

} // namespace

class TestRoles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void viewerReadsAndTheDatabaseRefusesItsWrites()
    {
        JD_FRESH_STORE(store);
        auto owner = store->open();
        const Job job = submitJob(*owner, QStringLiteral("v1"));
        const Attempt a = startRunning(*owner, job.id);
        owner->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline"));
        if (!store->isPostgres()) {
            // A local SQLite file: whoever opens it is the operator.
            const SessionIdentity id = owner->sessionIdentity();
            QCOMPARE(id.role, Role::Operator);
            QCOMPARE(id.roleName, QStringLiteral("local"));
            return;
        }
        auto viewer = JobService::open(loginAs(*store, QStringLiteral("jd_test_viewer"), QStringLiteral("jobdesk_viewer")));
        const SessionIdentity id = viewer->sessionIdentity();
        QCOMPARE(id.databaseUser, QStringLiteral("jd_test_viewer"));
        QCOMPARE(id.role, Role::Viewer);
        QCOMPARE(id.roleName, QStringLiteral("jobdesk_viewer"));
        // Reads work.
        QCOMPARE(viewer->job(job.id)->state, JobState::Blocked);
        QCOMPARE(viewer->unknownWorklist().size(), 1);
        QCOMPARE(viewer->jobDetail(job.id).attempts.size(), 1);
        // Raw writes are refused by the database.
        const auto denied = std::optional(SqlError::Kind::PermissionDenied);
        QCOMPARE(rawSqlAsRole(*viewer, QStringLiteral("UPDATE attempts SET state = 'cancelled' WHERE id = $1"), {a.id}), denied);
        QCOMPARE(rawSqlAsRole(*viewer, QStringLiteral("UPDATE jobs SET state_reason = 'x' WHERE id = $1"), {job.id}), denied);
        QCOMPARE(rawSqlAsRole(*viewer, QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input) "
                                                "VALUES ('o', 'k', $1, 'r', '{}')"),
                        {QString(64, u'f')}),
                 denied);
        QCOMPARE(rawSqlAsRole(*viewer, QStringLiteral("INSERT INTO audit_log (request_id, action, actor_kind, actor_id, actor_role, "
                                                "reason, response) VALUES ('r', 'cancel_attempt', 'operator', 'mallory', "
                                                "'operator', 'forged', '{}')")),
                 denied);
        // So is calling an operator function directly.
        QCOMPARE(rawSqlAsRole(*viewer, QStringLiteral("SELECT * FROM jd_op_cancel_attempt($1, 'req-v', 'operator', 'mallory', 'x', NULL)"),
                        {a.id}),
                 denied);
        // And JobService says so in words, whatever actor the client claims.
        JD_VERIFY_THROWS_CODE(viewer->cancelAttempt(a.id, operatorRequest()), JobDeskError::Code::Forbidden);
        JD_VERIFY_THROWS_CODE(viewer->retry(job.id, QStringLiteral("fallback"), operatorRequest()), JobDeskError::Code::Forbidden);
        JD_VERIFY_THROWS_CODE(viewer->cancelJob(job.id, operatorRequest()), JobDeskError::Code::Forbidden);
        QCOMPARE(owner->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(owner->auditLog(job.id).size(), 0);
    }

    void operatorActionRecordsTheDatabaseUser()
    {
        JD_FRESH_STORE(store);
        auto owner = store->open();
        const Job job = submitJob(*owner, QStringLiteral("o1"));
        const Attempt a = startRunning(*owner, job.id);
        owner->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline"));
        const QString expectedUser = store->isPostgres()
            ? QStringLiteral("jd_test_operator")
            : operatingSystemUser(); // SQLite has no logins: the operating-system account
        std::unique_ptr<JobService> op = store->isPostgres()
            ? JobService::open(loginAs(*store, QStringLiteral("jd_test_operator"), QStringLiteral("jobdesk_operator")))
            : store->open();
        const SessionIdentity id = op->sessionIdentity();
        QCOMPARE(id.role, Role::Operator);
        if (store->isPostgres()) {
            QCOMPARE(id.roleName, QStringLiteral("jobdesk_operator"));
            // An operator writes only through the actions.
            const auto kind = rawSqlAsRole(*op, QStringLiteral("UPDATE attempts SET state = 'cancelled' WHERE id = $1"), {a.id});
            QVERIFY2(kind == std::optional(SqlError::Kind::PermissionDenied),
                     kind ? qPrintable(QStringLiteral("refused as kind %1").arg(int(*kind))) : "the raw UPDATE went through");
        }
        OperatorRequest req = operatorRequest(QStringLiteral("provider confirmed no charge"));
        req.seenChangeSeq = op->job(job.id)->changeSeq;
        const OperatorResult r = op->cancelAttempt(a.id, req);
        QVERIFY(!r.replayed);
        QCOMPARE(r.response.value(QStringLiteral("job_state")).toString(), QStringLiteral("queued"));
        QVERIFY(op->cancelAttempt(a.id, req).replayed); // the same request: no second row
        const auto audit = owner->auditLog(job.id);
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit.first().actorId, QStringLiteral("alice")); // the name the client sent
        QCOMPARE(audit.first().databaseUser, expectedUser);     // who the database says it was
        // A retry through the same path, audited the same way.
        const RetryResult retry = op->retry(job.id, QStringLiteral("fallback"), operatorRequest(QStringLiteral("fallback now")));
        QVERIFY2(retry.start.started, qPrintable(retry.start.refusal.message));
        QCOMPARE(retry.start.attempt.kind, AttemptKind::Retry);
        QVERIFY(retry.start.attempt.leaseExpiresAtMs);
        QCOMPARE(owner->auditLog(job.id).size(), 2);
        QCOMPARE(owner->auditLog(job.id).last().databaseUser, expectedUser);
    }

    // "Validate now" from an operator's console: recorded with an audit row
    // naming the database user, stamped by the database's clock; a repeated
    // request records nothing new; an unknown provider records nothing; a
    // viewer cannot record one, not even through the function.
    void operatorRecordsAValidationWithAnAuditRow()
    {
        JD_FRESH_STORE(store);
        auto owner = store->open();
        owner->recordRoute(QStringLiteral("summarize"), QJsonObject{{QStringLiteral("name"), QStringLiteral("summarize")}});
        owner->recordProvider(QStringLiteral("fallback"), QJsonObject{{QStringLiteral("name"), QStringLiteral("fallback")}});
        std::unique_ptr<JobService> op = store->isPostgres()
            ? JobService::open(loginAs(*store, QStringLiteral("jd_test_operator"), QStringLiteral("jobdesk_operator")))
            : store->open();
        ValidationRecord v;
        v.provider = QStringLiteral("fallback");
        v.route = QStringLiteral("summarize");
        v.configHash = QString(64, u'a');
        v.passed = true;
        v.report = QJsonObject{{QStringLiteral("cases"), 3}};
        v.validatedAtMs = 1000;              // the console's idea of the time: replaced by the database's
        v.expiresAtMs = 1000 + 3600 * 1000;  // valid for an hour
        const qint64 before = owner->nowMs();
        const OperatorRequest req = operatorRequest(QStringLiteral("validate fallback before failing over"));
        const OperatorResult r = op->recordOperatorValidation(v, req);
        QVERIFY(!r.replayed);
        const std::optional<ValidationRecord> latest = owner->latestValidation(v.provider, v.route);
        QVERIFY(latest);
        QCOMPARE(latest->id, qint64(r.response.value(QStringLiteral("validation_id")).toInteger()));
        QVERIFY(latest->passed);
        QCOMPARE(latest->configHash, v.configHash);
        QCOMPARE(latest->report, v.report);
        QVERIFY2(latest->validatedAtMs >= before - 5000, "stamped by the database's clock, not the caller's");
        QCOMPARE(latest->expiresAtMs - latest->validatedAtMs, qint64(3600 * 1000));

        // The same request again: the first answer, nothing new recorded.
        const OperatorResult again = op->recordOperatorValidation(v, req);
        QVERIFY(again.replayed);
        QCOMPARE(owner->validations().size(), 1);
        const QList<AuditEntry> audit = owner->auditLog();
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit.first().action, QStringLiteral("record_validation"));
        QCOMPARE(audit.first().actorId, QStringLiteral("alice"));
        if (store->isPostgres())
            QCOMPARE(audit.first().databaseUser, QStringLiteral("jd_test_operator"));

        // A provider the database does not know: refused, nothing recorded.
        ValidationRecord unknown = v;
        unknown.provider = QStringLiteral("nobody");
        try {
            op->recordOperatorValidation(unknown, operatorRequest(QStringLiteral("typo")));
            QFAIL("an unknown provider was recorded");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::NotFound);
        }
        QCOMPARE(owner->validations().size(), 1);
        QCOMPARE(owner->auditLog().size(), 1);

        if (store->isPostgres()) {
            // A viewer: the database refuses the function and the table.
            auto viewer = JobService::open(loginAs(*store, QStringLiteral("jd_test_viewer"), QStringLiteral("jobdesk_viewer")));
            bool refused = false;
            try {
                viewer->recordOperatorValidation(v, operatorRequest(QStringLiteral("viewer tries")));
            } catch (const JobDeskError &e) {
                refused = e.code() == JobDeskError::Code::Forbidden;
            }
            QVERIFY(refused);
            QCOMPARE(owner->validations().size(), 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestRoles)
#include "tst_roles.moc"
