#include "SqliteSession.h"

#include "Logging.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QThread>
#include <QUuid>

#include <algorithm>
#include <random>

namespace jobdesk {
namespace {

SqlError translate(const QSqlError &e, const QString &sql)
{
    const QString native = e.nativeErrorCode();
    const QString text = e.databaseText().isEmpty() ? e.text() : e.databaseText();
    // Extended result codes: 2067 unique, 1555 primary key, 275 check,
    // 787 foreign key, 1299 not null, 1811 trigger (RAISE), 5/6 busy/locked.
    // A guard's RAISE(ABORT, 'JDnnn: sentence').
    static const QRegularExpression guard(QStringLiteral("^(JD\\d{3}): (.*)$"), QRegularExpression::DotMatchesEverythingOption);
    if (const QRegularExpressionMatch m = guard.match(text); m.hasMatch())
        return SqlError(SqlError::Kind::GuardRefused, m.captured(2), {}, m.captured(1));
    if (native == QStringLiteral("2067") || native == QStringLiteral("1555"))
        return SqlError(SqlError::Kind::UniqueViolation, text);
    if (native == QStringLiteral("275") || native == QStringLiteral("787") || native == QStringLiteral("1299")
        || native == QStringLiteral("19"))
        return SqlError(SqlError::Kind::Constraint, text);
    if (native == QStringLiteral("5") || native == QStringLiteral("6") || native == QStringLiteral("517")
        || native == QStringLiteral("261"))
        return SqlError(SqlError::Kind::Retryable, text);
    return SqlError(SqlError::Kind::Other, text + QStringLiteral(" [") + native + QStringLiteral("] in: ") + sql.left(200));
}

// $N -> ?, remembering for each '?' which parameter it takes (so a
// parameter may be used twice). Qt's own placeholder handling is bypassed.
QString rewritePlaceholders(const QString &sql, QList<int> &order)
{
    static const QRegularExpression re(QStringLiteral("\\$(\\d+)"));
    QString out;
    out.reserve(sql.size());
    qsizetype last = 0;
    auto it = re.globalMatch(sql);
    while (it.hasNext()) {
        const auto m = it.next();
        out += QStringView(sql).mid(last, m.capturedStart() - last);
        out += u'?';
        order.append(m.captured(1).toInt() - 1);
        last = m.capturedEnd();
    }
    out += QStringView(sql).mid(last);
    return out;
}

} // namespace

SqliteSession::SqliteSession(const QString &path, int busyTimeoutMs)
    : m_path(path), m_busyTimeoutMs(busyTimeoutMs), m_connectionName(QStringLiteral("jobdesk-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    open();
}

SqliteSession::~SqliteSession()
{
    close();
}

void SqliteSession::open()
{
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    m_db.setDatabaseName(m_path);
    m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=") + QString::number(m_busyTimeoutMs));
    if (!m_db.open())
        throw SqlError(SqlError::Kind::ConnectionLost,
                       QStringLiteral("cannot open SQLite database %1: %2").arg(m_path, m_db.lastError().text()));
    // Switching a new file to WAL needs its exclusive lock. Two connections
    // that switch it at once both hold a shared lock and want the exclusive
    // one: SQLite answers one of them "database is locked" at once, without
    // its busy handler (waiting could deadlock). So a busy answer here is
    // tried again, within the same busy timeout (consoles and servers opening
    // a fresh store together: tst_migrations::concurrentOpensMigrateOnce).
    QElapsedTimer waited;
    waited.start();
    std::minstd_rand rng{std::random_device{}()};
    for (int attempt = 0;; ++attempt) {
        try {
            // A new file frees pages incrementally (retention's removals give
            // them back: PRAGMA incremental_vacuum); only an empty file takes it.
            exec(QStringLiteral("PRAGMA auto_vacuum=INCREMENTAL"));
            exec(QStringLiteral("PRAGMA journal_mode=WAL"));
            break;
        } catch (const SqlError &e) {
            if (e.kind() != SqlError::Kind::Retryable || waited.elapsed() >= m_busyTimeoutMs)
                throw;
            QThread::usleep(static_cast<unsigned long>(200 + rng() % (1000u << std::min(attempt, 6))));
        }
    }
    exec(QStringLiteral("PRAGMA foreign_keys=ON"));
    // INSERT OR REPLACE deletes the row it replaces, and SQLite fires that
    // delete's triggers only with recursive triggers on: without it, REPLACE
    // would rewrite append-only history (the audit trail, attempt events,
    // race losses) past every guard
    // (tst_database_guard::replacingARowCannotRewriteHistory).
    exec(QStringLiteral("PRAGMA recursive_triggers=ON"));
    // FULL: a commit is on disk before it is answered. With NORMAL (WAL's
    // usual companion) a power loss or an OS crash can take back the last
    // commits: a markRunning whose request went out comes back 'starting',
    // the reaper fails it "never sent" and the next attempt goes out under a
    // new provider key (the intent paid twice), or a stored win is lost.
    // tst_submit::everySessionCommitsSynchronouslyWhateverTheServersDefault
    // checks the setting.
    exec(QStringLiteral("PRAGMA synchronous=FULL"));
    // On macOS fsync() leaves the data in the drive's cache: F_FULLFSYNC is
    // what reaches the disk (a no-op elsewhere).
    exec(QStringLiteral("PRAGMA fullfsync=ON"));
    exec(QStringLiteral("PRAGMA checkpoint_fullfsync=ON"));
}

void SqliteSession::close()
{
    m_statements.clear(); // every query goes before its connection
    m_schemaVersionQuery.reset();
    m_schemaVersion = -1;
    if (m_db.isValid()) {
        if (m_db.isOpen()) {
            if (m_inTransaction)
                QSqlQuery(m_db).exec(QStringLiteral("ROLLBACK"));
            m_db.close();
        }
        m_db = QSqlDatabase();
    }
    if (QSqlDatabase::contains(m_connectionName))
        QSqlDatabase::removeDatabase(m_connectionName);
    m_inTransaction = false;
}

void SqliteSession::begin()
{
    m_inTransaction = true; // no schema check before BEGIN: it comes right after
    try {
        exec(QStringLiteral("BEGIN IMMEDIATE"));
    } catch (...) {
        m_inTransaction = false;
        throw;
    }
    try {
        forgetStatementsIfSchemaChanged();
    } catch (...) {
        rollback();
        throw;
    }
}

void SqliteSession::forgetStatementsIfSchemaChanged()
{
    if (!m_schemaVersionQuery) {
        m_schemaVersionQuery = std::make_unique<QSqlQuery>(m_db);
        m_schemaVersionQuery->setForwardOnly(true);
        if (!m_schemaVersionQuery->prepare(QStringLiteral("PRAGMA schema_version"))) {
            const SqlError error = translate(m_schemaVersionQuery->lastError(), QStringLiteral("PRAGMA schema_version"));
            m_schemaVersionQuery.reset();
            throw error;
        }
    }
    QSqlQuery &q = *m_schemaVersionQuery;
    if (!q.exec() || !q.next()) {
        const SqlError error = translate(q.lastError(), QStringLiteral("PRAGMA schema_version"));
        q.finish();
        throw error;
    }
    const qint64 version = q.value(0).toLongLong();
    q.finish();
    if (version != m_schemaVersion) {
        if (m_schemaVersion >= 0) {
            m_statements.clear();
            // This connection still holds the old schema until a statement
            // compiled against it runs into the new one; make that happen now,
            // on a statement whose columns cannot change, so that the next
            // ones are compiled against the new schema (Qt's driver sizes a
            // row by the columns it saw before the first step).
            QSqlQuery reload(m_db);
            if (!reload.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")))
                throw translate(reload.lastError(), QStringLiteral("SELECT count(*) FROM sqlite_master"));
        }
        m_schemaVersion = version;
    }
}

void SqliteSession::commit()
{
    exec(QStringLiteral("COMMIT"));
    m_inTransaction = false;
}

void SqliteSession::rollback() noexcept
{
    if (!m_inTransaction)
        return;
    m_inTransaction = false;
    try {
        exec(QStringLiteral("ROLLBACK"));
    } catch (const SqlError &e) {
        qCWarning(lcStore) << "rollback failed:" << e.message();
    }
}

SqliteSession::Prepared &SqliteSession::prepared(const QString &sql)
{
    if (const auto it = m_statements.constFind(sql); it != m_statements.constEnd())
        return **it;
    auto p = std::make_shared<Prepared>();
    p->query = QSqlQuery(m_db);
    p->query.setForwardOnly(true);
    if (!p->query.prepare(rewritePlaceholders(sql, p->order)))
        throw translate(p->query.lastError(), sql);
    if (m_statements.size() >= kMaxCachedStatements)
        m_statements.clear();
    return **m_statements.insert(sql, std::move(p));
}

SqlRows SqliteSession::exec(const QString &sql, const SqlParams &params)
{
    if (!m_db.isValid() || !m_db.isOpen())
        throw SqlError(SqlError::Kind::ConnectionLost, QStringLiteral("SQLite connection is closed"));
    if (!m_inTransaction)
        forgetStatementsIfSchemaChanged();
    Prepared &p = prepared(sql);
    QSqlQuery &q = p.query;
    ++m_statementsSent;
    for (qsizetype i = 0; i < p.order.size(); ++i) {
        const int index = p.order.at(i);
        if (index < 0 || index >= params.size())
            throw SqlError(SqlError::Kind::Other, QStringLiteral("placeholder $%1 has no value (%2 given) in: %3")
                                                      .arg(index + 1)
                                                      .arg(params.size())
                                                      .arg(sql.left(200)));
        q.bindValue(static_cast<int>(i), params.at(index));
    }
    if (!q.exec()) {
        const SqlError error = translate(q.lastError(), sql);
        q.finish();
        throw error;
    }
    SqlRows rows;
    if (q.isSelect()) {
        const int cols = q.record().count();
        while (q.next()) {
            SqlRow row;
            row.reserve(cols);
            for (int c = 0; c < cols; ++c)
                row.append(q.value(c));
            rows.append(std::move(row));
        }
        if (q.lastError().isValid()) {
            const SqlError error = translate(q.lastError(), sql);
            q.finish();
            throw error;
        }
    }
    q.finish(); // release the statement's read lock until its next run
    return rows;
}

QStringList SqliteSession::splitScript(const QString &script)
{
    QStringList statements;
    QString current;
    bool inTrigger = false;
    static const QRegularExpression triggerStart(QStringLiteral("^\\s*CREATE\\s+TRIGGER\\b"),
                                                 QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression triggerEnd(QStringLiteral("^\\s*END\\s*;\\s*$"),
                                               QRegularExpression::CaseInsensitiveOption);
    const QStringList lines = script.split(u'\n');
    for (const QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (current.trimmed().isEmpty() && (trimmed.isEmpty() || trimmed.startsWith(QStringLiteral("--"))))
            continue;
        if (current.trimmed().isEmpty() && triggerStart.match(line).hasMatch())
            inTrigger = true;
        current += line + u'\n';
        const bool ends = inTrigger ? triggerEnd.match(line).hasMatch() : trimmed.endsWith(u';');
        if (ends) {
            statements.append(current.trimmed());
            current.clear();
            inTrigger = false;
        }
    }
    if (!current.trimmed().isEmpty())
        statements.append(current.trimmed());
    return statements;
}

void SqliteSession::execScript(const QString &script)
{
    for (const QString &statement : splitScript(script))
        exec(statement);
    m_statements.clear(); // one-off statements (DDL): not worth keeping
}

void SqliteSession::reconnect()
{
    close();
    open();
}

void SqliteSession::simulateConnectionLoss()
{
    close();
}

} // namespace jobdesk
