#include "OperatorWorklists.h"

#include "RaceLossCount.h"
#include "RaceLossModel.h"
#include "RaceLossView.h"
#include "UnknownQueueModel.h"
#include "UnknownQueueView.h"
#include "models/SidebarModel.h"
#include "views/JobDetailView.h"
#include "views/MainWindow.h"

namespace jobdesk::ui {

OperatorWorklists installOperatorWorklists(MainWindow *window)
{
    OperatorWorklists out;
    if (!window->sidebarModel()->indexOfId(kWorklistsSection).isValid())
        window->addSidebarSection(kWorklistsSection, MainWindow::tr("Worklists"));
    out.unknownQueue = new UnknownQueueView(window->client(), window);
    out.raceLosses = new RaceLossView(window->client(), window);
    window->addSidebarPage(kWorklistsSection, kUnknownQueueEntry, UnknownQueueView::tr("Unknown attempts"), out.unknownQueue,
                           /*attentionWhenNonZero*/ true);
    window->addSidebarPage(kWorklistsSection, kRaceLossesEntry, RaceLossView::tr("Race losses"), out.raceLosses);

    SidebarModel *sidebar = window->sidebarModel();
    QObject::connect(out.unknownQueue->model(), &UnknownQueueModel::totalChanged, sidebar,
                     [sidebar](int n) {
                         // At the list's limit there may be more: "500+", not an exact-looking 500.
                         sidebar->setCount(kUnknownQueueEntry, n,
                                           n >= UnknownQueueModel::kLimit ? SidebarModel::CountKind::AtLeast
                                                                          : SidebarModel::CountKind::Exact);
                     });
    // The last hour's race losses, counted as Charts counts them (RaceLossCount.h), read as
    // they come whether or not the list is open.
    sidebar->setToolTip(kRaceLossesEntry, RaceLossView::tr("Race losses in the last hour, as Charts counts them; "
                                                           "the list shows every one"));
    auto *counter = new RaceLossCounter(window->client(), out.raceLosses);
    counter->setObjectName(QStringLiteral("raceLossCounter"));
    QObject::connect(counter, &RaceLossCounter::counted, sidebar, [sidebar](int n, bool atLeast) {
        sidebar->setCount(kRaceLossesEntry, n, atLeast ? SidebarModel::CountKind::AtLeast : SidebarModel::CountKind::Exact);
    });
    QObject::connect(out.unknownQueue, &UnknownQueueView::openJobRequested, window, [window](qint64 jobId) {
        window->showSidebarEntry(QStringLiteral("jobs"));
        window->selectJob(jobId);
    });
    QObject::connect(out.raceLosses, &RaceLossView::openJobRequested, window, [window](qint64 jobId) {
        window->showSidebarEntry(QStringLiteral("jobs"));
        window->selectJob(jobId);
        window->detailView()->setCurrentTab(JobDetailView::TimelineTab);
    });
    return out;
}

} // namespace jobdesk::ui
