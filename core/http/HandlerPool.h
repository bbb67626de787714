#pragma once

// A bounded pool of handler threads, each with its own JobService (its own
// database connection, opened on that thread, as a connection belongs to the
// thread that made it). A slow database blocks these threads, never the event
// loop; when every thread is busy and the queue is full, tryPost() says no
// and the caller answers 503 at once. The threads' JobServices share one
// table of keys seen taken (service/TakenKeys.h).

#include "service/JobService.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace jobdesk {

class HandlerPool
{
public:
    // svc is null when the store could not be opened; storeError says why.
    using Task = std::function<void(JobService *svc, const QString &storeError)>;

    HandlerPool(StoreUrl url, int threads, int maxQueued);
    ~HandlerPool(); // stop()
    HandlerPool(const HandlerPool &) = delete;
    HandlerPool &operator=(const HandlerPool &) = delete;

    bool tryPost(Task task);
    // Runs what is queued to the end, then joins the threads.
    void stop();

    int threadCount() const { return int(m_threads.size()); }
    int queued() const;
    int busy() const;

private:
    void run(int index);

    StoreUrl m_url;
    int m_maxQueued;
    std::shared_ptr<TakenKeys> m_takenKeys;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Task> m_queue;
    int m_busy = 0;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};

} // namespace jobdesk
