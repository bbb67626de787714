#pragma once

// The story of one job (and its idempotency key) for a customer or a
// post-mortem: what was asked, every request with the key (replays, and
// conflicts with the field-by-field diff), every attempt on the time line in
// words, the winner and the losers, and the audit trail. Built from a
// JobDetail alone (no widgets, no store), in the console's language (tr()).
// The same Markdown is copied to the clipboard and printed to PDF.

#include "service/JobService.h"

#include <QCoreApplication>
#include <QString>
#include <QTextDocument>

#include <memory>

namespace jobdesk::ui {

class IncidentReport
{
    Q_DECLARE_TR_FUNCTIONS(IncidentReport)
public:
    // generatedAtMs: when the report was made (shown in its header).
    static QString markdown(const JobDetail &detail, qint64 generatedAtMs);

    // One attempt's time line as a sentence: "attempt 1 on primary was sent at
    // 10:02:18, went unknown after 30 s (deadline passed), then was cancelled
    // by alice at 10:07: 'provider confirmed no charge'".
    static QString attemptStory(const Attempt &attempt, const QList<AttemptEvent> &events, const JobDetail &detail);

    // The document writePdf prints: the Markdown, lines broken between words only.
    static std::unique_ptr<QTextDocument> pdfDocument(const QString &markdown);

    // Writes the Markdown as a PDF (A4). False with a reason when it could not.
    static bool writePdf(const QString &markdown, const QString &path, const QString &title, QString *error = nullptr);
};

} // namespace jobdesk::ui
