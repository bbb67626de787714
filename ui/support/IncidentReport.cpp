#include "IncidentReport.h"

#include "Format.h"
#include "models/IntentDiff.h"

#include <QDateTime>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPageSize>
#include <algorithm>
#include <cstdlib>
#include <QPdfWriter>
#include <QTextDocument>
#include <QTextOption>

namespace jobdesk::ui {

namespace {

// Text from data (a customer's key, owner or client, a provider's name or
// reason, an operator's reason) as text in Markdown: every character that
// Markdown or HTML could read as syntax is escaped, so a key
// "k` and **no conflict was recorded** `x" cannot close its code span and set
// its own words in bold, nor a user agent's <img> tag vanish
// (tst_ui_report::customerTextInTheReportReadsAsWritten).
QString mdText(const QString &s)
{
    QString out;
    out.reserve(s.size() + 8);
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        // An underscore inside a word is never emphasis (cancel_attempt stays readable).
        const bool inWord = c == u'_' && i > 0 && i + 1 < s.size() && s.at(i - 1).isLetterOrNumber() && s.at(i + 1).isLetterOrNumber();
        if (!inWord && QStringView(u"\\`*_[]<>|&#!~").contains(c))
            out += u'\\';
        out += c == u'\n' ? u' ' : c;
    }
    return out;
}

// Text from data as a code span: a fence of more backticks than any run in it.
QString mdCode(const QString &s)
{
    int longest = 0;
    int run = 0;
    for (const QChar c : s) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString fence(longest + 1, u'`');
    const bool pad = s.startsWith(u'`') || s.endsWith(u'`');
    QString body = s;
    body.replace(u'\n', u' ');
    return fence + (pad ? QStringLiteral(" ") : QString()) + body + (pad ? QStringLiteral(" ") : QString()) + fence;
}

// Markdown table cells: text from data, escaped; no line breaks inside.
QString cell(const QString &s)
{
    return mdText(s);
}
// A code span in a table cell: its pipes escaped (GitHub's tables split on them even there).
QString cellCode(const QString &s)
{
    return mdCode(s).replace(u'|', QStringLiteral("\\|"));
}

QString client(const QJsonObject &meta)
{
    QStringList parts;
    for (const char *key : {"client", "ip", "address", "user_agent", "via", "request_id"}) {
        const QString v = meta.value(QLatin1String(key)).toString();
        if (!v.isEmpty() && !parts.contains(v))
            parts.append(v);
    }
    return parts.isEmpty() ? IncidentReport::tr("(client not recorded)") : parts.join(QStringLiteral(", "));
}

QString intentOf(const Job &job)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("route"), job.route}, {QStringLiteral("input"), job.input}})
                                 .toJson(QJsonDocument::Indented));
}

QString actorText(const AttemptEvent &e)
{
    if (e.actorKind == QLatin1String("operator"))
        return mdText(e.actorId);
    return IncidentReport::tr("%1 %2").arg(e.actorKind, mdText(e.actorId));
}

// The local time's offset from UTC at `atMs`: "+05:30", "-04:00", "+00:00".
QString utcOffset(qint64 atMs)
{
    const int seconds = QDateTime::fromMSecsSinceEpoch(atMs).offsetFromUtc();
    const int minutes = std::abs(seconds) / 60;
    return QStringLiteral("%1%2:%3")
        .arg(seconds < 0 ? QStringLiteral("-") : QStringLiteral("+"))
        .arg(minutes / 60, 2, 10, QLatin1Char('0'))
        .arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

QString quoted(const QString &reason)
{
    return reason.isEmpty() ? QString() : QStringLiteral(": '") + mdText(reason) + u'\'';
}

} // namespace

