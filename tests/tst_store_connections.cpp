// Opening a store's connections: every PostgreSQL connection carries a
// connect timeout and keepalives the URL does not set, a server that accepts
// and never answers fails the connect instead of hanging it, and connections
// opening a new SQLite file together all open. Each test has the store it
// needs, so none runs per store.

#include "StoreFixture.h"

#include "live/ChangeNotifier.h"
#include "live/ChangeListener.h"
#include "store/PgSession.h"
#include "store/SqliteSession.h"

#include <QTest>

#include <QElapsedTimer>
#include <QTemporaryDir>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <future>
#include <latch>
#include <thread>
#include <vector>

using namespace jobdesk;
using namespace jobdesk::test;

class TestStoreConnections : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every PostgreSQL connection JobDesk opens carries a connect timeout,
    // keepalives and target_session_attrs=primary (postgresConnectionString),
    // unless the URL sets its own.
    void connectionStringsGetTimeoutsTheUrlDoesNotSet()
    {
        const QString uri = postgresConnectionString(QStringLiteral("postgresql://u@db.example/jd"));
        QCOMPARE(uri, QStringLiteral("postgresql://u@db.example/jd?connect_timeout=10&keepalives_idle=30"
                                     "&keepalives_interval=10&keepalives_count=3&tcp_user_timeout=60000"
                                     "&target_session_attrs=primary"));
        const QString withQuery = postgresConnectionString(
            QStringLiteral("postgresql://u@db/jd?options=-csearch_path%3Dstaging&connect_timeout=3"));
        QVERIFY(withQuery.startsWith(QStringLiteral("postgresql://u@db/jd?options=-csearch_path%3Dstaging&connect_timeout=3&")));
        QCOMPARE(withQuery.count(QStringLiteral("connect_timeout")), 1); // the URL's own value wins
        QVERIFY(withQuery.contains(QStringLiteral("&keepalives_idle=30")));
        const QString keyValue = postgresConnectionString(QStringLiteral("host=db dbname=jd keepalives_idle = 5"));
        QCOMPARE(keyValue, QStringLiteral("host=db dbname=jd keepalives_idle = 5 connect_timeout=10 keepalives_interval=10 "
                                          "keepalives_count=3 tcp_user_timeout=60000 target_session_attrs=primary"));
    }

    // A database that accepts the TCP connection and then never answers (a
    // hung server, a half-dead proxy) fails the connect within its timeout
    // instead of hanging the caller for ever: the store session, the
    // console's change listener and the server's change notifier (whose
    // destructor joins its thread, so a hang there would hang a shutdown).
    void aDatabaseThatNeverAnswersFailsTheConnectInsteadOfHanging()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr.sin_port = 0;
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
        QCOMPARE(::listen(fd, 16), 0); // the kernel completes the handshakes; nobody ever reads or writes
        socklen_t len = sizeof addr;
        QCOMPARE(::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len), 0);
        const StoreUrl url{Dialect::Postgres, {},
                           QStringLiteral("postgresql://jobdesk@127.0.0.1:%1/jobdesk").arg(ntohs(addr.sin_port))};

        QElapsedTimer clock;
        clock.start();
        auto session = std::async(std::launch::async, [&] {
            try {
                openSqlSession(url);
                return std::string("opened");
            } catch (const std::exception &e) {
                return std::string(e.what());
            }
        });
        auto notifier = std::async(std::launch::async, [&] {
            ChangeNotifier n(url, std::chrono::milliseconds(0));
            n.poke(1);
            return n.sent(); // the destructor joins after the send gave up
        });
        ChangeListener listener;
        QVERIFY(!listener.start(url, 600000)); // returns once the connect gave up
        QCOMPARE(session.wait_for(std::chrono::seconds(60)), std::future_status::ready);
        const std::string failure = session.get();
        QVERIFY2(failure != "opened", failure.c_str());
        QCOMPARE(notifier.wait_for(std::chrono::seconds(60)), std::future_status::ready);
        QCOMPARE(notifier.get(), 0);
        qInfo("three connects to a silent server gave up after %lld ms: %s", static_cast<long long>(clock.elapsed()),
              failure.c_str());
        QVERIFY(clock.elapsed() < 40000); // connect_timeout is 10 s
        ::close(fd);
    }

    // SQLite only (PostgreSQL has no such switch): the first connections to a
    // new file switch it to WAL, which takes its exclusive lock; two that
    // switch at once both hold a shared lock, and SQLite answers one "database
    // is locked" at once, without waiting (its busy handler could deadlock).
    // Consoles and servers opening a fresh store together must all open. 8
    // connections released together on each of 60 new files: before the fix
    // about 1 open in 80 failed (CI saw it in concurrentOpensMigrateOnce).
    void connectionsOpeningANewSqliteFileTogetherAllOpen()
    {
        constexpr int kRounds = 60;
        constexpr int kOpeners = 8;
        int failed = 0;
        QString first;
        for (int round = 0; round < kRounds; ++round) {
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("new.db"));
            std::latch go(1);
            std::vector<QString> errors(kOpeners);
            std::vector<std::thread> threads;
            for (int i = 0; i < kOpeners; ++i)
                threads.emplace_back([&, i] {
                    go.wait();
                    try {
                        SqliteSession session(path);
                        session.begin();
                        session.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS t (x INTEGER)"));
                        session.exec(QStringLiteral("INSERT INTO t VALUES (1)"));
                        session.commit();
                    } catch (const std::exception &e) {
                        errors[static_cast<size_t>(i)] = QString::fromUtf8(e.what());
                    }
                });
            go.count_down();
            for (auto &t : threads)
                t.join();
            for (const QString &e : errors)
                if (!e.isEmpty()) {
                    ++failed;
                    if (first.isEmpty())
                        first = e;
                }
            if (failed == 0) {
                SqliteSession check(path);
                QCOMPARE(check.exec(QStringLiteral("SELECT count(*) FROM t")).first().first().toInt(), kOpeners);
                QCOMPARE(check.exec(QStringLiteral("PRAGMA journal_mode")).first().first().toString(), QStringLiteral("wal"));
            }
        }
        QVERIFY2(failed == 0, qPrintable(QStringLiteral("%1 of %2 opens failed, the first: %3").arg(failed).arg(kRounds * kOpeners).arg(first)));
    }
};

QTEST_GUILESS_MAIN(TestStoreConnections)
#include "tst_store_connections.moc"
