#include "ArchiveView.h"

#include "Format.h"
#include "IncidentReportDialog.h"
#include "UiLogging.h"
#include "models/TextTableModel.h"
#include "views/JobDetailView.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace jobdesk::ui {

namespace {

enum Column { IdColumn, OwnerColumn, KeyColumn, RouteColumn, StateColumn, CreatedColumn, ChangedColumn };

// What the background read hands back: the archive, or why not.
struct ArchiveRead
{
    std::optional<RetentionArchive> archive;
    bool missing = false;
    QString details; // the core's words on what is wrong with the file
};

ArchiveRead readArchive(const QString &path)
{
    ArchiveRead r;
    try {
        if (!QFileInfo::exists(path)) {
            r.missing = true;
            return r;
        }
        r.archive = openRetentionArchive(path);
    } catch (const JobDeskError &e) {
        r.details = e.message();
    } catch (const std::exception &e) {
        r.details = QString::fromLocal8Bit(e.what());
    }
    return r;
}

} // namespace

// The rows whose owner or idempotency key starts with the search, byte for
// byte (case matters, as keys are compared everywhere else).
class ArchiveJobsFilter : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setPrefix(const QString &prefix)
    {
        m_prefix = prefix;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        if (m_prefix.isEmpty())
            return true;
        const QAbstractItemModel *m = sourceModel();
        return m->index(row, OwnerColumn, parent).data().toString().startsWith(m_prefix)
               || m->index(row, KeyColumn, parent).data().toString().startsWith(m_prefix);
    }

private:
    QString m_prefix;
};

ArchiveView::ArchiveView(QWidget *parent) : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("archiveView"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Archive (read-only)"));
    resize(1100, 800);
    auto *layout = new QVBoxLayout(this);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("archiveStatus"));
    m_status->setTextFormat(Qt::PlainText); // it names a file: never as rich text
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("archiveSearch"));
    m_search->setPlaceholderText(tr("Owner or idempotency key, or the start of one"));
    m_search->setAccessibleName(tr("Search the archive by owner or key"));
    m_search->setClearButtonEnabled(true);
    m_search->setEnabled(false);
    layout->addWidget(m_search);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("archiveSplitter"));
    m_model = new TextTableModel({tr("Job"), tr("Owner"), tr("Key"), tr("Route"), tr("Final state"), tr("Created"), tr("Last change")},
                                 this);
    m_filter = new ArchiveJobsFilter(this);
    m_filter->setSourceModel(m_model);
    m_table = new QTableView(split);
    m_table->setObjectName(QStringLiteral("archiveJobsTable"));
    m_table->setAccessibleName(tr("Archived jobs"));
    m_table->setModel(m_filter);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setMaximumSectionSize(420);
    m_detail = new JobDetailView(nullptr, split); // no StoreClient: read-only
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    m_report = new QPushButton(tr("Incident &report…"), this);
    m_report->setObjectName(QStringLiteral("archiveReportButton"));
    m_report->setToolTip(tr("The story of the selected job, as Markdown (copied) and PDF (Ctrl+E)"));
    m_report->setEnabled(false);
    layout->addWidget(m_report, 0, Qt::AlignLeft);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setPrefix(text);
        updateStatus();
        if (m_table->currentIndex().isValid())
            return;
        m_detail->clear();
        m_report->setEnabled(false);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { showSelected(); });
    connect(m_report, &QPushButton::clicked, this, [this] { openIncidentReport(); });
    auto *reportKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_E), this);
    connect(reportKey, &QShortcut::activated, this, [this] { openIncidentReport(); });
    updateStatus();
}

void ArchiveView::openArchive(const QString &path)
{
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_archive.reset();
    m_failure.clear();
    m_model->setRows({});
    m_detail->clear();
    m_search->setEnabled(false);
    m_report->setEnabled(false);
    setWindowTitle(tr("Archive %1 (read-only)").arg(QFileInfo(path).fileName()));
    m_status->setText(tr("Reading and checking %1…").arg(QDir::toNativeSeparators(path)));
    auto *watcher = new QFutureWatcher<ArchiveRead>(this);
    connect(watcher, &QFutureWatcher<ArchiveRead>::finished, this, [this, watcher, generation, path] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // another archive was opened meanwhile
        m_loading = false;
        const ArchiveRead r = watcher->result();
        if (r.archive)
            showArchive(*r.archive);
        else if (r.missing)
            showFailure(tr("The archive %1 does not exist.").arg(QDir::toNativeSeparators(path)), {});
        else
            showFailure(tr("%1 cannot be opened as a JobDesk archive: it is damaged, was changed after it was written, "
                           "or its checksum file (.sha256) is missing. Nothing from it is shown.")
                            .arg(QDir::toNativeSeparators(path)),
                        r.details);
    });
    watcher->setFuture(QtConcurrent::run(readArchive, path));
}

