// The reconciler thread: asks providers about unknown attempts (and late
// results of cancelled and failed ones), bounded per pass
// (core/dispatch/README.md, "Who owns what").

#include "Dispatcher.h"
#include "DispatcherInternal.h"

#include "Logging.h"
#include "domain/CanonicalJson.h"
#include "provider/OutputCheck.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace jobdesk {

// A lookup claim outlasts the lookup's deadline by this much.
static constexpr qint64 kLookupClaimMarginMs = 2000;

void Dispatcher::reconcilerLoop()
{
    std::unique_ptr<JobService> svc;
    while (!m_stopping) {
        try {
            if (!svc)
                svc = JobService::open(m_url);
            reconcileOnce(*svc);
        } catch (const std::exception &e) {
            qCWarning(lcDispatch) << "reconciler error:" << e.what();
            svc.reset();
        }
        waitIdle(m_options.reconcileEveryMs);
    }
}

int Dispatcher::reconcileOnce(JobService &svc)
{
    const Actor actor = Actor::reconciler(m_options.workerId);
    const QString lookupBy = m_options.workerId + QStringLiteral("/reconciler");
    const QStringList lookupProviders = providersWithStatusLookup();
    if (lookupProviders.isEmpty())
        return 0;
    // Every attempt of these providers is asked about, wherever its request
    // went: a result is a result wherever the provider is reached now, even
    // for an attempt sent to another spelling of the endpoint
    // (tst_reconciler::aPaidResultIsCollectedWhereverTheProviderIsReachedNow).
    // Only the endpoint it went to can say it never processed it: see below.
    const auto passStarts = Clock::now();
    const auto passEnds = passStarts + std::chrono::milliseconds(m_options.reconcileBudgetMs);
    // The undecided jobs' attempts get two thirds of the pass at most, so a
    // status endpoint that hangs on them cannot starve the late results of
    // cancelled attempts and decided jobs, which are not asked again after
    // the lookback
    // (tst_at_most_once::aHangingLookupDoesNotStarveTheLateResultsOfCancelledAttempts).
    int resolved = 0;
    // Unknown attempts of undecided jobs first (they block their job): those
    // an operator asked about ("ask the provider now") first, then least
    // recently asked first so none starves; then those of decided jobs and
    // cancelled ones that may have reached their provider: a late result for
    // them goes through the CAS and is recorded as a race loss.
    QList<Attempt> candidates = svc.unknownAttemptsToReconcile(m_options.reconcileBatch, lookupProviders, false);
    const qsizetype undecided = candidates.size();
    QSet<qint64> offered; // each attempt asked about once a pass (a requested one of a decided job comes in both lists)
    for (const Attempt &a : std::as_const(candidates))
        offered.insert(a.id);
    const auto offer = [&](const Attempt &a) {
        if (!offered.contains(a.id)) {
            offered.insert(a.id);
            candidates.append(a);
        }
    };
    if (candidates.size() < m_options.reconcileBatch)
        for (const Attempt &a : svc.unknownAttemptsToReconcile(m_options.reconcileBatch - static_cast<int>(candidates.size()),
                                                               lookupProviders, true))
            offer(a);
    for (const Attempt &a : svc.closedAttemptsToReconcile(svc.nowMs() - m_options.cancelledLookbackMs, 20, lookupProviders))
        offer(a);
    // Two thirds of what the list queries left of the pass, at least 1 ms.
    const auto afterQueries = Clock::now();
    const auto undecidedEnds =
        afterQueries + std::max(std::chrono::milliseconds(1),
                                std::chrono::duration_cast<std::chrono::milliseconds>(passEnds - afterQueries) * 2 / 3);
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const Attempt &a = candidates.at(i);
        const qint64 left =
            std::chrono::duration_cast<std::chrono::milliseconds>((i < undecided ? undecidedEnds : passEnds) - Clock::now()).count();
        if (m_stopping)
            break;
        if (left <= 0) {
            if (i < undecided) { // on to the rest of the pass
                i = undecided - 1;
                continue;
            }
            break;
        }
        const auto client = m_providers->client(a.provider);
        if (!client || !client->supportsStatusLookup())
            continue;
        // A lookup is a request to the provider: it waits out a Retry-After
        // and takes a place under the provider's limits like a send
        // (tst_lookup_pacing::lookupsCountAgainstTheProvidersLimits).
        if (notBefore(a.provider) > svc.nowMs())
            continue;
        qint64 retryIn = 0;
        const std::shared_ptr<GateSlot> slot = takeSlot(a.provider, &retryIn);
        if (!slot)
            continue;
        slot->sent = true; // a lookup's start counts against max_requests_per_s, asked or not
        // Claimed in the store before the question goes out, so no other
        // reconciler asks about it at the same time, and paced: the next
        // lookup is due only after a backoff that doubles with each one
        // (tst_lookup_pacing::twoServersNeverAskAboutOneAttemptAtOnce).
        const qint64 lookupMs = std::min(m_options.lookupDeadlineMs, std::max<qint64>(left, 100));
        if (svc.claimLookups(lookupBy, {a.id}, lookupMs + kLookupClaimMarginMs, m_options.lookupBackoffMinMs,
                             std::max(m_options.lookupBackoffMinMs, m_options.lookupBackoffMaxMs))
                .isEmpty())
            continue;
        struct ReleaseLookup
        {
            JobService &svc;
            qint64 id;
            const QString &by;
            ~ReleaseLookup()
            {
                try {
                    svc.releaseLookup(id, by);
                } catch (const std::exception &) {
                    // the claim expires by itself
                }
            }
        } releaseLookup{svc, a.id, lookupBy};
        // Read before the question goes out: an operator's request that arrives
        // while it is out stays outstanding (the answer is older than it).
        std::optional<qint64> askedAt;
        if (a.state == AttemptState::Unknown) {
            try {
                askedAt = svc.nowMs();
            } catch (const JobDeskError &) {
                // recorded as asked now, as before
            }
        }
        const StatusLookup status = client->lookup(a.providerKey, lookupMs);
        qCDebug(lcDispatch) << "reconcile" << a.id << a.providerKey << toText(a.state) << "->" << toText(status.kind) << status.reason;
        try {
            // "Never processed" is conclusive only once no copy of the request
            // can still arrive: asked well after the lease within which its
            // sender could send. An attempt without a lease (a row from a
            // sender that knew no send-by) counts from when it went unknown.
            const qint64 conclusiveFrom = a.leaseExpiresAtMs.value_or(a.updatedAtMs) + m_options.neverProcessedGraceMs;
            const bool neverProcessed = status.kind == StatusLookup::Kind::NeverProcessed;
            // Only the endpoint the request went to can say it never
            // processed it: after a rolling deploy that moved the provider, a
            // new endpoint that never saw the key must not send the job to
            // the fallback while the old one still works on it
            // (tst_reconciler::anEndpointTheRequestNeverWentToCannotSettleItWithANoRecord).
            // An attempt that records another endpoint, or none (an older
            // row, or marked running without an endpoint by an embedding
            // caller), is not settled by this endpoint's "no record": an
            // instance that has the provider there, or an operator, decides
            // (tst_reconciler::anAttemptThatDoesNotRecordWhereItWentIsNotFailedOnANoRecord).
            const QString here = m_config.provider(a.provider)->endpoint();
            const std::optional<QString> sentTo =
                neverProcessed && a.state == AttemptState::Unknown ? svc.attemptSentTo(a.id) : std::nullopt;
            const bool whereKnown = sentTo && *sentTo == here;
            const bool conclusive = neverProcessed && whereKnown && askedAt && *askedAt >= conclusiveFrom;
            if (a.state == AttemptState::Unknown) {
                // What the operator's unknown queue shows when the answer did not settle it.
                std::optional<LookupAnswer> answer;
                QString detail = status.reason;
                if (neverProcessed && !sentTo) {
                    answer = LookupAnswer::NeverProcessed;
                    detail = QStringLiteral("the provider at %1 has no record of key %2, but the attempt does not record where its "
                                            "request went (sent by an older JobDesk, which may have had %3 elsewhere): "
                                            "that settles nothing; an operator decides")
                                 .arg(here, a.providerKey, a.provider);
                } else if (neverProcessed && !whereKnown) {
                    answer = LookupAnswer::NeverProcessed;
                    detail = QStringLiteral("the provider at %1 has no record of key %2, but the request went to %3: only that "
                                            "endpoint's \"no record\" settles it; an instance that has %4 there, or an operator, "
                                            "decides")
                                 .arg(here, a.providerKey, *sentTo, a.provider);
                } else if (neverProcessed && !conclusive) {
                    answer = LookupAnswer::NeverProcessed;
                    detail = QStringLiteral("the provider has no record of key %1; that is conclusive from %2 UTC, %3 s after "
                                            "the attempt's lease ended, when no copy of the request can still arrive")
                                 .arg(a.providerKey, QDateTime::fromMSecsSinceEpoch(conclusiveFrom, Qt::UTC).toString(Qt::ISODate),
                                      QString::number(m_options.neverProcessedGraceMs / 1000.0));
                } else if (status.kind == StatusLookup::Kind::InProgress) {
                    answer = LookupAnswer::InProgress;
                } else if (status.kind == StatusLookup::Kind::Unknown) {
                    answer = LookupAnswer::NoAnswer;
                }
                svc.recordLookup(a.id, askedAt, answer, detail, /*askedWhereItWent*/ !neverProcessed || whereKnown);
            } else if (a.state == AttemptState::Cancelled || a.state == AttemptState::Failed) {
                svc.recordLookup(a.id); // least recently asked first next time (closedAttemptsToReconcile)
                // A failed attempt its provider is still working on: it was
                // failed on a "no record" or "never sent" that was wrong, and
                // its job may have gone to another provider meanwhile. Its late
                // result, if it comes, is kept as a race loss; this is the
                // first sign, for whoever watches the logs (once per attempt:
                // it is asked about again at every pass for an hour).
                const bool report = a.state == AttemptState::Failed && status.kind == StatusLookup::Kind::InProgress && [&] {
                    std::lock_guard lock(m_reportedMutex);
                    if (m_reportedStillWorking.contains(a.id))
                        return false;
                    if (m_reportedStillWorking.size() >= 100000)
                        m_reportedStillWorking.clear(); // bounded; at worst one is reported again
                    m_reportedStillWorking.insert(a.id);
                    return true;
                }();
                if (report)
                    qCCritical(lcDispatch).noquote()
                        << QStringLiteral("attempt %1 of job %2 was failed (%3), but %4 says it is still working on key %5: "
                                          "the job's intent may be running at two providers")
                               .arg(a.id)
                               .arg(a.jobId)
                               .arg(a.lastReason, a.provider, a.providerKey);
            }
            if (status.kind == StatusLookup::Kind::Completed) {
                const auto job = svc.job(a.jobId);
                // The result is checked against the contract its request was
                // built under, so a routes file changed meanwhile neither
                // fails a paid result that met it (sending the job on to its
                // next provider) nor passes one that broke it
                // (tst_reconciler::aLateResultIsCheckedAgainstTheContractItWasSentUnder).
                // One this JobDesk cannot read as a whole is checked by its
                // output rules as recorded; only rules it cannot read either
                // are left for an instance that can.
                std::optional<Route> sentUnder;
                bool unreadable = false;
                if (const std::optional<NamedConfig> c = svc.attemptContract(a.id)) {
                    try {
                        sentUnder = Route::fromJson(c->config);
                    } catch (const JobDeskError &) {
                        // A route this JobDesk does not read as a whole (a
                        // newer JobDesk's key, an embedding caller's route the
                        // file reader would refuse): the result is checked
                        // against the parts the check reads, as recorded,
                        // rather than waiting for an operator's cancel to
                        // throw the paid result away
                        // (tst_reconciler::aContractWithKeysThisVersionDoesNotKnowStillChecksALateResult).
                        QJsonObject rules{{QStringLiteral("name"), c->name},
                                          {QStringLiteral("prompt_template"), QStringLiteral("(as recorded)")},
                                          {QStringLiteral("provider_chain"), QJsonArray{a.provider}}};
                        for (const char *key : {"output_schema", "required_fields", "allowed_values"})
                            if (c->config.contains(QLatin1String(key)))
                                rules.insert(QLatin1String(key), c->config.value(QLatin1String(key)));
                        try {
                            sentUnder = Route::fromJson(rules);
                        } catch (const JobDeskError &e) {
                            unreadable = true;
                            qCWarning(lcDispatch) << "attempt" << a.id << "of job" << a.jobId << "completed at" << a.provider
                                                  << "but the output rules of route" << c->name << "it was sent under are"
                                                  << "unreadable here:" << e.message() << "; left for an instance that can read them";
                        }
                    }
                }
                if (unreadable)
                    continue;
                const Route *route = sentUnder ? &*sentUnder : job ? m_config.route(job->route) : nullptr;
                // An attempt that records no contract (an older row) on a
                // route this instance's routes file lacks: the result is
                // checked against the contract last recorded for the route in
                // the store, rather than skipped at every pass until an
                // operator's cancel throws it away.
                std::optional<Route> recorded;
                if (!route && job) {
                    for (const NamedConfig &c : svc.routes())
                        if (c.name == job->route) {
                            try {
                                recorded = Route::fromJson(c.config);
                            } catch (const JobDeskError &e) {
                                qCWarning(lcDispatch) << "route" << job->route << "as recorded is unreadable:" << e.message();
                            }
                        }
                    if (recorded)
                        route = &*recorded;
                }
                if (!route) {
                    qCWarning(lcDispatch) << "attempt" << a.id << "of job" << a.jobId << "completed at" << a.provider
                                          << "but its route" << (job ? job->route : QString()) << "has no contract here or in the "
                                          << "store to check the result against: left for an instance that knows the route";
                    continue;
                }
                // A late result that breaks the contract, or that the store
                // refuses (over 1 MiB), fails an unknown attempt with its
                // digest; for a cancelled one, the digest is its race loss.
                const OutputCheck check = checkOutput(*route, status.content);
                if (check.ok) {
                    const QByteArray asIs = status.content.trimmed();
                    const QJsonDocument doc = QJsonDocument::fromJson(asIs);
                    const QByteArray payload = doc.isObject() && doc.object() == check.output && isStrictJson(asIs)
                                                   ? asIs
                                                   : QJsonDocument(check.output).toJson(QJsonDocument::Compact);
                    try {
                        svc.complete(a.id, payload, actor);
                    } catch (const JobDeskError &e) {
                        if (e.code() != JobDeskError::Code::InvalidArgument)
                            throw;
                        svc.fail(a.id, actor, QStringLiteral("invalid output: the store refused the late result: ") + e.message(),
                                 sha256Hex(payload));
                    }
                } else {
                    svc.fail(a.id, actor, QStringLiteral("invalid output: the late output broke the contract: ") + check.reason,
                             sha256Hex(status.content));
                }
                ++resolved;
            } else if (neverProcessed && a.state == AttemptState::Unknown) {
                if (!conclusive) {
                    qCDebug(lcDispatch) << "reconcile" << a.id << "never processed, not yet conclusive: asked"
                                        << (askedAt ? conclusiveFrom - *askedAt : -1) << "ms too early";
                    continue;
                }
                svc.fail(a.id, actor, QStringLiteral("the provider reports it never processed key %1").arg(a.providerKey), {},
                         /*providerDidNothing*/ true);
                ++resolved;
            }
        } catch (const JobDeskError &e) {
            qCWarning(lcDispatch) << "reconcile" << a.id << e.message();
        }
    }
    m_stats.reconciled += resolved;
    return resolved;
}

} // namespace jobdesk
