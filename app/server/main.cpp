// jobdesk-server: the HTTP API and the dispatcher, or a token tool.
//
//   jobdesk-server --database URL --routes routes.json [--listen ADDR] [--port N] [--workers N]
//                  [--max-in-flight N] [--http-threads N] [--worker-id ID] [--lease-ms MS] [--never-processed-grace-ms MS] [--poll-ms MS] [--no-dispatch]
//   jobdesk-server --database URL --routes routes.json --validate PROVIDER --route ROUTE
//   jobdesk-server token create --owner O --role client|viewer|operator [--label TEXT] [--database URL]
//   jobdesk-server token list [--database URL]
//   jobdesk-server token revoke ID [--database URL]
//
// Every option also comes from the environment (JOBDESK_DATABASE_URL,
// JOBDESK_ROUTES, JOBDESK_LISTEN, JOBDESK_PORT, ...); the command line wins.
// The HTTP API is served when a port is given (0: any free port; the chosen
// one is printed). SIGTERM/SIGINT: stop taking requests and answer the ones
// accepted, stop claiming jobs and let running attempts reach a state, exit.

#include "Logging.h"
#include "domain/LogContext.h"
#include "dispatch/Dispatcher.h"
#include "http/ApiServer.h"
#include "service/Names.h"
#include "service/Retention.h"
#include "service/TokenStore.h"
#include "store/Migrations.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSocketNotifier>
#include <QTimer>
#include <QTranslator>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sys/socket.h>
#include <unistd.h>

using namespace jobdesk;

namespace {

Q_LOGGING_CATEGORY(lcServer, "jobdesk.server", QtInfoMsg)

// QCommandLineParser's own words (--help, --version, the headings, its errors), translated in
// jobdesk_server_<lang>.ts under Qt's context: Qt ships no Tamil catalogue for them.
[[maybe_unused]] const char *const kParserWords[] = {
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help on commandline options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help including Qt specific options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays version information."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Usage: %1"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Options:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Arguments:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "[options]"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown option '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown options: %1."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Missing value after '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unexpected value after '%1'."),
};

// --log-format json: one JSON object a line on stderr, with what the thread
// works on (domain/LogContext.h): job, attempt and trace ids.
void jsonLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    static const char *const levels[] = {"debug", "warning", "critical", "fatal", "info"};
    QJsonObject o{{QStringLiteral("ts"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
                  {QStringLiteral("level"), QLatin1String(levels[std::clamp(int(type), 0, 4)])},
                  {QStringLiteral("category"), QLatin1String(context.category ? context.category : "default")},
                  {QStringLiteral("msg"), message}};
    const LogContext &c = currentLogContext();
    if (c.jobId)
        o.insert(QStringLiteral("job_id"), c.jobId);
    if (c.attemptId)
        o.insert(QStringLiteral("attempt_id"), c.attemptId);
    if (!c.traceId.isEmpty())
        o.insert(QStringLiteral("trace_id"), QLatin1String(c.traceId));
    const QByteArray line = QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
    std::fwrite(line.constData(), 1, size_t(line.size()), stderr); // one write a line: threads do not interleave
    std::fflush(stderr);
    if (type == QtFatalMsg)
        std::abort();
}

int signalPipe[2] = {-1, -1};

void onSignal(int)
{
    const char c = 1;
    [[maybe_unused]] const auto n = ::write(signalPipe[1], &c, 1);
}

int fail(const QString &message)
{
    std::fprintf(stderr, "jobdesk-server: %s\n", qPrintable(message));
    return 2;
}

void print(const QString &line)
{
    std::fprintf(stdout, "%s\n", qPrintable(line));
    std::fflush(stdout);
}

// The option's value, else the environment variable's, else the default.
QString valueOf(const QCommandLineParser &parser, const QCommandLineOption &option, const char *env, const QString &fallback = {})
{
    if (parser.isSet(option))
        return parser.value(option);
    const QString fromEnv = qEnvironmentVariable(env);
    return fromEnv.isEmpty() ? fallback : fromEnv;
}

std::optional<qint64> integer(const QString &text, qint64 min, qint64 max)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    if (!ok || v < min || v > max)
        return std::nullopt;
    return v;
}

QString isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

const QCommandLineOption &databaseOption()
{
    static const QCommandLineOption o(QStringLiteral("database"),
                                      QCoreApplication::translate("jobdesk-server", "Store URL (postgresql://... or sqlite:PATH); default $JOBDESK_DATABASE_URL."),
                                      QStringLiteral("url"));
    return o;
}

// Prints the whole schema as one SQL script, for a DBA who applies it by hand
// (tst_migrations::theSchemaScriptAppliesByHandWithTheCommandLineTools).
int schemaCommand(QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("jobdesk-server",
        "Prints JobDesk's schema as one SQL script, to apply by hand:\n\n"
        "  jobdesk-server schema sql --dialect postgres --schema jobdesk | psql -1 -v ON_ERROR_STOP=1 -d URL\n"
        "  jobdesk-server schema sql --dialect sqlite | sqlite3 -bail FILE\n\n"
        "PostgreSQL: apply it with the schema first in the search path; the functions name it."));
    parser.addHelpOption();
    const QCommandLineOption dialect(QStringLiteral("dialect"), QCoreApplication::translate("jobdesk-server", "postgres or sqlite."),
                                     QStringLiteral("dialect"), QStringLiteral("postgres"));
    const QCommandLineOption schema(QStringLiteral("schema"), QCoreApplication::translate("jobdesk-server", "PostgreSQL: the schema it goes in."),
                                    QStringLiteral("name"), QStringLiteral("public"));
    parser.addOptions({dialect, schema});
    parser.addPositionalArgument(QStringLiteral("schema"), QCoreApplication::translate("jobdesk-server", "The word \"schema\"."));
    parser.addPositionalArgument(QStringLiteral("action"), QCoreApplication::translate("jobdesk-server", "sql."));
    parser.process(app);
    if (parser.positionalArguments().value(1) != QStringLiteral("sql"))
        return fail(QCoreApplication::translate("jobdesk-server", "unknown schema action: use jobdesk-server schema sql"));
    const QString d = parser.value(dialect);
    if (d != QStringLiteral("postgres") && d != QStringLiteral("sqlite"))
        return fail(QCoreApplication::translate("jobdesk-server", "--dialect takes postgres or sqlite"));
    const QByteArray script = schemaScript(d == QStringLiteral("postgres") ? Dialect::Postgres : Dialect::Sqlite, parser.value(schema)).toUtf8();
    std::fwrite(script.constData(), 1, static_cast<size_t>(script.size()), stdout);
    return 0;
}

