#pragma once

// The UI thread's handle on the store worker. Every method returns at once:
// it posts the request to the worker thread (queued) and the answer comes
// back as a signal, carrying the generation or ticket of the request, so
// views drop answers to questions they no longer ask. Nothing here waits for
// the database or the network.

#include "StoreTypes.h"
#include "StoreWorker.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <functional>
#include <memory>

namespace jobdesk::ui {

class StoreClient : public QObject
{
    Q_OBJECT
public:
    explicit StoreClient(StoreOptions options = {}, QObject *parent = nullptr);
    ~StoreClient() override; // stops the worker thread (after the request in hand, if any)

    void open(const StoreUrl &url);
    quint64 loadPage(const JobFilter &filter, const std::optional<JobCursor> &after, int limit);
    quint64 loadAttempts(const QList<qint64> &jobIds);
    quint64 loadDetail(qint64 jobId);
    void loadShowcase();
    void pollNow();
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    void setPollInterval(int ms);

    quint64 cancelAttempt(qint64 jobId, qint64 attemptId, const OperatorRequest &request);
    quint64 cancelJob(qint64 jobId, const OperatorRequest &request);
    quint64 retry(qint64 jobId, const QString &provider, const OperatorRequest &request);

    // Any read or write through the console's JobService, for views that need
    // their own question (the worklists): `work` runs on the worker thread, in
    // order with every other request; `done` runs later on the UI thread,
    // unless `context` was destroyed meanwhile. `what` names the call for the
    // query hook and the log. Errors never throw into the UI: they arrive in
    // the outcome (and a lost store raises connectionLost as usual).
    template<typename R>
    void call(QObject *context, const char *what, std::function<R(JobService &)> work,
              std::function<void(const CallOutcome<R> &)> done);

    // Test seams, applied on the worker thread in order with the requests.
    void setQueryHook(StoreWorker::QueryHook hook);
    void setIdentityHook(StoreWorker::IdentityHook hook);

    // What the UI knows (UI thread only).
    bool isConnected() const { return m_connected && !m_lost; }
    bool isLost() const { return m_lost; }
    const ConnectionInfo &connection() const { return m_info; }
    qint64 lastGoodReadMs() const { return m_lastGoodReadMs; }
    bool canAct() const { return isConnected() && m_info.identity.role != Role::Viewer; }
    // Why canAct() is false, in an operator's words: a lost connection is not a read-only role
    // (empty when it can act).
    QString whyCannotAct() const;
    Actor actor() const; // the operator the console acts as
    qint64 dbNowMs() const; // the database's clock, estimated from the skew measured on connect

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
    void serverChanged(const QString &server, const QString &previous); // StoreWorker::serverChanged

private:
    template<typename F>
    void post(F &&f);

    QThread m_thread;
    StoreWorker *m_worker = nullptr;
    std::shared_ptr<Generations> m_generations;
    quint64 m_nextTicket = 0;
    quint64 m_attemptsGeneration = 0;
    bool m_paused = false;
    bool m_connected = false;
    bool m_lost = false;
    ConnectionInfo m_info;
    qint64 m_lastGoodReadMs = 0;
};

template<typename F>
void StoreClient::post(F &&f)
{
    QMetaObject::invokeMethod(m_worker, std::forward<F>(f), Qt::QueuedConnection);
}

template<typename R>
void StoreClient::call(QObject *context, const char *what, std::function<R(JobService &)> work,
                       std::function<void(const CallOutcome<R> &)> done)
{
    QPointer<QObject> ctx(context);
    post([w = m_worker, self = this, ctx, what, work = std::move(work), done = std::move(done)]() mutable {
        auto out = std::make_shared<CallOutcome<R>>();
        w->runCall(what, [&](JobService &svc) { out->value.emplace(work(svc)); }, *out);
        // Back to the UI thread through this client (it outlives the worker);
        // the context is checked there, on its own thread.
        QMetaObject::invokeMethod(
            self,
            [ctx, out, done = std::move(done)] {
                if (ctx)
                    done(*out);
            },
            Qt::QueuedConnection);
    });
}

} // namespace jobdesk::ui
