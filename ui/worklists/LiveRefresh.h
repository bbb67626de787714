#pragma once

// When a worklist re-reads: only when the change marks it depends on moved
// (every poll that looked carries them; an idle console moves none, so it
// costs the database nothing extra), and only while its view is visible; a
// hidden view is marked stale and re-reads when shown, unless it keeps a
// sidebar count (then it re-reads at most every hiddenRefreshMs). One read at
// a time: a change that arrives during a read asks for one more read after it.
// A read that failed is tried again by itself after a growing pause
// (ReadRetry), and when a lost connection comes back; changes meanwhile do
// not hurry it; F5 (request) does.

#include "StoreTypes.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>
#include <optional>

class QTimer;

namespace jobdesk::ui {

class ReadRetry;
class StoreClient;

class LiveRefresh : public QObject
{
    Q_OBJECT
public:
    // True when the marks this worklist depends on differ.
    using Moved = std::function<bool(const ChangeMarks &before, const ChangeMarks &now)>;

    LiveRefresh(StoreClient *client, Moved moved, QObject *parent = nullptr);

    void setActive(bool active); // the view is visible
    bool isActive() const { return m_active; }
    bool isStale() const { return m_stale; }
    // < 0: a hidden view never re-reads (stale until shown); otherwise at most this often.
    void setHiddenRefreshMs(int ms) { m_hiddenRefreshMs = ms; }

    void request();     // a read is wanted now (filter changed, F5, an action answered)
    void readStarted(); // the model says a read went out ...
    void readFinished(bool ok = true); // ... and came back (read, or failed)
    // After a failed read: the pause before it is tried again by itself (ms).
    int retryPauseMs() const { return m_retryPauseMs; }

Q_SIGNALS:
    void reloadWanted(); // the model reads now

private:
    void onPolled(const PollResult &r);
    void want();

    StoreClient *m_client;
    Moved m_moved;
    std::optional<ChangeMarks> m_marks;
    bool m_active = false;
    bool m_stale = true;
    bool m_inFlight = false;
    bool m_again = false;
    int m_hiddenRefreshMs = -1;
    QElapsedTimer m_sinceRead;
    QTimer *m_hiddenTimer = nullptr;
    ReadRetry *m_retry = nullptr;
    int m_retryPauseMs = 0;
};

} // namespace jobdesk::ui
