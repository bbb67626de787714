// The lease keeper: renews the leases of every attempt this process has
// started and not yet settled, and the claims on their jobs, on a thread and
// connection of its own, so neither outcomes being applied (a round of them
// can take seconds when SQLite's write lock is contended) nor the workers'
// starts delay a renewal (core/dispatch/README.md, "Who owns what").

#include "Dispatcher.h"
#include "DispatcherInternal.h"

#include "Logging.h"

#include <QSet>

namespace jobdesk {

// How long the keeper's SQLite connection waits for the write lock in one
// go before it looks again. SQLite's busy handler sleeps up to 100 ms
// between looks, while writers that commit and begin again re-take the lock
// within microseconds: a renewal waiting the full busy timeout was measured
// waiting 4.5 s behind four submitters (its 1.2 s leases long gone). Short
// waits, tried again at once, look every few milliseconds instead.
static constexpr int kRenewalLockWaitMs = 25;

void Dispatcher::holdLease(const QString &workerId, const Attempt &attempt)
{
    std::lock_guard lock(m_leaseMutex);
    m_leases[workerId].insert(attempt.id, attempt.kind == AttemptKind::Retry ? 0 : attempt.jobId);
}

void Dispatcher::dropLease(const QString &workerId, qint64 attemptId)
{
    std::lock_guard lock(m_leaseMutex);
    const auto it = m_leases.find(workerId);
    if (it == m_leases.end())
        return;
    it->remove(attemptId);
    if (it->isEmpty())
        m_leases.erase(it);
}

void Dispatcher::dropSettledLeases(std::span<FlightGroup *const> groups)
{
    std::lock_guard lock(m_leaseMutex);
    for (const FlightGroup *g : groups) {
        const auto it = m_leases.find(g->workerId);
        if (it == m_leases.end())
            continue;
        for (const auto &f : g->flights)
            if (f->applied)
                it->remove(f->attempt.id);
        if (it->isEmpty())
            m_leases.erase(it);
    }
}

void Dispatcher::leaseLoop()
{
    std::unique_ptr<JobService> svc;
    const auto every = std::chrono::milliseconds(std::max<qint64>(50, std::min(m_options.leaseMs, m_options.claimMs) / 3));
    auto lastRenewed = Clock::now();
    while (true) {
        QHash<QString, QHash<qint64, qint64>> leases;
        {
            std::unique_lock lock(m_leaseMutex);
            m_leaseWake.wait_until(lock, lastRenewed + every, [&] { return m_leaseStopping.load(); });
            if (m_leaseStopping)
                return;
            leases = m_leases;
        }
        const auto round = Clock::now();
        bool renewed = true;
        for (auto it = leases.cbegin(); it != leases.cend(); ++it) {
            QList<qint64> attempts;
            QSet<qint64> claimed;
            attempts.reserve(it->size());
            for (auto a = it->cbegin(); a != it->cend(); ++a) {
                attempts.append(a.key());
                if (a.value())
                    claimed.insert(a.value());
            }
            const QList<qint64> jobs(claimed.cbegin(), claimed.cend());
            // Until it is renewed: busy is tried again at once; an outage
            // after a pause on a new connection. The keeper keeps the
            // outcomes meanwhile.
            while (!m_leaseStopping) {
                try {
                    if (!svc) {
                        // Opened patiently (opening may migrate), then impatient for the write lock.
                        svc = JobService::open(m_url);
                        if (m_url.dialect == Dialect::Sqlite)
                            svc->session().exec(QStringLiteral("PRAGMA busy_timeout = %1").arg(kRenewalLockWaitMs));
                    }
                    svc->renewInFlight(it.key(), attempts, m_options.leaseMs, jobs, m_options.claimMs);
                    m_stats.renewals++;
                    break;
                } catch (const JobDeskError &e) {
                    if (e.code() == JobDeskError::Code::StoreBusy)
                        continue;
                    qCWarning(lcDispatch) << "renewal failed (calls stay in flight, outcomes are kept):" << e.message();
                } catch (const std::exception &e) {
                    qCWarning(lcDispatch) << "renewal failed (calls stay in flight, outcomes are kept):" << e.what();
                }
                svc.reset();
                renewed = false;
                std::unique_lock lock(m_leaseMutex);
                m_leaseWake.wait_for(lock, std::chrono::milliseconds(200), [&] { return m_leaseStopping.load(); });
                break; // the next round renews what is in flight then
            }
        }
        if (renewed && round - lastRenewed > std::chrono::milliseconds(m_options.leaseMs))
            qCWarning(lcDispatch) << "leases renewed"
                                  << std::chrono::duration_cast<std::chrono::milliseconds>(round - lastRenewed).count()
                                  << "ms after the last renewal, past their" << m_options.leaseMs << "ms";
        if (renewed)
            lastRenewed = round;
    }
}

} // namespace jobdesk
