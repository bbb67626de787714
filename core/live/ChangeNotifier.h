#pragma once

// Wakes the consoles after writes without slowing the writers (DESIGN.md,
// "Live updates"): poke() after a write has committed; a thread of its own
// sends at most one `NOTIFY <channel>, '<change seq>'` per interval
// (200 ms by default), in autocommit on its own PostgreSQL connection, never
// inside a write transaction. The channel is the store's: "jobdesk_changed"
// for the public schema, one per schema otherwise (live/ChangeChannel.h), so
// a server wakes only the consoles of its own store. Consoles listening for
// it poll at once. On SQLite it does nothing (readers there watch PRAGMA
// data_version).

#include "domain/StoreUrl.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace jobdesk {

class ChangeNotifier
{
public:
    explicit ChangeNotifier(const StoreUrl &url, std::chrono::milliseconds minInterval = std::chrono::milliseconds(200));
    ~ChangeNotifier(); // sends what is pending, then stops
    ChangeNotifier(const ChangeNotifier &) = delete;
    ChangeNotifier &operator=(const ChangeNotifier &) = delete;

    // Something changed (changeSeq: the change sequence written, if known).
    // Cheap and thread-safe; never blocks on the database.
    void poke(qint64 changeSeq = 0);
    qint64 sent() const { return m_sent.load(); }
    bool enabled() const { return m_enabled; }

private:
    void run();

    QString m_url;
    bool m_enabled = false;
    std::chrono::milliseconds m_interval;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_pending = false;
    bool m_stopping = false;
    qint64 m_maxSeq = 0;
    std::atomic<qint64> m_sent{0};
    std::thread m_thread;
};

} // namespace jobdesk
