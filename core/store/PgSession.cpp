#include "PgSession.h"

#include "Logging.h"

#include <QDateTime>
#include <QHash>
#include <QRegularExpression>
#include <QThread>
#include <QUrl>

#include <pqxx/errorhandler>
#include <pqxx/pqxx>

#include <algorithm>
#include <charconv>
#include <mutex>
#include <csignal>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jobdesk {

// A connection and the statements prepared on it. Prepared statements live
// and die with the server session, so a new connection starts with none.
namespace {

// PostgreSQL reports a commit whose wait for a synchronous standby was cut
// short by a cancel (pg_cancel_backend, a pooler's query timeout) only as a
// WARNING: the statement succeeds, committed locally, not yet on the standby,
// and a job answered as created could be lost by a failover; such a commit is
// treated as a lost connection
// (tst_synchronous_standby::aReplayIsNotAnsweredBeforeTheSynchronousStandbyHasTheJob).
// Matched on PostgreSQL's English text ("canceling wait for
// synchronous replication", and its DETAIL "might not have been replicated");
// a server whose lc_messages is another language is not recognised.
class SyncRepNotices final : public pqxx::errorhandler
{
public:
    explicit SyncRepNotices(pqxx::connection_base &c) : pqxx::errorhandler(c) {}
    bool operator()(const char msg[]) noexcept override
    {
        const std::string_view m(msg);
        if (m.find("synchronous replication") != std::string_view::npos
            || m.find("replicated to the standby") != std::string_view::npos)
            cancelled = true;
        return true;
    }
    bool cancelled = false;
};

} // namespace

struct PgSession::Connection
{
    explicit Connection(const std::string &url) : conn(url) {}
    pqxx::connection conn;
    SyncRepNotices notices{conn}; // after conn: unregisters before it closes
    struct Statement
    {
        std::string name;
        quint64 lastUse = 0;
    };
    QHash<QString, Statement> statements; // by SQL text
    std::vector<std::string> stale;       // forgotten, to be deallocated outside a transaction
    quint64 uses = 0;
    quint64 named = 0;
};

namespace {

// Statements worth preparing: the ones that plan (a query or a data change).
// Transaction control, SET and DDL run unnamed.
bool preparable(const QString &sql)
{
    qsizetype i = 0;
    while (i < sql.size() && sql.at(i).isSpace())
        ++i;
    const QStringView head = QStringView(sql).mid(i, 7);
    for (const char *verb : {"SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "VALUES"}) {
        const QLatin1StringView v(verb);
        if (head.startsWith(v, Qt::CaseInsensitive)
            && (head.size() == v.size() || !head.at(v.size()).isLetterOrNumber()))
            return true;
    }
    return false;
}

// A statement prepared before the schema changed under it (another process
// migrated: a function now returns other columns) is prepared again.
bool stalePlan(const pqxx::sql_error &e)
{
    return e.sqlstate() == "0A000" && std::string_view(e.what()).find("cached plan must not change") != std::string_view::npos;
}

std::optional<std::string> toParam(const QVariant &v)
{
    if (v.isNull() || !v.isValid())
        return std::nullopt;
    switch (v.typeId()) {
    case QMetaType::LongLong:
    case QMetaType::Int:
    case QMetaType::UInt: { // digits straight into the parameter, without a QString between
        char buf[24];
        const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v.toLongLong());
        return std::string(buf, end);
    }
    case QMetaType::Bool: return std::string(v.toBool() ? "true" : "false");
    case QMetaType::QByteArray: return v.toByteArray().toStdString();
    case QMetaType::Double: return QByteArray::number(v.toDouble(), 'g', 17).toStdString();
    default: return v.toString().toStdString();
    }
}

} // namespace

PgSession::PgSession(const QString &url)
    : m_url(url.toStdString())
{
    static const bool sigpipeIgnored = [] {
        std::signal(SIGPIPE, SIG_IGN);
        return true;
    }();
    Q_UNUSED(sigpipeIgnored);
    open();
}

