// jobdesk-server: the headless dispatcher (the HTTP API comes with its own
// issue). Claims queued jobs, sends attempts to providers, reaps expired
// leases, reconciles unknown attempts; or runs one contract validation.
//
//   jobdesk-server --database URL --routes routes.json [--worker-id ID] [--workers N] [--lease-ms MS]
//   jobdesk-server --database URL --routes routes.json --validate PROVIDER --route ROUTE

#include "Logging.h"
#include "dispatch/Dispatcher.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QSocketNotifier>

#include <csignal>
#include <cstdio>
#include <sys/socket.h>
#include <unistd.h>

using namespace jobdesk;

namespace {

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

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("jobdesk-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(JOBDESK_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("JobDesk dispatcher: one user intent, one side effect."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption database(QStringLiteral("database"),
                                      QStringLiteral("Store URL (postgresql://... or sqlite:PATH); default $JOBDESK_DATABASE_URL."),
                                      QStringLiteral("url"));
    const QCommandLineOption routes(QStringLiteral("routes"), QStringLiteral("Routes and providers JSON file."), QStringLiteral("file"));
    const QCommandLineOption workerId(QStringLiteral("worker-id"), QStringLiteral("This instance's worker id."), QStringLiteral("id"));
    const QCommandLineOption workers(QStringLiteral("workers"), QStringLiteral("Worker threads (default 2)."), QStringLiteral("n"), QStringLiteral("2"));
    const QCommandLineOption leaseMs(QStringLiteral("lease-ms"), QStringLiteral("Attempt lease in ms (default 15000)."),
                                     QStringLiteral("ms"), QStringLiteral("15000"));
    const QCommandLineOption pollMs(QStringLiteral("poll-ms"), QStringLiteral("Idle poll in ms (default 200)."),
                                    QStringLiteral("ms"), QStringLiteral("200"));
    const QCommandLineOption validate(QStringLiteral("validate"),
                                      QStringLiteral("Run the contract validation of PROVIDER for --route, record it, print the report and exit."),
                                      QStringLiteral("provider"));
    const QCommandLineOption route(QStringLiteral("route"), QStringLiteral("The route for --validate."), QStringLiteral("route"));
    parser.addOptions({database, routes, workerId, workers, leaseMs, pollMs, validate, route});
    parser.process(app);

    const QString url = parser.isSet(database) ? parser.value(database) : qEnvironmentVariable("JOBDESK_DATABASE_URL");
    if (url.isEmpty())
        return fail(QStringLiteral("no database: pass --database URL or set JOBDESK_DATABASE_URL"));
    if (!parser.isSet(routes))
        return fail(QStringLiteral("no routes file: pass --routes FILE"));
    bool okWorkers = false, okLease = false, okPoll = false;
    DispatcherOptions options;
    options.workerId = parser.value(workerId);
    options.workers = parser.value(workers).toInt(&okWorkers);
    options.leaseMs = parser.value(leaseMs).toLongLong(&okLease);
    options.idlePollMs = parser.value(pollMs).toLongLong(&okPoll);
    if (!okWorkers || options.workers < 1 || options.workers > 64)
        return fail(QStringLiteral("--workers must be 1..64"));
    if (!okLease || options.leaseMs < 100)
        return fail(QStringLiteral("--lease-ms must be at least 100"));
    if (!okPoll || options.idlePollMs < 1)
        return fail(QStringLiteral("--poll-ms must be positive"));

    try {
        const StoreUrl store = StoreUrl::parse(url);
        RouteConfig config = RouteConfig::load(parser.value(routes));
        auto svc = JobService::open(store); // migrates once, before any worker starts
        Dispatcher dispatcher(store, config, nullptr, options);
        dispatcher.recordConfig(*svc);

        if (parser.isSet(validate)) {
            if (!parser.isSet(route))
                return fail(QStringLiteral("--validate needs --route"));
            const ValidationRecord rec = dispatcher.validate(*svc, parser.value(validate), parser.value(route));
            std::printf("%s\n", QJsonDocument(rec.report).toJson(QJsonDocument::Indented).constData());
            std::printf("contract validation of %s for %s: %s (expires at %lld ms)\n", qPrintable(rec.provider),
                        qPrintable(rec.route), rec.passed ? "PASSED" : "FAILED", static_cast<long long>(rec.expiresAtMs));
            return rec.passed ? 0 : 1;
        }

        if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0)
            return fail(QStringLiteral("cannot install signal handling"));
        QSocketNotifier notifier(signalPipe[0], QSocketNotifier::Read);
        QObject::connect(&notifier, &QSocketNotifier::activated, &app, [&] {
            char c;
            [[maybe_unused]] const auto n = ::read(signalPipe[0], &c, 1);
            qCInfo(lcDispatch) << "stopping";
            QCoreApplication::quit();
        });
        std::signal(SIGTERM, onSignal);
        std::signal(SIGINT, onSignal);

        dispatcher.start();
        qCInfo(lcDispatch) << "dispatching on" << store.toDisplayString() << "with" << options.workers << "workers";
        const int rc = QCoreApplication::exec();
        dispatcher.stop();
        return rc;
    } catch (const JobDeskError &e) {
        return fail(JobDeskError::codeName(e.code()) + QStringLiteral(": ") + e.message());
    }
}
