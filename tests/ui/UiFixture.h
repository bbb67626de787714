#pragma once

// What the console's tests share: a console (store client + main window) on a
// fresh store, a monitor of the UI thread's event loop, and seeding helpers.

#include "StoreFixture.h"

#include "StoreClient.h"
#include "models/JobsModel.h"
#include "provider/Route.h"
#include "views/MainWindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

#include <atomic>
#include <ctime>
#ifdef Q_OS_WIN
#include <windows.h>
#endif
#include <memory>

namespace jobdesk::test {

// Settings of the tests' own, never the user's, and each test program's own:
// ctest runs two programs at once, and one program's clear() wiped the other's
// saved language between its write and the next window's read.
inline void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("JobDeskTests"));
    QCoreApplication::setApplicationName(QStringLiteral("jobdesk-tests-")
                                         + QFileInfo(QCoreApplication::applicationFilePath()).baseName());
    QSettings().clear();
}

inline ui::StoreOptions fastOptions(int pollMs = 150)
{
    ui::StoreOptions o;
    o.pollIntervalMs = pollMs;
    o.reconnectMinMs = 150;
    o.reconnectMaxMs = 600;
    return o;
}

// A console on a store: its own worker thread and main window.
struct Console
{
    std::unique_ptr<ui::StoreClient> client;
    std::unique_ptr<ui::MainWindow> window;

    explicit Console(const ui::StoreOptions &options = fastOptions())
        : client(std::make_unique<ui::StoreClient>(options)),
          window(std::make_unique<ui::MainWindow>(client.get()))
    {
    }
    ~Console()
    {
        window.reset(); // before the client it talks to
        client.reset();
    }
    void open(const StoreUrl &url, bool show = true)
    {
        window->connectTo({QStringLiteral("test"), url, false});
        if (show) {
            window->resize(1280, 860);
            window->show();
        }
    }
    ui::JobsModel *jobs() const { return window->jobsModel(); }
    QTableView *table() const { return window->jobsTable(); }
};

// The connection drops on demand: while `down` is set, every query the
// console's client sends fails as a lost connection does (StoreUnavailable),
// so it shows the connection lost and reconnects once `down` is cleared.
// `down` must outlive the client (declare it before the console).
inline void dropConnectionWhile(ui::StoreClient &client, const std::atomic<bool> &down)
{
    client.setQueryHook([&down](const char *what) {
        if (down.load())
            throw JobDeskError(JobDeskError::Code::StoreUnavailable,
                               QStringLiteral("%1: connection to server lost (test)").arg(QLatin1String(what)));
    });
}

// Watches the UI thread's event loop with a 2 ms precise timer that should
// fire every 2 ms. Between two firings it measures:
// - turns(): how many times the loop has come round, readable from any thread
//   (a worker inside a slow query asks whether the UI kept turning meanwhile);
// - the UI thread's own CPU time (CLOCK_THREAD_CPUTIME_ID): work the loop did
//   without a turn, whatever else the machine is doing;
// - the wall-clock gap, and the gap less the time the kernel says the thread
//   sat runnable but unscheduled (/proc/thread-self/schedstat). Many kernels
//   (this one among them) do not keep that figure and a virtual machine's
//   stolen time is never in it, so on a busy or shared machine the wall-clock
//   gaps are scheduling noise as much as the program's; they are reported,
//   and the tests assert on the first two.
class EventLoopMonitor : public QObject
{
public:
    void start()
    {
        m_maxWall = m_maxOwn = m_maxAt = m_maxCpuUs = 0;
        m_clock.start();
        m_last = 0;
        m_lastWait = runQueueWaitNs();
        m_lastCpuUs = threadCpuUs();
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(2);
        QObject::disconnect(&m_timer, nullptr, this, nullptr);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.elapsed();
            const qint64 wait = runQueueWaitNs();
            const qint64 cpu = threadCpuUs();
            const qint64 wall = now - m_last;
            const qint64 own = std::max<qint64>(0, wall - (wait - m_lastWait) / 1000000);
            m_maxWall = std::max(m_maxWall, wall);
            m_maxCpuUs = std::max(m_maxCpuUs, cpu - m_lastCpuUs);
            if (own > m_maxOwn) {
                m_maxOwn = own;
                m_maxAt = now;
            }
            m_last = now;
            m_lastWait = wait;
            m_lastCpuUs = cpu;
            m_turns.fetch_add(1);
        });
        m_running = true;
        m_timer.start();
    }
    void stop()
    {
        m_timer.stop();
        m_running = false;
    }
    bool isRunning() const { return m_running.load(); }  // any thread
    qint64 turns() const { return m_turns.load(); }      // any thread; never reset
    qint64 maxCpuMs() const { return m_maxCpuUs / 1000; } // the UI thread's own work between two turns
    qint64 maxGapMs() const { return m_maxOwn; }          // wall clock, less the scheduling delay the kernel reports
    qint64 maxWallGapMs() const { return m_maxWall; }     // as a wall clock sees it
    qint64 maxGapAtMs() const { return m_maxAt; }         // since start()
    qint64 elapsedMs() const { return m_clock.elapsed(); }

    // Nanoseconds this thread has spent runnable but waiting for a CPU (0 when the kernel does not say).
    static qint64 runQueueWaitNs()
    {
        QFile f(QStringLiteral("/proc/thread-self/schedstat"));
        if (!f.open(QIODevice::ReadOnly))
            return 0;
        const QList<QByteArray> fields = f.readAll().simplified().split(' ');
        return fields.size() >= 2 ? fields.at(1).toLongLong() : 0;
    }
    static bool kernelReportsRunQueueWait() { return runQueueWaitNs() > 0; }

    // Microseconds of CPU the calling thread has used.
    static qint64 threadCpuUs()
    {
#ifdef Q_OS_WIN
        FILETIME created, exited, kernel, user;
        if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user))
            return 0;
        auto us = [](const FILETIME &t) { return ((qint64(t.dwHighDateTime) << 32) | t.dwLowDateTime) / 10; };
        return us(kernel) + us(user);