PgSession::~PgSession()
{
    if (m_conn && m_inTransaction) {
        try {
            pqxx::nontransaction tx(m_conn->conn);
            tx.exec("ROLLBACK");
        } catch (...) {
        }
    }
}

namespace {

// The host list of a libpq URI (postgresql://user@h1:5432,h2:5432/db) and of
// the key=value form (host=h1,h2 port=5432,5432; hostaddr too).
const QRegularExpression &uriHosts()
{
    static const QRegularExpression re(QStringLiteral("^(postgres(?:ql)?://(?:[^@/?]*@)?)([^/?]*)(.*)$"),
                                       QRegularExpression::DotMatchesEverythingOption);
    return re;
}

QRegularExpression keywordList(const char *key)
{
    return QRegularExpression(QStringLiteral("(^|\\s)(%1\\s*=\\s*)([^\\s']*)").arg(QLatin1String(key)));
}

int hostCount(const QString &url)
{
    if (const QRegularExpressionMatch m = uriHosts().match(url); m.hasMatch())
        return int(m.captured(2).count(u',')) + 1;
    int n = 1;
    for (const char *key : {"host", "hostaddr"})
        if (const QRegularExpressionMatch m = keywordList(key).match(url); m.hasMatch())
            n = std::max(n, int(m.captured(3).count(u',')) + 1);
    return n;
}

bool namesSeveralHosts(const std::string &url)
{
    return hostCount(QString::fromStdString(url)) > 1;
}

QString rotated(const QString &list, int by)
{
    QStringList items = list.split(u',');
    if (items.size() < 2)
        return list;
    std::rotate(items.begin(), items.begin() + (by % items.size()), items.end());
    return items.join(u',');
}

// The URL with its hosts (and their ports) in another order, the one at
// `by` first: libpq tries them in order.
QString withHostsRotated(const QString &url, int by)
{
    if (const QRegularExpressionMatch m = uriHosts().match(url); m.hasMatch())
        return m.captured(1) + rotated(m.captured(2), by) + m.captured(3);
    QString out = url;
    for (const char *key : {"host", "hostaddr", "port"}) {
        const QRegularExpressionMatch m = keywordList(key).match(out);
        if (m.hasMatch() && m.captured(3).contains(u','))
            out.replace(m.capturedStart(3), m.capturedLength(3), rotated(m.captured(3), by));
    }
    return out;
}

// The connection was made, to a server that cannot serve: a standby, or a
// pooler whose node is gone (a pooler accepts the login for its node).
struct NotServing : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

} // namespace

void PgSession::open()
{
    // libpq keeps the first host that target_session_attrs accepts. A
    // pooler in front of a node answers for the node it last saw: libpq
    // may take a pooler whose node became a standby or is down, which the
    // session's first statement finds; then the next host goes first, and
    // so on through the list. (When libpq connects nowhere, it has tried
    // every host already.)
    const QString url = QString::fromStdString(m_url);
    const int hosts = hostCount(url);
    for (int first = 0;; ++first) {
        try {
            openOn(first == 0 ? url : withHostsRotated(url, first), hosts > 1);
            return;
        } catch (const NotServing &e) {
            if (first + 1 >= hosts)
                throw SqlError(SqlError::Kind::ConnectionLost,
                               QStringLiteral("cannot connect to PostgreSQL: %1").arg(QString::fromUtf8(e.what())));
            qCInfo(lcStore).noquote() << QStringLiteral("%1; trying the next host").arg(QString::fromUtf8(e.what()));
        }
    }
}

