#include "IncidentReportDialog.h"

#include "IncidentReport.h"
#include "StoreClient.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace jobdesk::ui {

IncidentReportDialog::IncidentReportDialog(const JobDetail &detail, qint64 generatedAtMs, QWidget *parent)
    : QDialog(parent), m_markdown(IncidentReport::markdown(detail, generatedAtMs)),
      m_title(tr("Incident report: job %1").arg(detail.job.id))
{
    setObjectName(QStringLiteral("incidentReportDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(m_title);
    resize(900, 700);
    auto *layout = new QVBoxLayout(this);
    auto *view = new QTextBrowser(this);
    view->setObjectName(QStringLiteral("reportView"));
    view->setMarkdown(m_markdown);
    layout->addWidget(view, 1);
    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_status->setObjectName(QStringLiteral("reportStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy Markdown"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyMarkdownButton"));
    QPushButton *pdf = buttons->addButton(tr("Save as &PDF…"), QDialogButtonBox::ActionRole);
    pdf->setObjectName(QStringLiteral("savePdfButton"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(copy, &QPushButton::clicked, this, &IncidentReportDialog::copyMarkdown);
    connect(pdf, &QPushButton::clicked, this, [this, id = detail.job.id] {
        auto *files = new QFileDialog(this, tr("Save the incident report"), QDir::homePath(), tr("PDF (*.pdf)"));
        files->setAttribute(Qt::WA_DeleteOnClose);
        files->setAcceptMode(QFileDialog::AcceptSave);
        files->setDefaultSuffix(QStringLiteral("pdf"));
        files->selectFile(QStringLiteral("incident-job-%1.pdf").arg(id));
        connect(files, &QFileDialog::fileSelected, this, [this](const QString &path) { savePdf(path); });
        files->open();
    });
    // The clipboard is the user's: it changes only when they ask.
    m_status->setText(tr("Copy Markdown puts the report on the clipboard; Save as PDF writes a file."));
}

void IncidentReportDialog::copyMarkdown()
{
    QGuiApplication::clipboard()->setText(m_markdown);
    m_status->setText(tr("The report is on the clipboard as Markdown."));
}

bool IncidentReportDialog::savePdf(const QString &path)
{
    QString error;
    if (!IncidentReport::writePdf(m_markdown, path, m_title, &error)) {
        m_status->setText(error);
        return false;
    }
    m_status->setText(tr("Saved as %1.").arg(QDir::toNativeSeparators(path)));
    Q_EMIT pdfSaved(path);
    return true;
}

void IncidentReportDialog::exportFor(StoreClient *client, QWidget *parent, qint64 jobId)
{
    struct Read
    {
        JobDetail detail;
        qint64 nowMs = 0;
    };
    client->call<Read>(
        parent, "incident report",
        [jobId](JobService &svc) { return Read{svc.jobDetail(jobId), svc.nowMs()}; },
        [parent, jobId](const CallOutcome<Read> &out) {
            if (!out.ok || !out.value) {
                auto *box = new QMessageBox(QMessageBox::Warning, tr("Incident report"),
                                            tr("Could not read job %1 for its report: %2").arg(jobId).arg(out.error),
                                            QMessageBox::Close, parent);
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->open();
                return;
            }
            auto *dialog = new IncidentReportDialog(out.value->detail, out.value->nowMs, parent);
            dialog->show();
        });
}

} // namespace jobdesk::ui
