// The maintenance thread: the lease reaper and the rolling-deploy gauge.
// It never waits for a provider (core/dispatch/README.md, "Who owns what").

#include "Dispatcher.h"
#include "DispatcherInternal.h"

#include "Logging.h"

namespace jobdesk {

// The lease reaper (and the rolling-deploy gauge): never waits for a provider.
void Dispatcher::maintenanceLoop()
{
    std::unique_ptr<JobService> svc;
    bool recorded = false;
    qint64 lastOutside = -1;
    const QStringList routes = routeNames();
    while (!m_stopping) {
        try {
            if (!svc)
                svc = JobService::open(m_url);
            if (!recorded) {
                recordConfig(*svc);
                recorded = true;
            }
            reapOnce(*svc);
            const qint64 outside = svc->countQueuedOutside(routes);
            m_stats.queuedOnUnknownRoutes = outside;
            if (outside != lastOutside && outside > 0)
                qCWarning(lcDispatch) << outside << "queued job(s) are on routes this instance does not know; they wait"
                                      << "for an instance that does (known here:" << routes.join(QStringLiteral(", ")) << ")";
            lastOutside = outside;
        } catch (const std::exception &e) {
            qCWarning(lcDispatch) << "maintenance error:" << e.what();
            svc.reset();
        }
        waitIdle(m_options.maintenanceEveryMs);
    }
}

int Dispatcher::reapOnce(JobService &svc)
{
    const QList<Attempt> reaped = svc.reapExpiredLeases(Actor{QStringLiteral("reaper"), m_options.workerId, Role::Service});
    for (const Attempt &a : reaped)
        qCWarning(lcDispatch) << "attempt" << a.id << "of job" << a.jobId << "is now" << toText(a.state) << ":" << a.lastReason;
    m_stats.reaped += reaped.size();
    return static_cast<int>(reaped.size());
}

} // namespace jobdesk