void PgSession::openOn(const QString &url, bool moreHosts)
{
    bool connected = false;
    try {
        m_conn = std::make_unique<Connection>(postgresConnectionString(url).toStdString());
        connected = true;
        pqxx::nontransaction tx(m_conn->conn);
        // One round trip. Every JobDesk write commits synchronously, whatever
        // the server's, database's or role's default: a job answered as
        // created, or an attempt marked running before its request goes out,
        // must survive a crash of the database: with the server's
        // synchronous_commit = off, a crash within wal_writer_delay would
        // take back a job the client was told exists, and its retry would
        // create a second
        // (tst_submit::everySessionCommitsSynchronouslyWhateverTheServersDefault).
        // "local" becomes "on" too (a synchronous
        // standby, when there is one, must have it); remote_write and
        // remote_apply are left as they are.
        // A standby (in recovery) is never used, whatever the URL says
        // (target_session_attrs=any, one host that was demoted, a pooler in
        // front of a standby): every guard and compare-and-swap runs on the
        // primary, and a read on a standby may miss what the primary
        // answered (tst_failover::aSessionOnAStandbyIsDroppedAsALostConnection).
        const pqxx::result r = tx.exec("SET client_min_messages = warning; SET lock_timeout = '30s'; "
                                       "SELECT current_setting('fsync', true), set_config('synchronous_commit', CASE WHEN "
                                       "current_setting('synchronous_commit') IN ('off', 'local') THEN 'on' ELSE "
                                       "current_setting('synchronous_commit') END, false), pg_is_in_recovery()");
        if (!r.empty() && r[0][2].c_str() == std::string_view("t"))
            throw NotServing(QStringLiteral("%1 is a standby (in recovery); JobDesk works on the primary only: name every "
                                           "node in the URL (postgresql://h1,h2/db)")
                                .arg(server())
                                .toStdString());
        if (!r.empty() && r[0][0].c_str() == std::string_view("off")) {
            static std::once_flag warned;
            std::call_once(warned, [this] {
                qCWarning(lcStore).noquote() << QStringLiteral("PostgreSQL at %1 runs with fsync = off: a crash of its machine can "
                                                               "take back jobs answered as created and attempts already sent "
                                                               "(fine for a test server, never for production)")
                                                    .arg(describe());
            });
        }
    } catch (const NotServing &) {
        m_conn.reset();
        throw;
    } catch (const std::exception &e) {
        const QString host = server();
        m_conn.reset();
        if (connected && moreHosts)
            throw NotServing(QStringLiteral("%1 does not serve: %2").arg(host, QString::fromUtf8(e.what()).trimmed()).toStdString());
        throw SqlError(SqlError::Kind::ConnectionLost,
                       QStringLiteral("cannot connect to PostgreSQL: %1").arg(QString::fromUtf8(e.what()).trimmed()));
    }
    m_inTransaction = false;
}

QString PgSession::describe() const
{
    return StoreUrl{Dialect::Postgres, {}, QString::fromStdString(m_url)}.toDisplayString();
}

QString PgSession::server() const
{
    if (!m_conn || !m_conn->conn.is_open())
        return {};
    // libpq's host and port of this connection: of a multi-host URL, the one it connected to.
    const char *host = m_conn->conn.hostname();
    const char *port = m_conn->conn.port();
    QString h = QString::fromUtf8(host ? host : "");
    if (h.startsWith(u'/'))
        h = QStringLiteral("socket ") + h; // a Unix-domain socket's directory
    else if (h.contains(u':'))
        h = u'[' + h + u']'; // IPv6
    return port && *port ? h + u':' + QString::fromUtf8(port) : h;
}

namespace {

// libpq's message of a guard's refusal: "ERROR:  sentence\nDETAIL:  {json}\nCONTEXT: ...".
SqlError guardRefusal(const QString &code, const QString &text)
{
    QString message;
    QString detail;
    for (const QString &line : text.split(u'\n')) {
        if (line.startsWith(QStringLiteral("ERROR:  ")))
            message = line.mid(8).trimmed();
        else if (line.startsWith(QStringLiteral("DETAIL:  ")))
            detail = line.mid(9).trimmed();
    }
    return SqlError(SqlError::Kind::GuardRefused, message.isEmpty() ? text : message, detail, code);
}

} // namespace

