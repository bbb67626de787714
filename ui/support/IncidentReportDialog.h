#pragma once

// "Export incident report…": reads the job in full through the store worker,
// copies the report's Markdown to the clipboard at once, and shows it with a
// "Save as PDF…" button (a non-modal file dialog; no nested event loop).

#include "service/JobService.h"

#include <QDialog>

class QLabel;

namespace jobdesk::ui {

class StoreClient;

class IncidentReportDialog : public QDialog
{
    Q_OBJECT
public:
    IncidentReportDialog(const JobDetail &detail, qint64 generatedAtMs, QWidget *parent = nullptr);

    const QString &markdown() const { return m_markdown; }
    bool savePdf(const QString &path); // shows the outcome in the dialog
    void copyMarkdown();               // to the clipboard

    // Reads job `jobId` and opens the dialog (Markdown already on the
    // clipboard); failures are reported to `parent` in a message box.
    static void exportFor(StoreClient *client, QWidget *parent, qint64 jobId);

Q_SIGNALS:
    void pdfSaved(const QString &path);

private:
    QString m_markdown;
    QString m_title;
    QLabel *m_status = nullptr;
};

} // namespace jobdesk::ui
