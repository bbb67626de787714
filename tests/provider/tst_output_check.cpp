#include "provider/OutputCheck.h"

#include <QJsonDocument>
#include <QTest>

using namespace jobdesk;

namespace {
Route summarizeRoute()
{
    Route r;
    r.name = QStringLiteral("summarize");
    r.promptTemplate = QStringLiteral("{{text}}");
    r.outputSchema = QJsonDocument::fromJson(R"({"type":"object","properties":{
        "summary":{"type":"string","maxLength":100},
        "sentiment":{"type":"string","enum":["positive","neutral","negative"]},
        "meta":{"type":"object","properties":{"lang":{"type":"string"}}}},
        "required":["summary","sentiment"]})").object();
    r.requiredFields = {QStringLiteral("summary"), QStringLiteral("sentiment")};
    // meta.lang is checked by the business rules only (no enum in the schema).
    r.allowedValues.insert(QStringLiteral("meta.lang"), {QStringLiteral("en"), QStringLiteral("de")});
    r.providerChain = {QStringLiteral("p")};
    return r;
}
} // namespace

class TestOutputCheck : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void check_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("reasonContains");
        QTest::addColumn<bool>("parseFailed");
        QTest::addColumn<QStringList>("extraKeys");

        QTest::newRow("valid") << QByteArray(R"({"summary":"s","sentiment":"neutral"})") << true << QString() << false << QStringList();
        QTest::newRow("valid nested allowed") << QByteArray(R"({"summary":"s","sentiment":"neutral","meta":{"lang":"de"}})")
                                              << true << QString() << false << QStringList();
        QTest::newRow("prose") << QByteArray("Sure! The customer is happy.") << false << QStringLiteral("output is not JSON") << true << QStringList();
        QTest::newRow("markdown fences") << QByteArray("```json\n{\"summary\":\"s\",\"sentiment\":\"neutral\"}\n```")
                                         << false << QStringLiteral("output is not JSON") << true << QStringList();
        QTest::newRow("truncated json") << QByteArray("{\"summary\":\"s\",\"sent") << false << QStringLiteral("output is not JSON") << true << QStringList();
        QTest::newRow("array not object") << QByteArray(R"([{"summary":"s"}])") << false << QStringLiteral("not an object") << true << QStringList();
        QTest::newRow("extra top-level key") << QByteArray(R"({"summary":"s","sentiment":"neutral","debug":1})")
                                             << false << QStringLiteral("extra top-level key(s): debug") << false << QStringList{QStringLiteral("debug")};
        QTest::newRow("schema: enum") << QByteArray(R"({"summary":"s","sentiment":"mixed"})") << false
                                      << QStringLiteral("$.sentiment: \"mixed\" is not one of") << false << QStringList();
        QTest::newRow("required empty") << QByteArray(R"({"summary":"  ","sentiment":"neutral"})") << false
                                        << QStringLiteral("required field \"summary\" is empty") << false << QStringList();
        QTest::newRow("required null") << QByteArray(R"({"summary":null,"sentiment":"neutral"})") << false
                                       << QStringLiteral("required field \"summary\" is missing") << false << QStringList();
        QTest::newRow("allowed value (business only)") << QByteArray(R"({"summary":"s","sentiment":"neutral","meta":{"lang":"fr"}})")
                                                       << false << QStringLiteral("field \"meta.lang\" must be one of [en, de], got \"fr\"")
                                                       << false << QStringList();
        QTest::newRow("renamed keys") << QByteArray(R"({"Summary":"s","Sentiment":"neutral"})") << false
                                      << QStringLiteral("extra top-level key(s): Sentiment, Summary") << false
                                      << QStringList{QStringLiteral("Sentiment"), QStringLiteral("Summary")};
    }
    void check()
    {
        QFETCH(QByteArray, content);
        QFETCH(bool, ok);
        QFETCH(QString, reasonContains);
        QFETCH(bool, parseFailed);
        QFETCH(QStringList, extraKeys);
        const OutputCheck c = checkOutput(summarizeRoute(), content);
        QCOMPARE(c.ok, ok);
        QCOMPARE(c.reason.isEmpty(), ok);
        QVERIFY2(c.reason.contains(reasonContains), qPrintable(c.reason));
        QCOMPARE(!c.parseError.isEmpty(), parseFailed);
        QCOMPARE(c.extraKeys, extraKeys);
        if (!parseFailed)
            QVERIFY(!c.output.isEmpty());
    }

    void schemaOnlyCheckSkipsBusinessRules()
    {
        const Route r = summarizeRoute();
        const QByteArray content = R"({"summary":"","sentiment":"neutral","meta":{"lang":"fr"}})";
        QVERIFY(!checkOutput(r, content).ok);
        QVERIFY(checkOutputAgainstSchema(r.outputSchema, content).ok);
    }
};

QTEST_GUILESS_MAIN(TestOutputCheck)
#include "tst_output_check.moc"
