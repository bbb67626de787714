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

    // PostgreSQL: the whole batch is one transaction, one commit (one WAL
    // flush) instead of one per item. Should it end early (a lost
    // connection, a retried statement rolls it back) the batch is a 503 and
    // every item may be sent again: each is keyed.
    SqlSession &session = svc.session();
    const bool oneTransaction = svc.dialect() == Dialect::Postgres;
    if (oneTransaction)
        session.begin();
    auto abandon = [&] {
        if (oneTransaction && session.inTransaction())
            session.rollback();
    };
    QJsonArray answers;
    int created = 0, replayed = 0, conflicts = 0, invalid = 0;
    try {
    for (qsizetype i = 0; i < list.size(); ++i) {
        QJsonObject answer{{QStringLiteral("index"), int(i)}};
        const QJsonObject item = list.at(i).toObject();
        const QJsonValue key = item.value(QStringLiteral("idempotency_key"));
        auto refuse = [&](const HttpResponse &problem) {
            answer.insert(QStringLiteral("outcome"), QStringLiteral("invalid"));
            answer.insert(QStringLiteral("problem"), QJsonDocument::fromJson(problem.body).object());
            ++invalid;
        };
        if (!list.at(i).isObject() || !key.isString() || item.size() != 3 || !item.contains(QStringLiteral("route"))
            || !item.contains(QStringLiteral("input"))) {
            refuse(problemResponse(ProblemType::InvalidBody,
                                   QCoreApplication::translate("ApiService", "an item is {\"idempotency_key\": \"...\", \"route\": \"...\", \"input\": {...}}")));
            answers.append(answer);
            continue;
        }
        answer.insert(QStringLiteral("idempotency_key"), key);
        // The item as the single create it stands for: the same checks and answers.
        HttpRequest one;
        one.method = "POST";
        one.path = "/v1/jobs";
        one.remoteAddress = request.remoteAddress;
        for (const auto &h : request.headers)
            if (h.first.compare("Idempotency-Key", Qt::CaseInsensitive) != 0 && h.first.compare("Content-Length", Qt::CaseInsensitive) != 0)
                one.headers.append(h);
        one.headers.append({"Idempotency-Key", key.toString().toUtf8()});
        QJsonObject body = item;
        body.remove(QStringLiteral("idempotency_key"));
        one.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
        one.headers.append({"Content-Length", QByteArray::number(one.body.size())});
        const HttpResponse r = createJob(one, svc, caller);
        const QJsonObject o = QJsonDocument::fromJson(r.body).object();
        if (r.status == 201 || r.status == 200) {
            answer.insert(QStringLiteral("outcome"), r.status == 201 ? QStringLiteral("created") : QStringLiteral("replayed"));
            answer.insert(QStringLiteral("job_id"), o.value(QStringLiteral("id")));
            ++(r.status == 201 ? created : replayed);
        } else if (r.status == 409) {
            const qint64 jobId = o.value(QStringLiteral("job_id")).toInteger();
            answer.insert(QStringLiteral("outcome"), QStringLiteral("conflict"));
            answer.insert(QStringLiteral("job_id"), jobId);
            answer.insert(QStringLiteral("submitted_fingerprint"), o.value(QStringLiteral("submitted_fingerprint")));
            if (const std::optional<Job> stored = svc.job(jobId)) {
                const HttpResponse j = getJob(svc, caller, jobId, false);
                answer.insert(QStringLiteral("job"), QJsonDocument::fromJson(j.body).object());
                QJsonArray differing;
                differences(QJsonObject{{QStringLiteral("route"), stored->route}, {QStringLiteral("input"), stored->input}}, body, QString(), &differing);
                answer.insert(QStringLiteral("differing"), differing);
            }
            ++conflicts;
        } else if (r.status >= 500) {
            abandon();
            return r; // the store is away: nothing more is tried; every item may be sent again
        } else {
            refuse(r);
        }
        answers.append(answer);
    }
    if (oneTransaction) {
        if (!session.inTransaction()) // a statement's retry rolled the batch back
            throw JobDeskError(JobDeskError::Code::StoreBusy,
                               QStringLiteral("batch: the transaction was rolled back; nothing may be assumed written, send the batch again"));
        session.commit();
    }
    } catch (...) {
        abandon();
        throw;
    }
    HttpResponse out;
    out.status = 200;
    out.contentType = "application/json";
    out.body = QJsonDocument(QJsonObject{{QStringLiteral("items"), answers},
                                         {QStringLiteral("created"), created},
                                         {QStringLiteral("replayed"), replayed},
                                         {QStringLiteral("conflicts"), conflicts},
                                         {QStringLiteral("invalid"), invalid}})
                   .toJson(QJsonDocument::Compact);
    return out;
}

} // namespace jobdesk
