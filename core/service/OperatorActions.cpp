// JobService's operator actions: cancel, retry, ask a provider, record a
// validation. Each is audited with its request id, answers a repeated request
// with its first answer, and is refused when the operator's view is stale.

#include "ServicePrivate.h"

namespace jobdesk {

using Code = JobDeskError::Code;

namespace {

// The request as it is written: its reason storable (storableText), its
// names refused when a store could not keep them apart.
OperatorRequest checkedOperator(const OperatorRequest &r)
{
    if (r.actor.role != Role::Operator)
        throw JobDeskError(Code::Forbidden, refusal::make("JD133", r.actor.kind, r.actor.id, toText(r.actor.role)));
    requireName(r.actor.id, "operator id");
    requireName(r.actor.kind, "actor kind");
    requireName(r.requestId, "request id");
    if (r.reason.trimmed().isEmpty())
        invalid(refusal::make("JD131"));
    if (r.reason.size() > 2000)
        invalid(refusal::make("JD132"));
    OperatorRequest out = r;
    // Trimmed here, as both stores write it: PostgreSQL's btrim() takes only
    // spaces off, SQLite's trimmed() every white space.
    out.reason = storableText(r.reason.trimmed());
    return out;
}

} // namespace

OperatorResult JobService::cancelAttempt(qint64 attemptId, const OperatorRequest &request)
{
    const OperatorRequest req = checkedOperator(request);
    return d->cancelAttempt(attemptId, req);
}

OperatorResult JobService::cancelJob(qint64 jobId, const OperatorRequest &request)
{
    const OperatorRequest req = checkedOperator(request);
    return d->cancelJob(jobId, req);
}

RetryResult JobService::retry(qint64 jobId, const QString &provider, const OperatorRequest &request, bool providerNamed)
{
    const OperatorRequest req = checkedOperator(request);
    requireName(provider, "provider");
    return d->retry(jobId, provider, req, providerNamed);
}

OperatorResult JobService::requestLookup(qint64 attemptId, const OperatorRequest &request)
{
    const OperatorRequest req = checkedOperator(request);
    return d->requestLookup(attemptId, req);
}

OperatorResult JobService::recordOperatorValidation(const ValidationRecord &v, const OperatorRequest &request)
{
    const OperatorRequest req = checkedOperator(request);
    if (v.provider.isEmpty() || v.route.isEmpty() || v.configHash.size() != 64 || v.expiresAtMs < v.validatedAtMs)
        invalid(refusal::make("JD230"));
    requireName(v.provider, "provider");
    requireName(v.route, "route");
    requireName(v.configHash, "config hash");
    const qint64 validFor = v.expiresAtMs - v.validatedAtMs;
    const QJsonObject report = storableJson(v.report); // the provider's words: recorded, never refused
    return d->recordValidation(v, report, validFor, req);
}

} // namespace jobdesk
