#include "ChangeListener.h"

#include "ChangeChannel.h"

#include "Logging.h"

#include <QSocketNotifier>
#include <QTimer>

#include <pqxx/pqxx>

#include <functional>

namespace jobdesk {

namespace {

class Receiver final : public pqxx::notification_receiver
{
public:
    Receiver(PqxxConnection &conn, const std::string &channelName, std::function<void()> onNotify)
        : pqxx::notification_receiver(conn, channelName), m_onNotify(std::move(onNotify))
    {
    }
    void operator()(const std::string &, int) override { m_onNotify(); }

private:
    std::function<void()> m_onNotify;
};

} // namespace

struct ChangeListener::Connection
{
    explicit Connection(const std::string &url) : conn(url) {}
    pqxx::connection conn;
    std::unique_ptr<Receiver> receiver;
    bool notified = false;
};

ChangeListener::ChangeListener(QObject *parent)
    : QObject(parent)
{
}

ChangeListener::~ChangeListener()
{
    stop();
}

bool ChangeListener::start(const StoreUrl &url, int retryMs)
{
    stop();
    if (url.dialect != Dialect::Postgres)
        return false;
    m_url = url.postgresUrl;
    if (!m_retry) {
        m_retry = new QTimer(this);
        m_retry->setSingleShot(true);
        connect(m_retry, &QTimer::timeout, this, [this] {
            if (!connectNow())
                m_retry->start();
        });
    }
    m_retry->setInterval(retryMs);
    if (!m_recheck) {
        m_recheck = new QTimer(this);
        m_recheck->setSingleShot(true);
        connect(m_recheck, &QTimer::timeout, this, &ChangeListener::recheckChannel);
    }
    m_recheck->setInterval(retryMs);
    if (connectNow())
        return true;
    m_retry->start();
    return false;
}

void ChangeListener::stop()
{
    if (m_retry)
        m_retry->stop();
    drop();
    m_url.clear();
}

bool ChangeListener::isListening() const
{
    return m_conn != nullptr;
}

bool ChangeListener::connectNow()
{
    if (m_url.isEmpty())
        return false;
    try {
        auto c = std::make_unique<Connection>(postgresConnectionString(m_url).toStdString());
        Connection *raw = c.get();
        bool storeFound = false;
        const std::string channelName = changeChannelOf(c->conn, &storeFound);
        c->receiver = std::make_unique<Receiver>(c->conn, channelName, [raw] { raw->notified = true; });
        m_channel = QString::fromStdString(channelName);
        m_conn = std::move(c);
        m_notifier = new QSocketNotifier(static_cast<qintptr>(m_conn->conn.sock()), QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, &ChangeListener::onReadable);
        qCDebug(lcStore) << "listening on" << channel() << (storeFound ? "" : "(the store is not migrated yet)");
        if (!storeFound && m_recheck)
            m_recheck->start();
        return true;
    } catch (const std::exception &e) {
        qCInfo(lcStore) << "cannot LISTEN for changes yet:" << e.what();
        drop();
        return false;
    }
}

void ChangeListener::onReadable()
{
    if (!m_conn)
        return;
    try {
        deliverNotifications();
    } catch (const std::exception &e) {
        qCInfo(lcStore) << "change listener lost its connection:" << e.what();
        drop();
        Q_EMIT changed(); // something may have happened meanwhile: look once
        if (m_retry && !m_url.isEmpty())
            m_retry->start();
    }
}

void ChangeListener::deliverNotifications()
{
    m_conn->notified = false;
    m_conn->conn.get_notifs();
    if (m_conn->notified)
        Q_EMIT changed();
}

void ChangeListener::recheckChannel()
{
    if (!m_conn)
        return; // reconnecting: connectNow() asks again
    try {
        bool storeFound = false;
        const QString now = QString::fromStdString(changeChannelOf(m_conn->conn, &storeFound));
        deliverNotifications(); // any that arrived with the answer (the socket was read)
        if (!storeFound) {
            m_recheck->start();
            return;
        }
        if (now == m_channel)
            return;
        qCInfo(lcStore) << "the store is in another schema than this login's own: listening on" << now << "instead of" << m_channel;
        drop();
        if (!connectNow() && m_retry)
            m_retry->start();
        Q_EMIT changed(); // the store's creation, and anything since, went to the other channel
    } catch (const std::exception &e) {
        qCInfo(lcStore) << "change listener lost its connection:" << e.what();
        drop();
        Q_EMIT changed();
        if (m_retry && !m_url.isEmpty())
            m_retry->start();
    }
}

void ChangeListener::drop()
{
    if (m_recheck)
        m_recheck->stop();
    if (m_notifier) {
        m_notifier->setEnabled(false);
        m_notifier->deleteLater();
        m_notifier = nullptr;
    }
    if (m_conn) {
        try {
            m_conn->receiver.reset();
        } catch (...) {
        }
        m_conn.reset();
    }
    m_channel.clear();
}

} // namespace jobdesk