int tokenCommand(QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("jobdesk-server",
        "Bearer tokens of the JobDesk HTTP API. A token is printed once, when it is made (the last line of the "
        "output); only its hash is stored.\n\n"
        "  jobdesk-server token create --owner O --role client|viewer|operator [--label TEXT]\n"
        "  jobdesk-server token list\n"
        "  jobdesk-server token revoke ID"));
    parser.addHelpOption();
    const QCommandLineOption owner(QStringLiteral("owner"), QCoreApplication::translate("jobdesk-server", "Owner the token acts for (client: whose jobs; operator: who acts)."),
                                   QStringLiteral("owner"));
    const QCommandLineOption role(QStringLiteral("role"), QCoreApplication::translate("jobdesk-server", "client, viewer or operator."), QStringLiteral("role"));
    const QCommandLineOption label(QStringLiteral("label"), QCoreApplication::translate("jobdesk-server", "A note shown by token list."), QStringLiteral("text"));
    parser.addOptions({databaseOption(), owner, role, label});
    parser.addPositionalArgument(QStringLiteral("token"), QCoreApplication::translate("jobdesk-server", "The word \"token\"."));
    parser.addPositionalArgument(QStringLiteral("action"), QCoreApplication::translate("jobdesk-server", "create, list or revoke."));
    parser.addPositionalArgument(QStringLiteral("id"), QCoreApplication::translate("jobdesk-server", "For revoke: the token's id (see token list)."), QStringLiteral("[id]"));
    parser.process(app);
    const QStringList args = parser.positionalArguments();
    const QString action = args.value(1);
    const QString url = valueOf(parser, databaseOption(), "JOBDESK_DATABASE_URL");
    if (url.isEmpty())
        return fail(QCoreApplication::translate("jobdesk-server", "no database: pass --database URL or set JOBDESK_DATABASE_URL"));
    try {
        auto svc = JobService::open(StoreUrl::parse(url));
        TokenStore tokens(*svc);
        if (action == QLatin1String("create") && args.size() == 2) {
            const auto r = tokenRoleFromString(parser.value(role));
            if (!parser.isSet(owner) || !r)
                return fail(QCoreApplication::translate("jobdesk-server", "token create needs --owner O and --role client|viewer|operator"));
            const IssuedToken t = tokens.create(parser.value(owner), *r, parser.value(label));
            const QString made = t.token.label.isEmpty()
                                     ? QCoreApplication::translate("jobdesk-server", "token %1: owner %2, role %3")
                                           .arg(t.token.id)
                                           .arg(t.token.ownerId, toText(t.token.role))
                                     : QCoreApplication::translate("jobdesk-server", "token %1: owner %2, role %3, label %4")
                                           .arg(t.token.id)
                                           .arg(t.token.ownerId, toText(t.token.role), t.token.label);
            print(made);
            print(QCoreApplication::translate("jobdesk-server", "store it now; it is shown only this once:"));
            print(t.secret);
            return 0;
        }
        if (action == QLatin1String("list") && args.size() == 2) {
            // Column names for people; the role is the machine word (client, viewer, operator).
            print(QCoreApplication::translate("jobdesk-server", "id\towner\trole\tcreated\trevoked\tlabel"));
            for (const ApiToken &t : tokens.list())
                print(QStringLiteral("%1\t%2\t%3\t%4\t%5\t%6")
                          .arg(t.id)
                          .arg(t.ownerId, toText(t.role), isoTime(t.createdAtMs),
                               t.revokedAtMs ? isoTime(*t.revokedAtMs) : QStringLiteral("-"), t.label));
            return 0;
        }
        if (action == QLatin1String("revoke") && args.size() == 3) {
            const auto id = integer(args.at(2), 1, std::numeric_limits<qint64>::max());
            if (!id)
                return fail(QCoreApplication::translate("jobdesk-server", "token revoke needs the token's id (see token list)"));
            const ApiToken t = tokens.revoke(*id);
            print(QCoreApplication::translate("jobdesk-server", "token %1 (owner %2, role %3) revoked at %4")
                      .arg(t.id)
                      .arg(t.ownerId, toText(t.role), isoTime(t.revokedAtMs.value_or(0))));
            return 0;
        }
        return fail(QCoreApplication::translate("jobdesk-server", "usage: jobdesk-server token create --owner O --role R | token list | token revoke ID"));
    } catch (const JobDeskError &e) {
        return fail(JobDeskError::codeName(e.code()) + QStringLiteral(": ") + e.localizedMessage());
    }
}

