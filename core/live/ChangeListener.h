#pragma once

// Wakes a reader at once when a server announces changes: on PostgreSQL it
// LISTENs on the store's channel ("jobdesk_changed" for the public schema,
// one per schema otherwise: ChangeChannel.h), the coalesced NOTIFY that
// servers send outside their write transactions (DESIGN.md "Live updates"), on its own
// connection, watched by a QSocketNotifier in the owning thread's event loop.
// It never blocks that loop; a broken connection is dropped and re-opened
// after a pause. A wake-up is only a hint: readers still poll the change
// sequence, so a lost notification costs latency, never data.

#include "store/SqlSession.h"

#include <QObject>
#include <QString>

#include <memory>

class QSocketNotifier;
class QTimer;

namespace jobdesk {

class ChangeListener : public QObject
{
    Q_OBJECT
public:
    // The channel listened on: that of the store's schema, asked once
    // connected; empty while not listening. While the store has no tables
    // yet (a console started before its store was migrated), the channel is
    // current_schema()'s and the listener asks again every retryMs; when the
    // store appears in another schema it moves to that schema's channel and
    // emits changed() once (the creation may have been missed).
    QString channel() const { return m_channel; }

    explicit ChangeListener(QObject *parent = nullptr);
    ~ChangeListener() override;

    // Starts listening (PostgreSQL only; for SQLite it does nothing and
    // returns false). Returns whether the LISTEN is in place now; if not, it
    // keeps trying every retryMs.
    bool start(const StoreUrl &url, int retryMs = 5000);
    void stop();
    bool isListening() const;

Q_SIGNALS:
    void changed(); // one or more notifications arrived (coalesced per socket wake-up)

private:
    bool connectNow();
    void onReadable();
    void deliverNotifications();
    void recheckChannel();
    void drop();

    struct Connection;
    std::unique_ptr<Connection> m_conn;
    QSocketNotifier *m_notifier = nullptr;
    QTimer *m_retry = nullptr;
    QTimer *m_recheck = nullptr; // while the store is not found: asks again where it is
    QString m_url;
    QString m_channel;
};

} // namespace jobdesk