void PgSession::rethrow(const QString &sql)
{
    try {
        throw;
    } catch (const SqlError &) {
        throw;
    } catch (const pqxx::broken_connection &e) {
        m_inTransaction = false;
        throw SqlError(SqlError::Kind::ConnectionLost, QString::fromUtf8(e.what()).trimmed());
    } catch (const pqxx::transaction_rollback &e) { // serialization failure, deadlock
        throw SqlError(SqlError::Kind::Retryable, QString::fromUtf8(e.what()).trimmed());
    } catch (const pqxx::sql_error &e) {
        const QString msg = QString::fromUtf8(e.what()).trimmed();
        const std::string state = e.sqlstate();
        // A guard's RAISE ... USING ERRCODE = 'JDnnn', MESSAGE = ..., DETAIL = '{json}'.
        if (state.size() == 5 && state.rfind("JD", 0) == 0)
            throw guardRefusal(QString::fromStdString(state), msg);
        if (state == "23505")
            throw SqlError(SqlError::Kind::UniqueViolation, msg);
        // 23xxx: integrity constraints; 22P02 and 22001: a value the column's
        // type refuses (a state outside its enum; a name longer than its
        // varchar(255)).
        if (state.rfind("23", 0) == 0 || state == "22P02" || state == "22001")
            throw SqlError(SqlError::Kind::Constraint, msg);
        // libpqxx 6 does not always carry the SQLSTATE of a privilege error: match the words too.
        if (state == "42501" || msg.contains(QLatin1String("permission denied")))
            throw SqlError(SqlError::Kind::PermissionDenied, msg);
        if (state == "40001" || state == "40P01" || state == "55P03")
            throw SqlError(SqlError::Kind::Retryable, msg);
        if (state.rfind("08", 0) == 0 || state == "57P01" || state == "57P02" || state == "57P03")
            throw SqlError(SqlError::Kind::ConnectionLost, msg);
        // read_only_sql_transaction: this server stopped being the primary (a
        // standby, a demoted primary, a pooler that moved to one). Not a
        // refusal: the session is dropped, and the caller's reconnect runs
        // the URL's whole multi-host connect again, which finds the primary.
        if (state == "25006") {
            qCWarning(lcStore).noquote() << QStringLiteral("%1 is read-only (no longer the primary?); reconnecting: %2").arg(server(), msg);
            m_conn.reset();
            m_inTransaction = false;
            throw SqlError(SqlError::Kind::ConnectionLost,
                           QStringLiteral("the server is read-only, no longer the primary; reconnecting: %1").arg(msg));
        }
        // A statement this session prepared is gone, or a name it never used
        // is taken: its statements run on a server connection it does not own,
        // as behind a pooler in transaction mode. Said plainly, not retried
        // (tst_failover::aTransactionModePoolerIsRefusedWithAClearError).
        if ((state == "26000" || state == "42P05") && msg.contains(QLatin1String("prepared statement \"jd")))
            throw SqlError(SqlError::Kind::Other,
                           QStringLiteral("PostgreSQL does not know this session's prepared statements (%1): JobDesk is "
                                          "behind a pooler in transaction mode (e.g. pgbouncer pool_mode = transaction), "
                                          "which it does not support: use session mode, or connect to PostgreSQL directly")
                               .arg(msg));
        throw SqlError(SqlError::Kind::Other, msg + QStringLiteral(" [") + QString::fromStdString(state)
                                                  + QStringLiteral("] in: ") + sql.left(200));
    } catch (const std::exception &e) {
        const QString msg = QString::fromUtf8(e.what()).trimmed();
        // libpq reports a dead server as a plain failure on some paths.
        if (m_conn == nullptr || !m_conn->conn.is_open() || msg.contains(QStringLiteral("server closed the connection"))
            || msg.contains(QStringLiteral("terminating connection")) || msg.contains(QStringLiteral("no connection")))
            throw SqlError(SqlError::Kind::ConnectionLost, msg);
        throw SqlError(SqlError::Kind::Other, msg);
    }
}

int PgSession::cachedStatementCount() const
{
    return m_conn ? static_cast<int>(m_conn->statements.size()) : 0;
}