// Retention (docs/retention.md): archives and removes decided jobs older than
// --retain-days, in bounded batches; resumes an unfinished run first.
int retentionCommand(QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("jobdesk-server",
        "Archives decided jobs older than the retention and removes them with their history; each key keeps a "
        "tombstone, so a retry with it replays the removed job.\n\n"
        "  jobdesk-server retention run --archive-dir DIR [--retain-days 30] [--route-retain-days ROUTE=DAYS]...\n"
        "                               [--key-retain-days DAYS] [--batch 100] [--max-jobs 10000] [--rest-ratio 1]\n"
        "                               [--dry-run]"));
    parser.addHelpOption();
    const QCommandLineOption archiveDir(QStringLiteral("archive-dir"), QCoreApplication::translate("jobdesk-server", "Folder the archives are written to."), QStringLiteral("dir"));
    const QCommandLineOption retainDays(QStringLiteral("retain-days"), QCoreApplication::translate("jobdesk-server", "Decided jobs older than this many days go (default 30)."), QStringLiteral("days"), QStringLiteral("30"));
    const QCommandLineOption routeDays(QStringLiteral("route-retain-days"), QCoreApplication::translate("jobdesk-server", "A route's own retention, ROUTE=DAYS; repeatable."), QStringLiteral("route=days"));
    const QCommandLineOption keyDays(QStringLiteral("key-retain-days"), QCoreApplication::translate("jobdesk-server", "Key tombstones older than this many days go (default: kept for ever)."), QStringLiteral("days"));
    const QCommandLineOption batch(QStringLiteral("batch"), QCoreApplication::translate("jobdesk-server", "Jobs removed per transaction (default 100)."), QStringLiteral("n"), QStringLiteral("100"));
    const QCommandLineOption maxJobs(QStringLiteral("max-jobs"), QCoreApplication::translate("jobdesk-server", "Jobs one run archives (default 10000)."), QStringLiteral("n"), QStringLiteral("10000"));
    const QCommandLineOption restRatio(QStringLiteral("rest-ratio"), QCoreApplication::translate("jobdesk-server", "After each batch, rest this many times as long as it took (default 1; 0: no rest)."), QStringLiteral("r"), QStringLiteral("1"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), QCoreApplication::translate("jobdesk-server", "Count what would go; change nothing."));
    const QCommandLineOption actor(QStringLiteral("actor"), QCoreApplication::translate("jobdesk-server", "Who runs it, for the audit (default: the operating-system user)."), QStringLiteral("name"));
    parser.addOptions({databaseOption(), archiveDir, retainDays, routeDays, keyDays, batch, maxJobs, restRatio, dryRun, actor});
    parser.addPositionalArgument(QStringLiteral("retention"), QCoreApplication::translate("jobdesk-server", "The word \"retention\"."));
    parser.addPositionalArgument(QStringLiteral("action"), QCoreApplication::translate("jobdesk-server", "run."));
    parser.process(app);
    if (parser.positionalArguments().value(1) != QStringLiteral("run") || parser.positionalArguments().size() != 2)
        return fail(QCoreApplication::translate("jobdesk-server", "usage: jobdesk-server retention run --archive-dir DIR [options]"));
    const QString url = valueOf(parser, databaseOption(), "JOBDESK_DATABASE_URL");
    if (url.isEmpty())
        return fail(QCoreApplication::translate("jobdesk-server", "no database: pass --database URL or set JOBDESK_DATABASE_URL"));
    RetentionPolicy policy;
    policy.archiveDir = parser.value(archiveDir);
    const auto days = integer(parser.value(retainDays), 1, 100000);
    const auto b = integer(parser.value(batch), 1, 10000);
    const auto m = integer(parser.value(maxJobs), 1, 100000000);
    if (!days || !b || !m)
        return fail(QCoreApplication::translate("jobdesk-server", "--retain-days, --batch and --max-jobs take positive whole numbers"));
    policy.retainDays = static_cast<int>(*days);
    policy.batchSize = static_cast<int>(*b);
    policy.maxJobsPerRun = static_cast<int>(*m);
    bool ratioOk = false;
    policy.restRatio = parser.value(restRatio).toDouble(&ratioOk);
    if (!ratioOk || !(policy.restRatio >= 0 && policy.restRatio <= 100))
        return fail(QCoreApplication::translate("jobdesk-server", "--rest-ratio takes a number from 0 to 100 (got %1)").arg(parser.value(restRatio)));
    if (parser.isSet(keyDays)) {
        const auto k = integer(parser.value(keyDays), 1, 100000);
        if (!k)
            return fail(QCoreApplication::translate("jobdesk-server", "--key-retain-days takes a positive whole number"));
        policy.keyRetainDays = static_cast<int>(*k);
    }
    for (const QString &v : parser.values(routeDays)) {
        const qsizetype eq = v.lastIndexOf(u'=');
        const auto d = eq > 0 ? integer(v.mid(eq + 1), 1, 100000) : std::nullopt;
        if (!d)
            return fail(QCoreApplication::translate("jobdesk-server", "--route-retain-days takes ROUTE=DAYS (got %1)").arg(v));
        policy.retainDaysByRoute.insert(v.left(eq), static_cast<int>(*d));
    }
    // For tests: the time ages are measured at, instead of the database's clock.
    const QByteArray asOf = qgetenv("JOBDESK_RETENTION_AS_OF_MS");
    if (!asOf.isEmpty())
        policy.nowMs = asOf.toLongLong();
    // For tests that kill a run at a given step: print the step, then wait on stdin.
    const QByteArray pauseAt = qgetenv("JOBDESK_RETENTION_PAUSE");
    const RetentionCheckpoint checkpoint = [&](const char *phase) {
        if (pauseAt.isEmpty() || pauseAt != phase)
            return;
        std::printf("retention: paused at %s\n", phase);
        std::fflush(stdout);
        (void)std::getchar();
    };
    try {
        auto svc = JobService::open(StoreUrl::parse(url));
        const QString who = parser.isSet(actor) ? parser.value(actor) : operatingSystemUser();
        const RetentionReport r = Retention(*svc).run(policy, who, parser.isSet(dryRun), checkpoint);
        if (r.dryRun) {
            print(QCoreApplication::translate("jobdesk-server", "dry run: %1 decided jobs would be archived and removed").arg(r.selected));
            return 0;
        }
        for (const qint64 id : r.resumedRuns)
            print(QCoreApplication::translate("jobdesk-server", "finished the unfinished run %1").arg(id));
        print(QCoreApplication::translate("jobdesk-server", "run %1: %2 jobs archived, %3 removed, %4 kept (changed since archived), %5 key tombstones expired")
                  .arg(r.runId).arg(r.selected).arg(r.removed).arg(r.kept).arg(r.tombstonesExpired));
        for (const QString &a : r.archives)
            print(QCoreApplication::translate("jobdesk-server", "archive: %1").arg(a));
        return 0;
    } catch (const JobDeskError &e) {
        return fail(JobDeskError::codeName(e.code()) + QStringLiteral(": ") + e.localizedMessage());
    }
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("jobdesk-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(JOBDESK_VERSION));
    // Messages, --help and the API's problem titles and details in the system locale's language
    // (LC_ALL, LC_MESSAGES, LANG); English when there is no catalogue for it. Embedded under :/i18n.
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("jobdesk_server"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&translator);
    if (argc >= 2 && qstrcmp(argv[1], "token") == 0)
        return tokenCommand(app);
    if (argc >= 2 && qstrcmp(argv[1], "schema") == 0)
        return schemaCommand(app);
    if (argc >= 2 && qstrcmp(argv[1], "retention") == 0)
        return retentionCommand(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("jobdesk-server",
        "JobDesk server: the HTTP API (with --port) and the dispatcher. One user intent, one side effect.\n"
        "Tokens: jobdesk-server token create|list|revoke (see jobdesk-server token --help).\n"
        "Schema as SQL, to apply by hand: jobdesk-server schema sql (see jobdesk-server schema --help).\n"
        "Retention: jobdesk-server retention run (see jobdesk-server retention --help).\n"
        "Each option can also be set in the environment, e.g. JOBDESK_PORT=8080; the command line wins."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption &database = databaseOption();
    const QCommandLineOption routes(QStringLiteral("routes"), QCoreApplication::translate("jobdesk-server", "Routes and providers JSON file [JOBDESK_ROUTES]."), QStringLiteral("file"));
    const QCommandLineOption listen(QStringLiteral("listen"), QCoreApplication::translate("jobdesk-server", "Address the HTTP API listens on [JOBDESK_LISTEN] (default 127.0.0.1)."),
                                    QStringLiteral("addr"));
    const QCommandLineOption port(QStringLiteral("port"),
                                  QCoreApplication::translate("jobdesk-server", "Serve the HTTP API on this port [JOBDESK_PORT]; 0: any free port (printed). "
                                                 "Without it no API is served."),
                                  QStringLiteral("n"));
    const QCommandLineOption httpThreads(QStringLiteral("http-threads"),
                                         QCoreApplication::translate("jobdesk-server", "HTTP handler threads, one database connection each [JOBDESK_HTTP_THREADS] (default 8)."),
                                         QStringLiteral("n"));
    const QCommandLineOption tokenCacheMs(QStringLiteral("token-cache-ms"),
                                          QCoreApplication::translate("jobdesk-server", "Trust a verified token this long; a revoked one stops working within it "
                                                         "[JOBDESK_TOKEN_CACHE_MS] (default 1000; 0: check every request)."),
                                          QStringLiteral("ms"));
    const QCommandLineOption maxBody(QStringLiteral("max-body-bytes"),
                                     QCoreApplication::translate("jobdesk-server", "Largest request body [JOBDESK_MAX_BODY_BYTES] (default 1048576)."), QStringLiteral("n"));
    const QCommandLineOption trustedProxy(QStringLiteral("trusted-proxy"),
                                          QCoreApplication::translate("jobdesk-server", "A reverse proxy (address or ADDRESS/PREFIX) whose X-Forwarded-For names the client; "
                                                                                        "repeatable [JOBDESK_TRUSTED_PROXIES, comma-separated] (default none)."),
                                          QStringLiteral("addr"));
    const QCommandLineOption logFormat(QStringLiteral("log-format"),
                                       QCoreApplication::translate("jobdesk-server", "text or json: one JSON object a line, with job, attempt and trace ids [JOBDESK_LOG_FORMAT] (default text)."),
                                       QStringLiteral("format"));
    const QCommandLineOption noDispatch(QStringLiteral("no-dispatch"), QCoreApplication::translate("jobdesk-server", "Serve the API only; run no dispatcher [JOBDESK_NO_DISPATCH=1]."));
    const QCommandLineOption workerId(QStringLiteral("worker-id"), QCoreApplication::translate("jobdesk-server", "This instance's worker id [JOBDESK_WORKER_ID]."), QStringLiteral("id"));
    const QCommandLineOption workers(QStringLiteral("workers"), QCoreApplication::translate("jobdesk-server", "Dispatcher store threads that claim and start attempts [JOBDESK_WORKERS] (default 2)."),
                                     QStringLiteral("n"));
    const QCommandLineOption maxInFlight(QStringLiteral("max-in-flight"),
                                         QCoreApplication::translate("jobdesk-server", "Attempts in flight at once, at about 15 KiB each "
                                                                                       "[JOBDESK_MAX_IN_FLIGHT] (default 1000)."),
                                         QStringLiteral("n"));
    const QCommandLineOption leaseMs(QStringLiteral("lease-ms"), QCoreApplication::translate("jobdesk-server", "Attempt lease in ms [JOBDESK_LEASE_MS] (default 15000)."),
                                     QStringLiteral("ms"));
    const QCommandLineOption graceMs(QStringLiteral("never-processed-grace-ms"),
                                     QCoreApplication::translate("jobdesk-server", "How long after an unknown attempt's lease a provider's "
                                                                                   "\"never processed\" may free its job, in ms "
                                                                                   "[JOBDESK_NEVER_PROCESSED_GRACE_MS] (default 30000)."),
                                     QStringLiteral("ms"));
    const QCommandLineOption pollMs(QStringLiteral("poll-ms"), QCoreApplication::translate("jobdesk-server", "Idle poll in ms [JOBDESK_POLL_MS] (default 200)."),
                                    QStringLiteral("ms"));
    const QCommandLineOption validate(QStringLiteral("validate"),
                                      QCoreApplication::translate("jobdesk-server", "Run the contract validation of PROVIDER for --route, record it, print the report and exit."),
                                      QStringLiteral("provider"));
    const QCommandLineOption route(QStringLiteral("route"), QCoreApplication::translate("jobdesk-server", "The route for --validate."), QStringLiteral("route"));
    const QCommandLineOption retentionDir(QStringLiteral("retention-archive-dir"),
                                          QCoreApplication::translate("jobdesk-server", "Run retention on a schedule, archiving into this folder [JOBDESK_RETENTION_ARCHIVE_DIR] (docs/retention.md)."),
                                          QStringLiteral("dir"));
    const QCommandLineOption retainDays(QStringLiteral("retain-days"),
                                        QCoreApplication::translate("jobdesk-server", "With --retention-archive-dir: decided jobs older than this many days go [JOBDESK_RETAIN_DAYS] (default 30)."),
                                        QStringLiteral("days"));
    const QCommandLineOption keyRetainDays(QStringLiteral("key-retain-days"),
                                           QCoreApplication::translate("jobdesk-server", "With --retention-archive-dir: key tombstones older than this go [JOBDESK_KEY_RETAIN_DAYS] (default: kept for ever)."),
                                           QStringLiteral("days"));
    const QCommandLineOption retentionEvery(QStringLiteral("retention-every-s"),
                                            QCoreApplication::translate("jobdesk-server", "With --retention-archive-dir: seconds between runs [JOBDESK_RETENTION_EVERY_S] (default 3600)."),
                                            QStringLiteral("seconds"));
    parser.addOptions({database, routes, listen, port, httpThreads, tokenCacheMs, maxBody, trustedProxy, logFormat, noDispatch, workerId, workers, maxInFlight,
                       leaseMs, graceMs, pollMs, validate, route, retentionDir, retainDays, keyRetainDays, retentionEvery});
    parser.process(app);

    const QString format = valueOf(parser, logFormat, "JOBDESK_LOG_FORMAT", QStringLiteral("text"));
    if (format == QLatin1String("json"))
        qInstallMessageHandler(jsonLog);
    else if (format != QLatin1String("text"))
        return fail(QCoreApplication::translate("jobdesk-server", "--log-format must be text or json"));
    const QString url = valueOf(parser, database, "JOBDESK_DATABASE_URL");
    if (url.isEmpty())
        return fail(QCoreApplication::translate("jobdesk-server", "no database: pass --database URL or set JOBDESK_DATABASE_URL"));
    const QString routesFile = valueOf(parser, routes, "JOBDESK_ROUTES");
    if (routesFile.isEmpty())
        return fail(QCoreApplication::translate("jobdesk-server", "no routes file: pass --routes FILE or set JOBDESK_ROUTES"));

    DispatcherOptions options;
    options.workerId = valueOf(parser, workerId, "JOBDESK_WORKER_ID");
    const auto nWorkers = integer(valueOf(parser, workers, "JOBDESK_WORKERS", QStringLiteral("2")), 1, 64);
    const auto nInFlight = integer(valueOf(parser, maxInFlight, "JOBDESK_MAX_IN_FLIGHT", QStringLiteral("1000")), 1, 15000);
    const auto lease = integer(valueOf(parser, leaseMs, "JOBDESK_LEASE_MS", QStringLiteral("15000")), 100, 24LL * 3600 * 1000);
    const auto poll = integer(valueOf(parser, pollMs, "JOBDESK_POLL_MS", QStringLiteral("200")), 1, 3600 * 1000);
    const auto grace = integer(valueOf(parser, graceMs, "JOBDESK_NEVER_PROCESSED_GRACE_MS", QStringLiteral("30000")), 0,
                               24LL * 3600 * 1000);
    if (!nWorkers)
        return fail(QCoreApplication::translate("jobdesk-server", "--workers must be 1..64"));
    if (!nInFlight)
        return fail(QCoreApplication::translate("jobdesk-server", "--max-in-flight must be 1..15000 (each holds a socket)"));
    if (!lease)
        return fail(QCoreApplication::translate("jobdesk-server", "--lease-ms must be at least 100"));
    if (!poll)
        return fail(QCoreApplication::translate("jobdesk-server", "--poll-ms must be positive"));
    if (!grace)
        return fail(QCoreApplication::translate("jobdesk-server", "--never-processed-grace-ms must be 0..86400000"));
    options.workers = int(*nWorkers);
    options.maxInFlight = int(*nInFlight);
    options.leaseMs = *lease;
    options.idlePollMs = *poll;
    options.neverProcessedGraceMs = *grace;

    const QString portText = valueOf(parser, port, "JOBDESK_PORT");
    std::optional<qint64> httpPort;
    if (!portText.isEmpty() && !(httpPort = integer(portText, 0, 65535)))
        return fail(QCoreApplication::translate("jobdesk-server", "--port must be 0..65535"));
    QHostAddress address;
    if (!address.setAddress(valueOf(parser, listen, "JOBDESK_LISTEN", QStringLiteral("127.0.0.1"))))
        return fail(QCoreApplication::translate("jobdesk-server", "--listen must be an IP address, e.g. 127.0.0.1 or 0.0.0.0"));
    ApiServerOptions apiOptions;
    const auto threads = integer(valueOf(parser, httpThreads, "JOBDESK_HTTP_THREADS", QStringLiteral("8")), 1, 256);
    const auto cacheMs = integer(valueOf(parser, tokenCacheMs, "JOBDESK_TOKEN_CACHE_MS", QStringLiteral("1000")), 0, 3600 * 1000);
    const auto bodyLimit = integer(valueOf(parser, maxBody, "JOBDESK_MAX_BODY_BYTES", QStringLiteral("1048576")), 1024, 64LL << 20);
    if (!threads)
        return fail(QCoreApplication::translate("jobdesk-server", "--http-threads must be 1..256"));
    if (!cacheMs)
        return fail(QCoreApplication::translate("jobdesk-server", "--token-cache-ms must be 0..3600000"));
    if (!bodyLimit)
        return fail(QCoreApplication::translate("jobdesk-server", "--max-body-bytes must be 1024..67108864"));
    apiOptions.handlerThreads = int(*threads);
    apiOptions.api.tokenCacheMs = *cacheMs;
    apiOptions.api.maxBodyBytes = *bodyLimit;
    const QStringList proxies = parser.isSet(trustedProxy) ? parser.values(trustedProxy)
                                                           : qEnvironmentVariable("JOBDESK_TRUSTED_PROXIES").split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &p : proxies) {
        const QString text = p.trimmed();
        auto subnet = QHostAddress::parseSubnet(text.contains(QLatin1Char('/')) ? text
                                                : text + (text.contains(QLatin1Char(':')) ? QStringLiteral("/128") : QStringLiteral("/32")));
        if (subnet.first.isNull())
            return fail(QCoreApplication::translate("jobdesk-server", "--trusted-proxy must be an IP address or ADDRESS/PREFIX, not %1").arg(text));
        apiOptions.api.trustedProxies.append(subnet);
    }
    const bool dispatch = !parser.isSet(noDispatch) && qEnvironmentVariable("JOBDESK_NO_DISPATCH") != QLatin1String("1");
    std::optional<RetentionPolicy> retention;
    std::chrono::milliseconds retentionInterval{3600 * 1000};
    if (const QString dir = valueOf(parser, retentionDir, "JOBDESK_RETENTION_ARCHIVE_DIR"); !dir.isEmpty()) {
        RetentionPolicy p;
        p.archiveDir = dir;
        const auto days = integer(valueOf(parser, retainDays, "JOBDESK_RETAIN_DAYS", QStringLiteral("30")), 1, 100000);
        const auto every = integer(valueOf(parser, retentionEvery, "JOBDESK_RETENTION_EVERY_S", QStringLiteral("3600")), 1, 7LL * 86400);
        if (!days || !every)
            return fail(QCoreApplication::translate("jobdesk-server", "--retain-days must be 1..100000 and --retention-every-s 1..604800"));
        p.retainDays = int(*days);
        if (const QString k = valueOf(parser, keyRetainDays, "JOBDESK_KEY_RETAIN_DAYS"); !k.isEmpty()) {
            const auto keyDays = integer(k, 1, 100000);
            if (!keyDays)
                return fail(QCoreApplication::translate("jobdesk-server", "--key-retain-days must be 1..100000"));
            p.keyRetainDays = int(*keyDays);
        }
        retention = p;
        retentionInterval = std::chrono::milliseconds(*every * 1000);
    }

    try {
        const StoreUrl store = StoreUrl::parse(url);
        RouteConfig config = RouteConfig::load(routesFile);
        auto svc = JobService::open(store); // migrates once, before any worker or handler starts
        Dispatcher dispatcher(store, config, nullptr, options);
        dispatcher.recordConfig(*svc);
        std::unique_ptr<RetentionSchedule> retentionSchedule;
        if (retention && !parser.isSet(validate))
            retentionSchedule = std::make_unique<RetentionSchedule>(store, *retention,
                                                                    QStringLiteral("jobdesk-server ") + operatingSystemUser(),
                                                                    retentionInterval);

        if (parser.isSet(validate)) {
            if (!parser.isSet(route))
                return fail(QCoreApplication::translate("jobdesk-server", "--validate needs --route"));
            const ValidationRecord rec = dispatcher.validate(*svc, parser.value(validate), parser.value(route));
            std::printf("%s\n", QJsonDocument(rec.report).toJson(QJsonDocument::Indented).constData());
            print((rec.passed ? QCoreApplication::translate("jobdesk-server", "contract validation of %1 for %2: PASSED (expires at %3 ms)")
                              : QCoreApplication::translate("jobdesk-server", "contract validation of %1 for %2: FAILED (expires at %3 ms)"))
                      .arg(rec.provider, rec.route, QString::number(rec.expiresAtMs)));
            return rec.passed ? 0 : 1;
        }
        if (!httpPort && !dispatch)
            return fail(QCoreApplication::translate("jobdesk-server", "--no-dispatch without --port: nothing to do"));

        if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0)
            return fail(QCoreApplication::translate("jobdesk-server", "cannot install signal handling"));

        std::unique_ptr<ApiServer> api;
        std::atomic<bool> stopping{false};
        if (httpPort) {
            if (dispatch) // this process's workers claim what its API queued without waiting for a poll or the NOTIFY
                apiOptions.api.workQueued = [&dispatcher] { dispatcher.wake(); };
            api = std::make_unique<ApiServer>(store, config, apiOptions);
            api->setDispatcherStatus([&] {
                if (!dispatch)
                    return QStringLiteral("off");
                return stopping ? QStringLiteral("stopping") : QStringLiteral("running");
            });
            QString error;
            if (!api->listen(address, quint16(*httpPort), &error))
                return fail(error);
            const QString host = address.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + address.toString() + u']'
                                                                                      : address.toString();
            // Not translated: scripts and tests read the port from this line.
            print(QStringLiteral("jobdesk-server: listening on http://%1:%2").arg(host).arg(api->port()));
        }

        if (!api)
            qCInfo(lcServer).noquote() << QCoreApplication::translate("jobdesk-server", "no HTTP API (no --port / JOBDESK_PORT): dispatching only");

        QSocketNotifier notifier(signalPipe[0], QSocketNotifier::Read);
        QObject::connect(&notifier, &QSocketNotifier::activated, &app, [&] {
            char c;
            [[maybe_unused]] const auto n = ::read(signalPipe[0], &c, 1);
            if (stopping.exchange(true))
                return;
            if (!api) {
                qCInfo(lcServer).noquote() << QCoreApplication::translate("jobdesk-server", "stopping");
                QCoreApplication::quit();
                return;
            }
            qCInfo(lcServer).noquote() << QCoreApplication::translate("jobdesk-server", "stopping: no new requests; answering %1 accepted ones")
                                              .arg(api->pendingResponses());
            QObject::connect(api.get(), &ApiServer::drained, &app, &QCoreApplication::quit);
            QTimer::singleShot(10000, &app, &QCoreApplication::quit); // bounded: a handler stuck on the store
            api->stopAccepting();
        });
        std::signal(SIGTERM, onSignal);
        std::signal(SIGINT, onSignal);

        if (dispatch) {
            dispatcher.start();
            qCInfo(lcDispatch).noquote() << QCoreApplication::translate("jobdesk-server", "dispatching on %1 with %2 workers, at most %3 in flight")
                                                .arg(store.toDisplayString())
                                                .arg(options.workers)
                                                .arg(options.maxInFlight);
        }
        const int rc = QCoreApplication::exec();
        if (api)
            api->stop(); // handler threads joined; connections closed
        if (dispatch)
            dispatcher.stop(); // no more claims; running attempts reach a state (or their deadline)
        api.reset(); // the last change notification goes out
        qCInfo(lcServer).noquote() << QCoreApplication::translate("jobdesk-server", "stopped");
        return rc;
    } catch (const JobDeskError &e) {
        return fail(JobDeskError::codeName(e.code()) + QStringLiteral(": ") + e.localizedMessage());
    }
}
