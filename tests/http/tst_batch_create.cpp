// POST /v1/jobs/batch over real HTTP on both stores: an answer per item, in
// order (created, replayed, conflict with the stored job and the differing
// fields, invalid with its problem); items independent; the whole batch sent
// again creates nothing; a batch over 1,000 items is refused whole. And the
// OpenAPI document the server serves.

#include "HttpTestSupport.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

QJsonObject item(const QString &key, const QJsonObject &input, const QString &route = QStringLiteral("summarize"))
{
    return {{QStringLiteral("idempotency_key"), key}, {QStringLiteral("route"), route}, {QStringLiteral("input"), input}};
}

HttpReply postBatch(quint16 port, const QString &token, const QJsonArray &items, const HttpHeaders &extra = {})
{
    HttpHeaders h = jsonHeaders(token, QByteArray());
    h.append(extra);
    return httpCall(port, requestBytes("POST", "/v1/jobs/batch", h,
                                       QJsonDocument(QJsonObject{{QStringLiteral("items"), items}}).toJson(QJsonDocument::Compact)),
                    60000);
}

// A single create's answer as the batch answers it, with the job named by
// its key (the batch's answer and the single creates' run for two owners).
QJsonObject asBatchAnswer(JobService &svc, const HttpReply &r, const QJsonObject &item)
{
    const QJsonObject o = r.json();
    auto keyOf = [&](const QJsonValue &id) {
        const std::optional<Job> j = svc.job(id.toInteger());
        return j ? j->idempotencyKey : QStringLiteral("?");
    };
    if (r.status == 201 || r.status == 200)
        return {{QStringLiteral("outcome"), r.status == 201 ? QStringLiteral("created") : QStringLiteral("replayed")},
                {QStringLiteral("job"), keyOf(o.value(QStringLiteral("id")))}};
    if (r.status == 409) {
        const std::optional<Job> stored = svc.job(o.value(QStringLiteral("job_id")).toInteger());
        return {{QStringLiteral("outcome"), QStringLiteral("conflict")}, {QStringLiteral("job"), keyOf(o.value(QStringLiteral("job_id")))},
                {QStringLiteral("submitted_fingerprint"), o.value(QStringLiteral("submitted_fingerprint"))},
                {QStringLiteral("stored_intent"), QJsonObject{{QStringLiteral("route"), stored->route}, {QStringLiteral("input"), stored->input}}},
                {QStringLiteral("sent"), item}};
    }
    return {{QStringLiteral("outcome"), QStringLiteral("invalid")}, {QStringLiteral("problem"), o}};
}

QJsonObject comparable(JobService &svc, const QJsonObject &answer, const QJsonObject &item)
{
    QJsonObject out{{QStringLiteral("outcome"), answer.value(QStringLiteral("outcome"))}};
    const QString outcome = answer.value(QStringLiteral("outcome")).toString();
    if (outcome == QLatin1String("invalid")) {
        out.insert(QStringLiteral("problem"), answer.value(QStringLiteral("problem")));
        return out;
    }
    const std::optional<Job> j = svc.job(answer.value(QStringLiteral("job_id")).toInteger());
    out.insert(QStringLiteral("job"), j ? j->idempotencyKey : QStringLiteral("?"));
    if (outcome == QLatin1String("conflict")) {
        out.insert(QStringLiteral("submitted_fingerprint"), answer.value(QStringLiteral("submitted_fingerprint")));
        const QJsonObject stored = answer.value(QStringLiteral("job")).toObject();
        out.insert(QStringLiteral("stored_intent"),
                   QJsonObject{{QStringLiteral("route"), stored.value(QStringLiteral("route"))}, {QStringLiteral("input"), stored.value(QStringLiteral("input"))}});
        out.insert(QStringLiteral("sent"), item);
    }
    return out;
}

// An owner's idempotency events, oldest first, without what differs between
// two owners' tokens and jobs.
QStringList eventsOf(JobService &svc, const QString &owner)
{
    QStringList out;
    const QList<IdempotencyEvent> events = svc.idempotencyEvents(std::nullopt, 1000);
    for (auto it = events.crbegin(); it != events.crend(); ++it) {
        if (it->ownerId != owner)
            continue;
        QJsonObject meta = it->clientMeta;
        meta.remove(QStringLiteral("token_id"));
        out << QStringLiteral("%1 %2 job[%3] %4 %5 %6 %7")
                   .arg(it->kind == IdempotencyEvent::Kind::Replayed ? QStringLiteral("replayed") : QStringLiteral("conflict"),
                        it->idempotencyKey, svc.job(it->jobId)->idempotencyKey, it->fingerprint, it->existingFingerprint,
                        QString::fromUtf8(QJsonDocument(it->rejectedIntent).toJson(QJsonDocument::Compact)),
                        QString::fromUtf8(QJsonDocument(meta).toJson(QJsonDocument::Compact)));
    }
    return out;
}

} // namespace

