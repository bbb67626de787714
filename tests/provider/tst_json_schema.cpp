#include "provider/JsonSchema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace jobdesk;

namespace {
QJsonValue parse(const QByteArray &text)
{
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson("[" + text + "]", &e);
    if (e.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", text.constData());
    return doc.array().at(0);
}
} // namespace

class TestJsonSchema : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validate_data()
    {
        QTest::addColumn<QByteArray>("schema");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QStringList>("expected"); // substrings, one per expected error; empty: valid

        const QByteArray person = R"({"type":"object","properties":{"name":{"type":"string","minLength":1,"maxLength":5},
            "age":{"type":"integer","minimum":0,"maximum":150},"tags":{"type":"array","items":{"type":"string"},"maxItems":2},
            "mood":{"enum":["up","down"]}},"required":["name"],"additionalProperties":false})";

        QTest::newRow("valid object") << person << QByteArray(R"({"name":"Ada","age":36,"tags":["x"],"mood":"up"})") << QStringList();
        QTest::newRow("wrong top type") << person << QByteArray(R"([1])") << QStringList{QStringLiteral("$: expected object, got array")};
        QTest::newRow("missing required") << person << QByteArray(R"({"age":3})")
                                          << QStringList{QStringLiteral("$: missing required property \"name\"")};
        QTest::newRow("additional property") << person << QByteArray(R"({"name":"A","x":1})")
                                             << QStringList{QStringLiteral("$.x: property not allowed")};
        QTest::newRow("odd key path") << person << QByteArray(R"({"name":"A","a b":1})")
                                      << QStringList{QStringLiteral("$[\"a b\"]: property not allowed")};
        QTest::newRow("string too long") << person << QByteArray(R"({"name":"Adalbert"})")
                                         << QStringList{QStringLiteral("$.name: length 8 is greater than maxLength 5")};
        QTest::newRow("string too short") << person << QByteArray(R"({"name":""})")
                                          << QStringList{QStringLiteral("$.name: length 0 is less than minLength 1")};
        QTest::newRow("length counts code points") << person << QByteArray("{\"name\":\"\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\"}")
                                                   << QStringList();
        QTest::newRow("integer with fraction") << person << QByteArray(R"({"name":"A","age":3.5})")
                                               << QStringList{QStringLiteral("$.age: expected integer, got number 3.5")};
        QTest::newRow("integer written 3.0") << person << QByteArray(R"({"name":"A","age":3.0})") << QStringList();
        QTest::newRow("below minimum") << person << QByteArray(R"({"name":"A","age":-1})")
                                       << QStringList{QStringLiteral("$.age: -1 is less than the minimum 0")};
        QTest::newRow("above maximum") << person << QByteArray(R"({"name":"A","age":151})")
                                       << QStringList{QStringLiteral("$.age: 151 is greater than the maximum 150")};
        QTest::newRow("item type") << person << QByteArray(R"({"name":"A","tags":["x",2]})")
                                   << QStringList{QStringLiteral("$.tags[1]: expected string, got number 2")};
        QTest::newRow("too many items") << person << QByteArray(R"({"name":"A","tags":["x","y","z"]})")
                                        << QStringList{QStringLiteral("$.tags: 3 items, more than maxItems 2")};
        QTest::newRow("enum miss") << person << QByteArray(R"({"name":"A","mood":"sideways"})")
                                   << QStringList{QStringLiteral("$.mood: \"sideways\" is not one of [\"up\",\"down\"]")};
        QTest::newRow("several errors") << person << QByteArray(R"({"age":"x","z":null})")
                                        << QStringList{QStringLiteral("missing required property \"name\""),
                                                       QStringLiteral("$.age: expected integer, got string"),
                                                       QStringLiteral("$.z: property not allowed")};
        QTest::newRow("type list with null") << QByteArray(R"({"type":["string","null"]})") << QByteArray("null") << QStringList();
        QTest::newRow("type list miss") << QByteArray(R"({"type":["string","null"]})") << QByteArray("true")
                                        << QStringList{QStringLiteral("$: expected string or null, got boolean")};
        QTest::newRow("additionalProperties schema") << QByteArray(R"({"type":"object","additionalProperties":{"type":"number"}})")
                                                     << QByteArray(R"({"a":1,"b":"x"})")
                                                     << QStringList{QStringLiteral("$.b: expected number, got string")};
        QTest::newRow("enum numbers 1 == 1.0") << QByteArray(R"({"enum":[1,2]})") << QByteArray("1.0") << QStringList();
        QTest::newRow("nested object") << QByteArray(R"({"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"boolean"}},"required":["b"]}}})")
                                       << QByteArray(R"({"a":{}})") << QStringList{QStringLiteral("$.a: missing required property \"b\"")};
        QTest::newRow("pattern") << QByteArray("{\"type\":\"string\",\"pattern\":\"^[a-z]+-[0-9]+$\"}") << QByteArray(R"("abc-12")") << QStringList();
        QTest::newRow("pattern miss") << QByteArray("{\"type\":\"string\",\"pattern\":\"^[a-z]+-[0-9]+$\"}") << QByteArray(R"("ABC")")
                                      << QStringList{QStringLiteral("$: Failed to match regex specified by \047pattern\047 constraint (got string \"ABC\")")};
        QTest::newRow("tuple items") << QByteArray(R"({"items":[{"type":"string"},{"type":"integer"}],"additionalItems":false})")
                                     << QByteArray(R"(["a",1,2])") << QStringList{QStringLiteral("$: Array contains more items than allowed"),
                                                                                 QStringLiteral("$: Cannot validate item #2 or greater")};
        QTest::newRow("local $ref") << QByteArray("{\"definitions\":{\"id\":{\"type\":\"integer\",\"minimum\":1}},\"properties\":{\"a\":{\"$ref\":\"#/definitions/id\"}}}")
                                    << QByteArray(R"({"a":0})") << QStringList{QStringLiteral("$.a: 0 is less than the minimum 1")};
        QTest::newRow("oneOf") << QByteArray(R"({"oneOf":[{"type":"integer"},{"minimum":2}]})") << QByteArray("3")
                               << QStringList{QStringLiteral("$: Failed to validate against exactly one child schema")};
        QTest::newRow("const") << QByteArray(R"({"const":{"a":[1,2]}})") << QByteArray(R"({"a":[1,2.0]})") << QStringList();
        QTest::newRow("integer beyond 32 bits") << QByteArray(R"({"type":"integer"})") << QByteArray("5000000000") << QStringList();
        QTest::newRow("property named like an index") << QByteArray(R"({"properties":{"0":{"type":"string"}}})") << QByteArray(R"({"0":1})")
                                                      << QStringList{QStringLiteral("$[\"0\"]: expected string, got number 1")};
        QTest::newRow("empty schema accepts anything") << QByteArray("{}") << QByteArray(R"({"x":[1,"y"]})") << QStringList();
    }
    void validate()
    {
        QFETCH(QByteArray, schema);
        QFETCH(QByteArray, value);
        QFETCH(QStringList, expected);
        const QStringList errors = validateJsonSchema(parse(value), parse(schema).toObject());
        QVERIFY2(errors.size() == expected.size(), qPrintable(errors.join(QStringLiteral(" | "))));
        for (const QString &e : std::as_const(expected)) {
            bool found = false;
            for (const QString &got : errors)
                found = found || got.contains(e);
            QVERIFY2(found, qPrintable(QStringLiteral("expected \"") + e + QStringLiteral("\" in ") + errors.join(QStringLiteral(" | "))));
        }
    }

    void definition_data()
    {
        QTest::addColumn<QByteArray>("schema");
        QTest::addColumn<QString>("expected"); // substring of the first error; empty: usable

        QTest::newRow("supported") << QByteArray(R"({"type":"object","title":"t","properties":{"a":{"type":"string","description":"d"}}})") << QString();
        QTest::newRow("draft-7 keywords") << QByteArray("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"pattern\":\"^x\",\"$comment\":\"c\"}},"
                                                    "\"patternProperties\":{\"^y\":{}},\"dependencies\":{\"a\":[\"b\"]},\"if\":{\"required\":[\"a\"]},\"then\":{},\"else\":false}") << QString();
        QTest::newRow("misspelt keyword") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","minLenght":1}}})")
                                          << QStringLiteral("$.properties.a.minLenght: unsupported keyword");
        QTest::newRow("format is not checked") << QByteArray(R"({"type":"string","format":"email"})")
                                               << QStringLiteral("$.format: not checked by this validator");
        QTest::newRow("remote $ref") << QByteArray("{\"$ref\":\"http://example.com/schema.json\"}")
                                     << QStringLiteral("$[\"$ref\"]: only local references");
        QTest::newRow("dangling $ref") << QByteArray("{\"$ref\":\"#/definitions/missing\"}") << QStringLiteral("$: the schema cannot be used");
        QTest::newRow("bad pattern") << QByteArray("{\"pattern\":\"(unclosed\"}") << QStringLiteral("$.pattern: not a valid regular expression");
        QTest::newRow("unknown type") << QByteArray(R"({"type":"text"})") << QStringLiteral("$.type: unknown type \"text\"");
        QTest::newRow("properties not schemas") << QByteArray(R"({"properties":{"a":1}})") << QStringLiteral("$.properties.a: expected a schema object");
        QTest::newRow("required not names") << QByteArray(R"({"required":[1]})") << QStringLiteral("$.required: expected an array of property names");
        QTest::newRow("tuple items") << QByteArray(R"({"items":[{}]})") << QString();
        QTest::newRow("negative maxLength") << QByteArray(R"({"maxLength":-1})") << QStringLiteral("$.maxLength: expected a non-negative integer");
        QTest::newRow("empty enum") << QByteArray(R"({"enum":[]})") << QStringLiteral("$.enum: expected a non-empty array");
    }
    void definition()
    {
        QFETCH(QByteArray, schema);
        QFETCH(QString, expected);
        const QStringList errors = schemaDefinitionErrors(parse(schema).toObject());
        if (expected.isEmpty()) {
            QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QStringLiteral(" | "))));
        } else {
            QVERIFY(!errors.isEmpty());
            QVERIFY2(errors.first().contains(expected), qPrintable(errors.join(QStringLiteral(" | "))));
        }
    }

    void declaresPath()
    {
        const QJsonObject s = parse(R"({"type":"object","properties":{"a":{"type":"object","properties":{"b":{}}}}})").toObject();
        QVERIFY(schemaDeclaresPath(s, QStringLiteral("a")));
        QVERIFY(schemaDeclaresPath(s, QStringLiteral("a.b")));
        QVERIFY(!schemaDeclaresPath(s, QStringLiteral("a.c")));
        QVERIFY(!schemaDeclaresPath(s, QStringLiteral("b")));
    }
};

QTEST_GUILESS_MAIN(TestJsonSchema)
#include "tst_json_schema.moc"
