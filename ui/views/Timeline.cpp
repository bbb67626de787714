#include "Timeline.h"

#include "Format.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace jobdesk::ui {

// ---- content ------------------------------------------------------------------------

Timeline Timeline::build(const JobDetail &detail, qint64 nowMs)
{
    Timeline t;
    QHash<qint64, int> numberOf;
    for (const Attempt &a : detail.attempts)
        numberOf.insert(a.id, a.attemptNo);
    QHash<qint64, QList<AttemptEvent>> eventsOf;
    for (const AttemptEvent &e : detail.events)
        eventsOf[e.attemptId].append(e);
    for (auto &list : eventsOf)
        std::sort(list.begin(), list.end(), [](const AttemptEvent &a, const AttemptEvent &b) { return a.id < b.id; });

    t.fromMs = detail.job.createdAtMs;
    t.toMs = detail.job.createdAtMs;
    for (const Attempt &a : detail.attempts) {
        TimelineLane l;
        l.attemptId = a.id;
        l.attemptNo = a.attemptNo;
        l.provider = a.provider;
        l.kind = a.kind;
        l.state = a.state;
        l.startMs = a.createdAtMs;
        l.open = isOpen(a.state);
        l.deadlineMs = a.deadlineAtMs;
        l.winner = detail.job.completedBy == a.id;
        l.reason = a.lastReason;
        l.label = QCoreApplication::translate("jobdesk::ui::Timeline", "#%1 %2").arg(a.attemptNo).arg(a.provider);

        qint64 cursor = a.createdAtMs;
        AttemptState current = AttemptState::Starting;
        bool wasUnknown = a.state == AttemptState::Unknown;
        qint64 unknownSince = 0;
        QString lastActor;
        for (const AttemptEvent &e : eventsOf.value(a.id)) {
            if (!e.fromState) { // the attempt's creation
                cursor = e.atMs;
                current = e.toState;
                continue;
            }
            if (isOpen(current) && e.atMs >= cursor)
                l.segments.append({cursor, e.atMs, current});
            cursor = std::max(cursor, e.atMs);
            current = e.toState;
            if (current == AttemptState::Unknown) {
                wasUnknown = true;
                unknownSince = e.atMs;
            }
            lastActor = e.actorId;
        }
        if (eventsOf.value(a.id).isEmpty()) { // no history: what the row says
            current = a.state;
            cursor = isOpen(a.state) ? a.createdAtMs : std::max(a.createdAtMs, a.updatedAtMs);
            if (!isOpen(a.state) && a.updatedAtMs > a.createdAtMs)
                l.segments.append({a.createdAtMs, a.updatedAtMs, AttemptState::Running});
        }
        if (isOpen(current)) {
            const qint64 end = std::max(nowMs, cursor);
            l.segments.append({cursor, end, current});
            l.endMs = end;
        } else {
            l.endMs = cursor;
        }
        l.endMs = std::max(l.endMs, l.startMs);

        for (const RaceLoss &loss : detail.raceLosses) {
            if (loss.attemptId != a.id)
                continue;
            l.lostRace = true;
            l.expectedVersion = loss.expectedVersion;
            l.foundVersion = loss.foundVersion;
            if (loss.winnerAttemptId && numberOf.contains(*loss.winnerAttemptId))
                l.lostToAttemptNo = numberOf.value(*loss.winnerAttemptId);
        }
        if (l.lostRace) {
            l.lossText = l.lostToAttemptNo
                             ? QCoreApplication::translate("jobdesk::ui::Timeline", "lost to #%1, expected v%2, found v%3")
                                   .arg(*l.lostToAttemptNo)
                                   .arg(l.expectedVersion)
                                   .arg(l.foundVersion)
                             : QCoreApplication::translate("jobdesk::ui::Timeline",
                                                           "late result discarded, expected v%1, found v%2")
                                   .arg(l.expectedVersion)
                                   .arg(l.foundVersion);
        }

        auto tr = [](const char *s) { return QCoreApplication::translate("jobdesk::ui::Timeline", s); };
        if (l.winner) {
            l.stateText = tr("WON");
        } else if (a.state == AttemptState::Unknown) {
            l.stateText = tr("UNKNOWN for %1").arg(Format::duration(nowMs - (unknownSince ? unknownSince : a.updatedAtMs)));
            // The reason's headline ("deadline passed without a complete answer"); the rest is in the tool tip.
            const QString headline = a.lastReason.section(u':', 0, 0).trimmed();
            if (!headline.isEmpty())
                l.stateText += QStringLiteral(" (") + headline + u')';
        } else if (a.state == AttemptState::Cancelled && !lastActor.isEmpty()) {
            l.stateText = tr("cancelled by %1").arg(lastActor);
        } else if (l.open) {
            l.stateText = tr("%1 for %2").arg(Format::attemptState(a.state), Format::duration(l.endMs - l.startMs));
        } else {
            l.stateText = tr("%1 after %2").arg(Format::attemptState(a.state), Format::duration(l.endMs - l.startMs));
        }

        t.toMs = std::max(t.toMs, l.endMs);
        // A deadline is the story of an attempt that is or was unknown, or still open: keep it in view.
        if (l.deadlineMs && (wasUnknown || l.open))
            t.toMs = std::max(t.toMs, *l.deadlineMs);
        t.lanes.append(l);
    }

    // Hedge points: on the attempt that was open when the hedge started.
    for (const TimelineLane &h : std::as_const(t.lanes)) {
        if (h.kind != AttemptKind::Hedge)
            continue;
        TimelineLane *hedged = nullptr;
        for (TimelineLane &l : t.lanes)
            if (l.attemptNo != h.attemptNo && l.kind != AttemptKind::Hedge && l.startMs <= h.startMs && l.endMs >= h.startMs)
                hedged = &l;
        if (hedged) {
            hedged->hedgeAtMs = h.startMs;
            hedged->hedgeAttemptNo = h.attemptNo;
        }
    }
    if (t.toMs <= t.fromMs)
        t.toMs = t.fromMs + 1000;
    return t;
}

