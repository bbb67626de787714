// The core's refusals in the operator's language (core/domain/RefusalText):
// every message the two schemas raise ("jobdesk_*: ...") and every sentence
// PostgreSQL's operator functions answer with is in the one table, so a new
// guard message without a translation fails here; a known sentence is
// translated with its arguments (state names too) and an unknown one stays as
// it came, in English.

#include "domain/Error.h"
#include "domain/RefusalText.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>

using namespace jobdesk;

namespace {

struct SchemaMessage
{
    QString file;
    QString text; // as the database says it, placeholders filled with sample values
};

QString schemaText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QString::fromUtf8(f.readAll());
}

// A PL/pgSQL or SQLite string literal's text ('' is one quote); PostgreSQL's
// adjacent literals on the next line ('a ' \n 'b') are one string.
QString literal(const QString &quoted)
{
    static const QRegularExpression piece(QStringLiteral("'((?:[^']|'')*)'"));
    QString out;
    for (auto it = piece.globalMatch(quoted); it.hasNext();)
        out += it.next().captured(1).replace(QStringLiteral("''"), QStringLiteral("'"));
    return out;
}

// Every "jobdesk_*:" message a trigger raises, on both stores, and on PostgreSQL
// every message an operator function or jd_start_attempt answers with
// (message := '...' or format(...), v_msg := format(...)). A PostgreSQL placeholder (%
// in RAISE, %s in format) becomes a sample value; a state name where one goes.
QList<SchemaMessage> schemaMessages()
{
    static const QRegularExpression raise(QStringLiteral("RAISE(?:\\s+EXCEPTION\\s*|\\s*\\(\\s*ABORT\\s*,\\s*)('(?:[^']|'')*')"));
    static const QRegularExpression answer(
        QStringLiteral("(?:message|v_msg)\\s*:=\\s*(?:format\\(\\s*)?((?:'(?:[^']|'')*'\\s*)+)"));
    QList<SchemaMessage> out;
    for (const QString &dialect : {QStringLiteral("postgres"), QStringLiteral("sqlite")}) {
        // The schema the core embeds; JOBDESK_TEST_SCHEMA_DIR checks another tree's (e.g. a branch's
        // resources/schema before a merge) without building it.
        const QDir dir(qEnvironmentVariable("JOBDESK_TEST_SCHEMA_DIR", QStringLiteral(":/jobdesk/schema")) + u'/' + dialect);
        QStringList files = dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name);
        for (const QString &sub : {QStringLiteral("functions"), QStringLiteral("triggers")})
            for (const QString &f : QDir(dir.filePath(sub)).entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name))
                files.append(sub + u'/' + f);
        if (files.isEmpty())
            qFatal("no schema files under %s", qPrintable(dir.path()));
        for (const QString &name : files) {
            const QString sql = schemaText(dir.filePath(name));
            for (auto it = raise.globalMatch(sql); it.hasNext();) {
                QString text = literal(it.next().captured(1));
                // "attempt % cannot go from % to %", "a % job does not change state": states go there.
                if (text.contains(QStringLiteral("cannot go from")) || text.contains(QStringLiteral("job does not change state")))
                    text = text.replace(QStringLiteral("from % to %"), QStringLiteral("from running to starting"))
                               .replace(QStringLiteral("a % job"), QStringLiteral("a succeeded job"));
                out.append({dialect + u'/' + name, text.replace(u'%', QStringLiteral("7"))});
            }
            for (auto it = answer.globalMatch(sql); it.hasNext();) {
                QString text = literal(it.next().captured(1));
                text.replace(QStringLiteral("already %s;"), QStringLiteral("already cancelled;"));
                out.append({dialect + u'/' + name, text.replace(QStringLiteral("%s"), QStringLiteral("7"))});
            }
        }
    }
    return out;
}

} // namespace

