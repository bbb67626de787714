// JobService::submitBatch: many creates answered as submit() answers each in
// turn, in a constant number of statements on PostgreSQL (DESIGN.md, "Hot
// paths"): the keys' tombstones, one INSERT of every new key, and one
// statement that records and answers every taken key. SQLite is in-process,
// where a statement costs no round trip: there each request is a submit().

#include "JobService.h"
#include "Intent.h"

#include "Rows.h"
#include "ServicePrivate.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace jobdesk {
namespace {

// The keys' tombstones (retention removed their jobs): those items are
// answered from them, as submit() answers them (it writes no event).
// Columns: owner, key, job_id, fingerprint, route, final_state, created_at_ms, removed_at_ms.
const QString kBatchTombstonesSql = QStringLiteral(
    "SELECT t.owner_id::text, t.idempotency_key::text, t.job_id, t.fingerprint::text, t.route::text, t.final_state::text,"
    " t.created_at_ms, t.removed_at_ms"
    " FROM unnest($1::text[], $2::text[]) AS k(owner, key)"
    " JOIN key_tombstones t ON t.owner_id = k.owner AND t.idempotency_key = k.key");

// Every new key of the batch in one statement (submit's submit_insert.sql, set
// by set). Inserted in key order, so two batches that share keys take the
// keys' index entries in one order and never deadlock. A key that is taken
// (or taken meanwhile: the insert waits for the taking one to commit) comes
// back as no row. Columns: owner, key, id, change_seq, created_at_ms.
const QString kBatchInsertSql = QStringLiteral(
    "INSERT INTO jobs AS t (owner_id, idempotency_key, fingerprint, route, input, max_parallel, max_attempts,"
    " client_meta, created_at_ms, updated_at_ms)"
    " SELECT k.owner, k.key, k.fp, k.route, k.input::jsonb, k.mp, k.ma, k.meta::jsonb, n.ms, n.ms"
    " FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[], $8::integer[])"
    " AS k(owner, key, fp, route, input, meta, mp, ma), jd_now_ms() AS n(ms)"
    " ORDER BY k.key COLLATE \"C\", k.owner COLLATE \"C\""
    " ON CONFLICT (owner_id, idempotency_key) DO NOTHING"
    " RETURNING t.owner_id::text, t.idempotency_key::text, t.id, t.change_seq, t.created_at_ms");

// The taken keys, in item order: each one's replay or conflict event, written
// as submit's replay statement (submit_replay.sql) writes it, and its answer.
// A new statement after the insert, so its snapshot sees every job the insert
// found taken (DESIGN.md's trap). Commits as the session does (a batch mixes
// replays with conflicts, whose records must not be lost). Columns: ord,
// outcome, then rows::kJobColumns (the input only for a conflict).
const QString kBatchReplaySql = QStringLiteral(
    "WITH k AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[])"
    " AS k(owner, key, fp, route, input, meta, ord)), "
    "ev AS ("
    " INSERT INTO idempotency_events (kind, owner_id, idempotency_key, job_id, fingerprint, existing_fingerprint,"
    " rejected_intent, client_meta, at_ms)"
    " SELECT CASE WHEN t.fingerprint = k.fp THEN 'replayed' ELSE 'conflict' END::idempotency_event_kind, k.owner, k.key,"
    " t.id, k.fp, t.fingerprint,"
    " CASE WHEN t.fingerprint <> k.fp THEN jsonb_build_object('route', k.route, 'input', k.input::jsonb) END, k.meta::jsonb,"
    " jd_now_ms()"
    " FROM k JOIN jobs t ON t.owner_id = k.owner AND t.idempotency_key = k.key ORDER BY k.ord) "
    "SELECT k.ord, CASE WHEN t.fingerprint = k.fp THEN 'replayed' ELSE 'conflict' END, t.id, t.owner_id::text,"
    " t.idempotency_key::text, t.fingerprint::text, t.route::text, CASE WHEN t.fingerprint <> k.fp THEN t.input END,"
    " t.state, t.version::bigint, t.change_seq, t.max_parallel::integer, t.max_attempts::integer, t.completed_by, t.result,"
    " t.client_meta, t.state_reason, t.created_at_ms, t.updated_at_ms"
    " FROM k JOIN jobs t ON t.owner_id = k.owner AND t.idempotency_key = k.key ORDER BY k.ord");

// A PostgreSQL array literal of texts ({"a","b \"c\""} holds a and b "c"), in UTF-8;
// the texts were checked storable (no NUL) by checkIntent.
class TextArray
{
public:
    explicit TextArray(qsizetype n) { m_out.reserve(64 * n + 2); }
    void append(QByteArrayView utf8)
    {
        m_out += m_out.isEmpty() ? "{\"" : ",\"";
        if (utf8.indexOf('"') < 0 && utf8.indexOf('\\') < 0) {
            m_out += utf8;
        } else {
            for (const char c : utf8) {
                if (c == '"' || c == '\\')
                    m_out += '\\';
                m_out += c;
            }
        }
        m_out += '"';
    }
    void append(const QString &text) { append(QByteArrayView(text.toUtf8())); }
    QByteArray literal() const { return m_out.isEmpty() ? QByteArray("{}") : m_out + '}'; }

private:
    QByteArray m_out;
};

QByteArray intArray(const QList<int> &values)
{
    QByteArray out = "{";
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i)
            out += ',';
        out += QByteArray::number(values.at(i));
    }
    return out + '}';
}

