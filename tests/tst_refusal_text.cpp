// The core's refusals in the operator's language (core/domain/RefusalText):
// every code the two schemas' guards raise (JDnnn) has its template, with
// the parameters PostgreSQL sends, and every sentence PostgreSQL's operator
// functions answer with is in the one table, so a new refusal without a
// translation fails here; a known refusal is translated with its arguments
// (state names too) and an unknown one stays as it came, in English.

#include "domain/Error.h"
#include "domain/RefusalText.h"
#include "StoreFixture.h"
#include "store/SqlSession.h"

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
    QString code; // JDnnn for a guard's refusal; empty for an operator function's answer
    QString text; // as the database says it, placeholders filled with sample values
    QStringList params; // PostgreSQL: the keys of the refusal's DETAIL, in order
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

// A sentence with its placeholders (% in RAISE, %s in format) filled with
// sample values; a state name where one goes.
QString withSamples(QString text)
{
    if (text.contains(QStringLiteral("cannot go from")) || text.contains(QStringLiteral("job does not change state")))
        text = text.replace(QStringLiteral("from %s to %s"), QStringLiteral("from running to starting"))
                   .replace(QStringLiteral("a %s job"), QStringLiteral("a succeeded job"));
    text.replace(QStringLiteral("already %s;"), QStringLiteral("already cancelled;"));
    return text.replace(QStringLiteral("%s"), QStringLiteral("7")).replace(u'%', QStringLiteral("7"));
}

// Every refusal a guard raises, on both stores (PostgreSQL: RAISE ... USING
// ERRCODE = 'JDnnn', MESSAGE = ..., DETAIL = json_build_object(...); SQLite:
// RAISE(ABORT, 'JDnnn: ...')), and on PostgreSQL every message an operator
// function or jd_start_attempt answers with (message := '...' or format(...),
// v_msg := format(...)).
QList<SchemaMessage> schemaMessages()
{
    static const QRegularExpression pgRaise(QStringLiteral(
        "ERRCODE = '(JD\\d{3})', MESSAGE = (?:format\\()?('(?:[^']|'')*')[^;]*?(?:DETAIL = json_build_object\\(([^;]*)\\)::text)?;"));
    static const QRegularExpression sqliteRaise(QStringLiteral("RAISE\\(ABORT, '(JD\\d{3}): ((?:[^']|'')*)'\\)"));
    static const QRegularExpression detailKey(QStringLiteral("'(\\w+)',"));
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
            for (auto it = pgRaise.globalMatch(sql); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                QStringList params;
                for (auto k = detailKey.globalMatch(m.captured(3)); k.hasNext();)
                    params.append(k.next().captured(1));
                out.append({dialect + u'/' + name, m.captured(1), withSamples(literal(m.captured(2))), params});
            }
            for (auto it = sqliteRaise.globalMatch(sql); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                out.append({dialect + u'/' + name, m.captured(1), QString(m.captured(2)).replace(QStringLiteral("''"), QStringLiteral("'")), {}});
            }
            for (auto it = answer.globalMatch(sql); it.hasNext();)
                out.append({dialect + u'/' + name, {}, withSamples(literal(it.next().captured(1))), {}});
        }
    }
    return out;
}

// A guard's refusal as a session reports it.
SqlError guardError(const QString &code, const QString &message, const QString &detail = {})
{
    return SqlError(SqlError::Kind::GuardRefused, message, detail, code);
}

} // namespace

