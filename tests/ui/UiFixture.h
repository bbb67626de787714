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
#include <QJsonArray>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>

#include <atomic>
#include <memory>

namespace jobdesk::test {

// Settings of the tests' own, never the user's.
inline void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("JobDeskTests"));
    QCoreApplication::setApplicationName(QStringLiteral("jobdesk-tests"));
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

// Measures the longest gap between two turns of the UI thread's event loop:
// a 2 ms timer that should fire every 2 ms; any longer gap is time the loop
// was busy (or blocked).
class EventLoopMonitor : public QObject
{
public:
    void start()
    {
        m_max = 0;
        m_clock.start();
        m_last = 0;
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(2);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.elapsed();
            m_max = std::max(m_max, now - m_last);
            m_last = now;
        });
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    qint64 maxGapMs() const { return m_max; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_max = 0;
};

// Routes, providers and a passing validation for "fallback" on "summarize",
// recorded as the dispatcher records them, so the retry dialog can tell
// proven providers from the others.
inline RouteConfig recordDemoConfig(JobService &svc, bool validateFallback = true)
{
    const QJsonObject schema{{QStringLiteral("type"), QStringLiteral("object")},
                             {QStringLiteral("properties"), QJsonObject{{QStringLiteral("summary"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}},
                             {QStringLiteral("required"), QJsonArray{QStringLiteral("summary")}},
                             {QStringLiteral("additionalProperties"), false}};
    auto provider = [](const QString &name, int port) {
        return QJsonObject{{QStringLiteral("name"), name},
                           {QStringLiteral("kind"), QStringLiteral("fake")},
                           {QStringLiteral("base_url"), QStringLiteral("http://127.0.0.1:%1/v1").arg(port)},
                           {QStringLiteral("model"), QStringLiteral("fake-1")}};
    };
    const RouteConfig config = RouteConfig::fromJson(QJsonObject{
        {QStringLiteral("providers"),
         QJsonArray{provider(QStringLiteral("primary"), 9), provider(QStringLiteral("fallback"), 9),
                    provider(QStringLiteral("spare"), 9)}},
        {QStringLiteral("routes"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("summarize")},
                                {QStringLiteral("prompt_template"), QStringLiteral("Summarise: {{prompt}}")},
                                {QStringLiteral("output_schema"), schema},
                                {QStringLiteral("provider_chain"),
                                 QJsonArray{QStringLiteral("primary"), QStringLiteral("spare"), QStringLiteral("fallback")}},
                                {QStringLiteral("golden_cases"),
                                 QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("g")},
                                                        {QStringLiteral("input"), QJsonObject{{QStringLiteral("prompt"), QStringLiteral("x")}}}}}}}}}});
    for (const Route &r : config.routes)
        svc.recordRoute(r.name, r.toJson());
    for (const ProviderConfig &p : config.providers)
        svc.recordProvider(p.name, p.toJson());
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
