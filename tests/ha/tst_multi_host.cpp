// Connection strings that name several hosts, and sessions that land where
// JobDesk must not work: the URL is accepted and shown as written, libpq
// still parses it with JobDesk's added defaults, a connect skips a host that
// is down, a session that turned read-only is dropped and the operation runs
// again on a fresh connection, and a pooler in transaction mode is named as
// the cause instead of failing in a way nobody can read. On the shared test
// server (JOBDESK_TEST_PG_URL) and, for the pooler, a pgbouncer of the
// test's own. Real standbys and failovers: tst_failover.

#include "StoreFixture.h"

#include "store/PgSession.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <libpq-fe.h>

#include <map>

#include <unistd.h>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// libpq's own reading of a connection string: keyword -> value, empty when it refuses it.
std::map<QString, QString> libpqOptions(const QString &conninfo, QString *error = nullptr)
{
    char *err = nullptr;
    PQconninfoOption *opts = PQconninfoParse(conninfo.toUtf8().constData(), &err);
    std::map<QString, QString> out;
    if (!opts) {
        if (error)
            *error = QString::fromUtf8(err ? err : "refused");
        PQfreemem(err);
        return out;
    }
    for (PQconninfoOption *o = opts; o->keyword; ++o)
        if (o->val)
            out[QString::fromUtf8(o->keyword)] = QString::fromUtf8(o->val);
    PQconninfoFree(opts);
    return out;
}

// The port of the shared test server's URL (postgresql://user@127.0.0.1:PORT/db...).
QString livePort()
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("@127\\.0\\.0\\.1:(\\d+)/")).match(postgresBaseUrl());
    return m.captured(1);
}

// A loopback port nobody listens on (taken and let go again).
quint16 closedPort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

} // namespace

