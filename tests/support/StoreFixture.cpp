#include "StoreFixture.h"

#include "store/PgSession.h"

#include <QTest>
#include <QUuid>

#include <atomic>

namespace jobdesk::test {

void addBackendRows()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgres") << QStringLiteral("postgres");
}

QString currentBackend(const QObject *testCase)
{
    if (testCase->metaObject()->indexOfMethod("initTestCase_data()") >= 0) {
        QFETCH_GLOBAL(QString, backend);
        return backend;
    }
    QFETCH(QString, backend);
    return backend;
}

int lockWaitersOn(SqlSession &observer, const QString &xid)
{
    return observer
        .exec(QStringLiteral("SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'transactionid' "
                             "AND transactionid::text = $1"),
              {xid})
        .first()
        .first()
        .toInt();
}

QString storeArgument(const StoreUrl &url)
{
    return url.dialect == Dialect::Postgres ? url.postgresUrl : QStringLiteral("sqlite:") + url.sqlitePath;
}

QString postgresBaseUrl()
{
    const QString url = qEnvironmentVariable("JOBDESK_TEST_PG_URL");
    if (url.isEmpty())
        throw std::runtime_error(
            "JOBDESK_TEST_PG_URL is not set. PostgreSQL tests never skip: run them through scripts/test.sh "
            "(it starts a throwaway PostgreSQL on a private loopback port and sets the variable), or point "
            "JOBDESK_TEST_PG_URL at a database you may create schemas in, e.g. "
            "postgresql://postgres@127.0.0.1:55432/postgres");
    return url;
}

FreshStore::FreshStore(const QString &backend)
    : m_backend(backend)
{
    if (backend == QStringLiteral("sqlite")) {
        if (!m_dir.isValid())
            throw std::runtime_error("cannot create a temporary folder");
        m_url = StoreUrl{Dialect::Sqlite, m_dir.filePath(QStringLiteral("jobdesk.db")), {}};
    } else {
        const QString base = postgresBaseUrl();
        static std::atomic<int> counter{0};
        m_schema = QStringLiteral("t_%1_%2")
                       .arg(QUuid::createUuid().toString(QUuid::Id128).left(12))
                       .arg(counter.fetch_add(1));
        PgSession admin(base);
        admin.exec(QStringLiteral("CREATE SCHEMA ") + m_schema);
        const QString sep = base.contains(u'?') ? QStringLiteral("&") : QStringLiteral("?");
        m_url = StoreUrl{Dialect::Postgres, {}, base + sep + QStringLiteral("options=-csearch_path%3D") + m_schema};
    }
    open(); // migrate once, up front
}

FreshStore::~FreshStore()
{
    if (!m_schema.isEmpty() && qEnvironmentVariableIsEmpty("JOBDESK_TEST_KEEP_SCHEMAS")) {
        try {
            PgSession admin(postgresBaseUrl());
            admin.exec(QStringLiteral("DROP SCHEMA ") + m_schema + QStringLiteral(" CASCADE"));
        } catch (const std::exception &) {
        }
    }
}

std::unique_ptr<JobService> FreshStore::open() const
{
    return JobService::open(m_url);
}

SubmitRequest makeSubmit(const QString &key, const QJsonObject &input, int maxParallel, int maxAttempts)
{
    SubmitRequest r;
    r.ownerId = QStringLiteral("owner-1");
    r.idempotencyKey = key;
    r.route = QStringLiteral("summarize");
    r.input = input;
    r.clientMeta = QJsonObject{{QStringLiteral("client"), QStringLiteral("test")}};
    r.maxParallel = maxParallel;
    r.maxAttempts = maxAttempts;
    return r;
}

Job submitJob(JobService &svc, const QString &key, int maxParallel, int maxAttempts)
{
    const SubmitResult r = svc.submit(makeSubmit(key, {{QStringLiteral("prompt"), key}}, maxParallel, maxAttempts));
    if (r.outcome != SubmitResult::Outcome::Created)
        throw std::runtime_error("submitJob: job was not created");
    return r.job;
}

StartAttemptRequest makeStartRequest(qint64 jobId, const QString &provider, AttemptKind kind)
{
    StartAttemptRequest req;
    req.jobId = jobId;
    req.provider = provider;
    req.kind = kind;
    req.requestId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    req.workerId = QStringLiteral("w1");
    req.actor = Actor::worker(QStringLiteral("w1"));
    return req;
}

StartAttemptResult claimAndStart(JobService &svc, const StartAttemptRequest &req)
{
    if (req.kind != AttemptKind::Retry && !req.workerId.isEmpty())
        svc.claimJob(req.jobId, req.workerId, 60000);
    return svc.startAttempt(req);
}

Attempt startRunning(JobService &svc, qint64 jobId, const QString &provider, AttemptKind kind)
{
    const StartAttemptRequest req = makeStartRequest(jobId, provider, kind);
    const StartAttemptResult r = claimAndStart(svc, req);
    if (!r.started)
        throw std::runtime_error("startRunning refused: " + r.refusal.message.toStdString());
    return svc.markRunning(r.attempt.id, req.actor);
}


bool guardRefuses(JobService &svc, const QString &sql)
{
    try {
        svc.session().exec(sql);
        return false;
    } catch (const SqlError &e) {
        return e.kind() == SqlError::Kind::GuardRefused;
    }
}

std::optional<SqlError::Kind> rawSql(JobService &svc, const QString &sql, const SqlParams &params, QString *message)
{
    try {
        svc.session().exec(sql, params);
        return std::nullopt;
    } catch (const SqlError &e) {
        if (message)
            *message = e.message();
        return e.kind();
    }
}

OperatorRequest operatorRequest(const QString &reason)
{
    OperatorRequest r;
    r.actor = Actor::operatorUser(QStringLiteral("alice"));
    r.requestId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    r.reason = reason;
    return r;
}

StoreUrl loginAs(JobService &admin, StoreUrl url, const QString &login, const QString &group)
{
    admin.session().exec(QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '%1') THEN "
                                        "CREATE ROLE %1 LOGIN; END IF; END $$")
                             .arg(login));
    admin.session().exec(QStringLiteral("GRANT %1 TO %2").arg(group, login));
    url.postgresUrl.replace(QStringLiteral("://postgres@"), QStringLiteral("://") + login + u'@');
    return url;
}

StoreUrl loginAs(const FreshStore &store, const QString &login, const QString &group)
{
    auto admin = store.open();
    return loginAs(*admin, store.url(), login, group);
}

} // namespace jobdesk::test
