#include "RaceLossCount.h"

#include "LiveRefresh.h"
#include "StoreClient.h"

#include <QTimer>

namespace jobdesk::ui {

TimeWindow bucketWindow(qint64 nowMs, qint64 spanMs, qint64 bucketMs)
{
    const qint64 to = (nowMs / bucketMs + 1) * bucketMs;
    return {to - spanMs, to};
}

RaceLossCounter::RaceLossCounter(StoreClient *client, QObject *parent) : QObject(parent), m_client(client)
{
    m_live = new LiveRefresh(client, [](const ChangeMarks &a, const ChangeMarks &b) { return a.raceLossesMoved(b); }, this);
    m_live->setActive(true); // the sidebar always shows it
    connect(m_live, &LiveRefresh::reloadWanted, this, &RaceLossCounter::read);
    // The window moves on a minute at a time: losses leave it without any new one arriving.
    connect(client, &StoreClient::polled, this, [this](const PollResult &r) {
        if (m_windowTo > 0 && r.dbNowMs > 0 && lastHourWindow(r.dbNowMs).toMs != m_windowTo)
            m_live->request();
    });
}

void RaceLossCounter::read()
{
    const quint64 generation = ++m_generation;
    m_live->readStarted();
    const TimeWindow window = lastHourWindow(m_client->dbNowMs());
    m_windowTo = window.toMs;
    m_client->call<int>(
        this, "race losses in the last hour",
        [window](JobService &svc) {
            RaceLossFilter f;
            f.fromMs = window.fromMs;
            f.toMs = window.toMs;
            return int(svc.raceLossList(f, std::nullopt, kLimit + 1).size());
        },
        [this, generation, window](const CallOutcome<int> &out) {
            if (generation != m_generation)
                return;
            m_live->readFinished(out.ok);
            if (out.ok && out.value)
                Q_EMIT counted(std::min(*out.value, kLimit), *out.value > kLimit, window);
        });
}

} // namespace jobdesk::ui