QString IncidentReport::attemptStory(const Attempt &a, const QList<AttemptEvent> &events, const JobDetail &d)
{
    QStringList parts;
    qint64 sentAt = a.createdAtMs;
    for (const AttemptEvent &e : events) {
        if (e.attemptId != a.id)
            continue;
        const QString at = Format::time(e.atMs);
        switch (e.toState) {
        case AttemptState::Starting:
            parts.append(tr("was started by %1 at %2").arg(actorText(e), at));
            break;
        case AttemptState::Running:
            sentAt = e.atMs;
            parts.append(tr("was sent at %1").arg(at));
            break;
        case AttemptState::Unknown: {
            const QString after = Format::duration(e.atMs - sentAt);
            if (e.reason.contains(QLatin1String("deadline"), Qt::CaseInsensitive))
                parts.append(tr("timed out after %1 (%2): outcome UNKNOWN").arg(after, mdText(e.reason)));
            else
                parts.append(tr("went UNKNOWN after %1%2").arg(after, quoted(e.reason)));
            break;
        }
        case AttemptState::Succeeded:
            parts.append(tr("won at %1, %2 after it was sent").arg(at, Format::duration(e.atMs - sentAt)));
            break;
        case AttemptState::Superseded: {
            QString lost = tr("finished at %1 but lost the race").arg(at);
            for (const RaceLoss &r : d.raceLosses) {
                if (r.attemptId != a.id)
                    continue;
                for (const Attempt &w : d.attempts)
                    if (r.winnerAttemptId && w.id == *r.winnerAttemptId)
                        lost += u' ' + tr("to attempt %1 on %2").arg(QString::number(w.attemptNo), mdText(w.provider));
                lost += u' ' + tr("(expected v%1, found v%2); its result was discarded").arg(r.expectedVersion).arg(r.foundVersion);
                break;
            }
            parts.append(lost);
            break;
        }
        case AttemptState::Failed:
            parts.append(tr("failed at %1%2").arg(at, quoted(e.reason)));
            break;
        case AttemptState::Cancelled:
            parts.append(tr("was cancelled by %1 at %2%3").arg(actorText(e), at, quoted(e.reason)));
            break;
        }
    }
    const QString head = tr("attempt %1 on %2 (%3)").arg(QString::number(a.attemptNo), mdText(a.provider), Format::attemptKind(a.kind));
    if (parts.isEmpty())
        return head + u' ' + tr("is %1").arg(Format::attemptState(a.state));
    return head + u' ' + parts.join(tr(", then ", "joins the steps of one attempt's story"));
}