const TimelineLane *Timeline::lane(int attemptNo) const
{
    for (const TimelineLane &l : lanes)
        if (l.attemptNo == attemptNo)
            return &l;
    return nullptr;
}

// ---- geometry -------------------------------------------------------------------------

qreal TimelineGeometry::xFor(qint64 ms) const
{
    const double span = static_cast<double>(std::max<qint64>(1, toMs - fromMs));
    return plot.left() + plot.width() * static_cast<double>(ms - fromMs) / span;
}

QSizeF TimelineGeometry::preferredSize(int laneCount) const
{
    return QSizeF(640, 2 * kMargin + laneCount * kLaneHeight + kAxisHeight);
}

TimelineGeometry TimelineGeometry::layout(const Timeline &timeline, const QSizeF &size, const QFont &font)
{
    TimelineGeometry g;
    g.fromMs = timeline.fromMs;
    g.toMs = timeline.toMs;
    const qreal lanesHeight = static_cast<qreal>(timeline.lanes.size()) * kLaneHeight;
    const qreal width = std::max<qreal>(size.width(), kLabelWidth + 3 * kMargin + 120);
    g.plot = QRectF(kMargin + kLabelWidth, kMargin, width - kLabelWidth - 3 * kMargin, lanesHeight);
    g.axis = QRectF(g.plot.left(), g.plot.bottom(), g.plot.width(), kAxisHeight);
    QFont boldFont = font;
    boldFont.setBold(true);
    const QFontMetricsF fm(boldFont); // captions may be bold: measure them so
    const qreal barHeight = 18;
    for (int i = 0; i < timeline.lanes.size(); ++i) {
        const TimelineLane &l = timeline.lanes.at(i);
        Lane lane;
        const qreal top = g.plot.top() + i * kLaneHeight;
        lane.rect = QRectF(kMargin, top, width - 2 * kMargin, kLaneHeight);
        lane.labelRect = QRectF(kMargin + 4, top + 2, kLabelWidth - 8, kLaneHeight - 4);
        const qreal x0 = g.xFor(l.startMs);
        const qreal x1 = std::max(g.xFor(l.endMs), x0 + 3); // an instant is still visible
        lane.barRect = QRectF(x0, top + kMarkRoom, x1 - x0, barHeight);
        for (const TimelineSegment &s : l.segments) {
            const qreal sx0 = g.xFor(s.fromMs);
            const qreal sx1 = std::max(g.xFor(s.toMs), sx0 + 2);
            lane.segments.append({QRectF(sx0, lane.barRect.top(), sx1 - sx0, barHeight), s.state});
        }
        if (l.deadlineMs && *l.deadlineMs >= g.fromMs && *l.deadlineMs <= g.toMs)
            lane.deadlineX = g.xFor(*l.deadlineMs);
        if (l.hedgeAtMs)
            lane.hedgeX = g.xFor(*l.hedgeAtMs);
        // The caption line under the bar: state, then the race loss; kept inside the plot.
        const qreal captionTop = lane.barRect.bottom() + 3;
        const qreal captionHeight = fm.height();
        const qreal stateWidth = fm.horizontalAdvance(l.stateText) + 4;
        const qreal lossWidth = l.lossText.isEmpty() ? 0 : fm.horizontalAdvance(l.lossText) + 4;
        const qreal gap = l.lossText.isEmpty() ? 0 : 12;
        qreal cx = x0;
        const qreal need = stateWidth + gap + lossWidth;
        if (cx + need > g.plot.right())
            cx = std::max(g.plot.left(), g.plot.right() - need);
        // What does not fit is elided when painted; the loss text keeps its room first.
        const qreal room = g.plot.right() - cx;
        const qreal stateRoom = std::max<qreal>(40, std::min(stateWidth, room - gap - lossWidth));
        lane.stateTextRect = QRectF(cx, captionTop, stateRoom, captionHeight);
        if (!l.lossText.isEmpty())
            lane.lossTextRect = QRectF(cx + stateRoom + gap, captionTop, std::min(lossWidth, g.plot.right() - cx - stateRoom - gap),
                                       captionHeight);
        g.lanes.append(lane);
    }
    return g;
}

