#include "Screenshots.h"

#include "support/SupportViews.h"
#include "worklists/OperatorWorklists.h"

#include "StoreClient.h"
#include "UiLogging.h"
#include "dialogs/ActionDialogs.h"
#include "dialogs/IntentDiffDialog.h"
#include "models/JobsModel.h"
#include "views/JobDetailView.h"
#include "views/MainWindow.h"

#include <QDateTime>
#include <QDir>
#include <QPixmap>
#include <QTimer>

namespace jobdesk::ui {

Screenshots::Screenshots(MainWindow *window, const QString &directory, QObject *parent)
    : QObject(parent), m_window(window), m_dir(directory)
{
    connect(window->client(), &StoreClient::showcaseLoaded, this, &Screenshots::onShowcase);
}

void Screenshots::start(int maxWaitMs)
{
    QDir().mkpath(m_dir);
    m_deadlineMs = QDateTime::currentMSecsSinceEpoch() + maxWaitMs;
    look();
}

void Screenshots::look()
{
    m_window->client()->loadShowcase();
}

void Screenshots::onShowcase(const Showcase &s)
{
    if (m_step != 0)
        return;
    const bool complete = s.raceLossJob && s.blockedJob && s.blockedAttempt && s.conflictJob;
    if (!complete && QDateTime::currentMSecsSinceEpoch() < m_deadlineMs) {
        QTimer::singleShot(1000, this, &Screenshots::look);
        return;
    }
    m_showcase = s;
    if (!s.raceLossJob)
        m_missing.append(tr("a race loss"));
    if (!s.blockedJob || !s.blockedAttempt)
        m_missing.append(tr("a blocked job"));
    if (!s.conflictJob)
        m_missing.append(tr("a key conflict"));
    m_step = 1;
    next();
}

void Screenshots::settle(std::function<void()> then)
{
    // Give layouts and the first paint a moment (a timer, not a wait).
    QTimer::singleShot(400, this, std::move(then));
}

void Screenshots::whenShown(qint64 jobId, std::function<void()> then)
{
    JobDetailView *detail = m_window->detailView();
    auto *conn = new QMetaObject::Connection;
    *conn = connect(detail, &JobDetailView::detailShown, this, [this, jobId, conn, then](qint64 shown) {
        if (shown != jobId)
            return;
        disconnect(*conn);
        delete conn;
        settle(then);
    });
    m_window->selectJob(jobId);
}

bool Screenshots::save(QWidget *widget, const QString &name)
{
    const QString path = QDir(m_dir).filePath(name);
    const bool ok = widget->grab().save(path, "PNG");
    if (ok)
        m_written.append(path);
    qCInfo(lcUi) << (ok ? "wrote" : "could not write") << path;
    return ok;
}

void Screenshots::next()
{
    JobDetailView *detail = m_window->detailView();
    switch (m_step++) {
    case 1: // the main window, on the blocked job (what an operator arrives for)
        m_window->jobsModel()->showPending(); // as the operator would click the "N new jobs" bar
        if (m_showcase.blockedJob) {
            whenShown(*m_showcase.blockedJob, [this, detail] {
                detail->setCurrentTab(JobDetailView::OverviewTab);
                settle([this] {
                    save(m_window, QStringLiteral("main-window.png"));
                    next();
                });
            });
        } else {
            save(m_window, QStringLiteral("main-window.png"));
            next();
        }
        return;
    case 2: // a race loss on the time line
        m_window->jobsModel()->showPending(); // as the operator would click the "N new jobs" bar
        if (!m_showcase.raceLossJob)
            return next();
        whenShown(*m_showcase.raceLossJob, [this, detail] {
            detail->setCurrentTab(JobDetailView::TimelineTab);
            settle([this] {
                save(m_window, QStringLiteral("race-loss-timeline.png"));
                next();
            });
        });
        return;
    case 3: // the blocked job's cancel dialog
        if (!m_showcase.blockedJob || !m_showcase.blockedAttempt)
            return next();
        whenShown(*m_showcase.blockedJob, [this, detail] {
            detail->setCurrentTab(JobDetailView::TimelineTab);
            ActionDialog *dialog = detail->openCancelAttempt(m_showcase.blockedAttempt);
            settle([this, dialog] {
                save(m_window, QStringLiteral("blocked-job-timeline.png"));
                if (dialog) {
                    save(dialog, QStringLiteral("cancel-unknown-attempt.png"));
                    dialog->reject();
                } else {
                    m_missing.append(tr("the cancel dialog (the attempt was no longer open)"));
                }
                next();
            });
        });
        return;
    case 4: // a conflict's diff
        if (!m_showcase.conflictJob)
            return next();
        whenShown(*m_showcase.conflictJob, [this, detail] {
            detail->setCurrentTab(JobDetailView::KeyHistoryTab);
            IntentDiffDialog *dialog = detail->openConflictDiff(m_showcase.conflict ? std::optional<qint64>(m_showcase.conflict->id)
                                                                                    : std::nullopt);
            settle([this, dialog] {
                save(m_window, QStringLiteral("key-history.png"));
                if (dialog) {
                    save(dialog, QStringLiteral("conflict-diff.png"));
                    dialog->close();
                }
                next();
            });
        });
        return;
    case 5: case 6: case 7: case 8: case 9: { // the worklists and support views, on the demo's data
        static const QList<std::pair<QString, QString>> views{
            {kUnknownQueueEntry, QStringLiteral("worklist-unknown-attempts.png")},
            {kRaceLossesEntry, QStringLiteral("worklist-race-losses.png")},
            {kIncidentsEntry, QStringLiteral("support-duplicate-clicks.png")},
            {kProvidersEntry, QStringLiteral("support-providers.png")},
            {kChartsEntry, QStringLiteral("support-charts.png")},
        };
        const auto &[entry, file] = views.at(m_step - 6);
        m_window->showSidebarEntry(entry);
        // A view reads when it is shown: give it its first answer and paint
        // (a timer, not a wait; these are pictures, not tests).
        QTimer::singleShot(1500, this, [this, file = file] {
            save(m_window, file);
            next();
        });
        return;
    }
    default:
        m_window->showSidebarEntry(QStringLiteral("jobs"));
        Q_EMIT finished(m_missing.isEmpty(), m_missing.isEmpty()
                                                 ? tr("%n screenshot(s) written to %1", nullptr, static_cast<int>(m_written.size())).arg(m_dir)
                                                 : tr("missing: %1").arg(m_missing.join(QStringLiteral(", "))));
        return;
    }
}

} // namespace jobdesk::ui
