#include "ChartsView.h"

#include "Format.h"
#include "StoreClient.h"
#include "worklists/RaceLossCount.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTimeAxis>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineSeries>
#include <QTimer>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace jobdesk::ui {

namespace {
QChartView *makeView(QChart *chart, const QString &name, QWidget *parent)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto *view = new QChartView(chart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(220);
    return view;
}

void attachTimeAxes(QChart *chart, const QList<QLineSeries *> &series)
{
    auto *x = new QDateTimeAxis(chart);
    x->setFormat(QStringLiteral("HH:mm"));
    x->setTickCount(7);
    auto *y = new QValueAxis(chart);
    y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries *s : series) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
}

void fitTimeAxes(QChart *chart, qint64 fromMs, qint64 toMs, double maxY)
{
    for (QAbstractAxis *a : chart->axes(Qt::Horizontal))
        if (auto *x = qobject_cast<QDateTimeAxis *>(a)) {
            x->setRange(Format::utc() ? QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC) : QDateTime::fromMSecsSinceEpoch(fromMs),
                        Format::utc() ? QDateTime::fromMSecsSinceEpoch(toMs, Qt::UTC) : QDateTime::fromMSecsSinceEpoch(toMs));
            x->setFormat(toMs - fromMs > 6 * 3600 * 1000 ? QStringLiteral("dd HH:mm") : QStringLiteral("HH:mm"));
        }
    for (QAbstractAxis *a : chart->axes(Qt::Vertical))
        if (auto *y = qobject_cast<QValueAxis *>(a)) {
            y->setRange(0, std::max(4.0, std::ceil(maxY * 1.15)));
            y->applyNiceNumbers();
        }
}
} // namespace

ChartsView::ChartsView(StoreClient *client, QWidget *parent) : QWidget(parent), m_client(client)
{
    setObjectName(QStringLiteral("chartsView"));
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_rangeBox = new QComboBox(this);
    m_rangeBox->setObjectName(QStringLiteral("chartRange"));
    m_rangeBox->addItem(tr("Last hour (per minute)"), int(Range::LastHour));
    m_rangeBox->addItem(tr("Last day (per 15 minutes)"), int(Range::LastDay));
    top->addWidget(m_rangeBox);
    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_status->setObjectName(QStringLiteral("chartsStatus"));
    top->addWidget(m_status, 1);
    v->addLayout(top);

    // Attempts by outcome.
    m_outcomeChartObj = new QChart;
    m_outcomeChartObj->setTitle(tr("Attempts by outcome, per minute"));
    const QList<std::pair<AttemptState, QColor>> outcomes = {
        {AttemptState::Succeeded, QColor(0x2e, 0x7d, 0x32)}, {AttemptState::Superseded, QColor(0x1e, 0x88, 0xe5)},
        {AttemptState::Failed, QColor(0xc6, 0x28, 0x28)},    {AttemptState::Unknown, QColor(0xef, 0x6c, 0x00)},
        {AttemptState::Cancelled, QColor(0x75, 0x75, 0x75)}};
    QList<QLineSeries *> outcomeSeries;
    for (const auto &[state, color] : outcomes) {
        auto *s = new QLineSeries(this);
        s->setName(Format::attemptState(state));
        s->setColor(color);
        m_outcome.insert(state, s);
        outcomeSeries.append(s);
    }
    attachTimeAxes(m_outcomeChartObj, outcomeSeries);
    m_outcomeView = makeView(m_outcomeChartObj, QStringLiteral("outcomeChart"), this);

    // Latency per provider.
    m_latencyChart = new QChart;
    m_latencyChart->setTitle(tr("Latency per provider (sent to finished)"));
    auto *bars = new QBarSeries(this);
    m_p50 = new QBarSet(tr("p50"), this);
    m_p95 = new QBarSet(tr("p95"), this);
    m_p50->setColor(QColor(0x42, 0xa5, 0xf5));
    m_p95->setColor(QColor(0x15, 0x65, 0xc0));
    bars->append(m_p50);
    bars->append(m_p95);
    m_latencyChart->addSeries(bars);
    auto *cats = new QBarCategoryAxis(m_latencyChart);
    auto *ms = new QValueAxis(m_latencyChart);
    ms->setTitleText(tr("ms"));
    ms->setLabelFormat(QStringLiteral("%d"));
    m_latencyChart->addAxis(cats, Qt::AlignBottom);
    m_latencyChart->addAxis(ms, Qt::AlignLeft);
    bars->attachAxis(cats);
    bars->attachAxis(ms);
    m_latencyView = makeView(m_latencyChart, QStringLiteral("latencyChart"), this);

    // Race losses and unknown attempts.
    m_troubleChart = new QChart;
    m_troubleChart->setTitle(tr("Race losses and attempts that went unknown"));
    m_raceLosses = new QLineSeries(this);
    m_raceLosses->setName(tr("race losses"));
    m_raceLosses->setColor(QColor(0x6a, 0x1b, 0x9a));
    m_unknown = new QLineSeries(this);
    m_unknown->setName(tr("went UNKNOWN"));
    m_unknown->setColor(QColor(0xef, 0x6c, 0x00));
    attachTimeAxes(m_troubleChart, {m_raceLosses, m_unknown});
    m_troubleView = makeView(m_troubleChart, QStringLiteral("troubleChart"), this);

    auto *grid = new QGridLayout;
    grid->addWidget(m_outcomeView, 0, 0, 1, 2);
    grid->addWidget(m_latencyView, 1, 0);
    grid->addWidget(m_troubleView, 1, 1);
    grid->setRowStretch(0, 1);
    grid->setRowStretch(1, 1);
    v->addLayout(grid, 1);

    m_timer = new QTimer(this);
    m_timer->setInterval(30000);
    connect(m_timer, &QTimer::timeout, this, &ChartsView::reload);
    connect(m_rangeBox, &QComboBox::currentIndexChanged, this,
            [this] { setRange(static_cast<Range>(m_rangeBox->currentData().toInt())); });
}

