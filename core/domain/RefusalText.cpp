#include "RefusalText.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonDocument>
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
    if (!m_source) // a code without a template, or words that came without a code
        return m_args.isEmpty()          ? code()
               : code().isEmpty()        ? m_args.join(QStringLiteral(", "))
                                         : code() + QStringLiteral(" (") + m_args.join(QStringLiteral(", ")) + u')';
    return fill(QString::fromUtf8(m_source), m_args);
}

QString RefusalText::localized() const
{
    if (!m_source)
        return english();
    QStringList args = m_args;
    for (int i = 0; i < args.size() && i < 32; ++i)
        if (m_wordArgs & (1u << i))
            args[i] = refusal::localizedWord(args.at(i));
    // A count picks the plural form ("1 open attempt", "2 open attempts");
    // the English the database or the core says keeps its "(s)".
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

// Every refusal of the core and the two schemas, by code. A guard's English
// must stay exactly as resources/schema/*/ writes it, and a code's parameters
// the keys the schemas send (tst_refusal_text::everyDatabaseRefusalHasItsTemplate).
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
        {"JD101", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 of job %2 is unknown: its outcome must be learned or it must be cancelled before another attempt starts"), 0, 0, "attempt,job"},
        {"JD102", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 already has a winner (attempt %2)"), 0, 0, "job,winner"},
        {"JD103", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 is cancelled"), 0, 0, "job"},
        {"JD104", QT_TRANSLATE_NOOP("jobdesk::Refusal", "worker %1 does not hold an unexpired claim on job %2 (held by %3)"), 0, 0, "worker,job,holder"},
        {"JD105", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 of job %2 is still starting"), 0, 0, "attempt,job"},
        {"JD106", QT_TRANSLATE_N_NOOP("jobdesk::Refusal", "job %1 already has %2 open attempt(s), its limit is %3"), 0, 2, "job,open,limit"},
        {"JD107", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 already has an open automatic attempt (%2); extra slots are for hedges"), 0, 0, "job,attempt"},
        {"JD108", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 has no open attempt to hedge"), 0, 0, "job"},
        {"JD109", QT_TRANSLATE_N_NOOP("jobdesk::Refusal", "job %1 has used its %2 automatic attempt(s)"), 0, 2, "job,max_attempts"},

        // -- Setup: a schema the migration runner refuses (PostgreSQL) --
        {"JD110", QT_TRANSLATE_NOOP("jobdesk::Refusal", "every role may create objects in schema \"%1\" (CREATE is granted to PUBLIC), so any login could plant functions or operators that JobDesk's guards and operator functions would run as the schema's owner. Revoke it, then open the store again: REVOKE CREATE ON SCHEMA %2 FROM PUBLIC; (grant CREATE to the role that owns JobDesk's tables if it needs it)"), 0, 0, "schema,schema_sql"},

        // -- Operator actions (PostgreSQL's jd_op_* functions, SQLite's JobService) --
        {"JD111", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -> %7 by %8 %9. Refresh and decide again."), arg(4) | arg(6) | arg(7), 0, "job,seen,now,state,attempt_no,from,to,actor_kind,actor"},
        {"JD112", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -> %7 by %8 %9 (%10). Refresh and decide again."), arg(4) | arg(6) | arg(7), 0, "job,seen,now,state,attempt_no,from,to,actor_kind,actor,reason"},
        {"JD113", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 changed since you looked (change %2, now %3): it is %4; latest: the provider says attempt #%5 is still working on it. Refresh and decide again."), arg(4), 0, "job,seen,now,state,attempt_no"},
        {"JD114", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 changed since you looked (change %2, now %3): it is %4. Refresh and decide again."), arg(4), 0, "job,seen,now,state"},
        {"JD115", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 was already used for a different action (%2)"), 0, 0, "request,action"},
        {"JD116", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 was already used for %2 on another target (job %3, attempt %4)"), 0, 0, "request,action,job,attempt"},
        {"JD117", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 was already used for a retry on provider %2"), 0, 0, "request,provider"},
        {"JD118", QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id %1 was already used by someone else"), 0, 0, "request"},
        {"JD120", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 does not exist"), 0, 0, "attempt"},
        {"JD121", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 does not exist"), 0, 0, "job"},
        {"JD122", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 is already %2; there is nothing to cancel"), arg(2), 0, "attempt,state"},
        {"JD123", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 already has a winner (attempt %2); it cannot be cancelled"), 0, 0, "job,winner"},
        {"JD124", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 is already cancelled"), 0, 0, "job"},
        {"JD125", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 is already %2; there is nothing to ask its provider"), arg(2), 0, "attempt,state"},
        {"JD126", QT_TRANSLATE_NOOP("jobdesk::Refusal", "provider %1 offers no status lookup; ask its support about key %2 instead"), 0, 0, "provider,key"},
        {"JD127", QT_TRANSLATE_NOOP("jobdesk::Refusal", "provider %1 is not known to this database"), 0, 0, "provider"},
        {"JD128", QT_TRANSLATE_NOOP("jobdesk::Refusal", "route %1 is not known to this database"), 0, 0, "route"},
        {"JD129", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a validation needs a report (an object) and a validity of zero or more"), 0, 0, ""},
        {"JD130", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a validation of %1 is valid for at most %2 ms (its validation_ttl_ms), not %3 ms"), 0, 0, "provider,ttl_ms,valid_for_ms"},
        {"JD131", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a reason is required"), 0, 0, ""},
        {"JD132", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the reason is longer than 2000 characters"), 0, 0, ""},
        {"JD133", QT_TRANSLATE_NOOP("jobdesk::Refusal", "only an operator may do this (%1 '%2' is a %3)"), 0, 0, "kind,id,role"},

        // -- The core's other refusals (JobService) --
        {"JD140", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 is still starting: mark it running before it completes"), 0, 0, "attempt"},
        {"JD141", QT_TRANSLATE_NOOP("jobdesk::Refusal", "attempt %1 is already running and does not record that its request goes to %2: nothing is to be sent from here"), 0, 0, "attempt,sent_to"},
        {"JD142", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 is %2 and cannot fail"), arg(2), 0, "job,state"},
        {"JD143", QT_TRANSLATE_NOOP("jobdesk::Refusal", "job %1 still has an open attempt (%2); it cannot fail until that ends"), 0, 0, "job,attempt"},

        // -- Bad input, refused before anything is written (JobService; an API client reads them in a 400) --
        {"JD200", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input is not valid JSON (at byte %1: %2)"), 0, 0, "offset,error"},
        {"JD201", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input must be a JSON object, not %1"), arg(1), 0, "kind"},
        {"JD202", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 must not be empty"), arg(1), 0, "field"},
        {"JD203", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 is longer than %2 characters"), arg(1), 0, "field,limit"},
        {"JD204", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 must not contain a NUL character or a lone UTF-16 surrogate"), arg(1), 0, "field"},
        {"JD235", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the route's contract (at %1) must not contain a NUL character or a lone UTF-16 surrogate"), 0, 0, "path"},
        {"JD205", QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key must be 1..255 printable ASCII characters (got %1)"), 0, 0, "length"},
        {"JD206", QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key must be printable ASCII (found U+%1)"), 0, 0, "code_point"},
        {"JD207", QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key must not start or end with a space"), 0, 0, ""},
        {"JD208", QT_TRANSLATE_NOOP("jobdesk::Refusal", "max_parallel must be 1..8 (got %1)"), 0, 0, "value"},
        {"JD209", QT_TRANSLATE_NOOP("jobdesk::Refusal", "max_attempts must be 1..100 (got %1)"), 0, 0, "value"},
        {"JD210", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the intent is %1 bytes; the limit is 1 MiB"), 0, 0, "bytes"},
        {"JD211", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input contains a NUL character (\\u0000), which JobDesk does not store; remove it or encode the data (for example as base64)"), 0, 0, ""},
        {"JD212", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input contains a lone UTF-16 surrogate (U+%1), which JobDesk does not store"), 0, 0, "code_point"},
        {"JD213", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 holds a number that is not finite (NaN or an infinity), which JSON cannot carry"), arg(1), 0, "field"},
        {"JD240", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1: the store stayed busy (%2); nothing was written, try again"), 0, 0, "operation,detail"},
        {"JD214", QT_TRANSLATE_NOOP("jobdesk::Refusal", "client metadata is over 64 KiB"), 0, 0, ""},
        {"JD215", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the result is %1 bytes; the limit is 1 MiB"), 0, 0, "bytes"},
        {"JD216", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the result is not JSON: %1"), 0, 0, "error"},
        {"JD234", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the result is not JSON: byte %1 breaks RFC 8259 (a raw control character inside a string, a leading zero or a bare decimal point)"), 0, 0, "offset"},
        {"JD217", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the result is not valid UTF-8"), 0, 0, ""},
        {"JD218", QT_TRANSLATE_NOOP("jobdesk::Refusal", "page size must be 1..1000"), 0, 0, ""},
        {"JD219", QT_TRANSLATE_NOOP("jobdesk::Refusal", "page size must be 1..500"), 0, 0, ""},
        {"JD220", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a chart needs 1..10000 buckets of at least a second"), 0, 0, ""},
        {"JD221", QT_TRANSLATE_NOOP("jobdesk::Refusal", "lease must be positive"), 0, 0, ""},
        {"JD222", QT_TRANSLATE_NOOP("jobdesk::Refusal", "deadline must be positive"), 0, 0, ""},
        {"JD223", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a lease is at most %1 ms (a day); a longer one would keep a stopped worker's attempt from being reaped"), 0, 0, "max_ms"},
        {"JD224", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a claim is at most %1 ms (a day); a longer one would keep a stopped worker's job from being claimed by another"), 0, 0, "max_ms"},
        {"JD225", QT_TRANSLATE_NOOP("jobdesk::Refusal", "an operator's retry goes through JobService::retry (audited)"), 0, 0, ""},
        {"JD226", QT_TRANSLATE_NOOP("jobdesk::Refusal", "claim needs a worker id, a limit and a claim time"), 0, 0, ""},
        {"JD227", QT_TRANSLATE_NOOP("jobdesk::Refusal", "claim needs a worker id and a claim time"), 0, 0, ""},
        {"JD228", QT_TRANSLATE_NOOP("jobdesk::Refusal", "claiming retries needs a worker id, a limit and a lease"), 0, 0, ""},
        {"JD229", QT_TRANSLATE_NOOP("jobdesk::Refusal", "renewing needs a worker id, a lease and a claim time"), 0, 0, ""},
        {"JD230", QT_TRANSLATE_NOOP("jobdesk::Refusal", "incomplete validation record"), 0, 0, ""},

        // -- The store could not do it (JobService; the driver's own words follow, as they came) --
        {"JD241", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1: the database is unreachable: %2"), 0, 0, "operation,detail"},
        {"JD242", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1: the database refuses this for your database user: %2"), 0, 0, "operation,detail"},

        // -- The dispatcher's store calls and the console's sorted pages (DispatchStore.cpp, JobQueries.cpp) --
        {"JD231", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a lookup claim needs a claim time and a backoff range"), 0, 0, ""},
        {"JD232", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a page sorted by a column continues after a JobCursor"), 0, 0, ""},
        {"JD233", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a page sorted by a column continues after its value"), 0, 0, ""},

        // -- Retention and its archives (core/service/Retention.cpp, ArchiveRecords.cpp) --
        {"JD300", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retain_days must be at least 1 (got %1)"), 0, 0, "value"},
        {"JD301", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retain_days of route %1 must be at least 1 (got %2)"), 0, 0, "route,value"},
        {"JD302", QT_TRANSLATE_NOOP("jobdesk::Refusal", "key_retain_days must be at least 1 (got %1)"), 0, 0, "value"},
        {"JD303", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the batch size must be 1..10000 (got %1)"), 0, 0, "value"},
        {"JD304", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the rest ratio must be 0..100 (got %1)"), 0, 0, "value"},
        {"JD305", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the jobs per run must be at least 1 (got %1)"), 0, 0, "value"},
        {"JD306", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the archive folder %1 is not a writable folder"), 0, 0, "folder"},
        {"JD307", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot write the archive %1: %2"), 0, 0, "path,error"},
        {"JD308", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot start compressing the archive %1"), 0, 0, "path"},
        {"JD309", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot sync the archive %1"), 0, 0, "path"},
        {"JD310", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot write %1: %2"), 0, 0, "path,error"},
        {"JD311", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot move %1 into place as %2"), 0, 0, "from,to"},
        {"JD312", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retention run %1 is not archived: nothing is removed before its archive is complete"), 0, 0, "run"},
        {"JD313", QT_TRANSLATE_NOOP("jobdesk::Refusal", "another retention run is in progress on this store; nothing was done"), 0, 0, ""},
        {"JD314", QT_TRANSLATE_NOOP("jobdesk::Refusal", "a retention run needs an actor (1..255 characters)"), 0, 0, ""},
        {"JD315", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retention: the database is unreachable: %1"), 0, 0, "detail"},
        {"JD316", QT_TRANSLATE_NOOP("jobdesk::Refusal", "retention: %1"), 0, 0, "detail"},
        {"JD317", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 is not a complete JobDesk archive: %2"), 0, 0, "path,why"},
        {"JD318", QT_TRANSLATE_NOOP("jobdesk::Refusal", "an archive record holds no job"), 0, 0, ""},
        {"JD319", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 holds no archive header"), 0, 0, "path"},
        {"JD320", QT_TRANSLATE_NOOP("jobdesk::Refusal", "%1 is an archive of version %2; this JobDesk reads version 1"), 0, 0, "path,version"},
        {"JD243", QT_TRANSLATE_NOOP("jobdesk::Refusal", "submit: the key's tombstone kept changing; nothing was written, try again"), 0, 0, ""},

        // -- API tokens (core/service/TokenStore.cpp) --
        {"JD250", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the owner must be 1..255 characters"), 0, 0, ""},
        {"JD251", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the owner must not begin or end with white space"), 0, 0, ""},
        {"JD252", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the label is longer than 255 characters"), 0, 0, ""},
        {"JD253", QT_TRANSLATE_NOOP("jobdesk::Refusal", "token %1 does not exist"), 0, 0, "token"},

        // -- The schema's migrations and the database URL (core/store/Migrations.cpp, core/domain/StoreUrl.cpp) --
        {"JD260", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the database's schema is version %1, newer than this JobDesk knows (up to %2): upgrade JobDesk before using this database"), 0, 0, "version,known"},
        {"JD261", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the database was made by a JobDesk 0.1 development build at its migration %1; JobDesk 1.0 adopts only a 0.1 database at its last migration (%2). Open it with the last 0.1 build first, or start a new database"), 0, 0, "migration,last"},
        {"JD262", QT_TRANSLATE_NOOP("jobdesk::Refusal", "the database was made by a JobDesk 0.1 development build and its schema differs from the 1.0 baseline (the database has \"%1\" where the baseline has \"%2\"), so it was left as it was. Export what you need and start a new database (docs/upgrade.md)"), 0, 0, "found,expected"},
        {"JD263", QT_TRANSLATE_NOOP("jobdesk::Refusal", "migration %1 did not record itself in schema_migrations"), 0, 0, "migration"},
        {"JD264", QT_TRANSLATE_NOOP("jobdesk::Refusal", "schema migration failed on %1: %2"), 0, 0, "store,detail"},
        {"JD265", QT_TRANSLATE_NOOP("jobdesk::Refusal", "cannot read schema file %1"), 0, 0, "path"},
        {"JD270", QT_TRANSLATE_NOOP("jobdesk::Refusal", "empty database URL"), 0, 0, ""},
        {"JD271", QT_TRANSLATE_NOOP("jobdesk::Refusal", "sqlite: URL without a path"), 0, 0, ""},
        {"JD272", QT_TRANSLATE_NOOP("jobdesk::Refusal", "unsupported database URL scheme in '%1' (use sqlite:PATH or postgresql://...)"), 0, 0, "scheme"},
    };
    return table;
}

namespace {

struct CompiledSentence
{
    const KnownSentence *known;
    QStringList params;
    QRegularExpression pattern;
    QList<int> argOfCapture; // capture i (1-based) fills %argOfCapture[i-1]
};

// "%n" matches anything (a word: one word); the rest literally.
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
        re += (k.wordArgs & arg(n)) ? QStringLiteral("(\\S+?)") : QStringLiteral("(.+?)");
        order.append(n);
        last = m.capturedEnd();
    }
    re += QRegularExpression::escape(source.mid(last)) + u'$';
    return {&k, QString::fromLatin1(k.params).split(u',', Qt::SkipEmptyParts),
            QRegularExpression(re, QRegularExpression::DotMatchesEverythingOption), order};
}

const QHash<QString, CompiledSentence> &byCode()
{
    static const QHash<QString, CompiledSentence> all = [] {
        QHash<QString, CompiledSentence> out;
        for (const KnownSentence &k : knownSentences())
            out.insert(QString::fromLatin1(k.code), compile(k));
        return out;
    }();
    return all;
}

RefusalText textOf(const KnownSentence &k, QStringList args)
{
    return RefusalText(k.code, k.source, std::move(args), k.wordArgs, k.countArg);
}

// The template's arguments from the parameters the database sent by name.
RefusalText fromParams(const CompiledSentence &c, const QJsonObject &params)
{
    QStringList args;
    for (const QString &name : c.params) {
        const QJsonValue v = params.value(name);
        args.append(v.isDouble() ? QString::number(v.toInteger()) : v.toString());
    }
    return textOf(*c.known, args);
}

} // namespace

QStringList paramNames(const QString &code)
{
    const auto it = byCode().constFind(code);
    return it == byCode().constEnd() ? QStringList() : it->params;
}

RefusalText makeFrom(const char *code, QStringList args)
{
    const auto it = byCode().constFind(QString::fromLatin1(code));
    if (it == byCode().constEnd())
        return RefusalText(code, nullptr, std::move(args));
    return textOf(*it->known, std::move(args));
}

std::optional<RefusalText> fromCode(const QString &code, const QString &detail, const QString &message)
{
    const auto it = byCode().constFind(code);
    if (code.isEmpty() || it == byCode().constEnd())
        return std::nullopt;
    const QJsonObject params = QJsonDocument::fromJson(detail.toUtf8()).object();
    if (!params.isEmpty() || it->params.isEmpty())
        return fromParams(*it, params);
    // SQLite's guards say a constant sentence: read against this code's template alone.
    const QRegularExpressionMatch m = it->pattern.match(message.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    int highest = 0;
    for (int n : it->argOfCapture)
        highest = std::max(highest, n);
    QStringList args(highest);
    for (int i = 0; i < it->argOfCapture.size(); ++i)
        args[it->argOfCapture.at(i) - 1] = m.captured(i + 1);
    return textOf(*it->known, args);
}

std::optional<RefusalText> decode(const QString &coded)
{
    static const QRegularExpression shape(QStringLiteral("^(JD\\d{3}) (\\{.*\\})$"), QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = shape.match(coded);
    if (!m.hasMatch())
        return std::nullopt;
    const auto it = byCode().constFind(m.captured(1));
    if (it == byCode().constEnd())
        return std::nullopt;
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(m.captured(2).toUtf8(), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return fromParams(*it, doc.object());
}

QString localizedWord(const QString &word)
{
    // States as the store writes them, the names of the core's checked
    // fields (core/service/Names.cpp's callers) and the kinds of JSON a
    // refusal names.
    static const QHash<QString, const char *> words = [] {
        QHash<QString, const char *> out;
        for (const char *w : {
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "queued"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "running"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "blocked"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "succeeded"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "failed"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "cancelled"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "starting"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "superseded"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "unknown"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "(new)"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "actor id"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "actor kind"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "config hash"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "endpoint"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key prefix"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "idempotency key"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "operator id"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "owner id"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "provider"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "reason"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "reconciler id"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "request id"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "route"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "search"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "start request id"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "worker id"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "client metadata"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "the route's contract"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "the input"),
                 QT_TRANSLATE_NOOP("jobdesk::Refusal", "an array"), QT_TRANSLATE_NOOP("jobdesk::Refusal", "a scalar")})
            out.insert(QString::fromUtf8(w), w);
        return out;
    }();
    const auto it = words.constFind(word);
    return it == words.constEnd() ? word : QCoreApplication::translate(kContext, it.value());
}

} // namespace refusal

QJsonObject RefusalText::params() const
{
    QJsonObject out;
    const QStringList names = refusal::paramNames(code());
    for (int i = 0; i < names.size() && i < m_args.size(); ++i)
        out.insert(names.at(i), m_args.at(i));
    return out;
}

} // namespace jobdesk
