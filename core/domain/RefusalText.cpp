#include "RefusalText.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace jobdesk {
namespace {

constexpr const char *kContext = "jobdesk::Refusal";

constexpr quint32 arg(int n) { return 1u << (n - 1); }

// %1..%99 replaced in one pass (an argument that contains "%2" stays as it is).
QString fill(const QString &pattern, const QStringList &args)
{
    static const QRegularExpression placeholder(QStringLiteral("%(\\d{1,2})"));
    QString out;
    qsizetype last = 0;
    for (auto it = placeholder.globalMatch(pattern); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const int n = m.captured(1).toInt();
        out += QStringView(pattern).mid(last, m.capturedStart() - last);
        out += n >= 1 && n <= args.size() ? args.at(n - 1) : m.captured();
        last = m.capturedEnd();
    }
    out += QStringView(pattern).mid(last);
    return out;
}

} // namespace

QString RefusalText::english() const
{
    return m_source ? fill(QString::fromUtf8(m_source), m_args) : QString();
}

QString RefusalText::localized() const
{
    if (!m_source)
        return QString();
    QStringList args = m_args;
    for (int i = 0; i < args.size() && i < 32; ++i)
        if (m_stateArgs & (1u << i))
            args[i] = refusal::localizedState(args.at(i));
    // A count picks the plural form ("1 open attempt", "2 open attempts");
    // the English text the database or the core said keeps its "(s)".
    int n = -1;
    if (m_countArg > 0 && m_countArg <= m_args.size()) {
        bool ok = false;
        const int count = m_args.at(m_countArg - 1).toInt(&ok);
        if (ok && count >= 0)
            n = count;
    }
    return fill(QCoreApplication::translate(kContext, m_source, nullptr, n), args);
}

