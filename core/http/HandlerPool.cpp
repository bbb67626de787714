#include "http/HandlerPool.h"

#include "http/HttpLogging.h"
#include "service/TakenKeys.h"

namespace jobdesk {

HandlerPool::HandlerPool(StoreUrl url, int threads, int maxQueued)
    : m_url(std::move(url))
    , m_maxQueued(maxQueued)
    , m_takenKeys(std::make_shared<TakenKeys>())
{
    m_threads.reserve(size_t(threads));
    for (int i = 0; i < threads; ++i)
        m_threads.emplace_back([this, i] { run(i); });
}

HandlerPool::~HandlerPool()
{
    stop();
}

bool HandlerPool::tryPost(Task task)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping || int(m_queue.size()) >= m_maxQueued)
            return false;
        m_queue.push_back(std::move(task));
    }
    m_wake.notify_one();
    return true;
}

void HandlerPool::stop()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping && m_threads.empty())
            return;
        m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread &t : m_threads) {
        if (t.joinable())
            t.join();
    }
    m_threads.clear();
}

int HandlerPool::queued() const
{
    std::lock_guard lock(m_mutex);
    return int(m_queue.size());
}

int HandlerPool::busy() const
{
    std::lock_guard lock(m_mutex);
    return m_busy;
}

void HandlerPool::run(int index)
{
    std::unique_ptr<JobService> svc;
    JobService::Options options;
    options.migrate = false; // the server migrated once at start-up
    options.takenKeys = m_takenKeys; // a retry that reaches another handler still replays in one round trip
    for (;;) {
        Task task;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
            if (m_queue.empty())
                return; // stopping, and nothing left to answer
            task = std::move(m_queue.front());
            m_queue.pop_front();
            ++m_busy;
        }
        QString storeError;
        if (!svc) {
            try {
                svc = JobService::open(m_url, options);
            } catch (const JobDeskError &e) {
                storeError = e.localizedMessage();
                qCWarning(lcHttp) << "handler" << index << "cannot open the store:" << e.message();
            } catch (const std::exception &e) {
                storeError = QString::fromUtf8(e.what());
            }
        }
        task(svc.get(), storeError);
        std::lock_guard lock(m_mutex);
        --m_busy;
    }
}

} // namespace jobdesk
