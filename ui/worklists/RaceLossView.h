#pragma once

// Race losses page: newest first, filterable by provider (the loser's or the
// winner's) and time; double click (or "Open on time line") opens the job on
// its time line. Widgets by objectName: raceLossTable, raceProviderFilter,
// raceTimeFilter, openTimelineButton, raceStatus.

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace jobdesk::ui {

class RaceLossModel;
class StoreClient;

class RaceLossView : public QWidget
{
    Q_OBJECT
public:
    explicit RaceLossView(StoreClient *client, QWidget *parent = nullptr);
    // F5 while this view shows (MainWindow::refresh): read it again now.
    Q_INVOKABLE void refresh();

    RaceLossModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    void setProviderFilter(const QString &provider);
    void setSinceHours(int hours); // 0: any time

Q_SIGNALS:
    void openJobRequested(qint64 jobId);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void applyFilter();

    StoreClient *m_client;
    RaceLossModel *m_model;
    QTableView *m_table = nullptr;
    QLineEdit *m_provider = nullptr;
    QComboBox *m_since = nullptr;
    QPushButton *m_open = nullptr;
    QLabel *m_status = nullptr;
    bool m_sizing = false;    // the view sizes its columns now
    bool m_userSized = false; // the operator sized a column: leave the widths alone
    bool m_fitted = false;    // the columns were fitted to the first rows shown
};

} // namespace jobdesk::ui