using OwnerKey = QPair<QString, QString>;

// An item whose request passed checkIntent.
struct Checked
{
    int index = 0; // in the batch
    CheckedIntent intent;
};

} // namespace

QList<BatchSubmitAnswer> JobService::submitBatch(const QList<SubmitRequest> &requests)
{
    QList<BatchSubmitAnswer> answers(requests.size());
    QList<Checked> valid;
    // The requests of one HTTP batch share their client metadata: once it
    // passed every rule, the next request with the same metadata is checked
    // without it (its rules come last in checkIntent, so the first broken
    // rule is the same) and given its text, instead of writing it again.
    std::optional<QJsonObject> passedMeta;
    QString passedMetaText;
    for (int i = 0; i < requests.size(); ++i) {
        try {
            const SubmitRequest &r = requests.at(i);
            if (passedMeta && r.clientMeta == *passedMeta) {
                SubmitRequest withoutMeta = r;
                withoutMeta.clientMeta = QJsonObject();
                CheckedIntent intent = checkIntent(withoutMeta);
                intent.meta = passedMetaText;
                valid.append(Checked{i, std::move(intent)});
                continue;
            }
            valid.append(Checked{i, checkIntent(r)});
            passedMeta = r.clientMeta;
            passedMetaText = valid.last().intent.meta;
        } catch (const JobDeskError &e) {
            if (e.code() != JobDeskError::Code::InvalidArgument)
                throw;
            answers[i].refused = e;
        }
    }
    // Each request in turn, as submit() answers it: SQLite, and PostgreSQL's
    // way out of a race with retention.
    const auto oneByOne = [&](const QList<int> &indexes) {
        for (const int i : indexes)
            answers[i].result = submit(requests.at(i));
    };
    if (valid.isEmpty())
        return answers;
    if (dialect() != Dialect::Postgres) {
        QList<int> all;
        for (const Checked &c : std::as_const(valid))
            all.append(c.index);
        oneByOne(all);
        return answers;
    }

    // 1. Tombstoned keys are answered from their tombstones (no job may be
    // created under them: the insert would be refused whole).
    QSet<OwnerKey> distinct;
    TextArray owners(valid.size()), keys(valid.size());
    for (const Checked &c : std::as_const(valid)) {
        const SubmitRequest &r = requests.at(c.index);
        if (!distinct.contains({r.ownerId, r.idempotencyKey})) {
            distinct.insert({r.ownerId, r.idempotencyKey});
            owners.append(r.ownerId);
            keys.append(r.idempotencyKey);
        }
    }
    QHash<OwnerKey, SqlRow> tombstones;
    for (const SqlRow &row : execStatement("submit", kBatchTombstonesSql, {owners.literal(), keys.literal()}))
        tombstones.insert({row.at(0).toString(), row.at(1).toString()}, row);

    // 2. One insert of each live key's first request; a later request with
    // the same key is answered by step 3, against the job the first one
    // created or found, as a submit after it would be.
    QList<const Checked *> insert, taken;
    QSet<OwnerKey> first;
    for (const Checked &c : std::as_const(valid)) {
        const SubmitRequest &r = requests.at(c.index);
        const OwnerKey k{r.ownerId, r.idempotencyKey};
        if (const auto t = tombstones.constFind(k); t != tombstones.constEnd())
            answers[c.index].result = tombstoneAnswer(*t, 2, r, c.intent.fingerprint);
        else if (first.contains(k))
            taken.append(&c);
        else {
            first.insert(k);
            insert.append(&c);
        }
    }
    if (!insert.isEmpty()) {
        const qsizetype n = insert.size();
        TextArray o(n), k(n), fp(n), route(n), input(n), meta(n);
        QList<int> mp, ma;
        for (const Checked *c : std::as_const(insert)) {
            const SubmitRequest &r = requests.at(c->index);
            o.append(r.ownerId);
            k.append(r.idempotencyKey);
            fp.append(c->intent.fingerprint);
            route.append(r.route);
            input.append(QByteArrayView(c->intent.canonicalInput));
            meta.append(c->intent.meta);
            mp.append(r.maxParallel);
            ma.append(r.maxAttempts);
        }
        SqlRows created;
        try {
            created = execStatement("submit", kBatchInsertSql,
                                    {o.literal(), k.literal(), fp.literal(), route.literal(), input.literal(), meta.literal(),
                                     intArray(mp), intArray(ma)});
        } catch (const TombstonedKey &) {
            // Retention tombstoned a key since step 1 (JD050 aborted the whole
            // insert): nothing was written, every request goes as a submit.
            QList<int> all;
            for (const Checked &c : std::as_const(valid))
                all.append(c.index);
            oneByOne(all);
            return answers;
        }
        QHash<OwnerKey, const SqlRow *> byKey;
        for (const SqlRow &row : std::as_const(created))
            byKey.insert({row.at(0).toString(), row.at(1).toString()}, &row);
        for (const Checked *c : std::as_const(insert)) {
            const SubmitRequest &r = requests.at(c->index);
            const SqlRow *row = byKey.value({r.ownerId, r.idempotencyKey});
            if (!row) {
                taken.append(c);
                continue;
            }
            // The row is what was sent, stamped with what the database chose (submit's createdJob).
            Job j;
            j.id = row->at(2).toLongLong();
            j.ownerId = r.ownerId;
            j.idempotencyKey = r.idempotencyKey;
            j.fingerprint = c->intent.fingerprint;
            j.route = r.route;
            j.input = r.input;
            j.state = JobState::Queued;
            j.changeSeq = row->at(3).toLongLong();
            j.maxParallel = r.maxParallel;
            j.maxAttempts = r.maxAttempts;
            j.clientMeta = r.clientMeta;
            j.createdAtMs = row->at(4).toLongLong();
            j.updatedAtMs = j.createdAtMs;
            answers[c->index].result = SubmitResult{SubmitResult::Outcome::Created, j, c->intent.fingerprint, std::nullopt};
        }
    }
    if (taken.isEmpty())
        return answers;

    // 3. The taken keys, in item order: one statement records every replay
    // and conflict and answers them.
    std::sort(taken.begin(), taken.end(), [](const Checked *a, const Checked *b) { return a->index < b->index; });
    const qsizetype n = taken.size();
    TextArray o(n), k(n), fp(n), route(n), input(n), meta(n);
    QList<int> ord;
    for (const Checked *c : std::as_const(taken)) {
        const SubmitRequest &r = requests.at(c->index);
        o.append(r.ownerId);
        k.append(r.idempotencyKey);
        fp.append(c->intent.fingerprint);
        route.append(r.route);
        input.append(QByteArrayView(c->intent.canonicalInput));
        meta.append(c->intent.meta);
        ord.append(c->index);
    }
    QHash<int, QString> fingerprintOf;
    for (const Checked *c : std::as_const(taken))
        fingerprintOf.insert(c->index, c->intent.fingerprint);
    const SqlRows replayed = execStatement("submit", kBatchReplaySql,
                                           {o.literal(), k.literal(), fp.literal(), route.literal(), input.literal(), meta.literal(),
                                            intArray(ord)});
    for (const SqlRow &row : replayed) {
        const int i = row.at(0).toInt();
        const SubmitRequest &r = requests.at(i);
        const QString submitted = fingerprintOf.value(i);
        if (row.at(1).toString() == QLatin1String("replayed")) {
            SubmitResult out{SubmitResult::Outcome::Replayed, rows::job(row, 2), submitted, std::nullopt};
            out.job.input = r.input; // the same intent: the input is the one sent
            answers[i].result = out;
        } else {
            answers[i].result = SubmitResult{SubmitResult::Outcome::Conflict, rows::job(row, 2), submitted, std::nullopt};
        }
    }
    // A taken key whose job is gone by now (retention removed it since the
    // insert): a submit answers it from its tombstone.
    QList<int> gone;
    for (const Checked *c : std::as_const(taken))
        if (!answers[c->index].result)
            gone.append(c->index);
    oneByOne(gone);
    return answers;
}

} // namespace jobdesk
