#pragma once

// Column lists and row readers shared by every query, so that both stores and
// the PostgreSQL functions return records in one shape.

#include "domain/Domain.h"
#include "store/SqlSession.h"

namespace jobdesk::rows {

inline constexpr auto kJobColumns =
    "id, owner_id, idempotency_key, fingerprint, route, input, state, version, change_seq, max_parallel, "
    "max_attempts, completed_by, result, client_meta, state_reason, created_at_ms, updated_at_ms";

inline constexpr auto kAttemptColumns =
    "id, job_id, attempt_no, provider, state, kind, read_version, worker_id, lease_expires_at_ms, "
    "deadline_at_ms, created_at_ms, updated_at_ms, change_seq, result_digest, last_reason, provider_key, "
    "last_lookup_at_ms";

// The same list with a table alias: "j.id, j.owner_id, ...".
QString qualified(const char *columns, const QString &alias);

Job job(const SqlRow &row, int offset = 0);
Attempt attempt(const SqlRow &row, int offset = 0);
AttemptEvent attemptEvent(const SqlRow &row);
RaceLoss raceLoss(const SqlRow &row);
IdempotencyEvent idempotencyEvent(const SqlRow &row);
AuditEntry auditEntry(const SqlRow &row);

inline constexpr auto kAttemptEventColumns =
    "id, attempt_id, job_id, from_state, to_state, actor_kind, actor_id, reason, at_ms";
inline constexpr auto kRaceLossColumns =
    "id, attempt_id, job_id, expected_version, found_version, winner_attempt_id, payload_digest, at_ms";
inline constexpr auto kIdempotencyEventColumns =
    "id, kind, owner_id, idempotency_key, job_id, fingerprint, existing_fingerprint, rejected_intent, client_meta, at_ms";
inline constexpr auto kAuditColumns =
    "id, request_id, action, actor_kind, actor_id, actor_role, job_id, attempt_id, reason, response, at_ms, db_user";

std::optional<qint64> optInt(const QVariant &v);
QJsonObject jsonObject(const QVariant &v);

} // namespace jobdesk::rows
