#include "LiveRefresh.h"

#include "ReadRetry.h"
#include "StoreClient.h"

#include <QTimer>

namespace jobdesk::ui {

LiveRefresh::LiveRefresh(StoreClient *client, Moved moved, QObject *parent)
    : QObject(parent), m_client(client), m_moved(std::move(moved))
{
    m_hiddenTimer = new QTimer(this);
    m_hiddenTimer->setSingleShot(true);
    connect(m_hiddenTimer, &QTimer::timeout, this, &LiveRefresh::want);
    m_retry = new ReadRetry(this);
    connect(m_retry, &ReadRetry::due, this, &LiveRefresh::want);
    connect(client, &StoreClient::polled, this, &LiveRefresh::onPolled);
    connect(client, &StoreClient::opened, this, [this] {
        m_marks.reset(); // another store, or the same one again: read afresh
        m_retry->succeeded();
        m_stale = true;
        want();
    });
    // A read that failed while the connection was lost (or was due meanwhile)
    // goes out when it is back: no change may come to ask for it.
    connect(client, &StoreClient::connectionRestored, this, &LiveRefresh::want);
}

void LiveRefresh::setActive(bool active)
{
    m_active = active;
    if (active && m_stale)
        want();
}

void LiveRefresh::request()
{
    m_retry->cancel(); // F5 does not wait for the pause after a failure
    m_stale = true;
    want();
}

void LiveRefresh::readStarted()
{
    m_inFlight = true;
    m_stale = false;
    m_sinceRead.start();
}

void LiveRefresh::readFinished(bool ok)
{
    m_inFlight = false;
    if (!ok) {
        // Stale until a read succeeds; tried again after a pause, not at
        // once (changes that came meanwhile do not hurry it).
        m_stale = true;
        m_again = false;
        m_retryPauseMs = m_retry->failed();
        return;
    }
    m_retry->succeeded();
    m_retryPauseMs = 0;
    if (m_again) {
        m_again = false;
        want();
    }
}

void LiveRefresh::onPolled(const PollResult &r)
{
    if (!r.marks)
        return; // nothing looked at (SQLite: nothing was committed)
    if (m_marks && !m_moved(*m_marks, *r.marks))
        return;
    m_marks = r.marks;
    m_stale = true;
    want();
}

void LiveRefresh::want()
{
    if (!m_stale || !m_client->isConnected())
        return;
    if (m_retry->isPending())
        return; // a failed read is tried again when its pause is over
    if (m_inFlight) {
        m_again = true;
        return;
    }
    if (!m_active) {
        if (m_hiddenRefreshMs < 0)
            return; // stays stale; read when shown
        const qint64 wait = m_sinceRead.isValid() ? m_hiddenRefreshMs - m_sinceRead.elapsed() : 0;
        if (wait > 0) {
            if (!m_hiddenTimer->isActive())
                m_hiddenTimer->start(static_cast<int>(wait));
            return;
        }
    }
    Q_EMIT reloadWanted();
}

} // namespace jobdesk::ui
