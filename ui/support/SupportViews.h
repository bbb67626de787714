#pragma once

// The support views in the console's sidebar (section "Support"):
// duplicate-click incidents, providers and their contract status, charts;
// and "Export incident report…" for the job in the detail view (Support menu)
// and for the selected incident.

#include <QString>

namespace jobdesk::ui {

class MainWindow;
class IncidentsView;
class ProvidersView;
class ChartsView;

struct SupportViews
{
    IncidentsView *incidents = nullptr;
    ProvidersView *providers = nullptr;
    ChartsView *charts = nullptr;
};

inline const QString kSupportSection = QStringLiteral("support");
inline const QString kIncidentsEntry = QStringLiteral("support/incidents");
inline const QString kProvidersEntry = QStringLiteral("support/providers");
inline const QString kChartsEntry = QStringLiteral("support/charts");

SupportViews installSupportViews(MainWindow *window);

// The views installSupportViews added to this window (found by object name).
SupportViews supportViews(MainWindow *window);

} // namespace jobdesk::ui