#else
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
#endif
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    std::atomic<qint64> m_turns{0};
    std::atomic<bool> m_running{false};
    qint64 m_last = 0;
    qint64 m_lastWait = 0;
    qint64 m_lastCpuUs = 0;
    qint64 m_maxWall = 0;
    qint64 m_maxOwn = 0;
    qint64 m_maxAt = 0;
    qint64 m_maxCpuUs = 0;
};

// A route "summarize" over `providers` whose chain is `chain`, with its
// providers, recorded as a dispatcher records them.
inline RouteConfig recordSummarizeRoute(JobService &svc, const QJsonArray &providers, const QJsonArray &chain)
{
    const QJsonObject schema{{QStringLiteral("type"), QStringLiteral("object")},
                             {QStringLiteral("properties"), QJsonObject{{QStringLiteral("summary"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}},
                             {QStringLiteral("required"), QJsonArray{QStringLiteral("summary")}},
                             {QStringLiteral("additionalProperties"), false}};
    const RouteConfig config = RouteConfig::fromJson(QJsonObject{
        {QStringLiteral("providers"), providers},
        {QStringLiteral("routes"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("summarize")},
                                {QStringLiteral("prompt_template"), QStringLiteral("Summarise: {{prompt}}")},
                                {QStringLiteral("output_schema"), schema},
                                {QStringLiteral("provider_chain"), chain},
                                {QStringLiteral("golden_cases"),
                                 QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("g")},
                                                        {QStringLiteral("input"), QJsonObject{{QStringLiteral("prompt"), QStringLiteral("x")}}}}}}}}}});
    for (const Route &r : config.routes)
        svc.recordRoute(r.name, r.toJson());
    for (const ProviderConfig &p : config.providers)
        svc.recordProvider(p.name, p.publicJson());
    return config;
}

// Routes, providers and a passing validation for "fallback" on "summarize",
// recorded as the dispatcher records them, so the retry dialog can tell
// proven providers from the others.
inline RouteConfig recordDemoConfig(JobService &svc, bool validateFallback = true)
{
    auto provider = [](const QString &name, int port) {
        return QJsonObject{{QStringLiteral("name"), name},
                           {QStringLiteral("kind"), QStringLiteral("fake")},
                           {QStringLiteral("base_url"), QStringLiteral("http://127.0.0.1:%1/v1").arg(port)},
                           {QStringLiteral("model"), QStringLiteral("fake-1")}};
    };
    const RouteConfig config = recordSummarizeRoute(
        svc,
        QJsonArray{provider(QStringLiteral("primary"), 9), provider(QStringLiteral("fallback"), 9), provider(QStringLiteral("spare"), 9)},
        QJsonArray{QStringLiteral("primary"), QStringLiteral("spare"), QStringLiteral("fallback")});
    if (validateFallback) {
        const Route &route = config.routes.first();
        ValidationRecord v;
        v.provider = QStringLiteral("fallback");
        v.route = route.name;
        v.configHash = configHash(route, *config.provider(QStringLiteral("fallback")));
        v.passed = true;
        v.validatedAtMs = svc.nowMs();
        v.expiresAtMs = v.validatedAtMs + 3600 * 1000;
        svc.recordValidation(v);
    }
    return config;
}

// A job whose first attempt went unknown: blocked, waiting for an operator.
inline std::pair<Job, Attempt> blockedJob(JobService &svc, const QString &key)
{
    const Job job = submitJob(svc, key);
    const Attempt a = startRunning(svc, job.id, QStringLiteral("primary"));
    const Attempt unknown = svc.markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
    return {*svc.job(job.id), unknown};
}

// The style option the sidebar's delegate sizes an item with (its font, the
// attention icon's size): compare a size hint with the item's visual rect to
// see whether it is drawn elided.
inline QStyleOptionViewItem sidebarItemOption(QTreeView *sidebar)
{
    QStyleOptionViewItem option;
    option.initFrom(sidebar);
    option.font = sidebar->font();
    const int icon = sidebar->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, sidebar);
    option.decorationSize = sidebar->iconSize().isValid() ? sidebar->iconSize() : QSize(icon, icon);
    option.widget = sidebar;
    return option;
}

// Every top-level widget with this object name that is visible.
template<typename T>
T *findTopLevel(const QString &objectName)
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (w->objectName() == objectName && w->isVisible())
            if (auto *t = qobject_cast<T *>(w))
                return t;
    return nullptr;
}

} // namespace jobdesk::test
