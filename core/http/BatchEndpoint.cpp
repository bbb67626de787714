// POST /v1/jobs/batch: up to 1,000 keyed create intents in one request, an
// answer per item in order (created / replayed / conflict with the stored job
// and the differing fields / invalid with its problem). Each item is answered
// exactly as POST /v1/jobs would answer it alone (the same checks, the same
// rolling-deploy rule, the same idempotency events), so items are independent
// and re-sending the whole batch is safe.

#include "http/ApiService.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>

namespace jobdesk {
namespace {

constexpr int kMaxBatchItems = 1000;

QString pointerEscape(QString s) { return s.replace(u'~', QStringLiteral("~0")).replace(u'/', QStringLiteral("~1")); }

// JSON pointers to where two values differ (members missing on either side included).
void differences(const QJsonValue &a, const QJsonValue &b, const QString &at, QJsonArray *out)
{
    if (a.isObject() && b.isObject()) {
        const QJsonObject x = a.toObject(), y = b.toObject();
        QStringList keys = x.keys();
        for (const QString &k : y.keys())
            if (!x.contains(k))
                keys.append(k);
        keys.sort();
        for (const QString &k : std::as_const(keys))
            differences(x.value(k), y.value(k), at + u'/' + pointerEscape(k), out);
        return;
    }
    if (a.isArray() && b.isArray() && a.toArray().size() == b.toArray().size()) {
        const QJsonArray x = a.toArray(), y = b.toArray();
        for (qsizetype i = 0; i < x.size(); ++i)
            differences(x.at(i), y.at(i), at + u'/' + QString::number(i), out);
        return;
    }
    if (a != b)
        out->append(at.isEmpty() ? QStringLiteral("/") : at);
}

} // namespace

HttpResponse ApiService::createJobs(const HttpRequest &request, JobService &svc, const Caller &caller)
{
    if (caller.role != TokenRole::Client)
        return problemResponse(ProblemType::Forbidden,
                               QCoreApplication::translate("ApiService", "only a client token creates jobs (this one is %1)").arg(toText(caller.role)));
    if (auto p = checkJsonRequest(request, m_options.maxBodyBytes))
        return p->response();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &error);
    if (error.error != QJsonParseError::NoError)
        return problemResponse(ProblemType::MalformedJson, error.errorString());
    const QJsonObject top = doc.object();
    const QJsonValue items = top.value(QStringLiteral("items"));
    if (!doc.isObject() || top.size() != 1 || !items.isArray())
        return problemResponse(ProblemType::InvalidBody, QCoreApplication::translate("ApiService", "the body must be {\"items\": [...]} and nothing else"));
    const QJsonArray list = items.toArray();
    if (list.isEmpty() || list.size() > kMaxBatchItems)
        return problemResponse(ProblemType::InvalidBody,
                               QCoreApplication::translate("ApiService", "a batch holds 1..%1 items, this one %2").arg(kMaxBatchItems).arg(list.size()));

