#pragma once

// File ▸ Open archive: a retention archive (docs/retention.md) opened
// read-only in its own window. The archived jobs in a table, searched by owner
// or key prefix as you type; the selected job shown by the same detail view as
// a live job (story, time line, charge account, key history, audit) and its
// incident report made the same way. Nothing in it can act. The file is read,
// checked and decompressed off the UI thread.

#include "service/ArchiveRecords.h"

#include <QWidget>

#include <optional>

class QFileDialog;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace jobdesk::ui {

class ArchiveJobsFilter;
class IncidentReportDialog;
class JobDetailView;
class TextTableModel;

class ArchiveView : public QWidget
{
    Q_OBJECT
public:
    explicit ArchiveView(QWidget *parent = nullptr);

    // Reads the archive in the background; loaded() or failed() follows.
    void openArchive(const QString &path);
    // A file dialog for *.jsonl.gz (opened with open(), no nested event loop);
    // the chosen file opens in a new ArchiveView, a child window of `parent`.
    static QFileDialog *chooseAndOpen(QWidget *parent);

    bool isLoading() const { return m_loading; }
    const std::optional<RetentionArchive> &archive() const { return m_archive; }
    QString statusText() const;
    int shownJobs() const; // rows the search leaves
    void setSearch(const QString &text);
    // The selected job (none: nothing selected).
    const JobDetail *selectedJob() const;
    bool selectJob(qint64 jobId); // false when the search hides it or it is not in the archive
    // The selected job's incident report (nullptr: none selected).
    IncidentReportDialog *openIncidentReport();

    JobDetailView *detail() const { return m_detail; }
    QTableView *table() const { return m_table; }
    QLineEdit *searchBox() const { return m_search; }

Q_SIGNALS:
    void loaded(int jobs);
    void failed(const QString &message);

private:
    void showArchive(const RetentionArchive &archive);
    void showFailure(const QString &message, const QString &details);
    void showSelected();
    void updateStatus();

    quint64 m_generation = 0; // a newer openArchive drops an older read's result
    bool m_loading = false;
    std::optional<RetentionArchive> m_archive;
    QString m_failure;
    QLabel *m_status = nullptr;
    QLineEdit *m_search = nullptr;
    QTableView *m_table = nullptr;
    TextTableModel *m_model = nullptr;
    ArchiveJobsFilter *m_filter = nullptr;
    JobDetailView *m_detail = nullptr;
    QPushButton *m_report = nullptr;
};

} // namespace jobdesk::ui
