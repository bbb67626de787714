#pragma once

#include "SqlSession.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <memory>

namespace jobdesk {

class SqliteSession final : public SqlSession
{
public:
    explicit SqliteSession(const QString &path, int busyTimeoutMs = 30000);
    ~SqliteSession() override;

    Dialect dialect() const override { return Dialect::Sqlite; }
    void begin() override;
    void commit() override;
    void rollback() noexcept override;
    bool inTransaction() const override { return m_inTransaction; }
    SqlRows exec(const QString &sql, const SqlParams &params = {}) override;
    void execScript(const QString &script) override;
    void reconnect() override;
    void simulateConnectionLoss() override;
    QString describe() const override { return QStringLiteral("sqlite:") + m_path; }
    int cachedStatementCount() const override { return static_cast<int>(m_statements.size()); }

    // Splits an SQL script into statements: a statement ends with ';' at the
    // end of a line, except inside CREATE TRIGGER ... END; bodies.
    static QStringList splitScript(const QString &script);

private:
    // A prepared statement, kept per SQL text: preparing is most of the cost
    // of a short statement.
    struct Prepared
    {
        QSqlQuery query;
        QList<int> order; // for each '?', the index of its $N parameter
    };
    static constexpr qsizetype kMaxCachedStatements = 256;

    void open();
    void close();
    Prepared &prepared(const QString &sql);
    // Another connection (a migration) changed the schema: cached statements
    // whose result columns changed would mislead Qt's driver, which keeps the
    // columns it saw first. Called where no transaction of ours is open, and
    // right after BEGIN IMMEDIATE (no schema can change while we hold it).
    void forgetStatementsIfSchemaChanged();
    QString m_path;
    int m_busyTimeoutMs = 30000;
    QSqlDatabase m_db;
    QHash<QString, std::shared_ptr<Prepared>> m_statements;
    std::unique_ptr<QSqlQuery> m_schemaVersionQuery;
    qint64 m_schemaVersion = -1;
    QString m_connectionName;
    bool m_inTransaction = false;
};

} // namespace jobdesk
