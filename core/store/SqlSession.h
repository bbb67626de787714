#pragma once

#include "domain/Error.h"
#include "domain/StoreUrl.h"

#include <QList>
#include <QString>
#include <QVariant>

#include <memory>
#include <stdexcept>

namespace jobdesk {

using SqlParams = QList<QVariant>;
using SqlRow = QList<QVariant>;
using SqlRows = QList<SqlRow>;

// What went wrong at the driver level. JobService maps these to outcomes or
// to JobDeskError; nothing above the store sees a driver exception.
class SqlError : public std::runtime_error
{
public:
    enum class Kind {
        UniqueViolation,   // a unique constraint or index refused the row
        Constraint,        // CHECK / NOT NULL / foreign key
        GuardRefused,      // one of JobDesk's guards refused: code() is its JDnnn code
        Retryable,         // serialization failure, deadlock, busy: run the transaction again
        ConnectionLost,    // the connection broke; the outcome of an open commit is unknown
        PermissionDenied,  // the database user may not do this (PostgreSQL roles)
        Other,
    };
    SqlError(Kind kind, const QString &message, const QString &detail = {}, const QString &code = {})
        : std::runtime_error(message.toStdString()), m_kind(kind), m_message(message), m_detail(detail), m_code(code) {}
    Kind kind() const noexcept { return m_kind; }
    QString message() const { return m_message; }
    // For a guard's refusal: its parameters as a JSON object (PostgreSQL's
    // DETAIL; empty on SQLite, whose triggers raise constant text).
    QString detail() const { return m_detail; }
    // For a guard's refusal: JobDesk's stable code, "JD001".."JD999"
    // (PostgreSQL: the SQLSTATE; SQLite: the message's "JDnnn: " prefix).
    QString code() const { return m_code; }

private:
    Kind m_kind;
    QString m_message;
    QString m_detail;
    QString m_code;
};

// One connection to one database. Not thread-safe: a session belongs to the
// thread that uses it. SQL is written once with PostgreSQL's $1..$N
// placeholders; the SQLite session rewrites them to ?1..?N. Both sessions
// prepare each distinct statement once per connection (cached by its text,
// bounded) and run it prepared from then on.
class SqlSession
{
public:
    virtual ~SqlSession() = default;
    virtual Dialect dialect() const = 0;

    // A write transaction: SQLite takes the write lock up front (BEGIN IMMEDIATE).
    virtual void begin() = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;
    virtual bool inTransaction() const = 0;

    // One statement; $1, $2, ... are its parameters. Each row's values: NULL as
    // an invalid QVariant, integers as qlonglong on both stores (PostgreSQL's
    // int2/int4/int8 columns parsed once in the session), everything else as
    // the store gives it (PostgreSQL: text, booleans as "t"/"f"; SQLite: its
    // storage class).
    virtual SqlRows exec(const QString &sql, const SqlParams &params = {}) = 0;
    // Runs a whole script of several statements (migrations).
    virtual void execScript(const QString &script) = 0;

    // Drops and re-opens the connection (after ConnectionLost).
    virtual void reconnect() = 0;
    // For tests: break the connection as a network fault would.
    virtual void simulateConnectionLoss() = 0;

    virtual QString describe() const = 0;
    // The server this session is connected to now, "host:port" (PostgreSQL;
    // of a multi-host URL, the host libpq found the primary on); empty for
    // SQLite and while disconnected. No round trip.
    virtual QString server() const { return {}; }

    // How many prepared statements this connection keeps (bounded; for tests).
    virtual int cachedStatementCount() const = 0;
    // Statements sent so far, for the benchmark's round trips per call: on
    // PostgreSQL each is one round trip (a statement's first run on a
    // connection adds one: its preparation); on SQLite each is one step
    // through the engine, in process.
    quint64 statementsSent() const { return m_statementsSent; }

protected:
    quint64 m_statementsSent = 0;
};


std::unique_ptr<SqlSession> openSqlSession(const StoreUrl &url);

// A guard's refusal (Kind::GuardRefused) as the core's error: InvalidTransition,
// "<what>: <sentence>", with the sentence's template and parameters by its code.
JobDeskError guardRefusal(const QString &what, const SqlError &e);

// The libpq connection string JobDesk connects with: `url` (a URI or
// key=value form) plus what a 3 a.m. outage needs, unless the URL sets it:
// connect_timeout=10 (a database that accepts the TCP connection and then
// says nothing fails the connect in 10 s instead of hanging it for ever),
// keepalives_idle=30, keepalives_interval=10, keepalives_count=3 (a peer that
// vanished is noticed within about a minute, not two hours), and
// tcp_user_timeout=60000 (data unacknowledged for a minute breaks the
// connection), and target_session_attrs=primary (of the URL's hosts, libpq
// connects to the one that is not a standby, so a multi-host URL
// "postgresql://h1,h2/db" finds the primary after a failover; read-write in
// the URL works as well). connect_timeout applies to each host in turn.
// Every PostgreSQL connection of JobDesk goes through it.
QString postgresConnectionString(const QString &url);

} // namespace jobdesk