SqlRows PgSession::exec(const QString &sql, const SqlParams &params)
{
    if (!m_conn)
        throw SqlError(SqlError::Kind::ConnectionLost, QStringLiteral("PostgreSQL connection is closed"));
    std::vector<std::optional<std::string>> values;
    values.reserve(static_cast<size_t>(params.size()));
    for (const QVariant &p : params)
        values.push_back(toParam(p));
    SqlRows rows;
    try {
        Connection &cn = *m_conn;
        // A nontransaction runs each statement in autocommit, or inside the
        // BEGIN this session issued itself: one round trip per statement.
        // Queries and data changes run prepared: parsed and planned once per
        // connection (libpqxx prepares a statement on its first execution).
        const auto run = [&]() -> pqxx::result {
            ++m_statementsSent;
            if (!preparable(sql)) {
                pqxx::nontransaction tx(cn.conn);
                return tx.exec_params(sql.toStdString(), pqxx::prepare::make_dynamic_params(values));
            }
            auto it = cn.statements.find(sql);
            if (it == cn.statements.end()) {
                ++m_statementsSent; // libpqxx prepares it on its first execution: one more round trip
                if (cn.statements.size() >= kMaxPreparedStatements) {
                    auto oldest = cn.statements.begin();
                    for (auto i = cn.statements.begin(); i != cn.statements.end(); ++i)
                        if (i->lastUse < oldest->lastUse)
                            oldest = i;
                    cn.stale.push_back(oldest->name); // deallocated outside a transaction
                    cn.statements.erase(oldest);
                }
                std::string name = "jd" + std::to_string(++cn.named);
                cn.conn.prepare(name, sql.toStdString());
                it = cn.statements.insert(sql, Connection::Statement{std::move(name), 0});
            }
            it->lastUse = ++cn.uses;
            const std::string &name = it->name;
            pqxx::nontransaction tx(cn.conn);
            return tx.exec_prepared(name, pqxx::prepare::make_dynamic_params(values));
        };
        if (!cn.stale.empty() && !m_inTransaction) {
            for (const std::string &name : cn.stale) {
                ++m_statementsSent;
                cn.conn.unprepare(name); // DEALLOCATE
            }
            cn.stale.clear();
        }
        pqxx::result r;
        try {
            r = run();
        } catch (const pqxx::sql_error &e) {
            if (!stalePlan(e))
                throw;
            // Forget the statement; it is prepared anew under another name.
            if (auto it = cn.statements.find(sql); it != cn.statements.end()) {
                cn.stale.push_back(it->name);
                cn.statements.erase(it);
            }
            if (m_inTransaction) // the transaction is aborted: the caller runs it again
                throw SqlError(SqlError::Kind::Retryable, QString::fromUtf8(e.what()).trimmed());
            r = run(); // autocommit: nothing ran
        }
        if (!m_inTransaction)
            checkStandbyWait(); // autocommit: this statement committed
        rows.reserve(static_cast<qsizetype>(r.size()));
        const auto cols = r.columns();
        // Integer columns (int2, int4, int8) come back as numbers, as SQLite's
        // do: parsed once here, not turned into a QString and parsed again by
        // each caller's toLongLong(). Everything else is text.
        std::vector<bool> integral(cols, false);
        if (!r.empty())
            for (pqxx::row::size_type c = 0; c < cols; ++c) {
                const pqxx::oid t = r.column_type(c);
                integral[c] = t == 20 || t == 21 || t == 23; // INT8OID, INT2OID, INT4OID
            }
        for (const auto &row : r) {
            SqlRow out;
            out.reserve(static_cast<qsizetype>(cols));
            for (pqxx::row::size_type c = 0; c < cols; ++c) {
                const auto field = row[c];
                if (field.is_null()) {
                    out.append(QVariant());
                    continue;
                }
                const char *text = field.c_str();
                const auto size = static_cast<qsizetype>(field.size());
                if (integral[c]) {
                    qlonglong n = 0;
                    const auto [end, ec] = std::from_chars(text, text + size, n);
                    if (ec == std::errc() && end == text + size) {
                        out.append(QVariant(n));
                        continue;
                    }
                }
                out.append(QString::fromUtf8(text, size));
            }
            rows.append(std::move(out));
        }
    } catch (...) {
        rethrow(sql);
    }
    return rows;
}

