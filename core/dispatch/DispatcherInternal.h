#pragma once

// What the dispatcher's rooms share (not part of its interface).

#include "Dispatcher.h"

#include <chrono>
#include <cmath>
#include <optional>
#include <condition_variable>
#include <future>
#include <mutex>
#include <vector>

namespace jobdesk {

using Clock = std::chrono::steady_clock;

// Woken when an outcome comes back or work is handed over; outlives the
// Dispatcher for a sender thread that reports after it is gone.
struct DispatchWake
{
    std::mutex mutex;
    std::condition_variable cv;
    quint64 events = 0; // counts outcomes that came back and groups handed to the keeper
    std::vector<const void *> ready; // flights whose outcome came back (Dispatcher::InFlight *), for the keeper
    void notify(const void *flight = nullptr)
    {
        {
            std::lock_guard lock(mutex);
            ++events;
            if (flight)
                ready.push_back(flight);
        }
        cv.notify_all();
    }
};

// One attempt whose request was handed to its provider, until its outcome is applied.
struct Dispatcher::InFlight
{
    Job job;
    const Route *route = nullptr;
    Attempt attempt;
    std::future<ProviderOutcome> result;
    std::optional<ProviderOutcome> outcome; // came back, not yet applied
    bool applied = false;
    int applyTries = 0;
    Clock::time_point nextApplyAt{};
    Clock::time_point firstApplyAt{};
    std::optional<Clock::time_point> storeRefusedSince; // the store errs (not an outage) since then
};

// A job's attempts in flight (the first and its hedge), or one operator's
// retry, driven together: one claim, one heartbeat time, one hedge decision.
struct Dispatcher::FlightGroup
{
    Job job;
    const Route *route = nullptr;
    QString workerId;                     // holds the claim and the leases
    std::vector<std::shared_ptr<InFlight>> flights;
    Hedge hedge;                          // empty: no hedge
    bool releaseClaimWhenDone = false;    // an automatic attempt's job claim
    Clock::time_point lastBeat = Clock::now();
    qsizetype counted = 0;                // flights counted in m_inFlight
};

} // namespace jobdesk

namespace jobdesk {

// A provider's limits in this process (ProviderConfig::maxConcurrency,
// maxRequestsPerS): requests open at once, and a bucket of one second's
// worth of request starts. Shared with the callbacks of requests in flight.
class ProviderGate
{
public:
    ProviderGate(std::optional<int> maxConcurrency, std::optional<double> perSecond)
        : m_max(maxConcurrency), m_rate(perSecond), m_tokens(perSecond ? std::max(1.0, *perSecond) : 0)
    {
    }
    // True and counted when a request may start now; else false and, in
    // *retryInMs, when to look again.
    bool tryTake(qint64 *retryInMs)
    {
        std::lock_guard lock(m_mutex);
        refill();
        if (m_max && m_open >= *m_max) {
            *retryInMs = 100; // when one ends: not known here
            return false;
        }
        if (m_rate && m_tokens < 1.0) {
            *retryInMs = std::max<qint64>(1, qint64(std::ceil((1.0 - m_tokens) / *m_rate * 1000.0)));
            return false;
        }
        if (m_rate)
            m_tokens -= 1.0;
        ++m_open;
        return true;
    }
    // A taken slot ends: the request's transfer is over, or it was never
    // sent (unsent: its start is given back too).
    void give(bool unsent)
    {
        std::lock_guard lock(m_mutex);
        --m_open;
        if (unsent && m_rate)
            m_tokens = std::min(std::max(1.0, *m_rate), m_tokens + 1.0);
    }
    bool hasRoom()
    {
        std::lock_guard lock(m_mutex);
        refill();
        return (!m_max || m_open < *m_max) && (!m_rate || m_tokens >= 1.0);
    }
    int open()
    {
        std::lock_guard lock(m_mutex);
        return m_open;
    }

private:
    void refill()
    {
        const auto now = Clock::now();
        if (m_rate) {
            const double dt = std::chrono::duration<double>(now - m_last).count();
            m_tokens = std::min(std::max(1.0, *m_rate), m_tokens + dt * *m_rate);
        }
        m_last = now;
    }
    std::mutex m_mutex;
    const std::optional<int> m_max;
    const std::optional<double> m_rate;
    double m_tokens;
    int m_open = 0;
    Clock::time_point m_last = Clock::now();
};

// One request's place under its provider's limits, from before the attempt
// starts until its transfer is over; given back when destroyed.
struct GateSlot
{
    std::shared_ptr<ProviderGate> gate;
    bool sent = false; // handed to the provider's client
    ~GateSlot()
    {
        if (gate)
            gate->give(!sent);
    }
};

} // namespace jobdesk
