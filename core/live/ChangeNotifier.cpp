#include "live/ChangeNotifier.h"

#include "Logging.h"
#include "live/ChangeChannel.h"
#include "store/SqlSession.h"

#include <pqxx/pqxx>

#include <memory>

namespace jobdesk {

ChangeNotifier::ChangeNotifier(const StoreUrl &url, std::chrono::milliseconds minInterval)
    : m_url(url.postgresUrl)
    , m_enabled(url.dialect == Dialect::Postgres)
    , m_interval(minInterval)
{
    if (m_enabled)
        m_thread = std::thread([this] { run(); });
}

ChangeNotifier::~ChangeNotifier()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void ChangeNotifier::poke(qint64 changeSeq)
{
    if (!m_enabled)
        return;
    {
        std::lock_guard lock(m_mutex);
        m_pending = true;
        m_maxSeq = std::max(m_maxSeq, changeSeq);
    }
    m_wake.notify_one();
}

void ChangeNotifier::run()
{
    std::unique_ptr<pqxx::connection> conn;
    std::string channel;
    auto lastSent = std::chrono::steady_clock::now() - m_interval;
    for (;;) {
        qint64 seq = 0;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_pending || m_stopping; });
            if (!m_pending)
                return; // stopping with nothing to send
            // Coalesce: at most one NOTIFY per interval. Pokes arriving while
            // we wait ride along; a stop cuts the wait short and sends.
            m_wake.wait_until(lock, lastSent + m_interval, [this] { return m_stopping; });
            seq = m_maxSeq;
            m_pending = false;
        }
        lastSent = std::chrono::steady_clock::now();
        try {
            if (!conn) {
                conn = std::make_unique<pqxx::connection>(postgresConnectionString(m_url).toStdString());
                channel = changeChannelOf(*conn);
            }
            pqxx::nontransaction tx(*conn); // autocommit: no write transaction to hold up
            tx.exec_params("SELECT pg_notify($1, $2)", channel, std::to_string(seq));
            ++m_sent;
        } catch (const std::exception &e) {
            conn.reset(); // libpqxx 6: a broken connection is replaced, not reactivated
            qCWarning(lcStore) << "change notification not sent:" << QString::fromUtf8(e.what()).trimmed();
        }
    }
}

} // namespace jobdesk
