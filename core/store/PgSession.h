#pragma once

#include "SqlSession.h"

#include <QElapsedTimer>

#include <memory>

namespace jobdesk {

class PgSession final : public SqlSession
{
public:
    explicit PgSession(const QString &url);
    ~PgSession() override;

    Dialect dialect() const override { return Dialect::Postgres; }
    void begin() override;
    void commit() override;
    void rollback() noexcept override;
    bool inTransaction() const override { return m_inTransaction; }
    SqlRows exec(const QString &sql, const SqlParams &params = {}) override;
    void execScript(const QString &script) override;
    void reconnect() override;
    void simulateConnectionLoss() override;
    QString describe() const override;
    QString server() const override;
    int cachedStatementCount() const override;

    // How many distinct statements one connection keeps prepared; the least
    // recently used one is deallocated to make room for a new one.
    static constexpr int kMaxPreparedStatements = 256;
    // How long reconnects keep looking for a primary among the several hosts
    // of a multi-host URL (a failover), from the first failed one of an outage.
    static constexpr qint64 kFailoverWaitMs = 15000;

private:
    void open();
    void openOn(const QString &url, bool moreHosts); // one libpq connect (the URL's hosts in this order)
    void control(const char *command); // BEGIN / COMMIT / ROLLBACK, simple protocol
    [[noreturn]] void rethrow(const QString &sql);
    std::string m_url;
    struct Connection; // wraps pqxx::connection (a typedef in libpqxx 6, so not forward-declarable)
    std::unique_ptr<Connection> m_conn; // with its prepared statements: a reconnect starts with none
    bool m_inTransaction = false;
    QElapsedTimer m_outage; // since the first reconnect of the current outage; invalid while connected
    void checkStandbyWait(); // throws ConnectionLost when a commit's wait for a synchronous standby was cancelled
};

} // namespace jobdesk
