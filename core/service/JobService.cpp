// JobService's entry point: opening a store, and the one implementation per
// store behind it (ServicePrivate.h). The operations live by area:
// Commands.cpp, OperatorActions.cpp, DispatchStore.cpp, JobQueries.cpp,
// Worklists.cpp; the intent's rules in Intent.cpp.

#include "JobService.h"
#include "ServicePrivate.h"

#include "store/Migrations.h"

namespace jobdesk {

using Code = JobDeskError::Code;

QString toText(SubmitResult::Outcome o)
{
    switch (o) {
    case SubmitResult::Outcome::Created: return QStringLiteral("created");
    case SubmitResult::Outcome::Replayed: return QStringLiteral("replayed");
    case SubmitResult::Outcome::Conflict: return QStringLiteral("conflict");
    }
    return {};
}

QString toText(Refusal::Reason r)
{
    switch (r) {
    case Refusal::Reason::None: return QStringLiteral("none");
    case Refusal::Reason::AttemptUnknown: return QStringLiteral("attempt_unknown");
    case Refusal::Reason::AttemptStarting: return QStringLiteral("attempt_starting");
    case Refusal::Reason::MaxParallel: return QStringLiteral("max_parallel");
    case Refusal::Reason::JobHasWinner: return QStringLiteral("job_has_winner");
    case Refusal::Reason::JobCancelled: return QStringLiteral("job_cancelled");
    case Refusal::Reason::BudgetSpent: return QStringLiteral("budget_spent");
    case Refusal::Reason::ClaimLost: return QStringLiteral("claim_lost");
    case Refusal::Reason::AutomaticOpen: return QStringLiteral("automatic_open");
    case Refusal::Reason::NothingToHedge: return QStringLiteral("nothing_to_hedge");
    }
    return {};
}

std::unique_ptr<JobService> JobService::open(const StoreUrl &url, const Options &options)
{
    std::unique_ptr<SqlSession> session;
    try {
        session = openSqlSession(url);
    } catch (const SqlError &e) {
        throw JobDeskError(Code::StoreUnavailable, e.message());
    }
    if (options.migrate)
        migrate(*session);
    return std::make_unique<JobService>(std::move(session), options);
}

JobService::JobService(std::unique_ptr<SqlSession> session, const Options &options)
    : d(session->dialect() == Dialect::Postgres ? makePostgresService(std::move(session), options)
                                                : makeSqliteService(std::move(session), options))
{
}

JobService::~JobService() = default;

Dialect JobService::dialect() const { return d->session->dialect(); }
SqlSession &JobService::session() { return *d->session; }

SqlRows JobService::execStatement(const char *what, const QString &sql, const SqlParams &params, bool transaction)
{
    return d->run(what, transaction, [&] { return d->session->exec(sql, params); });
}
void JobService::setClockOffsetMs(qint64 offsetMs) { d->clockOffsetMs = offsetMs; }

qint64 JobService::nowMs()
{
    return d->run("read the clock", false, [&] {
        const SqlRows r = d->session->exec(QStringLiteral("SELECT ") + d->nowSql());
        return r.first().first().toLongLong() + d->clockOffsetMs;
    });
}

} // namespace jobdesk
