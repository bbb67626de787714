#pragma once

// Charts (Qt Charts) from the aggregate queries: attempts by outcome over
// time, latency per provider (p50/p95), race losses and unknown attempts over
// time, for the last hour (one-minute buckets) or the last day (15-minute
// buckets). These are the costly reads, so the page re-reads on its own
// slower schedule (every 30 s by default) and only while it is visible.

#include "StoreTypes.h"

#include <QWidget>

#include <optional>

class QBarSet;
class QComboBox;
class QLabel;
class QLineSeries;
class QTimer;
class QChart;
class QChartView;

namespace jobdesk::ui {

class StoreClient;

class ChartsView : public QWidget
{
    Q_OBJECT
public:
    enum class Range { LastHour, LastDay };

    explicit ChartsView(StoreClient *client, QWidget *parent = nullptr);
    // F5 while this view shows (MainWindow::refresh): read it again now.
    Q_INVOKABLE void refresh() { reload(); }

    void setRange(Range range);
    Range range() const { return m_range; }
    qint64 bucketMs() const;
    void reload();
    void setRefreshIntervalMs(int ms);
    bool isRefreshing() const; // re-reading on its schedule (only while visible)

    // What the charts show, for tests and for people who read numbers.
    QLineSeries *outcomeSeries(AttemptState state) const { return m_outcome.value(state); }
    QLineSeries *raceLossSeries() const { return m_raceLosses; }
    int raceLossTotal() const { return m_raceLossTotal; } // in the range, as the status line says
    QLineSeries *unknownSeries() const { return m_unknown; }
    QBarSet *p50Set() const { return m_p50; }
    QBarSet *p95Set() const { return m_p95; }
    QStringList latencyProviders() const { return m_providers; }
    QChartView *outcomeChart() const { return m_outcomeView; }
    bool latencyLabelsFit() const; // every provider's name under its bars reads whole

Q_SIGNALS:
    void refreshed();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitLatencyLabels();
    int m_raceLossTotal = 0;
    struct Data
    {
        qint64 fromMs = 0;
        qint64 toMs = 0;
        qint64 bucketMs = 0;
        QList<OutcomeBucket> buckets;
        QList<ProviderLatencyStat> latency;
    };
    void apply(const Data &data);

    StoreClient *m_client;
    Range m_range = Range::LastHour;
    quint64 m_generation = 0;
    QComboBox *m_rangeBox = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_timer = nullptr;
    QMap<AttemptState, QLineSeries *> m_outcome;
    QLineSeries *m_raceLosses = nullptr;
    QLineSeries *m_unknown = nullptr;
    QBarSet *m_p50 = nullptr;
    QBarSet *m_p95 = nullptr;
    QStringList m_providers;
    QChart *m_outcomeChartObj = nullptr;
    QChart *m_latencyChart = nullptr;
    QChart *m_troubleChart = nullptr;
    QChartView *m_outcomeView = nullptr;
    QChartView *m_latencyView = nullptr;
    QChartView *m_troubleView = nullptr;
};

} // namespace jobdesk::ui
