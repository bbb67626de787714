#include "LiveRefresh.h"

#include "StoreClient.h"

#include <QTimer>

namespace jobdesk::ui {

LiveRefresh::LiveRefresh(StoreClient *client, Moved moved, QObject *parent)
    : QObject(parent), m_client(client), m_moved(std::move(moved))
{
    m_hiddenTimer = new QTimer(this);
    m_hiddenTimer->setSingleShot(true);
    connect(m_hiddenTimer, &QTimer::timeout, this, &LiveRefresh::want);
    connect(client, &StoreClient::polled, this, &LiveRefresh::onPolled);
    connect(client, &StoreClient::opened, this, [this] {
        m_marks.reset(); // another store, or the same one again: read afresh
        m_stale = true;
        want();
    });
}

void LiveRefresh::setActive(bool active)
{
    m_active = active;
    if (active && m_stale)
        want();
}

void LiveRefresh::request()
{
    m_stale = true;
    want();
}

void LiveRefresh::readStarted()
{
    m_inFlight = true;
    m_stale = false;
    m_sinceRead.start();
}

void LiveRefresh::readFinished()
{
    m_inFlight = false;
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
