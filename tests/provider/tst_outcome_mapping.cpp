#include "provider/OutcomeMapping.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimeZone>
#include <QTest>

using namespace jobdesk;
using Kind = ProviderOutcome::Kind;
using T = HttpExchange::Transport;

Q_DECLARE_METATYPE(jobdesk::ProviderOutcome::Kind)
Q_DECLARE_METATYPE(jobdesk::HttpExchange::Transport)

namespace {

QByteArray completion(const QByteArray &content)
{
    const QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")},
                              {QStringLiteral("content"), QString::fromUtf8(content)}};
    const QJsonObject o{{QStringLiteral("id"), QStringLiteral("x")},
                        {QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("message"), message},
                                                                           {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

const QByteArray kError = R"({"error":{"message":"nope","type":"server_error","code":"x"}})";
const QByteArray kHtml = "<html><body>Internal Server Error</body></html>";

OutputCheck strictCheck(const QByteArray &content)
{
    const QJsonObject schema = QJsonDocument::fromJson(R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"]})").object();
    return checkOutputAgainstSchema(schema, content);
}

} // namespace

class TestOutcomeMapping : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void classify_data()
    {
        QTest::addColumn<HttpExchange::Transport>("transport");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("retryAfter");
        QTest::addColumn<bool>("framed");
        QTest::addColumn<ProviderOutcome::Kind>("kind");
        QTest::addColumn<bool>("sent");
        QTest::addColumn<qint64>("retryAfterMs"); // -1: none
        QTest::addColumn<bool>("invalidOutput");

        const QByteArray none;
        QTest::newRow("nothing sent") << T::NothingSent << 0 << none << none << true << Kind::Failed << false << qint64(-1) << false;
        QTest::newRow("broken after send") << T::BrokenAfterSend << 0 << none << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("timed out") << T::TimedOut << 0 << none << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("aborted") << T::Aborted << 0 << none << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("200 valid") << T::Complete << 200 << completion(R"({"a":"x"})") << none << true << Kind::Completed << true << qint64(-1) << false;
        QTest::newRow("200 invalid output") << T::Complete << 200 << completion(R"({"b":"x"})") << none << true << Kind::Failed << true << qint64(-1) << true;
        QTest::newRow("200 prose") << T::Complete << 200 << completion("Hello there") << none << true << Kind::Failed << true << qint64(-1) << true;
        // An object without an assistant message is not the provider's answer either (a gateway's error under a 200).
        QTest::newRow("200 envelope without a message is unknown") << T::Complete << 200 << QByteArray(R"({"choices":[]})") << none << true
                                                                   << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("200 gateway error object is unknown") << T::Complete << 200 << kError << none << true << Kind::Unknown << true
                                                             << qint64(-1) << false;
        QTest::newRow("200 message without content") << T::Complete << 200
                                                     << QByteArray(R"({"choices":[{"message":{"role":"assistant"}}]})") << none << true
                                                     << Kind::Failed << true << qint64(-1) << true;
        QTest::newRow("200 unframed truncated") << T::Complete << 200 << completion(R"({"a":"x"})").left(20) << none << false
                                                << Kind::Unknown << true << qint64(-1) << false;
        // A framed 200 whose body is not a JSON object (a page from a proxy, or an
        // answer cut short under its own Content-Length): the work may be done.
        QTest::newRow("200 framed html is unknown") << T::Complete << 200 << kHtml << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("200 framed truncated is unknown") << T::Complete << 200 << completion(R"({"a":"x"})").left(20) << none << true
                                                         << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("200 framed empty is unknown") << T::Complete << 200 << none << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("200 refusal") << T::Complete << 200
                                     << QByteArray(R"({"choices":[{"message":{"role":"assistant","content":null,"refusal":"no"}}]})") << none
                                     << true << Kind::Failed << true << qint64(-1) << true;
        // Rejected before any work: the provider definitively did nothing.
        for (int s : {400, 401, 403, 404, 413, 422})
            QTest::newRow(qPrintable(QStringLiteral("%1 failed").arg(s))) << T::Complete << s << kError << none << true << Kind::Failed << true << qint64(-1) << false;
        // 408 (the provider may have started) and 409 (idempotency key in use: the first may be running).
        for (int s : {408, 409})
            QTest::newRow(qPrintable(QStringLiteral("%1 unknown").arg(s))) << T::Complete << s << kError << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("429 retry-after seconds") << T::Complete << 429 << kError << QByteArray("7") << true << Kind::Failed << true << qint64(7000) << false;
        QTest::newRow("429 without body") << T::Complete << 429 << none << none << true << Kind::Failed << true << qint64(-1) << false;
        // A gateway whose upstream timed out answers 5xx while the upstream may have done the work.
        QTest::newRow("503 with retry-after is unknown") << T::Complete << 503 << kHtml << QByteArray("2") << true << Kind::Unknown << true << qint64(2000) << false;
        QTest::newRow("503 without retry-after") << T::Complete << 503 << kError << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("503 unparsable retry-after") << T::Complete << 503 << kError << QByteArray("soon") << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("500 provider error body is unknown") << T::Complete << 500 << kError << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("500 html") << T::Complete << 500 << kHtml << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("500 error without message") << T::Complete << 500 << QByteArray(R"({"error":{}})") << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("502") << T::Complete << 502 << kError << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("504") << T::Complete << 504 << kError << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("201") << T::Complete << 201 << completion(R"({"a":"x"})") << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("307") << T::Complete << 307 << none << none << true << Kind::Unknown << true << qint64(-1) << false;
        QTest::newRow("418") << T::Complete << 418 << kError << none << true << Kind::Unknown << true << qint64(-1) << false;
    }
    void classify()
    {
        QFETCH(HttpExchange::Transport, transport);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, retryAfter);
        QFETCH(bool, framed);
        QFETCH(ProviderOutcome::Kind, kind);
        QFETCH(bool, sent);
        QFETCH(qint64, retryAfterMs);
        QFETCH(bool, invalidOutput);
        HttpExchange x;
        x.transport = transport;
        x.status = status;
        x.body = body;
        x.retryAfter = retryAfter;
        x.framed = framed;
        x.transportError = QStringLiteral("test");
        const ProviderOutcome o = classifyExchange(x, &strictCheck, QDateTime::currentDateTimeUtc());
        QVERIFY2(o.kind == kind, qPrintable(toText(o.kind) + QStringLiteral(": ") + o.reason));
        QCOMPARE(o.sent, sent);
        QCOMPARE(o.retryAfterMs.value_or(-1), retryAfterMs);
        QCOMPARE(o.invalidOutput, invalidOutput);
        QVERIFY(!o.reason.isEmpty());
        if (kind == Kind::Completed) {
            QCOMPARE(o.content, QByteArray(R"({"a":"x"})"));
            QCOMPARE(o.output.value(QStringLiteral("a")).toString(), QStringLiteral("x"));
        }
        if (invalidOutput && body.contains("\"content\":\""))
            QVERIFY(!o.content.isEmpty()); // recorded with the reason
    }

