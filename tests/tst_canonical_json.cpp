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
    // A result is stored exactly as given, and PostgreSQL's json type keeps
    // RFC 8259's grammar where QJsonDocument is lenient: what the check
    // refuses, at least one side refuses; what it passes, both take.
    void strictJsonIsRfc8259_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("strict");
        QTest::addColumn<bool>("qtReadsIt");
        QTest::newRow("object") << QByteArray("{\"a\":[1,-0,2.5,1e5,1E-3,true,false,null,\"x\\n\\u00e9\\/\"]}") << true << true;
        QTest::newRow("whitespace around") << QByteArray(" \t\r\n{ \"a\" : 1 }\n") << true << true;
        QTest::newRow("escaped NUL") << QByteArray("{\"a\":\"\\u0000\"}") << true << true;
        QTest::newRow("lone surrogate escape") << QByteArray("{\"a\":\"\\ud800\"}") << true << true;
        QTest::newRow("deep") << (QByteArray(500, '[') + QByteArray(500, ']')) << true << true;
        QTest::newRow("raw line break in a string") << QByteArray("{\"a\":\"line one\nline two\"}") << false << true;
        QTest::newRow("raw tab in a string") << QByteArray("{\"a\":\"a\tb\"}") << false << true;
        QTest::newRow("raw 0x01 in a string") << QByteArray("{\"a\":\"a\x01" "b\"}") << false << true;
        QTest::newRow("leading zero") << QByteArray("{\"a\":01}") << false << false;
        QTest::newRow("bare decimal point") << QByteArray("{\"a\":1.}") << false << true; // Qt reads it; PostgreSQL does not
        QTest::newRow("no integer part") << QByteArray("{\"a\":.5}") << false << true; // Qt reads it; PostgreSQL does not
        QTest::newRow("bad escape") << QByteArray("{\"a\":\"\\x\"}") << false << true; // Qt reads it; PostgreSQL does not
        QTest::newRow("short unicode escape") << QByteArray("{\"a\":\"\\u12\"}") << false << false;
        QTest::newRow("trailing comma") << QByteArray("{\"a\":1,}") << false << false;
        QTest::newRow("two values") << QByteArray("{\"a\":1} {}") << false << false;
        QTest::newRow("unterminated") << QByteArray("{\"a\":\"x") << false << false;
        QTest::newRow("empty") << QByteArray() << false << false;
    }
    void strictJsonIsRfc8259()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, strict);
        QFETCH(bool, qtReadsIt);
        qsizetype at = -1;
        QCOMPARE(isStrictJson(text, &at), strict);
        if (!strict)
            QVERIFY(at >= 0 && at <= text.size());
        QJsonParseError err{};
        QJsonDocument::fromJson(text, &err);
        QCOMPARE(err.error == QJsonParseError::NoError, qtReadsIt);
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

    // A stored job's fingerprint is compared with every later request's:
    // if the canonical form of a string changed, every replay of an older
    // job would become a conflict. These digests were computed before the
    // string writer was rewritten (issue 10: one pass over the code units
    // instead of a call per character and an allocation per non-ASCII one);
    // they must never change.
    void fingerprintsOfStoredJobsNeverChange_data()
    {
        QTest::addColumn<QString>("route");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("fingerprint");
        QTest::newRow("ascii") << QStringLiteral("summarise")
                               << QByteArray("{\"document\":\"s3:/" "/bench/docs/1.pdf\",\"lang\":\"en\",\"max_tokens\":256}") // (moc reads // in a raw string as a comment)
                               << QStringLiteral("890c6bd905714a3c77176545122d37462b72dbdbd94ab47fecf0248662fa7b47");
        QTest::newRow("escapes and controls") << QStringLiteral("r")
                                              << QByteArray("{\"s\":\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f\\u007f/\"}")
                                              << QStringLiteral("169a61798658642437ee974ff6a405eef49fa8d575e03c85111494425da3af2f");
        QTest::newRow("two and three bytes") << QStringLiteral("r")
                                             << QByteArray("{\"k\\u00e9y\":\"caf\\u00e9 \\u0b95\\u0bbe\\u0bb2\\u0bc8 \\u4e2d\\u6587 \\u07ff\\u0800\\uffff\"}")
                                             << QStringLiteral("2470847618c866ba95204bf763ac8183cdf11cfd8adf7f887fe8fa3eb4cfb8cc");
        QTest::newRow("pairs and lone surrogates") << QStringLiteral("r\u00e9")
                                                   << QByteArray("{\"e\":\"\\ud83d\\ude00 \\ud800x \\udc00 \\udbff\\udfff\",\"f\":[\"\\ud8de\"]}")
                                                   << QStringLiteral("71c1dfd8473b1b370ef03427adab537232fc94dc77ba850ab791d9ab842fdc08");
    }
    void fingerprintsOfStoredJobsNeverChange()
    {
        QFETCH(QString, route);
        QFETCH(QByteArray, input);
        QFETCH(QString, fingerprint);
        const QJsonDocument doc = QJsonDocument::fromJson(input);
        QVERIFY(doc.isObject());
        QCOMPARE(intentFingerprint(route, doc.object()), fingerprint);
    }

    // Every code unit, alone and between others, is written as the writer
    // before the rewrite wrote it (kept below as the reference).
    void everyCodeUnitIsWrittenAsBefore()
    {
        for (char32_t u = 0; u <= 0x10FFFF; u += (u < 0x3000 ? 1 : 61)) {
            QString s;
            if (u > 0xFFFF) {
                const char32_t pair[] = {u};
                s = QString::fromUcs4(pair, 1);
            } else {
                s = QString(QChar(char16_t(u)));
            }
            for (const QString &text : QStringList{s, QStringLiteral("a") + s + QStringLiteral("z"), s + s}) {
                const QByteArray got = canonicalJson(QJsonValue(text));
                const QByteArray want = referenceString(text);
                if (got != want)
                    QFAIL(qPrintable(QStringLiteral("U+%1: %2 instead of %3")
                                         .arg(quint32(u), 4, 16, QLatin1Char('0'))
                                         .arg(QString::fromLatin1(got.toHex()), QString::fromLatin1(want.toHex()))));
            }
        }
        // Lone surrogates next to ASCII, to each other, and at the ends.
        const char16_t units[] = {char16_t(0x78), 0xD800, 0xDC00, 0xDBFF, 0xDFFF, char16_t(0x22), 0xD83D, 0xDE00, 0x0001};
        for (const char16_t a : units)
            for (const char16_t b : units)
                for (const char16_t c : units) {
                    const char16_t three[] = {a, b, c};
                    const QString text = QString::fromUtf16(three, 3);
                    QCOMPARE(canonicalJson(QJsonValue(text)), referenceString(text));
                }
    }

