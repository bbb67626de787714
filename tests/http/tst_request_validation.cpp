// Request framing and validation without a socket or a store: the framer
// agrees on message boundaries however the bytes are split, refuses what Qt's
// parser would misread, and the body checks refuse what they must (413 on the
// body actually read, not only on Content-Length).

#include "http/ApiRequest.h"
#include "http/RequestFramer.h"
#include "service/TokenStore.h"

#include <QTest>

using namespace jobdesk;

Q_DECLARE_METATYPE(jobdesk::ProblemType)

namespace {

HttpRequest jsonPost(const QByteArray &body, qint64 declaredLength)
{
    HttpRequest r;
    r.method = "POST";
    r.path = "/v1/jobs";
    r.headers = {{"Content-Type", "application/json"}, {"Content-Length", QByteArray::number(declaredLength)}};
    r.body = body;
    return r;
}

} // namespace

class TestRequestValidation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void framesTheSameHoweverSplit()
    {
        const QByteArray stream = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
                                  "\r\n" // a stray blank line between requests, as Qt tolerates
                                  "POST /v1/jobs HTTP/1.1\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{\"a\":true}\n"
                                  "GET /metrics HTTP/1.0\nHost: y\n\n";
        for (qsizetype cut = 1; cut < stream.size(); ++cut) {
            for (qsizetype step : {cut, qsizetype(1)}) {
                RequestFramer f;
                QList<RequestFramer::Head> heads;
                for (qsizetype i = 0; i < stream.size(); i += step) {
                    QVERIFY(f.feed(QByteArrayView(stream).sliced(i, std::min(step, stream.size() - i))));
                    heads += f.takeCompletedHeads();
                }
                QCOMPARE(heads.size(), 3);
                QCOMPARE(f.messagesCompleted(), 3);
                QVERIFY(!f.midMessage());
                QCOMPARE(heads.at(0).method, QByteArray("GET"));
                QCOMPARE(heads.at(1).contentLength, 11);
                QVERIFY(heads.at(1).closeAfter);
                QCOMPARE(heads.at(2).target, QByteArray("/metrics"));
                QVERIFY(heads.at(2).closeAfter); // HTTP/1.0 without keep-alive
            }
        }
    }

    void rejects_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<ProblemType>("type");
        QTest::newRow("negative length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("plus sign") << QByteArray("POST / HTTP/1.1\r\nContent-Length: +5\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("hex length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 0x10\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("19 digits") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 1000000000000000000\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("list of lengths") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 5, 6\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("over the limit") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n") << ProblemType::PayloadTooLarge;
        QTest::newRow("chunked") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") << ProblemType::LengthRequired;
        QTest::newRow("smuggling") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("bad expectation") << QByteArray("POST / HTTP/1.1\r\nExpect: 200-ok\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("space in header name") << QByteArray("GET / HTTP/1.1\r\nHost : x\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("CR inside a value") << QByteArray("GET / HTTP/1.1\r\nX: a\rb\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("two spaces") << QByteArray("GET  / HTTP/1.1\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("no version") << QByteArray("GET /\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("asterisk target") << QByteArray("OPTIONS * HTTP/1.1\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("non-ASCII target") << QByteArray("GET /caf\xc3\xa9 HTTP/1.1\r\n\r\n") << ProblemType::MalformedRequest;
        QTest::newRow("CONNECT") << QByteArray("CONNECT x:443 HTTP/1.1\r\n\r\n") << ProblemType::NotImplemented;
        QTest::newRow("endless whitespace") << QByteArray(2000, '\n') << ProblemType::MalformedRequest;
        QTest::newRow("endless request line") << QByteArray("GET /" + QByteArray(9000, 'a')) << ProblemType::UriTooLong;
        QTest::newRow("endless header") << QByteArray("GET / HTTP/1.1\r\nX: " + QByteArray(17000, 'a')) << ProblemType::HeadersTooLarge;
    }
    void rejects()
    {
        QFETCH(QByteArray, stream);
        QFETCH(ProblemType, type);
        RequestFramer f;
        QVERIFY(!f.feed(stream));
        QVERIFY(f.rejected());
        QCOMPARE(int(f.rejection().type), int(type));
        QVERIFY(!f.rejection().detail.isEmpty());
        QVERIFY(!f.feed("GET / HTTP/1.1\r\n\r\n")); // the rest of the stream is ignored
        QCOMPARE(f.takeCompletedHeads().size(), 0);
    }

    void continueRequestedOnlyBeforeTheBody()
    {
        RequestFramer f;
        QVERIFY(f.feed("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"));
        QVERIFY(f.takeContinueRequest());
        QVERIFY(!f.takeContinueRequest());
        QVERIFY(f.feed("ab"));
        QVERIFY(f.midMessage());
        RequestFramer g;
        QVERIFY(g.feed("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\nabcd"));
        QVERIFY(!g.takeContinueRequest()); // the body came along: nothing to ask for
        RequestFramer old; // RFC 9110, 10.1.1: ignored in an HTTP/1.0 request
        QVERIFY(old.feed("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"));
        QVERIFY(!old.takeContinueRequest());
    }

    void bodyActuallyReadIsChecked()
    {
        // Content-Length within the limit but the body read is larger (or
        // the limit is lower here than at the framer): 413 on what was read.
        const QByteArray big(2048, 'x');
        const auto p = checkJsonRequest(jsonPost(big, big.size()), 1024);
        QVERIFY(p);
        QCOMPARE(int(p->type), int(ProblemType::PayloadTooLarge));
        const auto mismatch = checkJsonRequest(jsonPost("{}", 5), 1024);
        QVERIFY(mismatch);
        QCOMPARE(int(mismatch->type), int(ProblemType::MalformedRequest));
        HttpRequest noLength = jsonPost("{}", 2);
        noLength.headers.removeAt(1);
        QCOMPARE(int(checkJsonRequest(noLength, 1024)->type), int(ProblemType::LengthRequired));
        QVERIFY(!checkJsonRequest(jsonPost("{}", 2), 1024));
        HttpRequest typed = jsonPost("{}", 2);
        typed.headers[0].second = "Application/JSON; charset=\"UTF-8\"";
        QVERIFY(!checkJsonRequest(typed, 1024));
    }

    void idempotencyKeys_data()
    {
        QTest::addColumn<HttpHeaders>("headers");
        QTest::addColumn<bool>("ok");
        QTest::newRow("plain") << HttpHeaders{{"Idempotency-Key", "abc-123"}} << true;
        QTest::newRow("lower-case name") << HttpHeaders{{"idempotency-key", "abc"}} << true;
        QTest::newRow("255") << HttpHeaders{{"Idempotency-Key", QByteArray(255, 'k')}} << true;
        QTest::newRow("printable punctuation") << HttpHeaders{{"Idempotency-Key", "a b~!\"{}"}} << true;
        QTest::newRow("256") << HttpHeaders{{"Idempotency-Key", QByteArray(256, 'k')}} << false;
        QTest::newRow("empty") << HttpHeaders{{"Idempotency-Key", ""}} << false;
        QTest::newRow("absent") << HttpHeaders{} << false;
        QTest::newRow("twice") << HttpHeaders{{"Idempotency-Key", "a"}, {"Idempotency-Key", "a"}} << false;
        QTest::newRow("tab") << HttpHeaders{{"Idempotency-Key", "a\tb"}} << false;
        QTest::newRow("UTF-8") << HttpHeaders{{"Idempotency-Key", "\xc3\xa9"}} << false;
        QTest::newRow("DEL") << HttpHeaders{{"Idempotency-Key", "a\x7f"}} << false;
    }
    void idempotencyKeys()
    {
        QFETCH(HttpHeaders, headers);
        QFETCH(bool, ok);
        HttpRequest r;
        r.headers = headers;
        QString key;
        const auto p = readIdempotencyKey(r, &key);
        QCOMPARE(!p.has_value(), ok);
        if (ok)
            QCOMPARE(key.toLatin1(), headers.first().second);
    }

    void createBodies_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("problem"); // -1: accepted
        QTest::newRow("good") << QByteArray(R"({"route":"r","input":{"a":[1,2.5,"x",null,true]}})") << -1;
        QTest::newRow("empty input") << QByteArray(R"({"route":"r","input":{}})") << -1;
        QTest::newRow("not JSON") << QByteArray("route=r") << int(ProblemType::MalformedJson);
        QTest::newRow("invalid UTF-8") << QByteArray("{\"route\":\"r\",\"input\":{\"a\":\"\xc0\xaf\"}}") << int(ProblemType::MalformedJson);
        QTest::newRow("trailing garbage") << QByteArray(R"({"route":"r","input":{}} x)") << int(ProblemType::MalformedJson);
        QTest::newRow("deep nesting") << QByteArray(R"({"route":"r","input":{"a":)" + QByteArray(2000, '[') + QByteArray(2000, ']') + "}}")
                                      << int(ProblemType::MalformedJson);
        QTest::newRow("scalar") << QByteArray("7") << int(ProblemType::MalformedJson);
        QTest::newRow("array") << QByteArray("[]") << int(ProblemType::InvalidBody);
        QTest::newRow("route number") << QByteArray(R"({"route":1,"input":{}})") << int(ProblemType::InvalidBody);
        QTest::newRow("route blank") << QByteArray(R"({"route":"  ","input":{}})") << int(ProblemType::InvalidBody);
        QTest::newRow("input null") << QByteArray(R"({"route":"r","input":null})") << int(ProblemType::InvalidBody);
        QTest::newRow("extra member") << QByteArray(R"({"route":"r","input":{},"x":1})") << int(ProblemType::InvalidBody);
        // Two members of one name: QJsonDocument keeps the last, another reader the first.
        QTest::newRow("input member twice") << QByteArray(R"({"route":"r","input":{"text":"a","text":"b"}})") << int(ProblemType::InvalidBody);
        QTest::newRow("route twice") << QByteArray(R"({"route":"r","route":"s","input":{}})") << int(ProblemType::InvalidBody);
        QTest::newRow("member twice, once escaped") << QByteArray(R"({"route":"r","input":{"a":1,"\u0061":2}})") << int(ProblemType::InvalidBody);
        QTest::newRow("member twice, deep") << QByteArray(R"({"route":"r","input":{"a":[{"b":1,"c":{"d":1,"d":1}}]}})") << int(ProblemType::InvalidBody);
        QTest::newRow("one name in two objects") << QByteArray(R"({"route":"r","input":{"a":{"a":1},"b":[{"a":2},{"a":3}]}})") << -1;
        QTest::newRow("names that differ only by case") << QByteArray(R"({"route":"r","input":{"a":1,"A":2}})") << -1;
        // Qt's reader rounds a whole number beyond 64 bits: refused, not rounded.
        QTest::newRow("integer beyond 64 bits") << QByteArray(R"({"route":"r","input":{"n":12345678901234567890}})") << int(ProblemType::InvalidBody);
        QTest::newRow("negative integer beyond 64 bits") << QByteArray(R"({"route":"r","input":{"n":[-9223372036854775809]}})")
                                                         << int(ProblemType::InvalidBody);
        QTest::newRow("largest 64-bit integers") << QByteArray(R"({"route":"r","input":{"n":9223372036854775807,"m":-9223372036854775808}})") << -1;
        QTest::newRow("big number as a string") << QByteArray(R"({"route":"r","input":{"n":"12345678901234567890"}})") << -1;
        QTest::newRow("big number with an exponent") << QByteArray(R"({"route":"r","input":{"n":1.2345678901234567890e19}})") << -1;
        QTest::newRow("digits in a member name") << QByteArray(R"({"route":"r","input":{"12345678901234567890":1}})") << -1;
        QTest::newRow("digits after an escaped quote") << QByteArray("{\"route\":\"r\",\"input\":{\"a\":\"x\\\"12345678901234567890\"}}") << -1;
    }
    void createBodies()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, problem);
        CreateJobBody out;
        const auto p = parseCreateJobBody(body, &out);
        QCOMPARE(p ? int(p->type) : -1, problem);
    }

    void actionBodies()
    {
        ActionBody b;
        QVERIFY(!parseActionBody(R"({"reason":"r","seen_change_seq":42,"provider":"p"})", true, &b));
        QCOMPARE(b.seenChangeSeq.value(), 42);
        QCOMPARE(b.provider, QStringLiteral("p"));
        QCOMPARE(int(parseActionBody(R"({"reason":"r","provider":"p"})", false, &b)->type), int(ProblemType::InvalidBody));
        QCOMPARE(int(parseActionBody(R"({"reason":"  "})", false, &b)->type), int(ProblemType::ReasonRequired));
        QCOMPARE(int(parseActionBody(R"({"reason":"r","seen_change_seq":1.5})", false, &b)->type), int(ProblemType::InvalidBody));
        QCOMPARE(int(parseActionBody(R"({"reason":7})", false, &b)->type), int(ProblemType::InvalidBody));
        QCOMPARE(int(parseActionBody(R"({"reason":"r","reason":"s"})", false, &b)->type), int(ProblemType::InvalidBody));
    }

    void ids()
    {
        QCOMPARE(parseId("1").value(), 1);
        QCOMPARE(parseId("999999999999999999").value(), 999999999999999999LL);
        QVERIFY(!parseId(""));
        QVERIFY(!parseId("0"));
        QVERIFY(!parseId("01"));
        QVERIFY(!parseId("-1"));
        QVERIFY(!parseId("1e3"));
        QVERIFY(!parseId("1000000000000000000"));
    }

    void bearerTokens()
    {
        QVERIFY(tokenSecret(QString(QStringLiteral("jdt_") + QString(43, u'A'))).has_value());
        QCOMPARE(tokenSecret(QString(QStringLiteral("jdt_") + QString(43, u'A')))->size(), 32);
        QVERIFY(!tokenSecret(QString(QStringLiteral("jdt_") + QString(42, u'A'))));
        QVERIFY(!tokenSecret(QString(QStringLiteral("jdx_") + QString(43, u'A'))));
        QVERIFY(!tokenSecret(QString(QStringLiteral("jdt_") + QString(42, u'A') + u'+')));
        QVERIFY(!tokenSecret(QString(QStringLiteral("jdt_") + QString(42, u'A') + u'=')));
        HttpRequest r;
        QString token;
        QCOMPARE(int(readBearerToken(r, &token)->type), int(ProblemType::Unauthorized));
        r.headers = {{"Authorization", "bearer   abc"}};
        QVERIFY(!readBearerToken(r, &token));
        QCOMPARE(token, QStringLiteral("abc"));
        r.headers = {{"Authorization", "Basic abc"}};
        QVERIFY(readBearerToken(r, &token));
    }

    void problemTypesAreStable()
    {
        QSet<QString> uris;
        for (const ProblemType t : allProblemTypes()) {
            const QString uri = problemTypeUri(t);
            QVERIFY(uri.startsWith(QStringLiteral("urn:jobdesk:problem:")));
            QVERIFY(!uris.contains(uri));
            uris.insert(uri);
            const HttpResponse r = problemResponse(t, QStringLiteral("d"));
            QCOMPARE(r.contentType, QByteArray("application/problem+json"));
            QVERIFY(r.status >= 400 && r.status < 600);
        }
    }
};

QTEST_GUILESS_MAIN(TestRequestValidation)
#include "tst_request_validation.moc"
