// The waker thread (PostgreSQL): LISTENs on the store's change channel, the
// coalesced NOTIFY that API servers send outside their write transactions
// (DESIGN.md, "Live updates"), and wakes idle workers at once, so a submitted
// job does not wait for the next idle poll. Only a hint: the workers still
// poll every idlePollMs, so a lost notification (a dropped connection, a
// server that does not notify) costs latency, never a job
// (core/dispatch/README.md, "Who owns what").

#include "Dispatcher.h"
#include "DispatcherInternal.h"

#include "Logging.h"
#include "live/ChangeChannel.h"
#include "store/SqlSession.h"

#include <pqxx/pqxx>

namespace jobdesk {
namespace {

class WakeReceiver final : public pqxx::notification_receiver
{
public:
    WakeReceiver(pqxx::connection_base &conn, const std::string &channel, std::function<void()> onNotify)
        : pqxx::notification_receiver(conn, channel), m_onNotify(std::move(onNotify))
    {
    }
    void operator()(const std::string &, int) override { m_onNotify(); }

private:
    std::function<void()> m_onNotify;
};

} // namespace

void Dispatcher::wake()
{
    {
        std::lock_guard lock(m_wakeMutex);
        ++m_wakeEvents;
    }
    m_wake.notify_all();
}

void Dispatcher::wakerLoop()
{
    while (!m_stopping) {
        try {
            pqxx::connection conn(postgresConnectionString(m_url.postgresUrl).toStdString());
            const std::string channel = changeChannelOf(conn);
            WakeReceiver receiver(conn, channel, [this] {
                m_stats.wakeUps++;
                wake();
            });
            qCDebug(lcDispatch) << "woken by NOTIFY on" << QString::fromStdString(channel);
            while (!m_stopping)
                conn.await_notification(0, 200 * 1000); // bounded, so stop() is seen
        } catch (const std::exception &e) {
            // Polling carries on meanwhile; a fresh connection after a pause.
            qCInfo(lcDispatch) << "not woken by notifications for now (polling every" << m_options.idlePollMs
                               << "ms):" << e.what();
            std::unique_lock lock(m_wakeMutex);
            m_wake.wait_for(lock, std::chrono::seconds(2), [this] { return m_stopping.load(); });
        }
    }
}

} // namespace jobdesk
