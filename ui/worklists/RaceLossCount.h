#pragma once

// The one definition of "race losses in the last hour" that the sidebar and
// Charts both show: race_losses.at_ms in [from, to), the window made of whole
// buckets with the current one last (Charts' last hour, one-minute buckets).
// The counter reads it whenever the race-loss marks move or the window slides
// on by a bucket, whether or not the race-loss list is open.

#include <QObject>

namespace jobdesk::ui {

class LiveRefresh;
class StoreClient;

struct TimeWindow
{
    qint64 fromMs = 0;
    qint64 toMs = 0;
};

// `span` of whole `bucket`s ending with the bucket that holds nowMs.
TimeWindow bucketWindow(qint64 nowMs, qint64 spanMs, qint64 bucketMs);
inline TimeWindow lastHourWindow(qint64 nowMs)
{
    return bucketWindow(nowMs, 3600 * 1000, 60 * 1000);
}

class RaceLossCounter : public QObject
{
    Q_OBJECT
public:
    static constexpr int kLimit = 500; // more shows as "500+"

    explicit RaceLossCounter(StoreClient *client, QObject *parent = nullptr);
    LiveRefresh *live() const { return m_live; }

Q_SIGNALS:
    void counted(int count, bool atLeast, const jobdesk::ui::TimeWindow &window);

private:
    void read();

    StoreClient *m_client;
    LiveRefresh *m_live;
    quint64 m_generation = 0;
    qint64 m_windowTo = 0; // of the last read: a new bucket reads again
};

} // namespace jobdesk::ui