void ChartsView::setRefreshIntervalMs(int ms)
{
    m_timer->setInterval(ms);
}

bool ChartsView::isRefreshing() const
{
    return m_timer->isActive();
}

void ChartsView::setRange(Range range)
{
    if (m_range == range)
        return;
    m_range = range;
    {
        const QSignalBlocker block(m_rangeBox);
        m_rangeBox->setCurrentIndex(m_rangeBox->findData(int(range)));
    }
    m_outcomeChartObj->setTitle(range == Range::LastHour ? tr("Attempts by outcome, per minute")
                                                         : tr("Attempts by outcome, per 15 minutes"));
    reload();
}

qint64 ChartsView::bucketMs() const
{
    return m_range == Range::LastHour ? 60 * 1000 : 15 * 60 * 1000;
}

void ChartsView::reload()
{
    const quint64 generation = ++m_generation;
    const qint64 bucket = bucketMs();
    const qint64 span = m_range == Range::LastHour ? 3600 * 1000 : 24 * 3600 * 1000;
    m_status->setText(tr("Reading…"));
    m_client->call<Data>(
        this, "charts",
        [bucket, span](JobService &svc) {
            Data d;
            d.bucketMs = bucket;
            // Whole buckets, the current one last (it is still filling): the sidebar's window too.
            const TimeWindow w = bucketWindow(svc.nowMs(), span, bucket);
            d.fromMs = w.fromMs;
            d.toMs = w.toMs;
            d.buckets = svc.outcomeHistory(d.fromMs, d.toMs, bucket);
            d.latency = svc.providerLatency(d.toMs - span, d.toMs);
            return d;
        },
        [this, generation](const CallOutcome<Data> &out) {
            if (generation != m_generation)
                return;
            if (!out.ok) {
                m_status->setText(tr("Could not read the charts: %1").arg(out.error) + u' '
                                  + tr("%1 reads them again.").arg(QKeySequence(Qt::Key_F5).toString(QKeySequence::NativeText)));
                return;
            }
            apply(*out.value);
            Q_EMIT refreshed();
        });
}

