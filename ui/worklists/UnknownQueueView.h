#pragma once

// The on-call queue's page: the unknown attempts of undecided jobs, oldest
// first, filterable by provider, with its actions: cancel the selected ones
// (or every one shown) through BulkCancelDialog, ask their providers now
// (JobService::requestLookup: the reconciler asks about them first), open the
// job (double click). Widgets by objectName: unknownQueueTable,
// providerFilter, cancelSelectedButton, cancelAllShownButton, askNowButton,
// openJobButton, queueStatus.

#include <QWidget>

class QAction;
class QComboBox;
class QMenu;
class QLabel;
class QPushButton;
class QTableView;

namespace jobdesk::ui {

class BulkCancelDialog;
class StoreClient;
class UnknownQueueModel;

class UnknownQueueView : public QWidget
{
    Q_OBJECT
public:
    explicit UnknownQueueView(StoreClient *client, QWidget *parent = nullptr);
    // F5 while this view shows (MainWindow::refresh): read it again now.
    Q_INVOKABLE void refresh();

    UnknownQueueModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QList<qint64> selectedAttempts() const;
    void selectAttempts(const QList<qint64> &attemptIds);

    // Each opens the dialog with open() and returns it (nullptr when nothing to cancel).
    BulkCancelDialog *openCancelSelected();
    BulkCancelDialog *openCancelAllShown();
    void askSelectedNow();
    // The row's actions (Open job, Ask provider now, Cancel…) at pos, in viewport coordinates.
    QMenu *openContextMenu(const QPoint &pos);

Q_SIGNALS:
    void openJobRequested(qint64 jobId);
    void lookupsRequested(int asked, const QString &message); // the store's answer to "ask now"

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    BulkCancelDialog *openBulk(const QList<int> &rows);
    void updateButtons();
    void updateProviders();

    StoreClient *m_client;
    UnknownQueueModel *m_model;
    QTableView *m_table = nullptr;
    QList<QAction *> m_rowActions;      // Enter, Ctrl+K ... on the table
    QList<QPushButton *> m_rowButtons;  // the buttons they press
    QComboBox *m_provider = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_cancelSelected = nullptr;
    QPushButton *m_cancelAll = nullptr;
    QPushButton *m_askNow = nullptr;
    QPushButton *m_openJob = nullptr;
    int m_asking = 0;
    bool m_sizing = false;    // the view sizes its columns now
    bool m_userSized = false; // the operator sized a column: leave the widths alone
    bool m_fitted = false;    // the columns were fitted to the first rows shown
};

} // namespace jobdesk::ui
