#include "IntentDiffDialog.h"

#include "Format.h"
#include "models/IntentDiff.h"
#include "models/TextTableModel.h"

#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace jobdesk::ui {

namespace {
QString clientOf(const QJsonObject &meta)
{
    QStringList parts;
    for (const char *k : {"client", "ip", "user_agent", "request_id"}) {
        const QString v = meta.value(QLatin1String(k)).toString();
        if (!v.isEmpty())
            parts.append(v);
    }
    return parts.isEmpty() ? QStringLiteral("?") : parts.join(QStringLiteral(", "));
}
} // namespace

IntentDiffDialog::IntentDiffDialog(const Job &job, const IdempotencyEvent &conflict, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("intentDiffDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Key conflict on %1: what differs").arg(job.idempotencyKey));

    const QJsonObject stored{{QStringLiteral("route"), job.route}, {QStringLiteral("input"), job.input}};
    const QList<IntentDiffRow> rows = diffIntents(stored, conflict.rejectedIntent);
    m_differences = differenceCount(rows);

    auto *layout = new QVBoxLayout(this);
    auto *head = new QLabel(this);
    head->setObjectName(QStringLiteral("diffSummary"));
    head->setWordWrap(true);
    head->setTextFormat(Qt::PlainText);
    head->setText(tr("Owner %1 reused the key %2 with another intent: %3 field(s) differ, so nothing was created "
                     "and job %4 is unchanged.\n"
                     "Stored: job %4, created %5 by %6.\n"
                     "Rejected: request at %7 (%8 after the job was created) by %9.")
                      // One pass: a customer's key or client holding "%3" is shown as sent, not filled in.
                      .arg(job.ownerId, job.idempotencyKey, QString::number(m_differences), QString::number(job.id),
                           Format::time(job.createdAtMs), clientOf(job.clientMeta), Format::time(conflict.atMs),
                           Format::duration(conflict.atMs - job.createdAtMs), clientOf(conflict.clientMeta)));
    layout->addWidget(head);

    m_model = new TextTableModel({tr("Field"), tr("Stored (the job's intent)"), tr("Rejected (this request)"), tr("Difference")}, this);
    QList<TextTableModel::Row> out;
    const QPalette pal = QGuiApplication::palette();
    for (const IntentDiffRow &r : rows) {
        TextTableModel::Row row;
        QString kind;
        switch (r.kind) {
        case IntentDiffRow::Kind::Same: kind = tr("same"); break;
        case IntentDiffRow::Kind::Changed: kind = tr("CHANGED"); break;
        case IntentDiffRow::Kind::OnlyStored: kind = tr("REMOVED in the request"); break;
        case IntentDiffRow::Kind::OnlyRejected: kind = tr("ADDED in the request"); break;
        }
        const bool differs = r.kind != IntentDiffRow::Kind::Same;
        const QVariant color = differs ? QVariant(Format::stateColor(AttemptState::Unknown, pal)) : QVariant();
        row.cells = {TextTableModel::Cell{r.path, {}, differs ? Format::attentionIcon() : QIcon(), {}, differs},
                     TextTableModel::Cell{r.stored.isEmpty() ? tr("(absent)") : r.stored, r.stored, {}, {}, false},
                     TextTableModel::Cell{r.rejected.isEmpty() ? tr("(absent)") : r.rejected, r.rejected, {}, color, differs},
                     TextTableModel::Cell{kind, {}, {}, color, differs}};
        row.attention = differs;
        row.data = r.path;
        out.append(row);
    }
    m_model->setRows(out);
    auto *table = new QTableView(this);
    table->setObjectName(QStringLiteral("diffTable"));
    table->setModel(m_model);
    table->verticalHeader()->hide();
    table->setWordWrap(false);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    layout->addWidget(table, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(820, 360);
}

} // namespace jobdesk::ui
