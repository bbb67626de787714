#include "Format.h"

#include <QTextDocument>

#include <QApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QStyle>
#include <QTimeZone>

#include <atomic>
#include <cmath>

namespace jobdesk::ui {

namespace {
std::atomic<bool> g_utc{false};

QDateTime at(qint64 epochMs)
{
    return g_utc ? QDateTime::fromMSecsSinceEpoch(epochMs, QTimeZone::utc()) : QDateTime::fromMSecsSinceEpoch(epochMs);
}

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

bool darkPalette(const QPalette &p)
{
    return p.color(QPalette::Base).lightnessF() < 0.5;
}

QColor tone(const QColor &hue, const QPalette &p)
{
    // Light palettes: a saturated tone; dark palettes: the same hue, lighter.
    return darkPalette(p) ? mix(hue, QColor(Qt::white), 0.25) : hue;
}
} // namespace

void Format::setUtc(bool utc)
{
    g_utc = utc;
}

bool Format::utc()
{
    return g_utc;
}

QString Format::time(qint64 epochMs)
{
    if (epochMs <= 0)
        return QString();
    const QDateTime t = at(epochMs);
    const QDateTime now = g_utc ? QDateTime::currentDateTimeUtc() : QDateTime::currentDateTime();
    QString s = t.date() == now.date() ? t.toString(QStringLiteral("HH:mm:ss"))
                                       : t.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    if (g_utc)
        s += u'Z';
    return s;
}

QString Format::dateTime(qint64 epochMs)
{
    if (epochMs <= 0)
        return QString();
    QString s = at(epochMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
    if (g_utc)
        s += u'Z';
    return s;
}

QString Format::duration(qint64 ms)
{
    if (ms < 0)
        ms = 0;
    if (ms < 1000)
        return tr("%1 ms").arg(ms);
    if (ms < 10000)
        return tr("%1 s").arg(QString::number(static_cast<double>(ms) / 1000.0, 'f', 1));
    const qint64 s = ms / 1000;
    if (s < 60)
        return tr("%1 s").arg(s);
    const qint64 m = s / 60;
    if (m < 60)
        return tr("%1 min").arg(m);
    const qint64 h = m / 60;
    if (h < 48)
        return m % 60 ? tr("%1 h %2 min").arg(h).arg(m % 60) : tr("%1 h").arg(h);
    const qint64 d = h / 24;
    return h % 24 ? tr("%1 d %2 h").arg(d).arg(h % 24) : tr("%1 d").arg(d);
}

QString Format::ago(qint64 ms)
{
    return tr("%1 ago").arg(duration(ms));
}

QString Format::jobState(JobState s)
{
    switch (s) {
    case JobState::Queued: return tr("queued");
    case JobState::Running: return tr("running");
    case JobState::Blocked: return tr("BLOCKED");
    case JobState::Succeeded: return tr("succeeded");
    case JobState::Failed: return tr("failed");
    case JobState::Cancelled: return tr("cancelled");
    }
    return QString();
}

QString Format::attemptState(AttemptState s)
{
    switch (s) {
    case AttemptState::Starting: return tr("starting");
    case AttemptState::Running: return tr("running");
    case AttemptState::Succeeded: return tr("succeeded");
    case AttemptState::Superseded: return tr("superseded");
    case AttemptState::Failed: return tr("failed");
    case AttemptState::Unknown: return tr("UNKNOWN");
    case AttemptState::Cancelled: return tr("cancelled");
    }
    return QString();
}

QString Format::attemptKind(AttemptKind k)
{
    switch (k) {
    case AttemptKind::Automatic: return tr("automatic");
    case AttemptKind::Hedge: return tr("hedge");
    case AttemptKind::Retry: return tr("operator retry");
    }
    return QString();
}

QColor Format::stateColor(JobState s, const QPalette &p)
{
    switch (s) {
    case JobState::Queued: return p.color(QPalette::PlaceholderText);
    case JobState::Running: return tone(QColor(0x1f, 0x6f, 0xd0), p);
    case JobState::Blocked: return tone(QColor(0xc0, 0x39, 0x2b), p);
    case JobState::Succeeded: return tone(QColor(0x1e, 0x84, 0x49), p);
    case JobState::Failed: return tone(QColor(0x8e, 0x44, 0xad), p);
    case JobState::Cancelled: return p.color(QPalette::PlaceholderText);
    }
    return p.color(QPalette::Text);
}

QColor Format::stateColor(AttemptState s, const QPalette &p)
{
    switch (s) {
    case AttemptState::Starting: return tone(QColor(0x7f, 0x8c, 0x8d), p);
    case AttemptState::Running: return tone(QColor(0x1f, 0x6f, 0xd0), p);
    case AttemptState::Succeeded: return tone(QColor(0x1e, 0x84, 0x49), p);
    case AttemptState::Superseded: return tone(QColor(0xd3, 0x84, 0x00), p);
    case AttemptState::Failed: return tone(QColor(0x8e, 0x44, 0xad), p);
    case AttemptState::Unknown: return tone(QColor(0xc0, 0x39, 0x2b), p);
    case AttemptState::Cancelled: return tone(QColor(0x6c, 0x6c, 0x6c), p);
    }
    return p.color(QPalette::Text);
}

QIcon Format::attentionIcon()
{
    return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

QIcon Format::stateIcon(JobState s)
{
    QStyle *st = QApplication::style();
    switch (s) {
    case JobState::Blocked: return st->standardIcon(QStyle::SP_MessageBoxWarning);
    case JobState::Succeeded: return st->standardIcon(QStyle::SP_DialogApplyButton);
    case JobState::Failed: return st->standardIcon(QStyle::SP_MessageBoxCritical);
    case JobState::Cancelled: return st->standardIcon(QStyle::SP_DialogCancelButton);
    case JobState::Running: return st->standardIcon(QStyle::SP_MediaPlay);
    case JobState::Queued: return st->standardIcon(QStyle::SP_MediaPause);
    }
    return QIcon();
}

QIcon Format::stateIcon(AttemptState s)
{
    QStyle *st = QApplication::style();
    switch (s) {
    case AttemptState::Unknown: return st->standardIcon(QStyle::SP_MessageBoxWarning);
    case AttemptState::Succeeded: return st->standardIcon(QStyle::SP_DialogApplyButton);
    case AttemptState::Failed: return st->standardIcon(QStyle::SP_MessageBoxCritical);
    case AttemptState::Cancelled: return st->standardIcon(QStyle::SP_DialogCancelButton);
    case AttemptState::Superseded: return st->standardIcon(QStyle::SP_BrowserStop);
    case AttemptState::Running:
    case AttemptState::Starting: return st->standardIcon(QStyle::SP_MediaPlay);
    }
    return QIcon();
}

QString Format::json(const QJsonObject &o)
{
    // QJsonObject keeps its keys sorted; Indented is what people read.
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)).trimmed();
}

QString Format::json(const QByteArray &jsonText)
{
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(jsonText, &err);
    if (err.error != QJsonParseError::NoError || doc.isNull())
        return QString::fromUtf8(jsonText);
    return QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
}

QString Format::plainToolTip(const QString &tip)
{
    return Qt::mightBeRichText(tip) ? Qt::convertFromPlainText(tip, Qt::WhiteSpaceNormal) : tip;
}

QVariant Format::plainToolTip(const QVariant &tip)
{
    return tip.typeId() == QMetaType::QString ? QVariant(plainToolTip(tip.toString())) : tip;
}

} // namespace jobdesk::ui