QString IncidentReport::markdown(const JobDetail &d, qint64 generatedAtMs)
{
    const Job &job = d.job;
    QString md;
    auto line = [&md](const QString &s) { md += s + u'\n'; };

    line(tr("# Incident report: job %1").arg(job.id));
    line(QString());
    line(tr("Generated %1. Times are %2.")
             .arg(Format::dateTime(generatedAtMs), Format::utc() ? tr("UTC") : tr("local time (UTC%1)").arg(utcOffset(generatedAtMs))));
    line(QString());
    line(tr("- **Owner:** %1").arg(mdText(job.ownerId)));
    line(tr("- **Idempotency key:** %1").arg(mdCode(job.idempotencyKey)));
    line(tr("- **Route:** %1").arg(mdText(job.route)));
    line(tr("- **State:** %1").arg(Format::jobState(job.state)) + (job.stateReason.isEmpty() ? QString() : quoted(job.stateReason)));
    line(tr("- **Created:** %1 by %2").arg(Format::dateTime(job.createdAtMs), mdText(client(job.clientMeta))));
    line(tr("- **Fingerprint of the intent:** `%1`").arg(job.fingerprint));
    line(QString());

    line(tr("## What was asked"));
    line(QString());
    line(QStringLiteral("```json"));
    md += intentOf(job);
    line(QStringLiteral("```"));
    line(QString());

    // Every request with the key.
    int replays = 0;
    int conflicts = 0;
    for (const IdempotencyEvent &e : d.keyHistory)
        (e.kind == IdempotencyEvent::Kind::Conflict ? conflicts : replays)++;
    line(tr("## Requests with this key"));
    line(QString());
    if (replays == 0 && conflicts == 0)
        line(tr("The key was sent once: one request, one job."));
    else
        line(tr("The key was sent %n times: one job (%1),", nullptr, 1 + replays + conflicts).arg(job.id) + u' '
             + tr("%n replay(s) of the same intent that returned it,", nullptr, replays) + u' '
             + tr("%n conflict(s) with another intent that created nothing.", nullptr, conflicts));
    line(QString());
    line(tr("| # | Time | After the first | Client | What happened |"));
    line(QStringLiteral("|---|---|---|---|---|"));
    line(QStringLiteral("| 1 | %1 | | %2 | %3 |")
             .arg(cell(Format::dateTime(job.createdAtMs)), cell(client(job.clientMeta)), cell(tr("created job %1").arg(job.id))));
    int n = 1;
    QList<const IdempotencyEvent *> conflictEvents;
    for (const IdempotencyEvent &e : d.keyHistory) {
        const bool conflict = e.kind == IdempotencyEvent::Kind::Conflict;
        if (conflict)
            conflictEvents.append(&e);
        const QString what = conflict ? tr("CONFLICT: same key, another intent; refused, nothing created (see the diff below)")
                                      : tr("replay: same key, same intent; job %1 returned, nothing new done").arg(e.jobId);
        line(QStringLiteral("| %1 | %2 | +%3 | %4 | %5 |")
                 .arg(++n)
                 .arg(cell(Format::dateTime(e.atMs)), cell(Format::duration(e.atMs - job.createdAtMs)), cell(client(e.clientMeta)),
                      cell(what)));
    }
    line(QString());
    for (const IdempotencyEvent *e : std::as_const(conflictEvents)) {
        line(tr("### Conflict at %1: the two intents field by field").arg(Format::dateTime(e->atMs)));
        line(QString());
        line(tr("| Field | Bound to the key (job %1) | Sent at %2 (refused) |").arg(job.id).arg(Format::time(e->atMs)));
        line(QStringLiteral("|---|---|---|"));
        const QJsonObject stored{{QStringLiteral("route"), job.route}, {QStringLiteral("input"), job.input}};
        for (const IntentDiffRow &r : diffIntents(stored, e->rejectedIntent)) {
            if (r.kind == IntentDiffRow::Kind::Same)
                continue;
            line(QStringLiteral("| %1 | %2 | %3 |")
                     .arg(cellCode(r.path), cell(r.stored.isEmpty() ? tr("(absent)") : r.stored),
                          cell(r.rejected.isEmpty() ? tr("(absent)") : r.rejected)));
        }
        line(QString());
    }

    // Attempts on the time line.
    line(tr("## Attempts"));
    line(QString());
    if (d.attempts.isEmpty())
        line(tr("No attempt was made."));
    for (const Attempt &a : d.attempts)
        line(QStringLiteral("%1. ").arg(a.attemptNo) + attemptStory(a, d.events, d) + u'.');
    line(QString());

    // The winner and the losers.
    line(tr("## Outcome"));
    line(QString());
    const Attempt *winner = nullptr;
    for (const Attempt &a : d.attempts)
        if (job.completedBy && a.id == *job.completedBy)
            winner = &a;
    if (winner)
        line(tr("- **Winner:** attempt %1 on %2, result written at %3 (job version %4).")
                 .arg(QString::number(winner->attemptNo), mdText(winner->provider), Format::dateTime(job.updatedAtMs),
                      QString::number(job.version)));
    else
        line(tr("- **Winner:** none (the job is %1).").arg(Format::jobState(job.state)));
    QHash<qint64, const Attempt *> byId;
    for (const Attempt &a : d.attempts)
        byId.insert(a.id, &a);
    for (const RaceLoss &r : d.raceLosses) {
        const Attempt *l = byId.value(r.attemptId);
        const Attempt *w = r.winnerAttemptId ? byId.value(*r.winnerAttemptId) : nullptr;
        line(tr("- **Loser:** attempt %1 on %2 finished at %3 and lost to %4 (expected v%5, found v%6); its payload "
                "was discarded (digest `%7`).")
                 .arg(QString::number(l ? l->attemptNo : 0), l ? mdText(l->provider) : QString(), Format::dateTime(r.atMs),
                      w ? tr("attempt %1 on %2").arg(QString::number(w->attemptNo), mdText(w->provider)) : tr("a cancellation"),
                      QString::number(r.expectedVersion), QString::number(r.foundVersion), r.payloadDigest.left(16)));
    }
    for (const Attempt &a : d.attempts) {
        if (winner && a.id == winner->id)
            continue;
        bool raced = false;
        for (const RaceLoss &r : d.raceLosses)
            raced = raced || r.attemptId == a.id;
        if (!raced)
            line(tr("- Attempt %1 on %2 did not win: %3%4.")
                     .arg(QString::number(a.attemptNo), mdText(a.provider), Format::attemptState(a.state), quoted(a.lastReason)));
    }
    line(QString());

    // What the customer may have been charged, attempt by attempt (core/domain/ChargeAccount.h).
    const ChargeAccount charges = d.charges();
    line(tr("## Charges"));
    line(QString());
    line(QStringLiteral("**") + mdText(charges.summary()) + QStringLiteral("**"));
    line(QString());
    if (!charges.attempts.isEmpty()) {
        line(tr("| Attempt | Charge | Evidence | Provider key |"));
        line(QStringLiteral("|---|---|---|---|"));
        for (const AttemptCharge &c : charges.attempts) {
            QString charge;
            switch (c.charge) {
            case Charge::Charged: charge = tr("charged"); break;
            case Charge::PossiblyCharged: charge = tr("POSSIBLY charged"); break;
            case Charge::NotCharged: charge = tr("not charged"); break;
            }
            QString evidence = chargeEvidenceText(c);
            if (c.stillWorkingSinceMs)
                evidence += u' ' + tr("(the provider said so from %1)").arg(Format::dateTime(*c.stillWorkingSinceMs));
            if (!c.reason.isEmpty())
                evidence += QStringLiteral(": '") + c.reason + u'\'';
            line(QStringLiteral("| %1 | %2 | %3 | %4 |")
                     .arg(tr("#%1").arg(c.attemptNo), cell(charge), cell(evidence), cellCode(c.providerKey)));
        }
        line(QString());
    }

    // The audit trail.
    line(tr("## Audit trail"));
    line(QString());
    if (d.audit.isEmpty()) {
        line(tr("No operator acted on this job."));
    } else {
        line(tr("| Time | Action | Operator | Database user | Attempt | Reason | Request id |"));
        line(QStringLiteral("|---|---|---|---|---|---|---|"));
        for (const AuditEntry &e : d.audit) {
            const Attempt *a = e.attemptId ? byId.value(*e.attemptId) : nullptr;
            line(QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                     .arg(cell(Format::dateTime(e.atMs)), cell(e.action),
                          cell(tr("%1:%2 (%3)").arg(e.actorKind, e.actorId, e.actorRole)), cell(e.databaseUser),
                          a ? tr("#%1").arg(a->attemptNo) : QString(), cell(e.reason), cell(e.requestId)));
        }
    }
    line(QString());
    return md;
}

std::unique_ptr<QTextDocument> IncidentReport::pdfDocument(const QString &markdown)
{
    auto doc = std::make_unique<QTextDocument>();
    // Lines break between words only: a table cell never splits "cancel_attempt"
    // (a word wider than its column widens the column instead).
    QTextOption wrap = doc->defaultTextOption();
    wrap.setWrapMode(QTextOption::WordWrap);
    doc->setDefaultTextOption(wrap);
    QFont font = doc->defaultFont();
    font.setPointSizeF(8.5); // the audit table's seven columns fit an A4 page
    doc->setDefaultFont(font);
    doc->setMarkdown(markdown, QTextDocument::MarkdownDialectGitHub);
    return doc;
}

bool IncidentReport::writePdf(const QString &markdown, const QString &path, const QString &title, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error)
            *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    {
        QPdfWriter writer(&file);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("JobDesk"));
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setResolution(300);
        const std::unique_ptr<QTextDocument> doc = pdfDocument(markdown);
        doc->print(&writer);
    }
    file.close();
    if (file.error() != QFileDevice::NoError || file.size() == 0) {
        if (error)
            *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace jobdesk::ui
