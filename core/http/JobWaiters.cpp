#include "http/JobWaiters.h"

#include "http/HttpLogging.h"
#include "service/JobService.h"

#include <algorithm>
#include <set>
#include <vector>

namespace jobdesk {

std::optional<int> preferredWaitSeconds(const HttpRequest &request, int maxSeconds)
{
    std::optional<int> wait;
    for (const QByteArray &header : request.headerValues("Prefer")) {
        for (const QByteArray &preference : header.split(',')) {
            const QByteArray token = preference.split(';').first().trimmed(); // parameters after ';' do not apply to wait
            const qsizetype eq = token.indexOf('=');
            if (eq < 0 || token.first(eq).trimmed().compare("wait", Qt::CaseInsensitive) != 0)
                continue;
            QByteArray value = token.mid(eq + 1).trimmed();
            if (value.size() >= 2 && value.startsWith('"') && value.endsWith('"'))
                value = value.mid(1, value.size() - 2);
            bool ok = false;
            const qlonglong n = value.toLongLong(&ok);
            if (!ok || n < 0 || value.isEmpty() || !std::all_of(value.cbegin(), value.cend(), [](char c) { return c >= '0' && c <= '9'; }))
                return std::nullopt; // malformed: the preference is ignored
            wait = int(std::min<qlonglong>(n, maxSeconds));
        }
    }
    return wait;
}

JobWaiters::JobWaiters(StoreUrl url, Post post, Options options)
    : m_url(std::move(url)), m_post(std::move(post)), m_options(options)
{
    m_thread = std::thread([this] { run(); });
}

JobWaiters::~JobWaiters()
{
    stop();
}

void JobWaiters::park(qint64 jobId, std::chrono::steady_clock::time_point deadline, Finish finish)
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_stopping && !m_closed) {
            m_waiters.emplace(jobId, Waiter{deadline, std::move(finish)});
            m_waiting = int(m_waiters.size());
            // A new waiter gets one look: its job may have been decided
            // between the handler's read and now (SQLite's data_version may
            // already have been seen past that commit).
            m_poked = true;
            finish = nullptr;
        }
    }
    if (finish) { // shutting down: answered at once with the state the handler read
        dispatch(std::move(finish), nullptr);
        return;
    }
    m_wake.notify_one();
}

void JobWaiters::poke()
{
    {
        std::lock_guard lock(m_mutex);
        m_poked = true;
    }
    m_wake.notify_one();
}

void JobWaiters::releaseAll()
{
    {
        std::lock_guard lock(m_mutex);
        m_release = true;
        m_closed = true;
    }
    m_wake.notify_one();
}

void JobWaiters::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_one();
    if (m_thread.joinable())
        m_thread.join();
}

void JobWaiters::dispatch(Finish finish, JobService *own)
{
    if (m_post && m_post(finish))
        return;
    finish(own); // every handler is busy: the watcher reads the answer itself
}

void JobWaiters::run()
{
    using Clock = std::chrono::steady_clock;
    const bool sqlite = m_url.dialect == Dialect::Sqlite;
    const auto pollEvery = std::chrono::milliseconds(sqlite ? m_options.sqlitePollMs : m_options.pollMs);
    const auto minGap = std::chrono::milliseconds(20); // pokes coalesce: at most one look per 20 ms
    std::unique_ptr<JobService> svc;
    std::optional<qint64> seenDataVersion;
    Clock::time_point nextPoll = Clock::now();
    Clock::time_point lastLook = Clock::now() - minGap;
    for (;;) {
        std::vector<Finish> due;
        std::vector<qint64> ids;
        bool look = false;
        bool poked = false;
        {
            std::unique_lock lock(m_mutex);
            for (;;) {
                if (m_stopping || m_release)
                    break;
                const Clock::time_point now = Clock::now();
                Clock::time_point wakeAt = Clock::time_point::max();
                for (const auto &[id, w] : m_waiters)
                    wakeAt = std::min(wakeAt, w.deadline);
                if (!m_waiters.empty())
                    wakeAt = std::min(wakeAt, m_poked ? lastLook + minGap : nextPoll);
                if (wakeAt <= now)
                    break;
                if (wakeAt == Clock::time_point::max())
                    m_wake.wait(lock);
                else
                    m_wake.wait_until(lock, wakeAt);
            }
            const Clock::time_point now = Clock::now();
            if (m_stopping || m_release) {
                for (auto &[id, w] : m_waiters)
                    due.push_back(std::move(w.finish));
                m_waiters.clear();
                m_release = false;
            } else {
                for (auto it = m_waiters.begin(); it != m_waiters.end();) {
                    if (it->second.deadline <= now) {
                        due.push_back(std::move(it->second.finish));
                        it = m_waiters.erase(it);
                    } else {
                        ++it;
                    }
                }
                poked = m_poked && now >= lastLook + minGap;
                look = !m_waiters.empty() && (poked || now >= nextPoll);
                if (poked || m_waiters.empty())
                    m_poked = false;
                if (look) {
                    for (auto it = m_waiters.cbegin(); it != m_waiters.cend(); it = m_waiters.upper_bound(it->first))
                        ids.push_back(it->first);
                }
            }
            m_waiting = int(m_waiters.size());
            if (m_stopping && m_waiters.empty() && due.empty())
                return;
        }
        for (Finish &f : due)
            dispatch(std::move(f), svc.get());
        due.clear();
        if (!look)
            continue;
        lastLook = Clock::now();
        nextPoll = lastLook + pollEvery;
        m_looks++;
        std::set<qint64> done;
        try {
            if (!svc) {
                JobService::Options options;
                options.migrate = false;
                svc = JobService::open(m_url, options);
            }
            if (sqlite && !poked) { // nothing committed since the last look: nothing to read
                const std::optional<qint64> v = svc->dataVersion();
                m_statements++;
                if (v && seenDataVersion && *v == *seenDataVersion)
                    continue;
                seenDataVersion = v;
            }
            for (size_t from = 0; from < ids.size(); from += 500) {
                QString list;
                for (size_t i = from; i < std::min(ids.size(), from + 500); ++i)
                    list += (list.isEmpty() ? QString() : QStringLiteral(",")) + QString::number(ids[i]);
                std::set<qint64> undecided;
                for (const SqlRow &r : svc->session().exec(QStringLiteral("SELECT id FROM jobs WHERE id IN (%1)"
                                                                          " AND state IN ('queued', 'running')").arg(list)))
                    undecided.insert(r.at(0).toLongLong());
                m_statements++;
                for (size_t i = from; i < std::min(ids.size(), from + 500); ++i)
                    if (!undecided.count(ids[i]))
                        done.insert(ids[i]); // decided, blocked (or gone): answer now
            }
        } catch (const std::exception &e) {
            // The store is away: the waiters stay until their deadline, the
            // next look tries a fresh connection.
            qCInfo(lcHttp) << "waiters: cannot read the waited jobs' states:" << e.what();
            svc.reset();
            continue;
        }
        {
            std::lock_guard lock(m_mutex);
            for (const qint64 id : done) {
                auto [from, to] = m_waiters.equal_range(id);
                for (auto it = from; it != to; ++it)
                    due.push_back(std::move(it->second.finish));
                m_waiters.erase(from, to);
            }
            m_waiting = int(m_waiters.size());
        }
        for (Finish &f : due)
            dispatch(std::move(f), svc.get());
    }
}

} // namespace jobdesk
