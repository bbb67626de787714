#pragma once

// The attempt time line of one job: a lane per attempt from its start to its
// end (now, while it is open), split into the states it went through, with
// its deadline, the point where a hedge was started against it, the winner,
// and each race loser's "lost to #N, expected vX, found vY".
//
// Timeline is the content (pure data from a JobDetail); TimelineGeometry is
// where each part goes in a given size (pure arithmetic, tested);
// TimelineWidget paints the geometry with QPainter.

#include "domain/Domain.h"
#include "service/JobService.h"

#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>
#include <QWidget>

#include <optional>

namespace jobdesk::ui {

struct TimelineSegment
{
    qint64 fromMs = 0;
    qint64 toMs = 0;
    AttemptState state = AttemptState::Starting; // an open state: starting, running or unknown
};

struct TimelineLane
{
    qint64 attemptId = 0;
    int attemptNo = 0;
    QString provider;
    AttemptKind kind = AttemptKind::Automatic;
    AttemptState state = AttemptState::Starting; // as it is now
    qint64 startMs = 0;
    qint64 endMs = 0; // when it reached its final state; now while it is open
    bool open = false;
    QList<TimelineSegment> segments;
    std::optional<qint64> deadlineMs;
    std::optional<qint64> hedgeAtMs;    // a hedge was started against this attempt here
    std::optional<int> hedgeAttemptNo;  // ... and it was this attempt
    bool winner = false;
    bool lostRace = false;
    std::optional<int> lostToAttemptNo;
    qint64 expectedVersion = 0;
    qint64 foundVersion = 0;
    QString label;     // "#1 primary"
    QString stateText; // "superseded", "UNKNOWN for 3 min (deadline passed)", "WINNER"
    QString lossText;  // "lost to #2, expected v0, found v1"
    QString reason;    // the attempt's last reason, whole
};

struct Timeline
{
    qint64 fromMs = 0;
    qint64 toMs = 0;
    QList<TimelineLane> lanes;

    static Timeline build(const JobDetail &detail, qint64 nowMs);
    const TimelineLane *lane(int attemptNo) const;
};

struct TimelineGeometry
{
    struct Segment
    {
        QRectF rect;
        AttemptState state;
    };
    struct Lane
    {
        QRectF rect;      // the whole lane
        QRectF labelRect; // "#1 primary" on the left
        QRectF barRect;   // from start to end
        QList<Segment> segments;
        std::optional<qreal> deadlineX;
        std::optional<qreal> hedgeX;
        QRectF stateTextRect; // after the bar (or before it, when there is no room after)
        QRectF lossTextRect;  // under the bar
    };
    QRectF plot;  // where times map to x
    QRectF axis;  // the time axis, under the lanes
    QList<Lane> lanes;
    qint64 fromMs = 0;
    qint64 toMs = 0;

    static constexpr qreal kLabelWidth = 150;
    static constexpr qreal kLaneHeight = 54;
    static constexpr qreal kMarkRoom = 15; // above the bar: deadline and hedge labels
    static constexpr qreal kAxisHeight = 22;
    static constexpr qreal kMargin = 8;

    static TimelineGeometry layout(const Timeline &timeline, const QSizeF &size, const QFont &font);
    qreal xFor(qint64 ms) const;
    QSizeF preferredSize(int laneCount) const;
};

class TimelineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget *parent = nullptr);

    void setTimeline(const Timeline &timeline);
    const Timeline &timeline() const { return m_timeline; }
    TimelineGeometry geometryFor(const QSize &size) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // The axis' tick labels for a time line spanning spanMs ("created",
    // "+15 s", "+1 min 15 s", ...): each tick says its own time.
    static QStringList axisLabels(qint64 spanMs);
    // What it says with no lane: no job shown (an empty Timeline), or a job without attempts.
    QString emptyText() const;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    Timeline m_timeline;
};

} // namespace jobdesk::ui
