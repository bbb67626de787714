#pragma once

// The strip at the top of the main window that cannot be hidden: where the
// console is connected, as which database user and role, how long ago it
// last read successfully; red for production. When the connection is lost it
// says so, with the time of the last good read, until it is back. On
// PostgreSQL it names the server it reads from, and after a failover to
// another host of the URL, which one it failed over from and when.

#include "StoreTypes.h"

#include <QWidget>

class QLabel;
class QTimer;

namespace jobdesk::ui {

class StoreClient;

class ConnectionBanner : public QWidget
{
    Q_OBJECT
public:
    explicit ConnectionBanner(StoreClient *client, QWidget *parent = nullptr);

    void setProduction(bool production);
    bool isProduction() const { return m_production; }
    QString text() const;     // the main line, as shown
    QString lostText() const; // empty while connected

private:
    void refresh();
    void onLost(const QString &message, qint64 lastGoodReadMs);
    void onRestored();

    StoreClient *m_client;
    QLabel *m_main = nullptr;
    QLabel *m_lost = nullptr;
    QTimer *m_tick = nullptr;
    bool m_production = false;
    QString m_notConnectedWhy;
    qint64 m_lostAtMs = 0;
    QString m_lostMessage;
    QString m_url;          // of the store the server below belongs to
    QString m_server;       // "host:port" read from now
    QString m_failedOverFrom;
    qint64 m_failedOverAtMs = 0;
};

} // namespace jobdesk::ui
