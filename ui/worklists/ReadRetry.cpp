#include "ReadRetry.h"

#include "Format.h"

#include <QKeySequence>
#include <QTimer>

namespace jobdesk::ui {

ReadRetry::ReadRetry(QObject *parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &ReadRetry::due);
}

int ReadRetry::failed()
{
    const int pause = m_failures >= 5 ? kMostMs : std::min(kMostMs, kFirstMs << m_failures);
    ++m_failures;
    m_timer->start(pause);
    return pause;
}

void ReadRetry::succeeded()
{
    m_failures = 0;
    m_timer->stop();
}

void ReadRetry::cancel()
{
    m_timer->stop();
}

bool ReadRetry::isPending() const
{
    return m_timer->isActive();
}

QString ReadRetry::againText(int pauseMs, bool them)
{
    const QString f5 = QKeySequence(Qt::Key_F5).toString(QKeySequence::NativeText);
    return them ? tr("Trying again by itself in %1; %2 reads them again now.").arg(Format::duration(pauseMs), f5)
                : tr("Trying again by itself in %1; %2 reads it again now.").arg(Format::duration(pauseMs), f5);
}

} // namespace jobdesk::ui