class TestMultiHost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aMultiHostUrlIsAPostgresUrlShownAsWritten_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("shown");
        QTest::newRow("uri") << QStringLiteral("postgresql://h1:5432,h2:5432/jobdesk?target_session_attrs=read-write")
                             << QStringLiteral("postgresql://h1:5432,h2:5432/jobdesk?target_session_attrs=read-write");
        QTest::newRow("uri with password") << QStringLiteral("postgresql://app:s3cret@h1:5432,h2:5433/jobdesk")
                                           << QStringLiteral("postgresql://app:***@h1:5432,h2:5433/jobdesk");
        QTest::newRow("password in the query") << QStringLiteral("postgres://app@h1,h2/jobdesk?password=s3cret&sslmode=require")
                                               << QStringLiteral("postgres://app@h1,h2/jobdesk?password=***&sslmode=require");
        QTest::newRow("ipv6 hosts") << QStringLiteral("postgresql://[::1]:5432,[::1]:5433/jobdesk")
                                    << QStringLiteral("postgresql://[::1]:5432,[::1]:5433/jobdesk");
        QTest::newRow("keyword form") << QStringLiteral("host=h1,h2 port=5432,5433 dbname=jobdesk password='s 3' user=app")
                                      << QStringLiteral("host=h1,h2 port=5432,5433 dbname=jobdesk password=*** user=app");
        QTest::newRow("keyword form, another keyword first")
            << QStringLiteral("target_session_attrs=read-write host=h1,h2 dbname=jobdesk")
            << QStringLiteral("target_session_attrs=read-write host=h1,h2 dbname=jobdesk");
    }
    void aMultiHostUrlIsAPostgresUrlShownAsWritten()
    {
        QFETCH(QString, url);
        QFETCH(QString, shown);
        const StoreUrl parsed = StoreUrl::parse(url);
        QCOMPARE(parsed.dialect, Dialect::Postgres);
        QCOMPARE(parsed.postgresUrl, url);
        QCOMPARE(parsed.toDisplayString(), shown);
    }

    // The defaults JobDesk adds (timeouts, keepalives, target_session_attrs)
    // join the URI's query: libpq parses the result, keeps every host and
    // port, and the URL's own values win.
    void theAddedDefaultsKeepAMultiHostUrlValid_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("hosts");
        QTest::addColumn<QString>("ports");
        QTest::addColumn<QString>("sessionAttrs");
        QTest::addColumn<QString>("connectTimeout");
        QTest::newRow("no query") << QStringLiteral("postgresql://h1:5432,h2:5433/jobdesk") << QStringLiteral("h1,h2")
                                  << QStringLiteral("5432,5433") << QStringLiteral("primary") << QStringLiteral("10");
        QTest::newRow("read-write asked for") << QStringLiteral("postgresql://app@h1:5432,h2:5433/jobdesk?target_session_attrs=read-write")
                                              << QStringLiteral("h1,h2") << QStringLiteral("5432,5433") << QStringLiteral("read-write")
                                              << QStringLiteral("10");
        QTest::newRow("own timeout") << QStringLiteral("postgresql://h1,h2/jobdesk?connect_timeout=3") << QStringLiteral("h1,h2")
                                     << QStringLiteral(",") << QStringLiteral("primary") << QStringLiteral("3");
        QTest::newRow("empty query") << QStringLiteral("postgresql://h1,h2/jobdesk?") << QStringLiteral("h1,h2") << QStringLiteral(",")
                                     << QStringLiteral("primary") << QStringLiteral("10");
        QTest::newRow("no path") << QStringLiteral("postgresql://h1:1,h2:2") << QStringLiteral("h1,h2") << QStringLiteral("1,2")
                                 << QStringLiteral("primary") << QStringLiteral("10");
        QTest::newRow("keyword form") << QStringLiteral("host=h1,h2 port=5432,5433 dbname=jobdesk target_session_attrs=any")
                                      << QStringLiteral("h1,h2") << QStringLiteral("5432,5433") << QStringLiteral("any")
                                      << QStringLiteral("10");
    }
    void theAddedDefaultsKeepAMultiHostUrlValid()
    {
        QFETCH(QString, url);
        QFETCH(QString, hosts);
        QFETCH(QString, ports);
        QFETCH(QString, sessionAttrs);
        QFETCH(QString, connectTimeout);
        const QString conninfo = postgresConnectionString(url);
        QString error;
        std::map<QString, QString> o = libpqOptions(conninfo, &error);
        QVERIFY2(!o.empty(), qPrintable(conninfo + QStringLiteral(": ") + error));
        QCOMPARE(o[QStringLiteral("host")], hosts);
        QCOMPARE(o[QStringLiteral("port")], ports);
        QCOMPARE(o[QStringLiteral("target_session_attrs")], sessionAttrs);
        QCOMPARE(o[QStringLiteral("connect_timeout")], connectTimeout);
        QCOMPARE(o[QStringLiteral("keepalives_idle")], QStringLiteral("30"));
        QCOMPARE(o[QStringLiteral("tcp_user_timeout")], QStringLiteral("60000"));
    }

    // libpq tries the hosts in order: the first is down, the session is on
    // the second, and says so.
    void aConnectSkipsAHostThatIsDown()
    {
        FreshStore store(QStringLiteral("postgres"));
        const QString port = livePort();
        QVERIFY(!port.isEmpty());
        const QString dead = QString::number(closedPort());
        QString url = store.url().postgresUrl;
        url.replace(QStringLiteral("@127.0.0.1:") + port + u'/',
                    QStringLiteral("@127.0.0.1:%1,127.0.0.1:%2/").arg(dead, port));
        QVERIFY2(url.contains(u','), qPrintable(url));
        auto svc = JobService::open(StoreUrl::parse(url));
        QCOMPARE(svc->session().server(), QStringLiteral("127.0.0.1:") + port);
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("multi-host"))).outcome, SubmitResult::Outcome::Created);
    }

    // A session whose server turned read-only (what a demoted primary or a
    // standby answers: SQLSTATE 25006) is a lost connection, not a refusal:
    // the session is dropped, the operation runs again on a new connection,
    // and succeeds there once the URL leads to a primary.
    void aReadOnlySessionIsDroppedAndTheOperationRunsAgain()
    {
        FreshStore store(QStringLiteral("postgres"));
        auto svc = store.open();
        svc->session().exec(QStringLiteral("SET default_transaction_read_only = on"));
        const SubmitResult r = svc->submit(makeSubmit(QStringLiteral("after-read-only")));
        QCOMPARE(r.outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->session().exec(QStringLiteral("SHOW default_transaction_read_only")).first().first().toString(),
                 QStringLiteral("off")); // a new connection
        QVERIFY(svc->job(r.job.id));
    }

    // Behind pgbouncer in transaction mode two sessions share one server
    // connection and their prepared statements collide: the error says what
    // is wrong and what to do, and nothing is written twice.
    void aTransactionModePoolerIsRefusedWithAClearError()
    {
        const QString pgbouncer = QStandardPaths::findExecutable(QStringLiteral("pgbouncer"), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin")});
        QVERIFY2(!pgbouncer.isEmpty(), "pgbouncer is not installed (scripts/install-deps.sh installs it)");
        const QString db = QStringLiteral("jd_pooler_") + QUuid::createUuid().toString(QUuid::Id128).left(10);
        PgSession admin(postgresBaseUrl());
        admin.exec(QStringLiteral("CREATE DATABASE ") + db);
        auto dropDb = qScopeGuard([&] {
            try {
                PgSession(postgresBaseUrl()).exec(QStringLiteral("DROP DATABASE ") + db + QStringLiteral(" WITH (FORCE)"));
            } catch (const std::exception &) {
            }
        });
        QString direct = postgresBaseUrl();
        direct.replace(QRegularExpression(QStringLiteral("/[^/?]+(\\?|$)")), QStringLiteral("/") + db + QStringLiteral("\\1"));
        {
            auto svc = JobService::open(StoreUrl::parse(direct)); // migrated directly
            svc->submit(makeSubmit(QStringLiteral("before-the-pooler")));
        }

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                              | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther);
        const quint16 port = closedPort();
        {
            QFile ini(dir.filePath(QStringLiteral("pgbouncer.ini")));
            QVERIFY(ini.open(QIODevice::WriteOnly));
            ini.write(QStringLiteral("[databases]\n%1 = host=127.0.0.1 port=%2 dbname=%1\n[pgbouncer]\nlisten_addr = 127.0.0.1\n"
                                     "listen_port = %3\nunix_socket_dir =\nauth_type = trust\nauth_file = %4\npool_mode = transaction\n"
                                     "default_pool_size = 1\nignore_startup_parameters = extra_float_digits,options\n")
                          .arg(db, livePort())
                          .arg(port)
                          .arg(dir.filePath(QStringLiteral("users.txt")))
                          .toUtf8());
            QFile users(dir.filePath(QStringLiteral("users.txt")));
            QVERIFY(users.open(QIODevice::WriteOnly));
            users.write("\"postgres\" \"\"\n");
        }
        QProcess bouncer;
        bouncer.setProcessChannelMode(QProcess::MergedChannels);
        QStringList args{dir.filePath(QStringLiteral("pgbouncer.ini"))};
        if (::geteuid() == 0)
            args.prepend(QStringLiteral("-u")), args.insert(1, QStringLiteral("postgres")); // it refuses to run as root
        bouncer.start(pgbouncer, args);
        QVERIFY(bouncer.waitForStarted(10000));
        auto stopBouncer = qScopeGuard([&] {
            bouncer.terminate();
            if (!bouncer.waitForFinished(10000))
                bouncer.kill();
        });
        const QString pooled = QStringLiteral("postgresql://postgres@127.0.0.1:%1/%2").arg(port).arg(db);
        const auto listening = [port] {
            QTcpSocket s;
            s.connectToHost(QHostAddress::LocalHost, port);
            return s.waitForConnected(200);
        };
        QTRY_VERIFY_WITH_TIMEOUT(listening(), 10000);

        // Two services through the one pooled server connection.
        QString error;
        int created = 0;
        try {
            auto a = JobService::open(StoreUrl::parse(pooled));
            auto b = JobService::open(StoreUrl::parse(pooled));
            for (int i = 0; i < 4; ++i) {
                created += a->submit(makeSubmit(QStringLiteral("pooled-a-%1").arg(i))).outcome == SubmitResult::Outcome::Created;
                created += b->submit(makeSubmit(QStringLiteral("pooled-b-%1").arg(i))).outcome == SubmitResult::Outcome::Created;
            }
        } catch (const std::exception &e) {
            error = QString::fromUtf8(e.what());
        }
        QVERIFY2(error.contains(QStringLiteral("pooler in transaction mode")), qPrintable(QStringLiteral("error: '%1' after %2 creates: %3")
                                                                                               .arg(error).arg(created)
                                                                                               .arg(QString::fromUtf8(bouncer.readAll()))));
        QVERIFY2(error.contains(QStringLiteral("session mode")), qPrintable(error));
        qInfo("behind a transaction-mode pooler: %s", qPrintable(error));
        // Nothing twice: one job per key, whatever was written before the refusal.
        auto check = JobService::open(StoreUrl::parse(direct));
        const SqlRows counts = check->session().exec(QStringLiteral("SELECT count(*), count(DISTINCT idempotency_key) FROM jobs"));
        QCOMPARE(counts.first().at(0).toLongLong(), counts.first().at(1).toLongLong());
    }
};

QTEST_GUILESS_MAIN(TestMultiHost)
#include "tst_multi_host.moc"
