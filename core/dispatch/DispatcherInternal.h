#pragma once

// What the dispatcher's rooms share (not part of its interface).

#include "Dispatcher.h"

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>

namespace jobdesk {

using Clock = std::chrono::steady_clock;

// Woken when an outcome comes back or work is handed over; outlives the
// Dispatcher for a sender thread that reports after it is gone.
struct DispatchWake
{
    std::mutex mutex;
    std::condition_variable cv;
    quint64 events = 0; // counts outcomes that came back and groups handed to the keeper
    void notify()
    {
        {
            std::lock_guard lock(mutex);
            ++events;
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
