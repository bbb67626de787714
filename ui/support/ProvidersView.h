#pragma once

// The providers page: each provider and route with its latest contract
// validation and whether it is current (see ProvidersModel.h), the selected
// validation's report, and "Validate now". Validate now runs the contract
// validation on a thread of its own (it calls the provider over the network,
// so neither the UI thread nor the store worker waits for it), with the
// provider client built from the config the dispatchers recorded, then
// records the result through JobService on the store worker. A provider whose
// config names a secret (api_key_env) this console does not have is not
// validated: the view says so and records nothing.

#include "StoreTypes.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTimer;

namespace jobdesk::ui {

class ProvidersModel;
class StoreClient;

class ProvidersView : public QWidget
{
    Q_OBJECT
public:
    explicit ProvidersView(StoreClient *client, QWidget *parent = nullptr);
    // F5 while this view shows (MainWindow::refresh): read it again now.
    Q_INVOKABLE void refresh() { reload(); }

    void reload();
    // Validates the pair now; false (and validationFinished(false, why)) when it cannot start.
    bool validateNow(const QString &provider, const QString &route);
    bool isValidating() const { return m_validating; }

    ProvidersModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QString reportText() const;
    QString statusText() const;
    void setRefreshIntervalMs(int ms); // the expiry clock: re-read while visible (default 30 s)

Q_SIGNALS:
    void loaded();
    void validationFinished(bool recorded, const QString &message);
    void attentionChanged(int fallbacksNotProven); // fallbacks in a route's chain without a current validation

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void onPolled(const PollResult &r);
    void showReport();
    void finishValidation(bool recorded, const QString &message);

    StoreClient *m_client;
    ProvidersModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPlainTextEdit *m_report = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_validate = nullptr;
    QTimer *m_timer = nullptr;
    quint64 m_generation = 0;
    std::optional<ChangeMarks> m_validationMark; // the poll it last re-read for
    bool m_stale = true;
    bool m_validating = false;
};

} // namespace jobdesk::ui