class TestRefusalText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every code a guard raises has its template, whose English with the
    // sample arguments is what the database says, and whose parameter names
    // are PostgreSQL's DETAIL keys; every operator function's answer is in
    // the table of sentences without a code.
    void everyDatabaseRefusalHasATranslation()
    {
        const QList<SchemaMessage> messages = schemaMessages();
        int coded = 0;
        for (const SchemaMessage &m : messages) {
            std::optional<RefusalText> r;
            if (m.code.isEmpty()) {
                r = refusal::recognise(m.text);
            } else {
                ++coded;
                r = refusal::fromCode(m.code, {}, m.text);
                const auto known = std::find_if(refusal::knownSentences().begin(), refusal::knownSentences().end(),
                                                [&](const refusal::KnownSentence &k) { return m.code == QLatin1String(k.code); });
                QVERIFY2(known != refusal::knownSentences().end(), qPrintable(m.file + QStringLiteral(": ") + m.code));
                if (m.file.startsWith(QStringLiteral("postgres/")))
                    QCOMPARE(m.params, QString::fromLatin1(known->params).split(u',', Qt::SkipEmptyParts));
            }
            QVERIFY2(r.has_value(), qPrintable(QStringLiteral("%1: no translatable template for %2 \"%3\" "
                                                              "(add it to core/domain/RefusalText.cpp)")
                                                   .arg(m.file, m.code, m.text)));
            QCOMPARE(r->english(), m.text);
            QCOMPARE(r->code(), m.code);
        }
        // The scan found what the schemas say (a regex that silently matched nothing would pass).
        QVERIFY2(coded >= 60, qPrintable(QString::number(coded)));
        QVERIFY2(messages.size() - coded >= 20, qPrintable(QString::number(messages.size() - coded)));
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
            const QByteArray key = QByteArray(k.code) + '|' + k.source;
            QVERIFY2(!seen.contains(key), k.source);
            seen.insert(key);
        }
    }

    // A guard's refusal is read by its code: PostgreSQL's parameters come
    // from its DETAIL, SQLite's constant sentence is read against that code's
    // template alone.
    void aGuardsRefusalIsReadByItsCode()
    {
        const JobDeskError pg = guardRefusal(QStringLiteral("cancel attempt"),
                                             guardError(QStringLiteral("JD010"), QStringLiteral("attempt 12 cannot go from cancelled to running"),
                                                        QStringLiteral("{\"attempt\": 12, \"from\": \"cancelled\", \"to\": \"running\"}")));
        QCOMPARE(pg.code(), JobDeskError::Code::InvalidTransition);
        QCOMPARE(pg.refusalCode(), QStringLiteral("JD010"));
        QCOMPARE(pg.refusalArgs(), (QStringList{QStringLiteral("12"), QStringLiteral("cancelled"), QStringLiteral("running")}));
        QCOMPARE(pg.message(), QStringLiteral("cancel attempt: attempt 12 cannot go from cancelled to running"));
        QCOMPARE(pg.localizedMessage(), QStringLiteral("attempt 12 cannot go from cancelled to running")); // no catalogue
        const JobDeskError sqlite = guardRefusal(QStringLiteral("delete"),
                                                 guardError(QStringLiteral("JD030"), QStringLiteral("jobs is append-only (DELETE refused)")));
        QCOMPARE(sqlite.refusalCode(), QStringLiteral("JD030"));
        QCOMPARE(sqlite.refusalArgs(), (QStringList{QStringLiteral("jobs"), QStringLiteral("DELETE")}));
        // An unknown code keeps the English as it came.
        const JobDeskError odd = guardRefusal(QStringLiteral("x"), guardError(QStringLiteral("JD999"), QStringLiteral("a newer guard")));
        QCOMPARE(odd.localizedMessage(), QStringLiteral("x: a newer guard"));
        QVERIFY(odd.refusalCode().isEmpty());
    }

    // A real guard's refusal on each store, read by its code: a running
    // attempt moved back to starting by raw SQL.
    void aStoresGuardRefusesWithItsCodeAndParameters_data() { test::addBackendRows(); }
    void aStoresGuardRefusesWithItsCodeAndParameters()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = test::submitJob(*svc, QStringLiteral("coded"));
        const Attempt a = test::startRunning(*svc, job.id);
        std::optional<SqlError> refused;
        try {
            svc->session().exec(QStringLiteral("UPDATE attempts SET state = 'starting' WHERE id = $1"), {a.id});
        } catch (const SqlError &e) {
            refused = e;
        }
        QVERIFY(refused);
        QCOMPARE(refused->kind(), SqlError::Kind::GuardRefused);
        const JobDeskError e = guardRefusal(QStringLiteral("raw update"), *refused);
        if (store->isPostgres()) {
            QCOMPARE(refused->code(), QStringLiteral("JD010"));
            QCOMPARE(e.refusalArgs(), (QStringList{QString::number(a.id), QStringLiteral("running"), QStringLiteral("starting")}));
            QCOMPARE(refused->message(), QStringLiteral("attempt %1 cannot go from running to starting").arg(a.id));
        } else {
            QCOMPARE(refused->code(), QStringLiteral("JD011"));
            QCOMPARE(refused->message(), QStringLiteral("this attempt state change is not allowed"));
        }
        QCOMPARE(e.refusalCode(), refused->code());
        QTranslator ta;
        QVERIFY(ta.load(QStringLiteral(":/i18n/jobdesk_ta.qm")));
        QCoreApplication::installTranslator(&ta);
        const QString tamil = e.localizedMessage();
        QCoreApplication::removeTranslator(&ta);
        QVERIFY2(!tamil.contains(QStringLiteral("attempt")) && !tamil.contains(QStringLiteral("not allowed")), qPrintable(tamil));
    }

    void anOperatorFunctionsAnswerIsRecognised_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::newRow("operator function") << QStringLiteral("attempt 5 is already cancelled; there is nothing to cancel");
        QTest::newRow("operator's validation longer than the provider's ttl")
            << QStringLiteral("a validation of fallback is valid for at most 86400000 ms (its validation_ttl_ms), not 999 ms");
        QTest::newRow("stale, with the latest change and its reason")
            << QStringLiteral("job 3 changed since you looked (change 4, now 9): it is queued; latest: attempt #1 unknown -> "
                              "cancelled by operator alice (provider said: never ran). Refresh and decide again.");
    }
    void anOperatorFunctionsAnswerIsRecognised()
    {
        QFETCH(QString, raw);
        const std::optional<RefusalText> r = refusal::recognise(raw);
        QVERIFY(r);
        QCOMPARE(r->english(), raw);
        QCOMPARE(r->localized(), raw); // no catalogue installed: English
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
        const JobDeskError e = guardRefusal(QStringLiteral("cancel attempt"),
                                            guardError(QStringLiteral("JD010"), QStringLiteral("attempt 12 cannot go from cancelled to running"),
                                                       QStringLiteral("{\"attempt\": 12, \"from\": \"cancelled\", \"to\": \"running\"}")));
        const QString tamil = e.localizedMessage();
        QCoreApplication::removeTranslator(&ta);
        QVERIFY2(tamil.contains(QStringLiteral("12")), qPrintable(tamil));
        QVERIFY2(tamil.contains(QStringLiteral("ரத்துசெய்யப்பட்டது")), qPrintable(tamil)); // cancelled
        QVERIFY2(tamil.contains(QStringLiteral("இயங்குகிறது")), qPrintable(tamil));       // running
        QVERIFY2(!tamil.contains(QStringLiteral("cannot go")), qPrintable(tamil));
        // The English message is untouched (logs, API clients).
        QCOMPARE(e.message(), QStringLiteral("cancel attempt: attempt 12 cannot go from cancelled to running"));
    }
};

QTEST_GUILESS_MAIN(TestRefusalText)
#include "tst_refusal_text.moc"
