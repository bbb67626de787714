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

HttpReply postBatch(quint16 port, const QString &token, const QJsonArray &items)
{
    HttpHeaders h = jsonHeaders(token, QByteArray());
    return httpCall(port, requestBytes("POST", "/v1/jobs/batch", h,
                                       QJsonDocument(QJsonObject{{QStringLiteral("items"), items}}).toJson(QJsonDocument::Compact)),
                    60000);
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

    void theWholeBatchSentAgainCreatesNothingNew()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        QJsonArray items;
        for (int i = 0; i < 200; ++i)
            items.append(item(QStringLiteral("again-%1").arg(i), textInput(QStringLiteral("t%1").arg(i))));
        const HttpReply first = postBatch(env->port, env->client, items);
        QCOMPARE(first.status, 200);
        QCOMPARE(first.json().value(QStringLiteral("created")).toInt(), 200);
        const HttpReply second = postBatch(env->port, env->client, items);
        QCOMPARE(second.status, 200);
        QCOMPARE(second.json().value(QStringLiteral("replayed")).toInt(), 200);
        const QJsonArray a = first.json().value(QStringLiteral("items")).toArray(), b = second.json().value(QStringLiteral("items")).toArray();
        for (int i = 0; i < 200; ++i)
            QCOMPARE(b.at(i).toObject().value(QStringLiteral("job_id")), a.at(i).toObject().value(QStringLiteral("job_id")));
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
