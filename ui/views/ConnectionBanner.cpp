#include "ConnectionBanner.h"

#include "Format.h"
#include "StoreClient.h"

#include <QDateTime>
#include <QDir>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

namespace jobdesk::ui {

ConnectionBanner::ConnectionBanner(StoreClient *client, QWidget *parent)
    : QWidget(parent), m_client(client)
{
    setObjectName(QStringLiteral("connectionBanner"));
    setAutoFillBackground(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->setSpacing(2);
    m_main = new QLabel(this);
    m_main->setObjectName(QStringLiteral("bannerText"));
    m_main->setTextFormat(Qt::PlainText);
    m_main->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont f = m_main->font();
    f.setBold(true);
    m_main->setFont(f);
    layout->addWidget(m_main);
    m_lost = new QLabel(this);
    m_lost->setObjectName(QStringLiteral("lostConnectionText"));
    m_lost->setTextFormat(Qt::PlainText);
    m_lost->setWordWrap(true);
    m_lost->setAutoFillBackground(true);
    m_lost->setMargin(4);
    m_lost->setFont(f);
    m_lost->hide();
    layout->addWidget(m_lost);

    connect(client, &StoreClient::opened, this, [this](const ConnectionInfo &info) {
        m_notConnectedWhy.clear();
        if (info.url.postgresUrl != m_url) { // another store: its own servers
            m_url = info.url.postgresUrl;
            m_server.clear();
            m_failedOverFrom.clear();
        }
        refresh();
    });
    connect(client, &StoreClient::serverChanged, this, [this](const QString &server, const QString &previous) {
        if (!previous.isEmpty()) {
            m_failedOverFrom = previous;
            m_failedOverAtMs = QDateTime::currentMSecsSinceEpoch();
        }
        m_server = server;
        refresh();
    });
    connect(client, &StoreClient::openFailed, this, [this](const QString &message) {
        m_notConnectedWhy = message;
        refresh();
    });
    connect(client, &StoreClient::connectionLost, this, &ConnectionBanner::onLost);
    connect(client, &StoreClient::connectionRestored, this, &ConnectionBanner::onRestored);
    m_tick = new QTimer(this);
    m_tick->setInterval(500);
    connect(m_tick, &QTimer::timeout, this, &ConnectionBanner::refresh);
    m_tick->start();
    refresh();
}

void ConnectionBanner::setProduction(bool production)
{
    m_production = production;
    refresh();
}

QString ConnectionBanner::text() const
{
    return m_main->text();
}

QString ConnectionBanner::lostText() const
{
    return m_lost->isHidden() ? QString() : m_lost->text();
}

void ConnectionBanner::refresh()
{
    QPalette pal = palette();
    const QPalette app = QPalette();
    QColor bg = app.color(QPalette::AlternateBase);
    QColor fg = app.color(QPalette::WindowText);
    QString text;
    const ConnectionInfo &info = m_client->connection();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!m_client->isConnected() && !m_client->isLost()) {
        text = m_notConnectedWhy.isEmpty() ? tr("Not connected. File ▸ Connect… (Ctrl+O)")
                                           : tr("Not connected: %1 (retrying)").arg(m_notConnectedWhy);
    } else {
        const QString role = info.identity.role == Role::Viewer ? tr("%1, read-only: actions disabled").arg(info.identity.roleName)
                             : info.identity.roleName == QLatin1String("local") ? tr("local file, acts as operator")
                                                                                 : info.identity.roleName;
        // A file in the home folder as ~/...: shorter, and no account name on a shared screen.
        QString where = info.url.toDisplayString();
        const QString home = QStringLiteral("sqlite:") + QDir::homePath() + u'/';
        if (QDir::homePath() != QLatin1String("/") && where.startsWith(home))
            where = QStringLiteral("sqlite:~/") + where.mid(home.size());
        text = tr("%1 as %2 (%3)").arg(where, info.identity.databaseUser, role);
        if (!m_server.isEmpty())
            text += QStringLiteral("   ·   ") + (m_failedOverFrom.isEmpty() ? tr("on %1").arg(m_server)
                                                                        : tr("on %1, failed over from %2 at %3")
                                                                              .arg(m_server, m_failedOverFrom, Format::time(m_failedOverAtMs)));
        if (m_client->lastGoodReadMs() > 0)
            text += QStringLiteral("   ·   ") + tr("read %1").arg(Format::ago(now - m_client->lastGoodReadMs()));
    }
    if (m_production) {
        text = tr("PRODUCTION") + QStringLiteral("   ") + text;
        bg = QColor(0xb0, 0x1c, 0x1c);
        fg = QColor(Qt::white);
    }
    m_main->setText(text);
    pal.setColor(QPalette::Window, bg);
    pal.setColor(QPalette::WindowText, fg);
    setPalette(pal);

    if (m_client->isLost()) {
        const qint64 last = m_client->lastGoodReadMs();
        m_lost->setText(last > 0 ? tr("CONNECTION LOST at %1: %2\nWhat you see was read at %3 (%4) and may be out of date. "
                                      "Reconnecting by itself; actions wait until the connection is back.")
                                       .arg(Format::time(m_lostAtMs), m_lostMessage, Format::time(last), Format::ago(now - last))
                                 : tr("CONNECTION LOST at %1: %2\nNothing has been read yet. Reconnecting by itself.")
                                       .arg(Format::time(m_lostAtMs), m_lostMessage));
        QPalette lp = m_lost->palette();
        lp.setColor(QPalette::Window, QColor(0xff, 0xd5, 0x4f));
        lp.setColor(QPalette::WindowText, QColor(Qt::black));
        m_lost->setPalette(lp);
        m_lost->show();
    } else {
        m_lost->hide();
    }
}

void ConnectionBanner::onLost(const QString &message, qint64)
{
    m_lostAtMs = QDateTime::currentMSecsSinceEpoch();
    m_lostMessage = message;
    refresh();
}

void ConnectionBanner::onRestored()
{
    m_lostMessage.clear();
    refresh();
}

} // namespace jobdesk::ui
