#pragma once

#include "SqlSession.h"

#include <QSqlDatabase>

namespace jobdesk {

class SqliteSession final : public SqlSession
{
public:
    explicit SqliteSession(const QString &path);
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

    // Splits an SQL script into statements: a statement ends with ';' at the
    // end of a line, except inside CREATE TRIGGER ... END; bodies.
    static QStringList splitScript(const QString &script);

private:
    void open();
    void close();
    QString m_path;
    QString m_connectionName;
    bool m_inTransaction = false;
};

} // namespace jobdesk