void PgSession::execScript(const QString &script)
{
    if (!m_conn)
        throw SqlError(SqlError::Kind::ConnectionLost, QStringLiteral("PostgreSQL connection is closed"));
    try {
        pqxx::nontransaction tx(m_conn->conn);
        tx.exec(script.toStdString()); // simple query protocol: many statements
    } catch (...) {
        rethrow(script.left(200));
    }
}

void PgSession::control(const char *command)
{
    if (!m_conn)
        throw SqlError(SqlError::Kind::ConnectionLost, QStringLiteral("PostgreSQL connection is closed"));
    ++m_statementsSent;
    try {
        pqxx::nontransaction tx(m_conn->conn);
        tx.exec(command);
    } catch (...) {
        rethrow(QString::fromLatin1(command));
    }
}

void PgSession::begin()
{
    control("BEGIN");
    m_inTransaction = true;
}

void PgSession::commit()
{
    m_inTransaction = false;
    control("COMMIT");
    checkStandbyWait();
}

void PgSession::checkStandbyWait()
{
    // Committed here, maybe not on the synchronous standby: the caller's
    // answer is not yet safe to give. As a lost connection: JobService runs
    // the operation again on a new one, and that run finds what this one
    // wrote and waits for the standby with it (a replay's commit does).
    if (m_conn && std::exchange(m_conn->notices.cancelled, false))
        throw SqlError(SqlError::Kind::ConnectionLost,
                       QStringLiteral("PostgreSQL committed this locally, but its wait for the synchronous standby was "
                                      "cancelled: running it again until the standby has it"));
}

void PgSession::rollback() noexcept
{
    if (!m_inTransaction)
        return;
    m_inTransaction = false;
    try {
        control("ROLLBACK");
    } catch (const SqlError &e) {
        qCDebug(lcStore) << "rollback failed:" << e.message();
    }
}

void PgSession::reconnect()
{
    // libpqxx 6 "reactivation" is unreliable: drop the object, open a new one.
    m_conn.reset();
    m_inTransaction = false;
    // Of several hosts, none may be the primary for a moment (the old one
    // gone, its standby not yet promoted: about loop_wait under Patroni).
    // libpq tries each host in order on every connect; the session keeps
    // trying for up to kFailoverWaitMs from the first failed reconnect of
    // this outage, so a failover is waited out instead of answered with an
    // error; once that is spent, each reconnect tries once.
    if (!m_outage.isValid())
        m_outage.start();
    const qint64 budget = namesSeveralHosts(m_url) ? kFailoverWaitMs : 0;
    for (int tries = 0;; ++tries) {
        try {
            open();
            if (tries > 0 || m_outage.elapsed() > 1000)
                qCInfo(lcStore).noquote() << QStringLiteral("reconnected to %1 after %2 ms").arg(server()).arg(m_outage.elapsed());
            m_outage.invalidate();
            return;
        } catch (const SqlError &) {
            if (m_outage.elapsed() >= budget)
                throw;
            QThread::msleep(200);
        }
    }
}

void PgSession::simulateConnectionLoss()
{
    if (!m_conn)
        return;
    // Ask the server to end this backend, as a network fault would.
    const int pid = m_conn->conn.backendpid();
    try {
        pqxx::connection killer(postgresConnectionString(QString::fromStdString(m_url)).toStdString());
        pqxx::nontransaction tx(killer);
        tx.exec_params("SELECT pg_terminate_backend($1)", pid);
    } catch (const std::exception &e) {
        qCWarning(lcStore) << "could not terminate backend" << pid << e.what();
    }
}

} // namespace jobdesk