class TestRefusalText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyDatabaseMessageHasATranslation()
    {
        const QList<SchemaMessage> messages = schemaMessages();
        int tagged = 0;
        for (const SchemaMessage &m : messages) {
            if (m.text.startsWith(QStringLiteral("jobdesk_")))
                ++tagged;
            const std::optional<RefusalText> r = refusal::recognise(m.text);
            QVERIFY2(r.has_value(), qPrintable(QStringLiteral("%1: no translatable template for \"%2\" "
                                                              "(add it to core/domain/RefusalText.cpp)")
                                                   .arg(m.file, m.text)));
            // The template with its arguments says exactly what the database said.
            const QString said = m.text.startsWith(QStringLiteral("jobdesk_")) ? m.text.section(QStringLiteral(": "), 1)
                                                                                 : m.text;
            QCOMPARE(r->english(), said);
        }
        // The scan found what the schemas say (a regex that silently matched nothing would pass).
        QVERIFY2(tagged >= 40, qPrintable(QString::number(tagged)));
        QVERIFY2(messages.size() - tagged >= 20, qPrintable(QString::number(messages.size() - tagged)));
    }

    // The same for the sentences the core builds in C++ (core/service: the
    // SQLite paths, bad input, an unreachable store): each literal given to a
    // JobDeskError or to invalid() is in the table, so a new or reworded
    // sentence without a translation fails here instead of silently staying
    // English. "%1: %2" only wraps a database's message (recognised inside).
    void everyCoreSentenceHasATranslation()
    {
        // A string literal, "..." with escapes; the throw, then one or more adjacent literals.
        const QString lit = QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\"");
        static const QRegularExpression thrown(
            QStringLiteral("(?:invalid\\(|JobDeskError\\((?:JobDeskError::)?Code::\\w+,\\s*)QStringLiteral\\(((?:\\s*")
            + lit + QStringLiteral(")+)\\)"));
        static const QRegularExpression piece(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
        static const QRegularExpression placeholder(QStringLiteral("%\\d{1,2}"));
        const QDir dir(QStringLiteral(JOBDESK_SOURCE_DIR "/core/service"));
        int found = 0;
        for (const QString &name : dir.entryList({QStringLiteral("*.cpp")}, QDir::Files, QDir::Name)) {
            const QString code = schemaText(dir.filePath(name));
            for (auto it = thrown.globalMatch(code); it.hasNext();) {
                const QString literals = it.next().captured(1);
                QString text;
                for (auto p = piece.globalMatch(literals); p.hasNext();)
                    text += p.next().captured(1);
                text.replace(QStringLiteral("\\\\"), QStringLiteral("\\")).replace(QStringLiteral("\\\""), QStringLiteral("\""));
                if (text == QStringLiteral("%1: %2"))
                    continue;
                ++found;
                const QString sample = QString(text).replace(placeholder, QStringLiteral("X7"));
                QVERIFY2(refusal::recognise(sample).has_value(),
                         qPrintable(QStringLiteral("core/service/%1: no translatable template for \"%2\" "
                                                   "(add it to core/domain/RefusalText.cpp)").arg(name, text)));
            }
        }
        QVERIFY2(found >= 50, qPrintable(QString::number(found))); // the scan saw the core's sentences
    }

    void theTableKnowsEachSentenceOnce()
    {
        QSet<QByteArray> seen;
        for (const refusal::KnownSentence &k : refusal::knownSentences()) {
            const QByteArray key = QByteArray(k.tag) + '|' + k.source;
            QVERIFY2(!seen.contains(key), k.source);
            seen.insert(key);
        }
    }

    void aDatabaseMessageIsRecognisedInsideItsContext_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("english");
        QTest::newRow("postgres") << QStringLiteral("cancel attempt: ERROR:  jobdesk_transition: attempt 12 cannot go from "
                                                    "cancelled to running\nCONTEXT:  PL/pgSQL function jd_attempt_guard() line 9")
                                  << QStringLiteral("attempt 12 cannot go from cancelled to running");
        QTest::newRow("sqlite") << QStringLiteral("start attempt: jobdesk_refused: an attempt of this job is unknown")
                                << QStringLiteral("an attempt of this job is unknown");
        QTest::newRow("operator function") << QStringLiteral("attempt 5 is already cancelled; there is nothing to cancel")
                                           << QStringLiteral("attempt 5 is already cancelled; there is nothing to cancel");
        QTest::newRow("operator's validation longer than the provider's ttl")
            << QStringLiteral("a validation of fallback is valid for at most 86400000 ms (its validation_ttl_ms), not 999 ms")
            << QStringLiteral("a validation of fallback is valid for at most 86400000 ms (its validation_ttl_ms), not 999 ms");
        QTest::newRow("stale, with the latest change and its reason")
            << QStringLiteral("job 3 changed since you looked (change 4, now 9): it is queued; latest: attempt #1 unknown -> "
                              "cancelled by operator alice (provider said: never ran). Refresh and decide again.")
            << QStringLiteral("job 3 changed since you looked (change 4, now 9): it is queued; latest: attempt #1 unknown -> "
                              "cancelled by operator alice (provider said: never ran). Refresh and decide again.");
    }
    void aDatabaseMessageIsRecognisedInsideItsContext()
    {
        QFETCH(QString, raw);
        QFETCH(QString, english);
        const std::optional<RefusalText> r = refusal::recognise(raw);
        QVERIFY(r);
        QCOMPARE(r->english(), english);
        QCOMPARE(r->localized(), english); // no catalogue installed: English
    }

    void anUnknownMessageStaysAsItCame()
    {
        const QString odd = QStringLiteral("submit: ERROR:  disk full\nCONTEXT: somewhere");
        QVERIFY(!refusal::recognise(odd));
        QCOMPARE(refusal::localize(odd), odd);
        const JobDeskError e(JobDeskError::Code::StoreError, odd);
        QCOMPARE(e.localizedMessage(), odd);
        QCOMPARE(e.message(), odd);
    }

    // Bad input is said in the operator's (or the API client's server's)
    // language too: the core's own sentence, its arguments kept.
    void tamilTranslatesABadInputSentence()
    {
        QTranslator ta;
        QVERIFY(ta.load(QStringLiteral(":/i18n/jobdesk_ta.qm")));
        QCoreApplication::installTranslator(&ta);
        const JobDeskError e(JobDeskError::Code::InvalidArgument, QStringLiteral("max_parallel must be 1..8 (got 12)"));
        const QString tamil = e.localizedMessage();
        QCoreApplication::removeTranslator(&ta);
        QCOMPARE(tamil, QStringLiteral("max_parallel 1..8 ஆக இருக்க வேண்டும் (வந்தது: 12)"));
        QCOMPARE(e.localizedMessage(), e.message()); // no catalogue: English, as it came
    }

    // A refusal that counts says "1 open attempt" and "2 open attempts" in
    // the console's English and Tamil, where the core and the database say
    // "attempt(s)" (logs and API clients keep that English as it came).
    void aCountInARefusalPicksTheSingularOrThePlural()
    {
        const QString open1 = QStringLiteral("job 5 already has 1 open attempt(s), its limit is 1");
        const QString open2 = QStringLiteral("job 5 already has 2 open attempt(s), its limit is 2");
        const QString used1 = QStringLiteral("job 7 has used its 1 automatic attempt(s)");
        const QString used3 = QStringLiteral("job 7 has used its 3 automatic attempt(s)");
        QCOMPARE(refusal::localize(open1), open1); // no catalogue: as it came
        QTranslator en;
        QVERIFY(en.load(QStringLiteral(":/i18n/jobdesk_en.qm")));
        QCoreApplication::installTranslator(&en);
        const QStringList english{refusal::localize(open1), refusal::localize(open2), refusal::localize(used1),
                                  refusal::localize(used3)};
        QCoreApplication::removeTranslator(&en);
        QCOMPARE(english, (QStringList{QStringLiteral("job 5 already has 1 open attempt, its limit is 1"),
                                       QStringLiteral("job 5 already has 2 open attempts, its limit is 2"),
                                       QStringLiteral("job 7 has used its 1 automatic attempt"),
                                       QStringLiteral("job 7 has used its 3 automatic attempts")}));
        QTranslator ta;
        QVERIFY(ta.load(QStringLiteral(":/i18n/jobdesk_ta.qm")));
        QCoreApplication::installTranslator(&ta);
        const QString tamil1 = refusal::localize(open1);
        const QString tamil2 = refusal::localize(open2);
        QCoreApplication::removeTranslator(&ta);
        QCOMPARE(tamil1, QStringLiteral("வேலை 5 க்கு ஏற்கெனவே 1 திறந்த முயற்சி உள்ளது; அதன் வரம்பு 1"));
        QCOMPARE(tamil2, QStringLiteral("வேலை 5 க்கு ஏற்கெனவே 2 திறந்த முயற்சிகள் உள்ளன; அதன் வரம்பு 2"));
    }

    void tamilTranslatesTheSentenceAndItsStateNames()
    {
        QTranslator ta;
        QVERIFY(ta.load(QStringLiteral(":/i18n/jobdesk_ta.qm"))); // the console's catalogue (linked in with jobdesk_ui)
        QCoreApplication::installTranslator(&ta);
        const JobDeskError e(JobDeskError::Code::InvalidTransition,
                             QStringLiteral("cancel attempt: ERROR:  jobdesk_transition: attempt 12 cannot go from "
                                            "cancelled to running\nCONTEXT:  PL/pgSQL function"));
        const QString tamil = e.localizedMessage();
        QCoreApplication::removeTranslator(&ta);
        QVERIFY2(tamil.contains(QStringLiteral("12")), qPrintable(tamil));
        QVERIFY2(tamil.contains(QStringLiteral("ரத்துசெய்யப்பட்டது")), qPrintable(tamil)); // cancelled
        QVERIFY2(tamil.contains(QStringLiteral("இயங்குகிறது")), qPrintable(tamil));       // running
        QVERIFY2(!tamil.contains(QStringLiteral("cannot go")) && !tamil.contains(QStringLiteral("jobdesk_")), qPrintable(tamil));
        // The English message is untouched (logs, API clients).
        QVERIFY(e.message().startsWith(QStringLiteral("cancel attempt: ERROR:  jobdesk_transition: attempt 12 cannot go")));
    }
};

QTEST_GUILESS_MAIN(TestRefusalText)
#include "tst_refusal_text.moc"