private:
    // The string writer as it was (before issue 10's eighth pass), verbatim
    // in what it writes.
    static void referenceEscaped(QByteArray &out, const QByteArray &utf8)
    {
        for (const char ch : utf8) {
            const auto c = static_cast<unsigned char>(ch);
            switch (c) {
            case '"': out.append("\\\""); break;
            case '\\': out.append("\\\\"); break;
            case '\b': out.append("\\b"); break;
            case '\f': out.append("\\f"); break;
            case '\n': out.append("\\n"); break;
            case '\r': out.append("\\r"); break;
            case '\t': out.append("\\t"); break;
            default:
                if (c < 0x20) {
                    static const char hex[] = "0123456789abcdef";
                    out.append("\\u00");
                    out.append(hex[c >> 4]);
                    out.append(hex[c & 0xF]);
                } else {
                    out.append(ch);
                }
            }
        }
    }
    static QByteArray referenceString(const QString &s)
    {
        QByteArray out("\"");
        static const char hex[] = "0123456789abcdef";
        const char16_t *p = QStringView(s).utf16();
        const qsizetype n = s.size();
        for (qsizetype i = 0; i < n; ++i) {
            const char16_t c = p[i];
            if (c < 0x80) {
                if (c >= 0x20 && c != char16_t(0x22) && c != char16_t(0x5C))
                    out.append(char(c));
                else
                    referenceEscaped(out, QByteArray(1, char(c)));
            } else if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(p[i + 1])) {
                out.append(QStringView(p + i, 2).toUtf8());
                ++i;
            } else if (QChar::isSurrogate(c)) {
                out.append("\\u");
                out.append(hex[(c >> 12) & 0xF]);
                out.append(hex[(c >> 8) & 0xF]);
                out.append(hex[(c >> 4) & 0xF]);
                out.append(hex[c & 0xF]);
            } else {
                out.append(QStringView(p + i, 1).toUtf8());
            }
        }
        out.append('"');
        return out;
    }
};

QTEST_GUILESS_MAIN(TestCanonicalJson)
#include "tst_canonical_json.moc"
