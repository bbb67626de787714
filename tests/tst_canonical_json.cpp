#include "domain/CanonicalJson.h"

#include <QJsonDocument>
#include <QTest>

using namespace jobdesk;

class TestCanonicalJson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Found by the fuzz target: a lone surrogate (which Qt's parser accepts)
    // must survive canonicalisation, or the key order and the value change.
    void loneSurrogateIsEscapedAndAFixedPoint()
    {
        const QJsonDocument doc = QJsonDocument::fromJson(R"({"\ud8deue8":["x"],"a":{}})");
        QVERIFY(doc.isObject());
        const QByteArray canonical = jobdesk::canonicalJson(doc.object());
        QCOMPARE(canonical, QByteArray(R"({"a":{},"\ud8deue8":["x"]})"));
        const QJsonDocument again = QJsonDocument::fromJson(canonical);
        QCOMPARE(jobdesk::canonicalJson(again.object()), canonical);
    }
    void canonicalForm_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("keys sorted") << QByteArray(R"({"b":1,"a":2})") << QByteArray(R"({"a":2,"b":1})");
        QTest::newRow("nested and spaced") << QByteArray("{ \"z\" : [ 1 , {\"y\":true, \"x\":null} ],\n \"a\":\"s\" }")
                                           << QByteArray(R"({"a":"s","z":[1,{"x":null,"y":true}]})");
        QTest::newRow("integral double is an integer") << QByteArray(R"({"n":1.0,"m":1e2,"k":-0.0})")
                                                       << QByteArray(R"({"k":0,"m":100,"n":1})");
        QTest::newRow("fraction shortest") << QByteArray(R"({"n":0.1,"m":1.5e-7})") << QByteArray(R"({"m":1.5e-07,"n":0.1})");
        QTest::newRow("big int exact") << QByteArray(R"({"n":9007199254740993})") << QByteArray(R"({"n":9007199254740993})");
        QTest::newRow("escapes") << QByteArray("{\"s\":\"a\\\"b\\\\c\\n\\u0001\\u00e9\"}")
                                 << QByteArray("{\"s\":\"a\\\"b\\\\c\\n\\u0001\xc3\xa9\"}");
        QTest::newRow("utf16 key order") << QByteArray("{\"\\u00e9\":1,\"z\":2,\"A\":3}")
                                         << QByteArray("{\"A\":3,\"z\":2,\"\xc3\xa9\":1}");
    }
    void canonicalForm()
    {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, expected);
        const QJsonDocument doc = QJsonDocument::fromJson(input);
        QVERIFY(!doc.isNull());
        QCOMPARE(canonicalJson(doc.object()), expected);
    }

    void fingerprintIgnoresKeyOrderAndSpacing()
    {
        const auto a = QJsonDocument::fromJson(R"({"text":"hi","opts":{"t":0.2,"n":1}})").object();
        const auto b = QJsonDocument::fromJson("{ \"opts\" : { \"n\" : 1.0 , \"t\" : 0.2 } , \"text\" : \"hi\" }").object();
        QCOMPARE(intentFingerprint(QStringLiteral("r"), a), intentFingerprint(QStringLiteral("r"), b));
        QCOMPARE(intentFingerprint(QStringLiteral("r"), a).size(), 64);
    }

    void fingerprintSeesEveryDifference()
    {
        const auto a = QJsonDocument::fromJson(R"({"text":"hi"})").object();
        const auto b = QJsonDocument::fromJson(R"({"text":"hi "})").object();
        QVERIFY(intentFingerprint(QStringLiteral("r"), a) != intentFingerprint(QStringLiteral("r"), b));
        QVERIFY(intentFingerprint(QStringLiteral("r"), a) != intentFingerprint(QStringLiteral("r2"), a));
        const auto c = QJsonDocument::fromJson(R"({"n":1})").object();
        const auto e = QJsonDocument::fromJson(R"({"n":"1"})").object();
        QVERIFY(intentFingerprint(QStringLiteral("r"), c) != intentFingerprint(QStringLiteral("r"), e));
    }
};

QTEST_GUILESS_MAIN(TestCanonicalJson)
#include "tst_canonical_json.moc"