    void retryAfterHttpDate()
    {
        const QDateTime now = QDateTime(QDate(2026, 1, 2), QTime(10, 0, 0), Qt::UTC);
        QCOMPARE(parseRetryAfter("Fri, 02 Jan 2026 10:00:30 GMT", now).value_or(-1), 30000);
        QCOMPARE(parseRetryAfter("Fri, 02 Jan 2026 09:00:00 GMT", now).value_or(-1), 0); // in the past: now
        QCOMPARE(parseRetryAfter("Fri Jan  2 10:01:00 2026", now).value_or(-1), 60000); // asctime
        QCOMPARE(parseRetryAfter(" 120 ", now).value_or(-1), 120000);
        QVERIFY(!parseRetryAfter("-3", now));
        QVERIFY(!parseRetryAfter("", now));
        QVERIFY(!parseRetryAfter("tomorrow", now));
    }

    // An HTTP-date far ahead is capped exactly like delay-seconds.
    void retryAfterIsCappedForSecondsAndDates()
    {
        const QDateTime now = QDateTime(QDate(2026, 1, 2), QTime(10, 0, 0), Qt::UTC);
        QCOMPARE(parseRetryAfter("999999999", now).value_or(-1), kMaxRetryAfterMs);
        QCOMPARE(parseRetryAfter("Sat, 02 Jan 2027 10:00:00 GMT", now).value_or(-1), kMaxRetryAfterMs);
        QCOMPARE(parseRetryAfter("Mon, 05 Jan 2026 10:00:00 GMT", now).value_or(-1), kMaxRetryAfterMs);
    }

    // A provider whose documentation guarantees a 5xx means "nothing was done"
    // may say so per status; every other 5xx stays unknown.
    void documentedNothingDoneStatusIsFailed_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<ProviderOutcome::Kind>("kind");
        QTest::newRow("503 documented") << 503 << Kind::Failed;
        QTest::newRow("500 not documented") << 500 << Kind::Unknown;
        QTest::newRow("502 not documented") << 502 << Kind::Unknown;
    }
    void documentedNothingDoneStatusIsFailed()
    {
        QFETCH(int, status);
        QFETCH(ProviderOutcome::Kind, kind);
        HttpExchange x;
        x.status = status;
        x.body = kError;
        x.retryAfter = "3";
        const ProviderOutcome o = classifyExchange(x, &strictCheck, QDateTime::currentDateTimeUtc(), {503});
        QVERIFY2(o.kind == kind, qPrintable(toText(o.kind) + QStringLiteral(": ") + o.reason));
        QCOMPARE(o.retryAfterMs.value_or(-1), 3000);
    }

    void providerErrorBody()
    {
        QVERIFY(isProviderErrorBody(kError));
        QVERIFY(!isProviderErrorBody(kHtml));
        QVERIFY(!isProviderErrorBody(R"({"error":"x"})"));
        QVERIFY(!isProviderErrorBody(R"({"message":"x"})"));
    }

    void statusLookupAnswers()
    {
        HttpExchange x;
        x.status = 200;
        x.body = "{\"status\":\"completed\",\"content\":\"{\\\"a\\\":1}\"}";
        StatusLookup s = classifyStatusLookup(x);
        QCOMPARE(s.kind, StatusLookup::Kind::Completed);
        QCOMPARE(s.content, QByteArray(R"({"a":1})"));
        x.body = R"({"status":"never_processed"})";
        QCOMPARE(classifyStatusLookup(x).kind, StatusLookup::Kind::NeverProcessed);
        x.body = R"({"status":"in_progress"})";
        QCOMPARE(classifyStatusLookup(x).kind, StatusLookup::Kind::InProgress);
        x.body = R"({"status":"completed"})"; // no content: not a usable answer
        QCOMPARE(classifyStatusLookup(x).kind, StatusLookup::Kind::Unknown);
        x.body = R"({"status":"weird"})";
        QCOMPARE(classifyStatusLookup(x).kind, StatusLookup::Kind::Unknown);
        x.status = 404;
        x.body = R"({"status":"never_processed"})";
        QCOMPARE(classifyStatusLookup(x).kind, StatusLookup::Kind::Unknown);
        x.status = 200;
        x.transport = T::TimedOut;
        QCOMPARE(classifyStatusLookup(x).kind, StatusLookup::Kind::Unknown);
    }
};

QTEST_GUILESS_MAIN(TestOutcomeMapping)
#include "tst_outcome_mapping.moc"
