#include "SupportViews.h"

#include "ChartsView.h"
#include "IncidentReportDialog.h"
#include "IncidentsModel.h"
#include "IncidentsView.h"
#include "ProvidersView.h"
#include "models/SidebarModel.h"
#include "views/JobDetailView.h"
#include "views/MainWindow.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenuBar>
#include <QStackedWidget>
#include <QTableView>

namespace jobdesk::ui {

namespace {
class SupportText
{
    Q_DECLARE_TR_FUNCTIONS(SupportViews)
};
} // namespace

SupportViews installSupportViews(MainWindow *window)
{
    SupportViews v;
    StoreClient *client = window->client();
    v.incidents = new IncidentsView(client, window);
    v.providers = new ProvidersView(client, window);
    v.charts = new ChartsView(client, window);
    window->addSidebarSection(kSupportSection, SupportText::tr("Support"));
    window->addSidebarPage(kSupportSection, kIncidentsEntry, SupportText::tr("Duplicate clicks"), v.incidents);
    window->addSidebarPage(kSupportSection, kProvidersEntry, SupportText::tr("Providers"), v.providers, true);
    window->addSidebarPage(kSupportSection, kChartsEntry, SupportText::tr("Charts"), v.charts);

    SidebarModel *sidebar = window->sidebarModel();
    QObject::connect(v.incidents, &IncidentsView::countChanged, window,
                     [sidebar](int n, bool atLeast) {
                         sidebar->setCount(kIncidentsEntry, n, atLeast ? SidebarModel::CountKind::AtLeast : SidebarModel::CountKind::Exact);
                     });
    QObject::connect(v.providers, &ProvidersView::attentionChanged, window,
                     [sidebar](int n) { sidebar->setCount(kProvidersEntry, n); });
    QObject::connect(v.incidents, &IncidentsView::openJobRequested, window, [window](qint64 jobId) {
        window->showSidebarEntry(QStringLiteral("jobs"));
        window->selectJob(jobId);
    });
    QObject::connect(v.incidents, &IncidentsView::exportRequested, window,
                     [window](qint64 jobId) { IncidentReportDialog::exportFor(window->client(), window, jobId); });

    QMenu *menu = window->menuBar()->addMenu(SupportText::tr("&Support"));
    menu->setObjectName(QStringLiteral("supportMenu"));
    QAction *report = menu->addAction(SupportText::tr("&Export incident report…"));
    report->setObjectName(QStringLiteral("exportIncidentReportAction"));
    report->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    report->setToolTip(SupportText::tr("The story of the job in the detail view, as Markdown (copied) and PDF"));
    // The job of the view that shows: the detail view's on the jobs view, the
    // selected incident's on "Duplicate clicks" (not the hidden detail's job,
    // so the report is of the incident the support engineer is reading); none elsewhere.
    auto *pages = window->findChild<QStackedWidget *>(QStringLiteral("pages"));
    IncidentsView *incidents = v.incidents;
    auto target = [window, pages, incidents]() -> std::optional<qint64> {
        QWidget *showing = pages->currentWidget();
        if (showing == incidents) {
            if (const KeyIncident *inc = incidents->model()->incidentAt(incidents->table()->currentIndex().row()))
                return inc->jobId;
            return std::nullopt;
        }
        if (showing && showing->isAncestorOf(window->detailView()) && window->detailView()->current())
            return window->detailView()->jobId();
        return std::nullopt;
    };
    QObject::connect(report, &QAction::triggered, window, [window, target] {
        if (const auto id = target())
            IncidentReportDialog::exportFor(window->client(), window, *id);
    });
    auto update = [report, target] { report->setEnabled(target().has_value()); };
    update();
    QObject::connect(window->detailView(), &JobDetailView::detailShown, report, update);
    QObject::connect(window->detailView(), &JobDetailView::cleared, report, update); // a new connection: nothing shown
    QObject::connect(pages, &QStackedWidget::currentChanged, report, update);
    QObject::connect(incidents->table()->selectionModel(), &QItemSelectionModel::currentRowChanged, report, update);
    QObject::connect(incidents->model(), &QAbstractItemModel::modelReset, report, update);
    // The same action in the detail view's context menu.
    window->detailView()->addAction(report);
    window->detailView()->setContextMenuPolicy(Qt::ActionsContextMenu);
    return v;
}

SupportViews supportViews(MainWindow *window)
{
    return {window->findChild<IncidentsView *>(QStringLiteral("incidentsView")),
            window->findChild<ProvidersView *>(QStringLiteral("providersView")),
            window->findChild<ChartsView *>(QStringLiteral("chartsView"))};
}

} // namespace jobdesk::ui