void ArchiveView::showArchive(const RetentionArchive &archive)
{
    m_archive = archive;
    const QPalette pal = QGuiApplication::palette();
    QList<TextTableModel::Row> rows;
    rows.reserve(archive.jobs.size());
    for (qsizetype i = 0; i < archive.jobs.size(); ++i) {
        const Job &j = archive.jobs.at(i).job;
        TextTableModel::Row row;
        row.cells = {{QString::number(j.id), {}, {}, {}, false},
                     {j.ownerId, {}, {}, {}, false},
                     {j.idempotencyKey, {}, {}, {}, false},
                     {j.route, {}, {}, {}, false},
                     {Format::jobState(j.state), j.stateReason, Format::stateIcon(j.state), Format::stateColor(j.state, pal), false},
                     {Format::time(j.createdAtMs), Format::dateTime(j.createdAtMs), {}, {}, false},
                     {Format::time(j.updatedAtMs), Format::dateTime(j.updatedAtMs), {}, {}, false}};
        row.data = static_cast<qint64>(i);
        rows.append(row);
    }
    m_model->setRows(rows);
    m_table->resizeColumnsToContents();
    m_search->setEnabled(true);
    updateStatus();
    qCInfo(lcUi) << "archive" << archive.path << "of run" << archive.run << "opened:" << archive.jobs.size() << "jobs";
    Q_EMIT loaded(static_cast<int>(archive.jobs.size()));
}

void ArchiveView::showFailure(const QString &message, const QString &details)
{
    m_failure = details.isEmpty() ? message : message + u'\n' + tr("Details: %1").arg(details);
    updateStatus();
    Q_EMIT failed(m_failure);
}

void ArchiveView::updateStatus()
{
    QPalette pal = m_status->palette();
    pal.setColor(QPalette::WindowText, m_failure.isEmpty() ? palette().color(QPalette::WindowText)
                                                           : Format::stateColor(AttemptState::Unknown, palette()));
    m_status->setPalette(pal);
    if (!m_failure.isEmpty()) {
        m_status->setText(m_failure);
        return;
    }
    if (!m_archive) {
        if (!m_loading)
            m_status->setText(tr("No archive is open."));
        return;
    }
    const int all = static_cast<int>(m_archive->jobs.size());
    QString s = tr("Retention run %1 archived and removed %n job(s) whose last change was before %2. "
                   "Read-only: nothing here can act.", nullptr, all)
                    .arg(m_archive->run)
                    .arg(Format::dateTime(m_archive->cutoffMs));
    if (!m_search->text().isEmpty())
        s += u' ' + tr("%n job(s) match the search.", nullptr, shownJobs());
    m_status->setText(s);
}

QString ArchiveView::statusText() const
{
    return m_status->text();
}

int ArchiveView::shownJobs() const
{
    return m_filter->rowCount();
}

void ArchiveView::setSearch(const QString &text)
{
    m_search->setText(text);
}

const JobDetail *ArchiveView::selectedJob() const
{
    const QModelIndex current = m_table->currentIndex();
    if (!m_archive || !current.isValid())
        return nullptr;
    const qint64 i = m_filter->mapToSource(current).data(TextTableModel::RowDataRole).toLongLong();
    return i >= 0 && i < m_archive->jobs.size() ? &m_archive->jobs.at(i) : nullptr;
}

bool ArchiveView::selectJob(qint64 jobId)
{
    if (!m_archive)
        return false;
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const QModelIndex idx = m_filter->index(row, IdColumn);
        const qint64 i = m_filter->mapToSource(idx).data(TextTableModel::RowDataRole).toLongLong();
        if (m_archive->jobs.at(i).job.id == jobId) {
            m_table->setCurrentIndex(idx);
            return true;
        }
    }
    return false;
}

void ArchiveView::showSelected()
{
    const JobDetail *d = selectedJob();
    m_report->setEnabled(d != nullptr);
    if (!d) {
        m_detail->clear();
        return;
    }
    m_detail->showReadOnly(*d, QDateTime::currentMSecsSinceEpoch(),
                           tr("Archived by retention run %1 and removed from the store: read-only, nothing here can act. "
                              "Its key is kept as a tombstone: a retry with it is answered with this job, never a new one.")
                               .arg(m_archive->run));
}

IncidentReportDialog *ArchiveView::openIncidentReport()
{
    const JobDetail *d = selectedJob();
    if (!d)
        return nullptr;
    auto *dialog = new IncidentReportDialog(*d, QDateTime::currentMSecsSinceEpoch(), this);
    dialog->show();
    return dialog;
}

QFileDialog *ArchiveView::chooseAndOpen(QWidget *parent)
{
    auto *dialog = new QFileDialog(parent, tr("Open a retention archive"), QString(),
                                   tr("JobDesk archives (*.jsonl.gz);;All files (*)"));
    dialog->setObjectName(QStringLiteral("openArchiveDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptOpen);
    dialog->setFileMode(QFileDialog::ExistingFile);
    QObject::connect(dialog, &QFileDialog::fileSelected, parent, [parent](const QString &path) {
        auto *view = new ArchiveView(parent);
        view->openArchive(path);
        view->show();
    });
    dialog->open();
    return dialog;
}

} // namespace jobdesk::ui
