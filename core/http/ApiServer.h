#pragma once

// jobdesk-server's HTTP API in one object: the transport (HttpTransport, on
// the thread that owns this object), a bounded pool of
// handler threads with one JobService each, the endpoints, metrics, the
// coalesced change notification, and the requests parked by `Prefer: wait`
// (JobWaiters, woken by this server's writes and the store's NOTIFY).

#include "http/ApiService.h"
#include "http/HttpTransport.h"

#include <QObject>

#include <atomic>
#include <chrono>
#include <memory>

namespace jobdesk {

class ChangeListener;
class HandlerPool;
class JobWaiters;

struct ApiServerOptions
{
    int handlerThreads = 8;   // each holds one database connection
    int maxQueued = 1024;     // requests waiting for a handler beyond this: 503
    ApiOptions api;
    HttpTransport::Options transport;
    std::chrono::milliseconds notifyInterval{200};
    int waitPollMs = 250; // PostgreSQL: one look at every waited job this often (JobWaiters)
};

class ApiServer : public QObject
{
    Q_OBJECT
public:
    ApiServer(const StoreUrl &url, RouteConfig routes, ApiServerOptions options, QObject *parent = nullptr);
    ~ApiServer() override; // stop()

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;
    void setDispatcherStatus(std::function<QString()> status);
    ApiService &api() { return *m_api; }
    JobWaiters &waiters() { return *m_waiters; }

    // Graceful stop, step 1: no new connections; requests that arrive on open
    // ones get 503. drained() when every accepted request has been answered
    // and every answer has left the sockets' buffers for the kernel.
    void stopAccepting();
    int pendingResponses() const;
    // Step 2: joins the handler threads, closes the connections, sends the
    // last change notification.
    void stop();

Q_SIGNALS:
    void drained();

private:
    void onRequest(HttpRequest request, HttpTransport::Respond respond);

    std::shared_ptr<ChangeNotifier> m_notifier;
    std::unique_ptr<ApiService> m_api;
    std::unique_ptr<HandlerPool> m_pool;
    std::unique_ptr<JobWaiters> m_waiters; // after m_pool: gone before it
    ChangeListener *m_listener = nullptr;
    HttpTransport *m_transport = nullptr;
    std::atomic<bool> m_accepting{true};
    std::atomic<int> m_connections{0};
};

} // namespace jobdesk
