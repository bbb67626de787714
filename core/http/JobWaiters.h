#pragma once

// Requests that asked to wait for their job (`Prefer: wait=N`, RFC 7240)
// and are parked: the connection holds its unanswered request in the
// transport, no handler thread is held. One watcher thread, with its own
// store connection, decides when to answer: when the job is decided or
// blocked, or at the waiter's deadline. It reads the states of every waited
// job in one statement (never one per waiter), when woken by a change (the
// server's own writes, a NOTIFY through ChangeListener), else at most every
// pollMs (PostgreSQL: dispatchers in other processes decide jobs without a
// NOTIFY) or, on SQLite, when PRAGMA data_version moved. The answer itself is
// read by a handler thread (or the watcher's own connection when every
// handler is busy).

#include "domain/StoreUrl.h"
#include "http/HttpMessage.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace jobdesk {

class JobService;

// The `wait` preference of the request's Prefer headers (RFC 7240: names
// case-insensitive, "wait=N" or "wait=\"N\"", several preferences per header,
// parameters after ';' ignored), capped at maxSeconds; nullopt when absent or
// malformed (an unusable preference is ignored, RFC 7240 section 2).
std::optional<int> preferredWaitSeconds(const HttpRequest &request, int maxSeconds = 60);

class JobWaiters
{
public:
    // Runs on a thread with a store connection (svc null: the store is down).
    using Finish = std::function<void(JobService *svc)>;
    // Hands a finish to a handler thread; false when the pool is full.
    using Post = std::function<bool(Finish)>;
    struct Options
    {
        int pollMs = 250;       // PostgreSQL: one look at all waited jobs this often while any wait
        int sqlitePollMs = 100; // SQLite: PRAGMA data_version this often; a look when it moved
    };

    JobWaiters(StoreUrl url, Post post, Options options);
    JobWaiters(StoreUrl url, Post post) : JobWaiters(std::move(url), std::move(post), Options{}) {}
    ~JobWaiters(); // stop()
    JobWaiters(const JobWaiters &) = delete;
    JobWaiters &operator=(const JobWaiters &) = delete;

    // Thread-safe. `finish` runs exactly once: when the job is decided or
    // blocked, at the deadline, or at releaseAll()/stop().
    void park(qint64 jobId, std::chrono::steady_clock::time_point deadline, Finish finish);
    void poke(); // something may have changed: look now
    void releaseAll(); // answer every waiter now, and each one parked from now on at once (shutting down)
    void stop();       // releaseAll(), then joins the watcher

    int waiting() const { return m_waiting.load(); }
    qint64 statements() const { return m_statements.load(); } // store statements the watcher ran
    qint64 looks() const { return m_looks.load(); }

private:
    struct Waiter
    {
        std::chrono::steady_clock::time_point deadline;
        Finish finish;
    };
    void run();
    void dispatch(Finish finish, JobService *own);

    StoreUrl m_url;
    Post m_post;
    Options m_options;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::multimap<qint64, Waiter> m_waiters; // by job id
    bool m_poked = false;
    bool m_release = false;
    bool m_closed = false;
    bool m_stopping = false;
    std::atomic<int> m_waiting{0};
    std::atomic<qint64> m_statements{0};
    std::atomic<qint64> m_looks{0};
    std::thread m_thread;
};

} // namespace jobdesk
