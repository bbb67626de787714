#pragma once

// The console's background store worker: the one object, on its own thread,
// that owns the console's JobService (JobService is single-threaded). The UI
// thread never calls it directly: StoreClient posts requests to it (queued)
// and receives its signals (queued). It polls for changes on a timer in its
// own thread (SQLite: PRAGMA data_version first, so an idle console costs
// nothing; PostgreSQL: the change sequence, woken early by a NOTIFY on the
// store's channel, live/ChangeChannel.h), and reconnects by itself after a lost connection.

#include "StoreTypes.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

class QTimer;

namespace jobdesk {
class ChangeListener;
}

namespace jobdesk::ui {

struct StoreOptions
{
    int pollIntervalMs = 1000;   // how often to look for changes
    qint64 overlap = 500;        // PostgreSQL: change numbers looked back (sequence order is not commit order)
    int reconnectMinMs = 1000;   // first pause after a lost connection; doubles up to reconnectMaxMs
    int reconnectMaxMs = 10000;
    int notifyCoalesceMs = 50;   // a burst of NOTIFYs makes one poll
    // PostgreSQL: while the change sequence has not moved since the last full
    // read, a poll reads the change marks only (the overlap re-read is what an
    // idle poll would cost: ~9 ms at a million jobs); a full read still comes
    // at least this often (a transaction that drew its number before that read
    // and committed after it, with nothing drawn since and no NOTIFY, shows up
    // within this bound), and a NOTIFY always makes one at once.
    int fullReadEveryMs = 5000;
};

// The latest generation asked for, per channel, shared with the worker so it
// skips requests that were superseded before it got to them.
struct Generations
{
    std::atomic<quint64> page{0};
    std::atomic<quint64> detail{0};
};

class StoreWorker : public QObject
{
    Q_OBJECT
public:
    // Called before every store call, on the worker thread, with what is about
    // to be read or written. A test seam: it may sleep (a slow store) or throw
    // JobDeskError (a lost connection).
    using QueryHook = std::function<void(const char *what)>;
    // Adjusts the identity read from the store (a test seam for roles on SQLite).
    using IdentityHook = std::function<void(SessionIdentity &)>;

    StoreWorker(StoreOptions options, std::shared_ptr<Generations> generations);
    ~StoreWorker() override;

    // -- all of these run on the worker thread (StoreClient queues them) --
    void open(const StoreUrl &url);
    void close();
    void loadPage(quint64 generation, const JobFilter &filter, const std::optional<JobCursor> &after, int limit);
    void loadAttempts(quint64 generation, const QList<qint64> &jobIds);
    void loadDetail(quint64 generation, qint64 jobId);
    void loadShowcase();
    void poll(bool force);
    void setPaused(bool paused);
    void setPollInterval(int ms);
    void cancelAttempt(quint64 ticket, qint64 jobId, qint64 attemptId, const OperatorRequest &request);
    void cancelJob(quint64 ticket, qint64 jobId, const OperatorRequest &request);
    void retry(quint64 ticket, qint64 jobId, const QString &provider, const OperatorRequest &request);
    // Runs `body` with the service (the generic request behind
    // StoreClient::call): before(what), then body; errors go into `status`,
    // and a lost store is noted the way every other read notes it.
    void runCall(const char *what, const std::function<void(JobService &)> &body, CallStatus &status);
    void setQueryHook(QueryHook hook) { m_queryHook = std::move(hook); }
    void setIdentityHook(IdentityHook hook) { m_identityHook = std::move(hook); }

Q_SIGNALS:
    void opened(const jobdesk::ui::ConnectionInfo &info);
    void openFailed(const QString &message);
    void connectionLost(const QString &message, qint64 lastGoodReadMs);
    void connectionRestored(qint64 readAtMs);
    void goodRead(qint64 readAtMs);
    void pageLoaded(const jobdesk::ui::PageResult &result);
    void attemptsLoaded(const jobdesk::ui::AttemptsResult &result);
    void detailLoaded(const jobdesk::ui::DetailResult &result);
    void polled(const jobdesk::ui::PollResult &result);
    void actionFinished(const jobdesk::ui::ActionResult &result);
    void showcaseLoaded(const jobdesk::ui::Showcase &showcase);
    // The database server the console reads from ("host:port"), when it is
    // first known and whenever it changes (a failover to another host of
    // the URL); previous is empty for the first.
    void serverChanged(const QString &server, const QString &previous);

private:
    void before(const char *what);
    bool ensureOpen();
    void tryOpen();
    void finishOpening(); // the LISTEN connection and the first poll, once the first page is served
    void noteGoodRead();
    void noteLost(const QString &message);
    void schedulePoll();
    void deliverPoll(bool force);
    DetailResult readDetail(qint64 jobId);
    QList<ProviderChoice> readProviders(const QString &route, qint64 dbNowMs);
    QList<JobRow> withAttempts(const QList<Job> &jobs);
    qint64 dbNow() const;
    template<typename F>
    void runAction(ActionResult result, F &&body);

    StoreOptions m_options;
    std::shared_ptr<Generations> m_generations;
    QueryHook m_queryHook;
    IdentityHook m_identityHook;

    std::optional<StoreUrl> m_url;
    std::unique_ptr<JobService> m_svc;
    std::unique_ptr<JobService> m_opened; // a new store opened before the working one was let go
    ConnectionInfo m_info;
    QTimer *m_pollTimer = nullptr;
    QTimer *m_wakeTimer = nullptr; // coalesces NOTIFY wake-ups
    ChangeListener *m_listener = nullptr;
    bool m_paused = false;
    bool m_lost = false;
    bool m_everOpened = false;
    bool m_finishOpening = false; // opened; the listener and the first poll are still to come
    int m_backoffMs = 0;
    qint64 m_lastGoodReadMs = 0;
    QString m_server; // of the store's session, as last told (serverChanged)

    qint64 m_highWater = 0;
    std::optional<qint64> m_fullReadSeq; // PostgreSQL: the sequence's value read just before the last full read
    QElapsedTimer m_fullReadClock;
    std::optional<qint64> m_dataVersion;
    bool m_countsKnown = false;
    // (id -> change_seq) already delivered within the overlap window, so a row
    // re-read because of the overlap is not delivered twice.
    QHash<qint64, qint64> m_seenJobs;
    QHash<qint64, qint64> m_seenAttempts;
};

} // namespace jobdesk::ui