void ChartsView::apply(const Data &d)
{
    // Each point at the middle of its bucket.
    double maxOutcome = 0;
    for (auto it = m_outcome.cbegin(); it != m_outcome.cend(); ++it) {
        QList<QPointF> points;
        points.reserve(d.buckets.size());
        for (const OutcomeBucket &b : d.buckets) {
            const int n = b.finished.value(it.key());
            maxOutcome = std::max<double>(maxOutcome, n);
            points.append(QPointF(double(b.startMs + d.bucketMs / 2), n));
        }
        it.value()->replace(points);
    }
    fitTimeAxes(m_outcomeChartObj, d.fromMs, d.toMs, maxOutcome);

    QList<QPointF> losses;
    QList<QPointF> unknown;
    double maxTrouble = 0;
    int totalLosses = 0;
    int totalUnknown = 0;
    for (const OutcomeBucket &b : d.buckets) {
        const double x = double(b.startMs + d.bucketMs / 2);
        losses.append(QPointF(x, b.raceLosses));
        unknown.append(QPointF(x, b.wentUnknown));
        maxTrouble = std::max<double>(maxTrouble, std::max(b.raceLosses, b.wentUnknown));
        totalLosses += b.raceLosses;
        totalUnknown += b.wentUnknown;
    }
    m_raceLossTotal = totalLosses;
    m_raceLosses->replace(losses);
    m_unknown->replace(unknown);
    fitTimeAxes(m_troubleChart, d.fromMs, d.toMs, maxTrouble);

    m_providers.clear();
    if (m_p50->count() > 0)
        m_p50->remove(0, m_p50->count());
    if (m_p95->count() > 0)
        m_p95->remove(0, m_p95->count());
    double maxMs = 0;
    int samples = 0;
    QStringList tips;
    for (const ProviderLatencyStat &s : d.latency) {
        // The name alone under its bars ("flaky (n..." was cut); the sample count in the tooltip.
        m_providers.append(s.provider);
        tips.append(tr("%1: p50 %2 ms, p95 %3 ms (n=%4)").arg(s.provider).arg(s.p50Ms).arg(s.p95Ms).arg(s.samples));
        m_p50->append(double(s.p50Ms));
        m_p95->append(double(s.p95Ms));
        maxMs = std::max<double>(maxMs, double(s.p95Ms));
        samples += s.samples;
    }
    for (QAbstractAxis *a : m_latencyChart->axes(Qt::Horizontal))
        if (auto *cats = qobject_cast<QBarCategoryAxis *>(a)) {
            cats->clear();
            cats->append(m_providers);
        }
    m_latencyView->setToolTip(tips.join(u'\n'));
    fitLatencyLabels();
    for (QAbstractAxis *a : m_latencyChart->axes(Qt::Vertical))
        if (auto *y = qobject_cast<QValueAxis *>(a)) {
            y->setRange(0, std::max(10.0, maxMs * 1.15));
            y->applyNiceNumbers();
        }
    m_status->setText(tr("%1 to %2:").arg(Format::time(d.fromMs), Format::time(d.toMs)) + u' '
                      + tr("%n race loss(es),", nullptr, totalLosses) + u' '
                      + tr("%n attempt(s) went unknown,", nullptr, int(totalUnknown)) + u' '
                      + tr("%n finished attempt(s) timed.", nullptr, int(samples)));
}

void ChartsView::fitLatencyLabels()
{
    // Names that do not fit side by side under their bars are drawn slanted, whole.
    for (QAbstractAxis *a : m_latencyChart->axes(Qt::Horizontal)) {
        auto *cats = qobject_cast<QBarCategoryAxis *>(a);
        if (!cats)
            continue;
        const QFontMetrics fm(cats->labelsFont());
        int widest = 0;
        for (const QString &p : m_providers)
            widest = std::max(widest, fm.horizontalAdvance(p));
        const qreal plot = m_latencyChart->plotArea().width() > 0 ? m_latencyChart->plotArea().width()
                                                                   : qreal(m_latencyView->width() - 80);
        const qreal slot = m_providers.isEmpty() ? plot : plot / qreal(m_providers.size());
        cats->setLabelsAngle(widest + fm.averageCharWidth() > slot ? -45 : 0);
    }
}

bool ChartsView::latencyLabelsFit() const
{
    for (QAbstractAxis *a : m_latencyChart->axes(Qt::Horizontal))
        if (auto *cats = qobject_cast<QBarCategoryAxis *>(a)) {
            if (cats->labelsAngle() != 0)
                return true; // slanted: each has the chart's height
            const QFontMetrics fm(cats->labelsFont());
            const qreal slot = m_latencyChart->plotArea().width() / qreal(std::max<qsizetype>(1, m_providers.size()));
            for (const QString &p : m_providers)
                if (fm.horizontalAdvance(p) > slot)
                    return false;
        }
    return true;
}

void ChartsView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitLatencyLabels();
}

void ChartsView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_timer->start();
    reload();
}

void ChartsView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_timer->stop();
}

} // namespace jobdesk::ui