    // Every item is checked as POST /v1/jobs checks it, then the items to
    // submit go to the store together (JobService::submitBatch: on
    // PostgreSQL a constant number of statements, whatever the batch's
    // size), answered as the single creates would be, one after the other.
    // A store failure answers the whole batch (503): every item may be sent again.
    QList<QJsonObject> answers(list.size());
    QList<QByteArray> plain(list.size()); // an answer already written (created, replayed)
    QList<QJsonValue> itemKeys(list.size()); // the items' keys, for the other answers
    int created = 0, replayed = 0, conflicts = 0, invalid = 0;
    auto refuse = [&](qsizetype i, const HttpResponse &problem) {
        answers[i].insert(QStringLiteral("outcome"), QStringLiteral("invalid"));
        answers[i].insert(QStringLiteral("problem"), QJsonDocument::fromJson(problem.body).object());
        ++invalid;
    };
    // The item's answer from what POST /v1/jobs would have answered it
    // (counted and logged as a single create is).
    auto answer = [&](qsizetype i, const SubmitResult &r, const QJsonObject &intent) {
        countCreate(request, r);
        QJsonObject &a = answers[i];
        if (r.outcome != SubmitResult::Outcome::Conflict) {
            // Written as QJsonDocument writes it (members in key order), without building it.
            const bool isNew = r.outcome == SubmitResult::Outcome::Created;
            QByteArray &text = plain[i];
            text.reserve(96);
            text += "{\"idempotency_key\":\"";
            for (const char c : r.job.idempotencyKey.toLatin1()) { // printable ASCII (readIdempotencyKey)
                if (c == '"' || c == '\\')
                    text += '\\';
                text += c;
            }
            text += "\",\"index\":" + QByteArray::number(i) + ",\"job_id\":" + QByteArray::number(r.job.id)
                + (isNew ? ",\"outcome\":\"created\"}" : ",\"outcome\":\"replayed\"}");
            ++(isNew ? created : replayed);
            return;
        }
        const qint64 jobId = r.job.id;
        a.insert(QStringLiteral("outcome"), QStringLiteral("conflict"));
        a.insert(QStringLiteral("job_id"), jobId);
        a.insert(QStringLiteral("submitted_fingerprint"), r.submittedFingerprint);
        if (const std::optional<Job> stored = svc.job(jobId)) { // none: retention removed it (its tombstone answered)
            const HttpResponse j = getJob(svc, caller, jobId, false);
            a.insert(QStringLiteral("job"), QJsonDocument::fromJson(j.body).object());
            QJsonArray differing;
            differences(QJsonObject{{QStringLiteral("route"), stored->route}, {QStringLiteral("input"), stored->input}}, intent,
                        QString(), &differing);
            a.insert(QStringLiteral("differing"), differing);
        }
        ++conflicts;
    };
    struct Pending
    {
        qsizetype index;
        QString key;
        QJsonObject intent; // {route, input} as sent
    };
    QList<Pending> pending;
    QList<SubmitRequest> requests;
    QSet<QString> pendingKeys;
    qint64 changeSeq = 0;
    std::optional<QJsonObject> meta; // every item's: the request's client
    const auto flush = [&] {
        if (requests.isEmpty())
            return;
        const QList<BatchSubmitAnswer> results = svc.submitBatch(requests);
        for (qsizetype p = 0; p < pending.size(); ++p) {
            const BatchSubmitAnswer &b = results.at(p);
            if (b.refused) {
                refuse(pending.at(p).index, errorAnswer(*b.refused));
                continue;
            }
            changeSeq = std::max(changeSeq, b.result->job.changeSeq);
            answer(pending.at(p).index, *b.result, pending.at(p).intent);
        }
        pending.clear();
        requests.clear();
        pendingKeys.clear();
    };
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject item = list.at(i).toObject();
        const QJsonValue key = item.value(QStringLiteral("idempotency_key"));
        if (!list.at(i).isObject() || !key.isString() || item.size() != 3 || !item.contains(QStringLiteral("route"))
            || !item.contains(QStringLiteral("input"))) {
            refuse(i, problemResponse(ProblemType::InvalidBody,
                                      QCoreApplication::translate("ApiService", "an item is {\"idempotency_key\": \"...\", \"route\": \"...\", \"input\": {...}}")));
            continue;
        }
        itemKeys[i] = key;
        // The item as the single create it stands for: the same checks and
        // answers (its key as the header would carry it, its route and input
        // as the body would), with the request's client metadata.
        HttpRequest keyOnly;
        keyOnly.headers.append({"Idempotency-Key", key.toString().toUtf8()});
        QJsonObject body = item;
        body.remove(QStringLiteral("idempotency_key"));
        QString itemKey;
        CreateJobBody parsed;
        std::optional<ProblemDetail> malformed = readIdempotencyKey(keyOnly, &itemKey);
        if (!malformed)
            malformed = readCreateJobBody(body, &parsed);
        if (malformed) {
            refuse(i, malformed->response());
            continue;
        }
        if (!meta)
            meta = clientMetaOf(request, caller);
        const CheckedCreate create = checkCreate(itemKey, parsed, caller, *meta);
        if (!create.refusal) {
            pending.append(Pending{i, create.key, body});
            requests.append(create.request);
            pendingKeys.insert(create.key);
            continue;
        }
        if (!create.answersTakenKey) {
            refuse(i, *create.refusal);
            continue;
        }
        // Refused here, but a taken key is answered with its job: after the
        // items before it that take the same key, as one create after another.
        if (pendingKeys.contains(create.key))
            flush();
        if (const std::optional<SubmitResult> taken = answerTaken(svc, create)) {
            changeSeq = std::max(changeSeq, taken->job.changeSeq);
            answer(i, *taken, body);
        } else {
            refuse(i, *create.refusal);
        }
    }
    flush();
    if (m_notifier && created + replayed + conflicts > 0)
        m_notifier->poke(changeSeq); // jobs or idempotency events were written
    if (created > 0 && m_options.workQueued)
        m_options.workQueued();
    QByteArray body = "{\"conflicts\":" + QByteArray::number(conflicts) + ",\"created\":" + QByteArray::number(created)
        + ",\"invalid\":" + QByteArray::number(invalid) + ",\"items\":[";
    body.reserve(body.size() + 96 * list.size());
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (i)
            body += ',';
        if (!plain.at(i).isEmpty()) {
            body += plain.at(i);
            continue;
        }
        QJsonObject a = answers.at(i);
        a.insert(QStringLiteral("index"), int(i));
        if (itemKeys.at(i).isString())
            a.insert(QStringLiteral("idempotency_key"), itemKeys.at(i));
        body += QJsonDocument(a).toJson(QJsonDocument::Compact);
    }
    body += "],\"replayed\":" + QByteArray::number(replayed) + '}';
    HttpResponse out;
    out.status = 200;
    out.contentType = "application/json";
    out.body = std::move(body);
    return out;
}

} // namespace jobdesk