namespace refusal {

// Every sentence the core and the two schemas say when they refuse something.
// The database's sentences must stay exactly as resources/schema/*/ write them
// (tst_refusal_text::everyDatabaseMessageHasATranslation reads every schema file).
const QList<KnownSentence> &knownSentences()
{
    static const QList<KnownSentence> table{
        // -- The database's guards, both stores, by code (resources/schema/*/functions|triggers) --
        {"JD001", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a new attempt must start in state starting"), 0, 0, ""},
        {"JD002", QT_TRANSLATE_NOOP("jobdesk::Refusal", "an attempt of this job is unknown"), 0, 0, ""},
        {"JD003", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the job has a winner or is cancelled"), 0, 0, ""},
        {"JD004", QT_TRANSLATE_NOOP("jobdesk::Refusal", "max_parallel attempts are open"), 0, 0, ""},
        {"JD005", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the job has used its automatic attempt budget"), 0, 0, ""},
        {"JD006", QT_TRANSLATE_NOOP("jobdesk::Refusal", "every attempt starts with a lease"), 0, 0, ""},
        {"JD007", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the starting worker does not hold an unexpired claim on the job"), 0, 0, ""},
        {"JD008", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a hedge needs an open attempt to hedge"), 0, 0, ""},
        {"JD010", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 cannot go from %2 to %3"), arg(2) | arg(3), 0, "attempt,from,to"},
        {"JD012", QT_TRANSLATE_NOOP("jobdesk::Refusal", "only the job's winner may be succeeded"), 0, 0, ""},
        {"JD014", QT_TRANSLATE_NOOP("jobdesk::Refusal", "an attempt of a job that has a winner, is cancelled or has an unknown attempt is never sent"), 0, 0, ""},
        {"JD015", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a job with an open attempt cannot fail"), 0, 0, ""},
        {"JD016", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a %1 job does not change state"), arg(1), 0, "state"},
        {"JD011", QT_TRANSLATE_NOOP("jobdesk::Refusal", "this attempt state change is not allowed"), 0, 0, ""},
        {"JD017", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a cancelled or succeeded job does not change state"), 0, 0, ""},
        {"JD020", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a winner is never overwritten"), 0, 0, ""},
        {"JD021", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the winner must be a running or unknown attempt of a job that is not cancelled"), 0, 0, ""},
        {"JD022", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a winner is never overwritten and must be a running or unknown attempt"), 0, 0, ""},
        {"JD023", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a job is born without a winner"), 0, 0, ""},
        {"JD024", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a job is born queued, at version 0"), 0, 0, ""},
        {"JD025", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a winner's result is never rewritten"), 0, 0, ""},
        {"JD026", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a winner is set by a compare-and-swap, the version one up"), 0, 0, ""},
        {"JD027", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a job's version never goes back"), 0, 0, ""},
        {"JD028", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a job's version moves one up, with its win or its cancel"), 0, 0, ""},
        {"JD013", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the job's winner is never superseded, failed or cancelled"), 0, 0, ""},
        {"JD009", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 already started attempt %2 of job %3; a retry needs a request id of its own"), 0, 0, "request,attempt,job"},
        {"JD040", QT_TRANSLATE_NOOP("jobdesk::Refusal", "API tokens are revoked, never deleted (token %1)"), 0, 0, "token"},
        {"JD041", QT_TRANSLATE_NOOP("jobdesk::Refusal", "API tokens are revoked, never deleted"), 0, 0, ""},
        {"JD042", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a token can only be revoked, and only once (token %1)"), 0, 0, "token"},
        {"JD043", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a token can only be revoked, and only once"), 0, 0, ""},
        {"JD050", QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key %1 of owner %2 belongs to job %3, which was archived and removed"), 0, 0, "key,owner,job_id"},
        {"JD051", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retention run %1 is not archived (%2): nothing is removed before its archive is complete"), 0, 0, "run,state"},
        {"JD052", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the idempotency key belongs to a job that was archived and removed"), 0, 0, ""},
        {"JD030", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 is append-only (%2 refused)"), 0, 0, "table,operation"},
        {"JD031", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the identity of a row in %1 is never rewritten"), 0, 0, "table"},
        {"JD032", QT_TRANSLATE_NOOP("jobdesk::Refusal", "where an attempt's request went is recorded once, as it is sent"), 0, 0, ""},
        {"JD034", QT_TRANSLATE_NOOP("jobdesk::Refusal", "that a provider did nothing with an attempt is recorded once, as the attempt fails"), 0, 0, ""},
        {"JD033", QT_TRANSLATE_NOOP("jobdesk::Refusal", "an event names an attempt of its own job"), 0, 0, ""},

        // -- Why an attempt may not start (PostgreSQL's jd_start_attempt, SQLite's startGuard) --
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 of job %2 is unknown: its outcome must be learned or it must be cancelled before another attempt starts"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 already has a winner (attempt %2)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 is cancelled"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "worker %1 does not hold an unexpired claim on job %2 (held by %3)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 of job %2 is still starting"), 0},
        {"", QT_TRANSLATE_N_NOOP("jobdesk::Refusal", "job %1 already has %2 open attempt(s), its limit is %3"), 0, 2},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 already has an open automatic attempt (%2); extra slots are for hedges"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 has no open attempt to hedge"), 0},
        {"", QT_TRANSLATE_N_NOOP("jobdesk::Refusal", "job %1 has used its %2 automatic attempt(s)"), 0, 2},

        // -- Setup: a schema the migration runner refuses (PostgreSQL) --
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "every role may create objects in schema \"%1\" (CREATE is granted to PUBLIC), so any login could plant functions or operators that JobDesk's guards and operator functions would run as the schema's owner. Revoke it, then open the store again: REVOKE CREATE ON SCHEMA %2 FROM PUBLIC; (grant CREATE to the role that owns JobDesk's tables if it needs it)"), 0},

        // -- Operator actions (PostgreSQL's jd_op_* functions, SQLite's JobService) --
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -> %7 by %8 %9. Refresh and decide again."),
         arg(4) | arg(6) | arg(7)},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 changed since you looked (change %2, now %3): it is %4; latest: the provider says attempt #%5 is still working on it. Refresh and decide again."),
         arg(4)},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 changed since you looked (change %2, now %3): it is %4. Refresh and decide again."), arg(4)},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 was already used for a different action (%2)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 was already used for %2 on another target (job %3, attempt %4)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 was already used for a retry on provider %2"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 already started attempt %2 of job %3; a retry needs a request id of its own"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 was already used by someone else"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 does not exist"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 does not exist"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 is already %2; there is nothing to cancel"), arg(2)},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 already has a winner (attempt %2); it cannot be cancelled"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 is already cancelled"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 is already %2; there is nothing to ask its provider"), arg(2)},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "provider %1 offers no status lookup; ask its support about key %2 instead"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "provider %1 is not known to this database"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "route %1 is not known to this database"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a validation needs a report (an object) and a validity of zero or more"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a validation of %1 is valid for at most %2 ms (its validation_ttl_ms), not %3 ms"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a reason is required"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the reason is longer than 2000 characters"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "only an operator may do this (%1 '%2' is a %3)"), 0},

        // -- The core's other refusals (JobService) --
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 is still starting: mark it running before it completes"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 is already running and does not record that its request goes to %2: nothing is to be sent from here"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 is %2 and cannot fail"), arg(2)},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 still has an open attempt (%2); it cannot fail until that ends"), 0},

        // -- Bad input, refused before anything is written (JobService; an API client reads them in a 400) --
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input is not valid JSON (at byte %1: %2)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input must be a JSON object, not %1"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 must not be empty"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 is longer than %2 characters"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 must not contain a NUL character or a lone UTF-16 surrogate"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key must be 1..255 printable ASCII characters (got %1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key must be printable ASCII (found U+%1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key must not start or end with a space"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "max_parallel must be 1..8 (got %1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "max_attempts must be 1..100 (got %1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the intent is %1 bytes; the limit is 1 MiB"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input contains a NUL character (\\u0000), which JobDesk does not store; remove it or encode the data (for example as base64)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input contains a lone UTF-16 surrogate (U+%1), which JobDesk does not store"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 holds a number that is not finite (NaN or an infinity), which JSON cannot carry"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1: the store stayed busy (%2); nothing was written, try again"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "client metadata is over 64 KiB"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the result is %1 bytes; the limit is 1 MiB"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the result is not JSON: %1"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the result is not valid UTF-8"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "page size must be 1..1000"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "page size must be 1..500"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a chart needs 1..10000 buckets of at least a second"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "lease must be positive"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "deadline must be positive"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a lease is at most %1 ms (a day); a longer one would keep a stopped worker's attempt from being reaped"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a claim is at most %1 ms (a day); a longer one would keep a stopped worker's job from being claimed by another"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "an operator's retry goes through JobService::retry (audited)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "claim needs a worker id, a limit and a claim time"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "claim needs a worker id and a claim time"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "claiming retries needs a worker id, a limit and a lease"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "renewing needs a worker id, a lease and a claim time"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "incomplete validation record"), 0},

        // -- The store could not do it (JobService; the driver's own words follow, as they came) --
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1: the database is unreachable: %2"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1: the database refuses this for your database user: %2"), 0},

        // -- The dispatcher's store calls and the console's sorted pages (DispatchStore.cpp, JobQueries.cpp) --
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a lookup claim needs a claim time and a backoff range"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a page sorted by a column continues after a JobCursor"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a page sorted by a column continues after its value"), 0},

        // -- Retention and its archives (core/service/Retention.cpp, ArchiveRecords.cpp) --
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retain_days must be at least 1 (got %1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retain_days of route %1 must be at least 1 (got %2)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "key_retain_days must be at least 1 (got %1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the batch size must be 1..10000 (got %1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the rest ratio must be 0..100 (got %1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the jobs per run must be at least 1 (got %1)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the archive folder %1 is not a writable folder"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot write the archive %1: %2"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot start compressing the archive %1"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot sync the archive %1"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot write %1: %2"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot move %1 into place as %2"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retention run %1 is not archived: nothing is removed before its archive is complete"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "another retention run is in progress on this store; nothing was done"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a retention run needs an actor (1..255 characters)"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retention: the database is unreachable: %1"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retention: %1"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 is not a complete JobDesk archive: %2"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "an archive record holds no job"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 holds no archive header"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 is an archive of version %2; this JobDesk reads version 1"), 0},
        {"", QT_TRANSLATE_NOOP("jobdesk::Refusal", "submit: the key's tombstone kept changing; nothing was written, try again"), 0},
    };
    return table;
}

namespace {

struct CompiledSentence
{
    QString code;
    QStringList params;
    const char *source;
    quint32 stateArgs;
    int countArg;
    QRegularExpression pattern;
    QList<int> argOfCapture; // capture i (1-based) fills %argOfCapture[i-1]
};

// "%n" matches anything (a state name: one word); the rest literally.
CompiledSentence compile(const KnownSentence &k)
{
    static const QRegularExpression placeholder(QStringLiteral("%(\\d{1,2})"));
    const QString source = QString::fromUtf8(k.source);
    QString re = QStringLiteral("^");
    QList<int> order;
    qsizetype last = 0;
    for (auto it = placeholder.globalMatch(source); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const int n = m.captured(1).toInt();
        re += QRegularExpression::escape(source.mid(last, m.capturedStart() - last));
        re += (k.stateArgs & arg(n)) ? QStringLiteral("(\\S+?)") : QStringLiteral("(.+?)");
        order.append(n);
        last = m.capturedEnd();
    }
    re += QRegularExpression::escape(source.mid(last)) + u'$';
    return {QString::fromLatin1(k.code), QString::fromLatin1(k.params).split(u',', Qt::SkipEmptyParts), k.source, k.stateArgs,
            k.countArg, QRegularExpression(re, QRegularExpression::DotMatchesEverythingOption), order};
}

const QList<CompiledSentence> &compiled()
{
    static const QList<CompiledSentence> all = [] {
        QList<CompiledSentence> out;
        for (const KnownSentence &k : knownSentences())
            out.append(compile(k));
        return out;
    }();
    return all;
}

std::optional<RefusalText> match(const QString &code, const QString &text)
{
    for (const CompiledSentence &c : compiled()) {
        if (c.code != code)
            continue;
        const QRegularExpressionMatch m = c.pattern.match(text);
        if (!m.hasMatch())
            continue;
        int highest = 0;
        for (int n : c.argOfCapture)
            highest = std::max(highest, n);
        QStringList args(highest);
        for (int i = 0; i < c.argOfCapture.size(); ++i)
            args[c.argOfCapture.at(i) - 1] = m.captured(i + 1);
        return RefusalText(c.source, args, c.stateArgs, c.countArg);
    }
    return std::nullopt;
}

} // namespace

std::optional<RefusalText> fromCode(const QString &code, const QString &detail, const QString &message)
{
    if (code.isEmpty())
        return std::nullopt;
    const QJsonObject params = QJsonDocument::fromJson(detail.toUtf8()).object();
    for (const CompiledSentence &c : compiled()) {
        if (c.code != code)
            continue;
        std::optional<RefusalText> out;
        if (!params.isEmpty() || c.params.isEmpty()) {
            QStringList args;
            for (const QString &name : c.params) {
                const QJsonValue v = params.value(name);
                args.append(v.isDouble() ? QString::number(v.toInteger()) : v.toString());
            }
            out = RefusalText(c.source, args, c.stateArgs, c.countArg);
        } else {
            out = match(code, message.trimmed());
        }
        if (out)
            out->setCode(code);
        return out;
    }
    return std::nullopt;
}

std::optional<RefusalText> recognise(const QString &english)
{
    return match(QString(), english.trimmed());
}

QString localize(const QString &english)
{
    const std::optional<RefusalText> r = recognise(english);
    return r ? r->localized() : english;
}

QString localizedState(const QString &state)
{
    static const QHash<QString, const char *> names{
        {QStringLiteral("queued"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "queued")},
        {QStringLiteral("running"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "running")},
        {QStringLiteral("blocked"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "blocked")},
        {QStringLiteral("succeeded"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "succeeded")},
        {QStringLiteral("failed"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "failed")},
        {QStringLiteral("cancelled"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "cancelled")},
        {QStringLiteral("starting"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "starting")},
        {QStringLiteral("superseded"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "superseded")},
        {QStringLiteral("unknown"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "unknown")},
        {QStringLiteral("(new)"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "(new)")},
    };
    const auto it = names.constFind(state);
    return it == names.constEnd() ? state : QCoreApplication::translate(kContext, it.value());
}

} // namespace refusal
} // namespace jobdesk
