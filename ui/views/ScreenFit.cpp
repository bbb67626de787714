#include "ScreenFit.h"

#include <QApplication>
#include <QEvent>
#include <QScreen>
#include <QWidget>

namespace jobdesk::ui {

QRect fitInto(const QRect &wanted, const QRect &available)
{
    QRect r = wanted;
    r.setWidth(std::min(r.width(), available.width()));
    r.setHeight(std::min(r.height(), available.height()));
    r.moveLeft(std::clamp(r.left(), available.left(), available.right() - r.width() + 1));
    r.moveTop(std::clamp(r.top(), available.top(), available.bottom() - r.height() + 1));
    return r;
}

void fitToScreen(QWidget *window)
{
    QScreen *screen = window->screen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    // The frame (title bar, borders) is the window manager's: the client area fits inside what is left.
    const QRect frame = window->frameGeometry();
    const QRect client = window->geometry();
    const QMargins decoration(client.left() - frame.left(), client.top() - frame.top(), frame.right() - client.right(),
                              frame.bottom() - client.bottom());
    const QRect room = available.marginsRemoved(decoration);
    const QRect fitted = fitInto(client, room);
    if (fitted == client)
        return;
    // A layout's minimum that is wider than the screen would keep the window too big.
    if (window->minimumWidth() > fitted.width() || window->minimumHeight() > fitted.height())
        window->setMinimumSize(std::min(window->minimumWidth(), fitted.width()), std::min(window->minimumHeight(), fitted.height()));
    window->setGeometry(fitted);
}

namespace {
class FitOnShow : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Show && watched->isWidgetType()) {
            auto *w = static_cast<QWidget *>(watched);
            const Qt::WindowType type = w->windowType();
            if (w->isWindow() && type != Qt::Popup && type != Qt::ToolTip && type != Qt::SplashScreen)
                fitToScreen(w);
        }
        return false;
    }
};
} // namespace

void fitWindowsToScreen()
{
    if (!qApp || qApp->findChild<FitOnShow *>(QStringLiteral("jobdeskFitOnShow"), Qt::FindDirectChildrenOnly))
        return;
    auto *filter = new FitOnShow(qApp);
    filter->setObjectName(QStringLiteral("jobdeskFitOnShow"));
    qApp->installEventFilter(filter);
}

} // namespace jobdesk::ui
