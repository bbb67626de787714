#pragma once

// `jobdesk --demo --screenshots DIR`: after the demo has run for a while, the
// console photographs itself with QWidget::grab(): the main window, a job
// detail with a race loss on its time line, a blocked job's cancel dialog,
// and a key conflict's diff. A small state machine driven by the console's
// own signals (no nested event loop, no sleeps).

#include "StoreTypes.h"

#include <QObject>
#include <QStringList>

#include <functional>

class QWidget;

namespace jobdesk::ui {

class MainWindow;

class Screenshots : public QObject
{
    Q_OBJECT
public:
    Screenshots(MainWindow *window, const QString &directory, QObject *parent = nullptr);

    void start(int maxWaitMs = 60000); // looks for the cases, then takes the pictures
    QStringList written() const { return m_written; }

Q_SIGNALS:
    void finished(bool ok, const QString &message);

private:
    void look();
    void onShowcase(const Showcase &s);
    void next();
    void whenShown(qint64 jobId, std::function<void()> then);
    bool save(QWidget *widget, const QString &name);
    void settle(std::function<void()> then);

    MainWindow *m_window;
    QString m_dir;
    Showcase m_showcase;
    int m_step = 0;
    qint64 m_deadlineMs = 0;
    QStringList m_written;
    QStringList m_missing;
};

} // namespace jobdesk::ui