class TestBatchCreate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    void aBatchAnswersEveryItemInOrderEachOnItsOwn()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const HttpReply a = postJob(env->port, env->client, "k-replay", textInput(QStringLiteral("same")));
        const HttpReply b = postJob(env->port, env->client, "k-conflict", textInput(QStringLiteral("first")));
        QCOMPARE(a.status, 201);
        QCOMPARE(b.status, 201);
        QJsonArray items{item(QStringLiteral("k-new"), textInput(QStringLiteral("new"))),
                         item(QStringLiteral("k-replay"), textInput(QStringLiteral("same"))),
                         item(QStringLiteral("k-conflict"), textInput(QStringLiteral("second"))),
                         QJsonObject{{QStringLiteral("idempotency_key"), QStringLiteral("k-no-input")}, {QStringLiteral("route"), QStringLiteral("summarize")}},
                         item(QString(256, u'x'), textInput(QStringLiteral("long key"))),
                         item(QStringLiteral("k-route"), textInput(QStringLiteral("x")), QStringLiteral("no-such-route")),
                         item(QStringLiteral("k-schema"), textInput(QString())),
                         item(QStringLiteral("k-new"), textInput(QStringLiteral("new")))};
        const HttpReply r = postBatch(env->port, env->client, items);
        QCOMPARE(r.status, 200);
        const QJsonObject o = r.json();
        const QJsonArray answers = o.value(QStringLiteral("items")).toArray();
        QCOMPARE(answers.size(), items.size());
        auto outcome = [&](int i) { return answers.at(i).toObject().value(QStringLiteral("outcome")).toString(); };
        auto slug = [&](int i) {
            return answers.at(i).toObject().value(QStringLiteral("problem")).toObject().value(QStringLiteral("type")).toString();
        };
        for (int i = 0; i < answers.size(); ++i)
            QCOMPARE(answers.at(i).toObject().value(QStringLiteral("index")).toInt(), i);
        QCOMPARE(outcome(0), QStringLiteral("created"));
        QCOMPARE(outcome(1), QStringLiteral("replayed"));
        QCOMPARE(answers.at(1).toObject().value(QStringLiteral("job_id")).toInteger(), a.json().value(QStringLiteral("id")).toInteger());
        QCOMPARE(outcome(2), QStringLiteral("conflict"));
        const QJsonObject conflict = answers.at(2).toObject();
        QCOMPARE(conflict.value(QStringLiteral("job_id")).toInteger(), b.json().value(QStringLiteral("id")).toInteger());
        QCOMPARE(conflict.value(QStringLiteral("differing")).toArray(), QJsonArray{QStringLiteral("/input/text")});
        QCOMPARE(conflict.value(QStringLiteral("job")).toObject().value(QStringLiteral("input")).toObject(), textInput(QStringLiteral("first")));
        QCOMPARE(outcome(3), QStringLiteral("invalid"));
        QCOMPARE(slug(3), QStringLiteral("urn:jobdesk:problem:invalid-body"));
        QCOMPARE(slug(4), QStringLiteral("urn:jobdesk:problem:invalid-idempotency-key"));
        QCOMPARE(slug(5), QStringLiteral("urn:jobdesk:problem:unknown-route"));
        QCOMPARE(slug(6), QStringLiteral("urn:jobdesk:problem:invalid-input"));
        QCOMPARE(outcome(7), QStringLiteral("replayed")); // the same key twice in one batch: one job
        QCOMPARE(answers.at(7).toObject().value(QStringLiteral("job_id")), answers.at(0).toObject().value(QStringLiteral("job_id")));
        QCOMPARE(o.value(QStringLiteral("created")).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("replayed")).toInt(), 2);
        QCOMPARE(o.value(QStringLiteral("conflicts")).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("invalid")).toInt(), 4);
        QCOMPARE(StoreCounts::of(*env->svc).jobs, 3);
        // The stored job of the conflict is unchanged.
        QCOMPARE(env->svc->job(b.json().value(QStringLiteral("id")).toInteger())->input, textInput(QStringLiteral("first")));
    }

    // One owner sends a batch, another the same items as single creates one
    // after the other: the same answers, the same idempotency events. Among
    // them a key twice, and items this server refuses (an unknown route)
    // whose key is taken before them in the batch, or after them.
    void theAnswersAndEventsAreThoseOfSingleCreatesOneAfterAnother()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        for (const QString &token : {env->client, env->clientB}) {
            QCOMPARE(postJob(env->port, token, "k-replay", textInput(QStringLiteral("same"))).status, 201);
            QCOMPARE(postJob(env->port, token, "k-conflict", textInput(QStringLiteral("first"))).status, 201);
        }
        const QJsonArray items{item(QStringLiteral("k-new"), textInput(QStringLiteral("new"))),
                               item(QStringLiteral("k-replay"), textInput(QStringLiteral("same"))),
                               item(QStringLiteral("k-conflict"), textInput(QStringLiteral("second"))),
                               item(QStringLiteral("k-new"), textInput(QStringLiteral("new"))),
                               item(QStringLiteral("k-new"), textInput(QStringLiteral("other"))),
                               item(QStringLiteral("k-new"), textInput(QStringLiteral("new")), QStringLiteral("no-such-route")),
                               item(QStringLiteral("k-later"), textInput(QStringLiteral("x")), QStringLiteral("no-such-route")),
                               item(QStringLiteral("k-later"), textInput(QStringLiteral("x"))),
                               item(QStringLiteral("k-replay"), textInput(QString())), // the schema refuses it; the key is taken
                               item(QString(256, u'x'), textInput(QStringLiteral("long key"))),
                               item(QStringLiteral("k-last"), textInput(QStringLiteral("last")))};
        const HttpReply batch = postBatch(env->port, env->client, items);
        QCOMPARE(batch.status, 200);
        const QJsonArray answers = batch.json().value(QStringLiteral("items")).toArray();
        QCOMPARE(answers.size(), items.size());
        for (qsizetype i = 0; i < items.size(); ++i) {
            QJsonObject body = items.at(i).toObject();
            const QByteArray key = body.take(QStringLiteral("idempotency_key")).toString().toUtf8();
            const HttpReply single = httpCall(env->port, requestBytes("POST", "/v1/jobs", jsonHeaders(env->clientB, key),
                                                                      QJsonDocument(body).toJson(QJsonDocument::Compact)));
            const QJsonObject expected = asBatchAnswer(*env->svc, single, body);
            const QJsonObject got = comparable(*env->svc, answers.at(i).toObject(), body);
            QVERIFY2(got == expected, qPrintable(QStringLiteral("item %1: %2 != %3").arg(i).arg(
                QString::fromUtf8(QJsonDocument(got).toJson(QJsonDocument::Compact)),
                QString::fromUtf8(QJsonDocument(expected).toJson(QJsonDocument::Compact)))));
        }
        QCOMPARE(answers.at(5).toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("conflict")); // after item 0
        QCOMPARE(answers.at(6).toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("invalid"));  // before item 7
        QCOMPARE(answers.at(7).toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("created"));
        QCOMPARE(answers.at(8).toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("conflict"));
        QCOMPARE(eventsOf(*env->svc, QStringLiteral("owner-a")), eventsOf(*env->svc, QStringLiteral("owner-b")));
        QCOMPARE(eventsOf(*env->svc, QStringLiteral("owner-a")).size(), 6);
    }

    // Each item's job records the request's client (address, token, agent,
    // request id) and its traceparent, as a single create's does; a replay in
    // a batch records them in its event.
    void eachItemRecordsTheRequestsClientAndTraceAsASingleCreate()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const QByteArray trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        const HttpHeaders extra{{"traceparent", trace}, {"X-Request-Id", "req-77"}};
        HttpHeaders single = jsonHeaders(env->client, "single-1");
        single.append(extra);
        const HttpReply one = httpCall(env->port, requestBytes("POST", "/v1/jobs", single, createBody(QStringLiteral("summarize"), textInput(QStringLiteral("s")))));
        QCOMPARE(one.status, 201);
        const HttpReply batch = postBatch(env->port, env->client,
                                          {item(QStringLiteral("batch-1"), textInput(QStringLiteral("b"))),
                                           item(QStringLiteral("single-1"), textInput(QStringLiteral("s")))},
                                          extra);
        QCOMPARE(batch.status, 200);
        const QJsonArray answers = batch.json().value(QStringLiteral("items")).toArray();
        const Job created = *env->svc->job(answers.at(0).toObject().value(QStringLiteral("job_id")).toInteger());
        const Job alone = *env->svc->job(one.json().value(QStringLiteral("id")).toInteger());
        QCOMPARE(created.clientMeta.value(QStringLiteral("traceparent")).toString(), QString::fromLatin1(trace));
        QCOMPARE(created.clientMeta.value(QStringLiteral("request_id")).toString(), QStringLiteral("req-77"));
        QCOMPARE(created.clientMeta.value(QStringLiteral("user_agent")).toString(), QStringLiteral("jobdesk-tests/1"));
        QCOMPARE(created.clientMeta.value(QStringLiteral("ip")).toString(), QStringLiteral("127.0.0.1"));
        QCOMPARE(created.clientMeta, alone.clientMeta);
        const QList<IdempotencyEvent> replays = env->svc->keyHistory(QStringLiteral("owner-a"), QStringLiteral("single-1"));
        QCOMPARE(replays.size(), 1);
        QCOMPARE(replays.first().kind, IdempotencyEvent::Kind::Replayed);
        QCOMPARE(replays.first().clientMeta, alone.clientMeta);
        // An invalid traceparent is left out, as a single create leaves it out (W3C).
        const HttpReply bad = postBatch(env->port, env->client, {item(QStringLiteral("batch-2"), textInput(QStringLiteral("b")))},
                                        {{"traceparent", "00-not-a-trace"}});
        QCOMPARE(bad.status, 200);
        const Job untraced = *env->svc->job(bad.json().value(QStringLiteral("items")).toArray().at(0).toObject().value(QStringLiteral("job_id")).toInteger());
        QVERIFY(!untraced.clientMeta.contains(QStringLiteral("traceparent")));
    }

    void theWholeBatchSentAgainCreatesNothingNew()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        QJsonArray items;
        for (int i = 0; i < 200; ++i) // some keys hold what JSON escapes: the answer carries them as sent
            items.append(item((i % 50 ? QStringLiteral("again-%1") : QStringLiteral("again-\"\\/-%1")).arg(i), textInput(QStringLiteral("t%1").arg(i))));
        const HttpReply first = postBatch(env->port, env->client, items);
        QCOMPARE(first.status, 200);
        QCOMPARE(first.json().value(QStringLiteral("created")).toInt(), 200);
        const HttpReply second = postBatch(env->port, env->client, items);
        QCOMPARE(second.status, 200);
        QCOMPARE(second.json().value(QStringLiteral("replayed")).toInt(), 200);
        const QJsonArray a = first.json().value(QStringLiteral("items")).toArray(), b = second.json().value(QStringLiteral("items")).toArray();
        for (int i = 0; i < 200; ++i) {
            QCOMPARE(b.at(i).toObject().value(QStringLiteral("job_id")), a.at(i).toObject().value(QStringLiteral("job_id")));
            QCOMPARE(a.at(i).toObject().value(QStringLiteral("idempotency_key")), items.at(i).toObject().value(QStringLiteral("idempotency_key")));
            QCOMPARE(b.at(i).toObject().value(QStringLiteral("index")).toInt(), i);
        }
        QCOMPARE(StoreCounts::of(*env->svc).jobs, 200);
    }

    void aBatchOverAThousandItemsOrNotABatchIsRefusedWhole()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        QJsonArray items;
        for (int i = 0; i < 1001; ++i)
            items.append(item(QStringLiteral("over-%1").arg(i), textInput(QStringLiteral("t"))));
        const HttpReply over = postBatch(env->port, env->client, items);
        QCOMPARE(over.status, 400);
        QCOMPARE(over.problemType(), QStringLiteral("urn:jobdesk:problem:invalid-body"));
        const HttpReply empty = postBatch(env->port, env->client, {});
        QCOMPARE(empty.status, 400);
        const HttpReply viewer = postBatch(env->port, env->viewer, {item(QStringLiteral("v"), textInput(QStringLiteral("t")))});
        QCOMPARE(viewer.status, 403);
        const HttpReply get = getPath(env->port, env->client, "/v1/jobs/batch");
        QCOMPARE(get.status, 405); // the batch takes POST only
        QCOMPARE(get.header("Allow"), QByteArray("POST"));
        QCOMPARE(StoreCounts::of(*env->svc).jobs, 0);
    }

    void theServerServesItsOpenApiDocument()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const HttpReply r = getPath(env->port, QString(), "/v1/openapi.json");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("Content-Type"), QByteArray("application/json"));
        const QJsonObject doc = r.json();
        QCOMPARE(doc.value(QStringLiteral("openapi")).toString(), QStringLiteral("3.0.3"));
        const QJsonObject paths = doc.value(QStringLiteral("paths")).toObject();
        for (const char *p : {"/v1/jobs", "/v1/jobs/batch", "/v1/jobs/{id}", "/v1/jobs/{id}/attempts", "/v1/jobs/{id}/retry",
                              "/v1/attempts/{id}/cancel", "/v1/openapi.json", "/healthz", "/metrics"})
            QVERIFY2(paths.contains(QLatin1String(p)), p);
        const HttpReply post = httpCall(env->port, requestBytes("POST", "/v1/openapi.json", {}, "{}"));
        QCOMPARE(post.status, 405);
        QCOMPARE(post.header("Allow"), QByteArray("GET, HEAD"));
    }
};

QTEST_GUILESS_MAIN(TestBatchCreate)
#include "tst_batch_create.moc"
