#pragma once

// The operator's action dialogs: cancel an attempt, cancel a job, retry a
// job. Each one makes its request id when it opens (so a double-clicked OK,
// or OK pressed again after a lost connection, is one action), carries the
// job's change sequence the operator was looking at (a stale view is
// refused by the store, and nothing happens), says what will follow before
// the click, requires a reason, and stays open to show a refusal.
//
// They are opened with open(), never exec(): nothing nests an event loop.
// Tests answer them through setNextAnswer() (or find their widgets by
// objectName: reasonEdit, providerList, guardLabel, consequenceLabel,
// resultLabel, okButton).

#include "StoreTypes.h"

#include <QDialog>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace jobdesk::ui {

class StoreClient;

struct DialogAnswer
{
    bool accept = true;   // false: press Cancel
    QString reason;       // typed into the reason field (left as it is when empty)
    QString provider;     // retry: the provider to pick (empty: the dialog's default)
    int okClicks = 1;     // 2: a double click
};

class ActionDialog : public QDialog
{
    Q_OBJECT
public:
    // The next action dialog to be shown answers itself with this (once).
    static void setNextAnswer(const DialogAnswer &answer);
    static bool hasPendingAnswer();

    QString requestId() const { return m_requestId; }
    std::optional<qint64> seenChangeSeq() const { return m_seenChangeSeq; }
    bool submitted() const { return m_ticket != 0; }
    int submissions() const { return m_submissions; }

Q_SIGNALS:
    void actionDone(const jobdesk::ui::ActionResult &result); // the store's answer

protected:
    ActionDialog(StoreClient *client, const DetailResult &detail, const QString &title, QWidget *parent);

    // Subclasses fill the body and implement these.
    virtual quint64 submit(const OperatorRequest &request) = 0;
    virtual bool readyToSubmit() const;
    virtual void applyAnswer(const DialogAnswer &answer);

    QWidget *body() const { return m_body; }
    // The OK button names the action ("Cancel attempt #2"), never a bare OK next to a "Cancel".
    void setOkText(const QString &text);
    QLabel *addNote(const QString &objectName, const QString &text);
    void updateOk();
    void showEvent(QShowEvent *event) override;
    void done(int result) override;

    StoreClient *m_client;
    DetailResult m_detail;

private:
    void onOk();
    void onActionFinished(const ActionResult &result);

    QString m_requestId;
    std::optional<qint64> m_seenChangeSeq;
    QWidget *m_body = nullptr;
    QPlainTextEdit *m_reason = nullptr;
    QLabel *m_result = nullptr;
    QPushButton *m_ok = nullptr;
    QPushButton *m_close = nullptr;
    quint64 m_ticket = 0;
    int m_submissions = 0;
    bool m_done = false;
};

class CancelAttemptDialog : public ActionDialog
{
    Q_OBJECT
public:
    CancelAttemptDialog(StoreClient *client, const DetailResult &detail, const Attempt &attempt, QWidget *parent = nullptr);
    qint64 attemptId() const { return m_attempt.id; }

protected:
    quint64 submit(const OperatorRequest &request) override;

private:
    Attempt m_attempt;
};

class CancelJobDialog : public ActionDialog
{
    Q_OBJECT
public:
    CancelJobDialog(StoreClient *client, const DetailResult &detail, QWidget *parent = nullptr);

protected:
    quint64 submit(const OperatorRequest &request) override;
};

class RetryDialog : public ActionDialog
{
    Q_OBJECT
public:
    RetryDialog(StoreClient *client, const DetailResult &detail, QWidget *parent = nullptr);
    QString selectedProvider() const;
    bool guardAllows() const { return m_allowed; }

protected:
    quint64 submit(const OperatorRequest &request) override;
    bool readyToSubmit() const override;
    void applyAnswer(const DialogAnswer &answer) override;

private:
    QTreeWidget *m_providers = nullptr;
    bool m_allowed = false;
};

} // namespace jobdesk::ui