// ---- widget ------------------------------------------------------------------------------

bool TimelineWidget::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(e);
        const TimelineGeometry g = geometryFor(size());
        for (int i = 0; i < g.lanes.size(); ++i) {
            if (!g.lanes.at(i).rect.contains(help->pos()))
                continue;
            const TimelineLane &l = m_timeline.lanes.at(i);
            QStringList lines{l.label + QStringLiteral(" (") + Format::attemptKind(l.kind) + u')',
                              tr("started %1, %2").arg(Format::dateTime(l.startMs), l.stateText)};
            if (!l.reason.isEmpty())
                lines.append(tr("reason: %1").arg(l.reason));
            if (l.deadlineMs)
                lines.append(tr("deadline %1").arg(Format::dateTime(*l.deadlineMs)));
            if (l.hedgeAtMs)
                lines.append(tr("hedge #%1 started at %2").arg(l.hedgeAttemptNo.value_or(0)).arg(Format::dateTime(*l.hedgeAtMs)));
            if (!l.lossText.isEmpty())
                lines.append(l.lossText);
            QToolTip::showText(help->globalPos(), lines.join(u'\n'), this);
            return true;
        }
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    return QWidget::event(e);
}

TimelineWidget::TimelineWidget(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timeline"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void TimelineWidget::setTimeline(const Timeline &timeline)
{
    m_timeline = timeline;
    // What the lanes draw, in words, for a screen reader: a line per attempt.
    QStringList lines;
    for (const TimelineLane &lane : timeline.lanes)
    {
        QStringList parts{lane.label, lane.stateText, lane.lossText};
        parts.removeAll(QString());
        lines.append(parts.join(QStringLiteral(", ")));
    }
    setAccessibleName(tr("Time line of the attempts"));
    setAccessibleDescription(lines.isEmpty() ? tr("No attempts.") : lines.join(u'\n'));
    updateGeometry();
    update();
}

TimelineGeometry TimelineWidget::geometryFor(const QSize &size) const
{
    return TimelineGeometry::layout(m_timeline, QSizeF(size), font());
}

QSize TimelineWidget::sizeHint() const
{
    return TimelineGeometry().preferredSize(static_cast<int>(std::max<qsizetype>(1, m_timeline.lanes.size()))).toSize();
}

QSize TimelineWidget::minimumSizeHint() const
{
    return QSize(360, sizeHint().height());
}

namespace {

// A step for axis ticks that gives at most about eight of them.
qint64 tickStep(qint64 span)
{
    static const qint64 steps[] = {10, 25, 50, 100, 250, 500, 1000, 2000, 5000, 10000, 15000, 30000, 60000, 120000,
                                   300000, 600000, 1800000, 3600000, 7200000, 21600000, 43200000, 86400000};
    for (qint64 s : steps)
        if (span / s <= 8)
            return s;
    return 86400000 * ((span / 86400000) / 8 + 1);
}

// A tick's label, as precise as the step between ticks: with 15 s steps past
// the first minute, "+1 min 15 s", not "+1 min" four times.
QString tickLabel(qint64 t, qint64 step)
{
    if (t == 0)
        return TimelineWidget::tr("created");
    if (t >= 60000 && t < 3600000 && step % 60000 != 0) {
        const qint64 s = t / 1000;
        return s % 60 ? TimelineWidget::tr("+%1 min %2 s").arg(s / 60).arg(s % 60) : TimelineWidget::tr("+%1 min").arg(s / 60);
    }
    return QStringLiteral("+") + Format::duration(t);
}

} // namespace

QString TimelineWidget::emptyText() const
{
    if (!m_timeline.lanes.isEmpty())
        return {};
    return m_timeline.fromMs == 0 ? tr("No job selected.") : tr("No attempts yet: the job waits for a dispatcher.");
}

QStringList TimelineWidget::axisLabels(qint64 spanMs)
{
    QStringList out;
    const qint64 step = tickStep(spanMs);
    for (qint64 t = 0; t <= spanMs; t += step)
        out.append(tickLabel(t, step));
    return out;
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const TimelineGeometry g = geometryFor(size());
    if (m_timeline.lanes.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, emptyText());
        return;
    }
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
    QFont bold = font();
    bold.setBold(true);

    for (int i = 0; i < g.lanes.size(); ++i) {
        const TimelineGeometry::Lane &lane = g.lanes.at(i);
        const TimelineLane &l = m_timeline.lanes.at(i);
        if (i % 2)
            p.fillRect(lane.rect, pal.color(QPalette::AlternateBase));

        // Label: "#1 primary", the kind under it.
        p.setPen(pal.color(QPalette::Text));
        p.setFont(bold);
        p.drawText(lane.labelRect, Qt::AlignLeft | Qt::AlignTop, l.label);
        p.setFont(small);
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(lane.labelRect, Qt::AlignLeft | Qt::AlignBottom, Format::attemptKind(l.kind));

        // The bar, state by state; unknown is hatched as well as coloured.
        for (const TimelineGeometry::Segment &s : lane.segments) {
            const QColor c = Format::stateColor(s.state, pal);
            QColor fill = c;
            fill.setAlphaF(s.state == AttemptState::Starting ? 0.35f : 0.75f);
            p.setPen(Qt::NoPen);
            p.setBrush(fill);
            p.drawRoundedRect(s.rect, 3, 3);
            if (s.state == AttemptState::Unknown) {
                p.setBrush(QBrush(pal.color(QPalette::Base), Qt::BDiagPattern));
                p.drawRoundedRect(s.rect, 3, 3);
                if (s.rect.width() > 40) {
                    p.setFont(bold);
                    p.setPen(pal.color(QPalette::Text));
                    const QRectF textRect = s.rect.adjusted(4, 0, -4, 0);
                    const QString text = QStringLiteral("?? ") + Format::attemptState(AttemptState::Unknown);
                    const QRectF bg = p.boundingRect(textRect, Qt::AlignLeft | Qt::AlignVCenter, text).adjusted(-2, 0, 2, 0);
                    p.fillRect(bg.intersected(s.rect), pal.color(QPalette::Base));
                    p.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, text);
                }
            }
        }
        // The end: a cap in the final state's colour; the winner outlined.
        const QColor endColor = Format::stateColor(l.state, pal);
        if (!l.open) {
            p.setPen(QPen(endColor, 3));
            p.drawLine(QPointF(lane.barRect.right(), lane.barRect.top() - 2), QPointF(lane.barRect.right(), lane.barRect.bottom() + 2));
        }
        if (l.winner) {
            p.setPen(QPen(endColor, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(lane.barRect.adjusted(-1, -1, 1, 1), 4, 4);
        }
        // Deadline: a dashed line across the lane.
        if (lane.deadlineX) {
            p.setPen(QPen(Format::stateColor(AttemptState::Unknown, pal), 1.5, Qt::DashLine));
            p.drawLine(QPointF(*lane.deadlineX, lane.rect.top() + 2), QPointF(*lane.deadlineX, lane.barRect.bottom() + 4));
            p.setFont(small);
            const QString text = tr("deadline");
            const qreal w = QFontMetricsF(small).horizontalAdvance(text);
            const qreal x = *lane.deadlineX + 3 + w > g.plot.right() ? *lane.deadlineX - 3 - w : *lane.deadlineX + 3;
            p.drawText(QPointF(x, lane.rect.top() + QFontMetricsF(small).ascent()), text);
        }
        // Hedge point: a marker on the bar, naming the hedge.
        if (lane.hedgeX) {
            const qreal x = *lane.hedgeX;
            const qreal y = lane.barRect.top();
            QPainterPath tri;
            tri.moveTo(x - 5, y - 5);
            tri.lineTo(x + 5, y - 5);
            tri.lineTo(x, y + 2);
            tri.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(pal.color(QPalette::Text));
            p.drawPath(tri);
            p.setPen(QPen(pal.color(QPalette::Text), 1));
            p.drawLine(QPointF(x, y), QPointF(x, lane.barRect.bottom()));
            p.setFont(small);
            const QString text = tr("hedge #%1 started").arg(l.hedgeAttemptNo.value_or(0));
            p.drawText(QPointF(x + 6, lane.rect.top() + QFontMetricsF(small).ascent()), text);
        }
        // Caption: state, then the race loss.
        const QFont captionFont = l.winner || l.state == AttemptState::Unknown ? bold : font();
        p.setFont(captionFont);
        p.setPen(l.winner || l.state == AttemptState::Unknown ? endColor : pal.color(QPalette::Text));
        p.drawText(lane.stateTextRect, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(captionFont).elidedText(l.stateText, Qt::ElideRight, lane.stateTextRect.width()));
        if (!l.lossText.isEmpty()) {
            p.setFont(bold);
            p.setPen(Format::stateColor(AttemptState::Superseded, pal));
            p.drawText(lane.lossTextRect, Qt::AlignLeft | Qt::AlignVCenter,
                       QFontMetricsF(bold).elidedText(l.lossText, Qt::ElideRight, lane.lossTextRect.width() + 1));
        }
    }

    // Axis: time since the job was created.
    p.setFont(small);
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawLine(g.axis.topLeft(), g.axis.topRight());
    const qint64 span = g.toMs - g.fromMs;
    const qint64 step = tickStep(span);
    for (qint64 t = 0; t <= span; t += step) {
        const qreal x = g.xFor(g.fromMs + t);
        p.drawLine(QPointF(x, g.axis.top()), QPointF(x, g.axis.top() + 4));
        const QString text = tickLabel(t, step);
        const qreal w = QFontMetricsF(small).horizontalAdvance(text);
        p.drawText(QPointF(std::min(x - w / 2, g.axis.right() - w), g.axis.top() + 5 + QFontMetricsF(small).ascent()), text);
    }
}

} // namespace jobdesk::ui
