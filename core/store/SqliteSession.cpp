#include "SqliteSession.h"

#include "Logging.h"

#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUuid>

namespace jobdesk {
namespace {

SqlError translate(const QSqlError &e, const QString &sql)
{
    const QString native = e.nativeErrorCode();
    const QString text = e.databaseText().isEmpty() ? e.text() : e.databaseText();
    // Extended result codes: 2067 unique, 1555 primary key, 275 check,
    // 787 foreign key, 1299 not null, 1811 trigger (RAISE), 5/6 busy/locked.
    if (text.contains(QStringLiteral("jobdesk_")))
        return SqlError(SqlError::Kind::GuardRefused, text);
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

// $N -> ?, with the bound values laid out in order of appearance (so a
// parameter may be used twice). Qt's own placeholder handling is bypassed.
QString rewritePlaceholders(const QString &sql, const SqlParams &params, SqlParams &ordered)
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
        const int index = m.captured(1).toInt();
        if (index < 1 || index > params.size())
            throw SqlError(SqlError::Kind::Other,
                           QStringLiteral("placeholder $%1 has no value (%2 given) in: %3").arg(index).arg(params.size()).arg(sql.left(200)));
        ordered.append(params.at(index - 1));
        last = m.capturedEnd();
    }
    out += QStringView(sql).mid(last);
    return out;
}

} // namespace

SqliteSession::SqliteSession(const QString &path)
    : m_path(path), m_connectionName(QStringLiteral("jobdesk-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    open();
}

SqliteSession::~SqliteSession()
{
    close();
}

void SqliteSession::open()
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
        db.setDatabaseName(m_path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=30000"));
        if (!db.open())
            throw SqlError(SqlError::Kind::ConnectionLost,
                           QStringLiteral("cannot open SQLite database %1: %2").arg(m_path, db.lastError().text()));
    }
    exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    exec(QStringLiteral("PRAGMA foreign_keys=ON"));
    exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
}

void SqliteSession::close()
{
    if (QSqlDatabase::contains(m_connectionName)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
            if (db.isOpen()) {
                if (m_inTransaction)
                    QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
                db.close();
            }
        }
        QSqlDatabase::removeDatabase(m_connectionName);
    }
    m_inTransaction = false;
}

void SqliteSession::begin()
{
    exec(QStringLiteral("BEGIN IMMEDIATE"));
    m_inTransaction = true;
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

SqlRows SqliteSession::exec(const QString &sql, const SqlParams &params)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.isOpen())
        throw SqlError(SqlError::Kind::ConnectionLost, QStringLiteral("SQLite connection is closed"));
    QSqlQuery q(db);
    q.setForwardOnly(true);
    SqlParams ordered;
    const QString prepared = rewritePlaceholders(sql, params, ordered);
    if (!q.prepare(prepared))
        throw translate(q.lastError(), sql);
    for (const QVariant &p : ordered)
        q.addBindValue(p);
    if (!q.exec())
        throw translate(q.lastError(), sql);
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
        if (q.lastError().isValid())
            throw translate(q.lastError(), sql);
    }
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
