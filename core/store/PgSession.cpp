#include "PgSession.h"

#include "Logging.h"

#include <QDateTime>
#include <QUrl>

#include <pqxx/pqxx>

#include <csignal>
#include <optional>
#include <string>
#include <vector>

namespace jobdesk {

struct PgSession::Connection
{
    explicit Connection(const std::string &url) : conn(url) {}
    pqxx::connection conn;
};

namespace {

std::optional<std::string> toParam(const QVariant &v)
{
    if (v.isNull() || !v.isValid())
        return std::nullopt;
    switch (v.typeId()) {
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

void PgSession::open()
{
    try {
        m_conn = std::make_unique<Connection>(m_url);
        pqxx::nontransaction tx(m_conn->conn);
        tx.exec("SET client_min_messages = warning");
        tx.exec("SET lock_timeout = '30s'");
    } catch (const std::exception &e) {
        m_conn.reset();
        throw SqlError(SqlError::Kind::ConnectionLost,
                       QStringLiteral("cannot connect to PostgreSQL: %1").arg(QString::fromUtf8(e.what()).trimmed()));
    }
    m_inTransaction = false;
}

QString PgSession::describe() const
{
    return StoreUrl{Dialect::Postgres, {}, QString::fromStdString(m_url)}.toDisplayString();
}

void PgSession::rethrow(const QString &sql)
{
    try {
        throw;
    } catch (const pqxx::broken_connection &e) {
        m_inTransaction = false;
        throw SqlError(SqlError::Kind::ConnectionLost, QString::fromUtf8(e.what()).trimmed());
    } catch (const pqxx::transaction_rollback &e) { // serialization failure, deadlock
        throw SqlError(SqlError::Kind::Retryable, QString::fromUtf8(e.what()).trimmed());
    } catch (const pqxx::sql_error &e) {
        const QString msg = QString::fromUtf8(e.what()).trimmed();
        const std::string state = e.sqlstate();
        if (msg.contains(QStringLiteral("jobdesk_")))
            throw SqlError(SqlError::Kind::GuardRefused, msg);
        if (state == "23505")
            throw SqlError(SqlError::Kind::UniqueViolation, msg);
        // 23xxx: integrity constraints; 22P02: a value the column's type
        // refuses (e.g. a state outside its enum).
        if (state.rfind("23", 0) == 0 || state == "22P02")
            throw SqlError(SqlError::Kind::Constraint, msg);
        // libpqxx 6 does not always carry the SQLSTATE of a privilege error: match the words too.
        if (state == "42501" || msg.contains(QLatin1String("permission denied")))
            throw SqlError(SqlError::Kind::PermissionDenied, msg);
        if (state == "40001" || state == "40P01" || state == "55P03")
            throw SqlError(SqlError::Kind::Retryable, msg);
        if (state.rfind("08", 0) == 0 || state == "57P01" || state == "57P02" || state == "57P03")
            throw SqlError(SqlError::Kind::ConnectionLost, msg);
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
        // A nontransaction runs each statement in autocommit, or inside the
        // BEGIN this session issued itself: one round trip per statement.
        pqxx::nontransaction tx(m_conn->conn);
        const pqxx::result r = tx.exec_params(sql.toStdString(), pqxx::prepare::make_dynamic_params(values));
        rows.reserve(static_cast<qsizetype>(r.size()));
        const auto cols = r.columns();
        for (const auto &row : r) {
            SqlRow out;
            out.reserve(static_cast<qsizetype>(cols));
            for (pqxx::row::size_type c = 0; c < cols; ++c) {
                const auto field = row[c];
                if (field.is_null())
                    out.append(QVariant());
                else
                    out.append(QString::fromUtf8(field.c_str(), static_cast<qsizetype>(field.size())));
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

void PgSession::begin()
{
    exec(QStringLiteral("BEGIN"));
    m_inTransaction = true;
}

void PgSession::commit()
{
    m_inTransaction = false;
    exec(QStringLiteral("COMMIT"));
}

void PgSession::rollback() noexcept
{
    if (!m_inTransaction)
        return;
    m_inTransaction = false;
    try {
        exec(QStringLiteral("ROLLBACK"));
    } catch (const SqlError &e) {
        qCDebug(lcStore) << "rollback failed:" << e.message();
    }
}

void PgSession::reconnect()
{
    // libpqxx 6 "reactivation" is unreliable: drop the object, open a new one.
    m_conn.reset();
    m_inTransaction = false;
    open();
}

void PgSession::simulateConnectionLoss()
{
    if (!m_conn)
        return;
    // Ask the server to end this backend, as a network fault would.
    const int pid = m_conn->conn.backendpid();
    try {
        pqxx::connection killer(m_url);
        pqxx::nontransaction tx(killer);
        tx.exec_params("SELECT pg_terminate_backend($1)", pid);
    } catch (const std::exception &e) {
        qCWarning(lcStore) << "could not terminate backend" << pid << e.what();
    }
}

} // namespace jobdesk
