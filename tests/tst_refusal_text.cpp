// The core's refusals by code (core/domain/RefusalText): every code the two
// schemas raise or answer with (JDnnn) has its template, with the parameters
// PostgreSQL sends; the core builds every refusal from a code, so a new
// refusal without a template fails here; a refusal is translated with its
// arguments (state and field names too) and an error without a code stays as
// it came, in English.

#include "domain/Error.h"
#include "domain/RefusalText.h"
#include "StoreFixture.h"
#include "store/SqlSession.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>

#include <algorithm>

using namespace jobdesk;

namespace {

struct SchemaMessage
{
    QString file;
    QString code; // JDnnn for a guard's refusal; empty for an operator function's answer
    QString text; // a guard's: as the database says it, placeholders filled with sample values
    QStringList params; // PostgreSQL: the keys of the refusal's DETAIL or of jd_refusal's JSON, in order
    bool answered; // an operator function's or jd_start_attempt's jd_refusal(...)
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
// RAISE(ABORT, 'JDnnn: ...')), and on PostgreSQL every refusal an operator
// function or jd_start_attempt answers with (jd_refusal('JDnnn', ...)).
QList<SchemaMessage> schemaMessages()
{
    static const QRegularExpression pgRaise(QStringLiteral(
        "ERRCODE = '(JD\\d{3})',\\s*MESSAGE = (?:(?:pg_catalog\\.)?format\\()?('(?:[^']|'')*')[^;]*?(?:DETAIL = (?:pg_catalog\\.)?json_build_object\\(([^;]*)\\)::text)?;"));
    static const QRegularExpression sqliteRaise(QStringLiteral("RAISE\\(ABORT, '(JD\\d{3}): ((?:[^']|'')*)'\\)"));
    static const QRegularExpression answer(QStringLiteral("jd_refusal\\('(JD\\d{3})', ([^;]*)\\);"));
    static const QRegularExpression detailKey(QStringLiteral("'(\\w+)',"));
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
            const auto keys = [](const QString &args) {
                QStringList params;
                for (auto k = detailKey.globalMatch(args); k.hasNext();)
                    params.append(k.next().captured(1));
                return params;
            };
            for (auto it = pgRaise.globalMatch(sql); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                out.append({dialect + u'/' + name, m.captured(1), withSamples(literal(m.captured(2))), keys(m.captured(3)), false});
            }
            for (auto it = sqliteRaise.globalMatch(sql); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                out.append({dialect + u'/' + name, m.captured(1), QString(m.captured(2)).replace(QStringLiteral("''"), QStringLiteral("'")), {}, false});
            }
            for (auto it = answer.globalMatch(sql); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                out.append({dialect + u'/' + name, m.captured(1), {}, keys(m.captured(2)), true});
            }
        }
    }
    return out;
}

const refusal::KnownSentence *knownCode(const QString &code)
{
    for (const refusal::KnownSentence &k : refusal::knownSentences())
        if (code == QLatin1String(k.code))
            return &k;
    return nullptr;
}

QStringList paramsOf(const refusal::KnownSentence &k)
{
    return QString::fromLatin1(k.params).split(u',', Qt::SkipEmptyParts);
}

QString sourceText(const QString &path)
{
    return schemaText(QStringLiteral(JOBDESK_SOURCE_DIR "/") + path);
}

// Every C++ file of the core, as text, by its path under the source tree.
QMap<QString, QString> coreSources()
{
    QMap<QString, QString> out;
    QDirIterator it(QStringLiteral(JOBDESK_SOURCE_DIR "/core"), {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        out.insert(path.mid(QStringLiteral(JOBDESK_SOURCE_DIR "/").size()), schemaText(path));
    }
    return out;
}

} // namespace

namespace {

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
    // Every code the schemas raise or answer with has its template: a
    // guard's English with sample arguments is what the database says, and
    // the parameter names are the keys PostgreSQL sends (a stale view's
    // answer builds its JSON in steps: its keys are the template's).
    void everyDatabaseRefusalHasItsTemplate()
    {
        const QList<SchemaMessage> messages = schemaMessages();
        int guards = 0;
        int answers = 0;
        for (const SchemaMessage &m : messages) {
            const refusal::KnownSentence *known = knownCode(m.code);
            QVERIFY2(known, qPrintable(QStringLiteral("%1: no template for %2 (add it to core/domain/RefusalText.cpp)").arg(m.file, m.code)));
            if (m.answered) {
                ++answers;
                const QStringList params = paramsOf(*known);
                if (m.file.endsWith(QStringLiteral("jd_stale_message.sql"))) {
                    for (const QString &key : m.params)
                        QVERIFY2(params.contains(key), qPrintable(m.code + u' ' + key));
                } else {
                    QCOMPARE(m.params, params);
                }
                continue;
            }
            ++guards;
            // PostgreSQL's DETAIL names the template's parameters first (JD050 adds what the
            // core answers a tombstoned key with).
            if (m.file.startsWith(QStringLiteral("postgres/")))
                QCOMPARE(m.params.mid(0, paramsOf(*known).size()), paramsOf(*known));
            const std::optional<RefusalText> r = refusal::fromCode(m.code, {}, m.text);
            QVERIFY2(r.has_value(), qPrintable(QStringLiteral("%1: %2 \"%3\" does not read as its template").arg(m.file, m.code, m.text)));
            QCOMPARE(r->english(), m.text);
            QCOMPARE(r->code(), m.code);
        }
        // The scan found what the schemas say (a regex that silently matched nothing would pass).
        QVERIFY2(guards >= 60, qPrintable(QString::number(guards)));
        QVERIFY2(answers >= 25, qPrintable(QString::number(answers)));
    }

    // An operator function answers with a code, never with a sentence of
    // its own: no message or v_msg is assigned English in a schema function.
    void noDatabaseFunctionAnswersInEnglish()
    {
        static const QRegularExpression english(QStringLiteral("(?:message|v_msg)\\s*:=\\s*(?:format\\(|')"));
        const QDir dir(QStringLiteral(":/jobdesk/schema/postgres/functions"));
        int files = 0;
        for (const QString &f : dir.entryList({QStringLiteral("*.sql")}, QDir::Files)) {
            ++files;
            const QString sql = schemaText(dir.filePath(f));
            const QRegularExpressionMatch m = english.match(sql);
            QVERIFY2(!m.hasMatch(), qPrintable(f + QStringLiteral(": ") + sql.mid(m.capturedStart(), 80)));
        }
        QVERIFY(files >= 15);
    }

    // The core builds its refusals from codes: no JobDeskError or invalid()
    // is given an English literal (only "%1: %2", which wraps a driver's
    // words), every code it makes has a template, and every template's code
    // is said somewhere (the core or a schema), so the table holds no dead
    // sentence.
    void everyCoreRefusalIsMadeFromACode()
    {
        const QString lit = QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\"");
        static const QRegularExpression sentence(
            QStringLiteral("(?:invalid\\(|JobDeskError\\((?:JobDeskError::)?Code::\\w+,\\s*)(?:QStringLiteral\\(|QCoreApplication::translate\\(\"\\w+\",\\s*)(")
            + lit + QStringLiteral(")"));
        static const QRegularExpression made(QStringLiteral("refusal::make\\(\"(JD\\d{3})\""));
        QSet<QString> said;
        int makes = 0;
        const QMap<QString, QString> sources = coreSources();
        for (auto it = sources.begin(); it != sources.end(); ++it) {
            if (!it.key().startsWith(QStringLiteral("core/service/")) && !it.key().startsWith(QStringLiteral("core/store/"))
                && !it.key().startsWith(QStringLiteral("core/domain/")))
                continue; // the provider's and the server's configuration errors name the file they read
            for (auto m = sentence.globalMatch(it.value()); m.hasNext();) {
                const QString text = m.next().captured(1);
                QVERIFY2(text == QStringLiteral("\"%1: %2\""), qPrintable(it.key() + QStringLiteral(": an English refusal ") + text));
            }
            for (auto m = made.globalMatch(it.value()); m.hasNext();) {
                const QString code = m.next().captured(1);
                ++makes;
                QVERIFY2(knownCode(code), qPrintable(it.key() + QStringLiteral(": no template for ") + code));
                said.insert(code);
            }
        }
        QVERIFY2(makes >= 90, qPrintable(QString::number(makes)));
        for (const SchemaMessage &m : schemaMessages())
            said.insert(m.code);
        for (const refusal::KnownSentence &k : refusal::knownSentences())
            QVERIFY2(said.contains(QLatin1String(k.code)), qPrintable(QStringLiteral("%1 \"%2\" is said nowhere").arg(QLatin1String(k.code), QString::fromUtf8(k.source))));
    }

    // docs/refusal-codes.md is the table, for client developers
    // (JOBDESK_UPDATE_SNAPSHOTS=1 writes it from the table).
    void theDocumentedCodesAreTheTable()
    {
        QString doc = QStringLiteral(
            "# Refusal codes\n\n"
            "Every refusal of the JobDesk core and of its two schemas has a stable code. The console and the\n"
            "server say it in the operator's language; an API problem carries it as `code` with its `params`\n"
            "(docs/api.md, \"Errors\"); a PostgreSQL guard raises it as the SQLSTATE with the parameters as\n"
            "JSON in DETAIL. JD001-JD099: the schemas' guards; JD1nn: starting an attempt and operator\n"
            "actions; JD2nn: bad input, the store, API tokens; JD3nn: retention and its archives.\n"
            "This file is generated from core/domain/RefusalText.cpp by tst_refusal_text.\n\n"
            "| code | parameters | English |\n| --- | --- | --- |\n");
        QList<refusal::KnownSentence> sorted = refusal::knownSentences();
        std::sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return qstrcmp(a.code, b.code) < 0; });
        for (const refusal::KnownSentence &k : sorted) {
            QStringList names = paramsOf(k);
            for (int i = 0; i < names.size(); ++i)
                names[i] = QStringLiteral("`%1`=%%2").arg(names.at(i)).arg(i + 1);
            doc += QStringLiteral("| %1 | %2 | %3 |\n")
                       .arg(QLatin1String(k.code), names.join(QStringLiteral(", ")),
                            QString::fromUtf8(k.source).replace(u'|', QStringLiteral("\\|")));
        }
        const QString path = QStringLiteral(JOBDESK_SOURCE_DIR "/docs/refusal-codes.md");
        if (qEnvironmentVariableIsSet("JOBDESK_UPDATE_SNAPSHOTS")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(doc.toUtf8());
        }
        QCOMPARE(sourceText(QStringLiteral("docs/refusal-codes.md")), doc);
    }

    void theTableKnowsEachCodeOnce()
    {
        QSet<QByteArray> codes;
        QSet<QByteArray> sources;
        for (const refusal::KnownSentence &k : refusal::knownSentences()) {
            QVERIFY2(QByteArray(k.code).size() == 5 && QByteArray(k.code).startsWith("JD"), k.code);
            QVERIFY2(!codes.contains(k.code), k.code);
            QVERIFY2(!sources.contains(k.source), k.source);
            codes.insert(k.code);
            sources.insert(k.source);
            // As many parameter names as the template has placeholders.
            QSet<QString> placeholders;
            static const QRegularExpression placeholder(QStringLiteral("%(\\d{1,2})"));
            for (auto m = placeholder.globalMatch(QString::fromUtf8(k.source)); m.hasNext();)
                placeholders.insert(m.next().captured(1));
            QVERIFY2(placeholders.size() == paramsOf(k).size(), k.code);
        }
    }

    // A made refusal says its template in English, carries its code and
    // its parameters by name, and is the message of the error it is thrown in.
    void aMadeRefusalCarriesItsCodeAndParameters()
    {
        const JobDeskError e(JobDeskError::Code::InvalidTransition, refusal::make("JD122", 41, "cancelled"));
        QCOMPARE(e.message(), QStringLiteral("attempt 41 is already cancelled; there is nothing to cancel"));
        QCOMPARE(e.refusalCode(), QStringLiteral("JD122"));
        QCOMPARE(e.refusalParams(), (QJsonObject{{QStringLiteral("attempt"), QStringLiteral("41")},
                                                 {QStringLiteral("state"), QStringLiteral("cancelled")}}));
        QCOMPARE(e.localizedMessage(), e.message()); // no catalogue: English
        // A code without a template says the code and its arguments.
        QCOMPARE(refusal::make("JD999", 1, "x").english(), QStringLiteral("JD999 (1, x)"));
    }

    // An operator function's answer is decoded from its code and JSON; a
    // stale view with the latest change and its reason has its own code.
    void anOperatorFunctionsAnswerIsDecoded_data()
    {
        QTest::addColumn<QString>("coded");
        QTest::addColumn<QString>("english");
        QTest::newRow("cancel of a cancelled attempt")
            << QStringLiteral("JD122 {\"state\": \"cancelled\", \"attempt\": 5}")
            << QStringLiteral("attempt 5 is already cancelled; there is nothing to cancel");
        QTest::newRow("a validation longer than the provider's ttl")
            << QStringLiteral("JD130 {\"ttl_ms\": 86400000, \"provider\": \"fallback\", \"valid_for_ms\": 999}")
            << QStringLiteral("a validation of fallback is valid for at most 86400000 ms (its validation_ttl_ms), not 999 ms");
        QTest::newRow("stale, with the latest change and its reason")
            << QStringLiteral("JD112 {\"job\": 3, \"now\": 9, \"seen\": 4, \"state\": \"queued\", \"attempt_no\": 1, \"from\": "
                              "\"unknown\", \"to\": \"cancelled\", \"actor_kind\": \"operator\", \"actor\": \"alice\", "
                              "\"reason\": \"provider said: never ran\"}")
            << QStringLiteral("job 3 changed since you looked (change 4, now 9): it is queued; latest: attempt #1 unknown -> "
                              "cancelled by operator alice (provider said: never ran). Refresh and decide again.");
    }
    void anOperatorFunctionsAnswerIsDecoded()
    {
        QFETCH(QString, coded);
        QFETCH(QString, english);
        const std::optional<RefusalText> r = refusal::decode(coded);
        QVERIFY(r);
        QCOMPARE(r->english(), english);
        QCOMPARE(r->code(), coded.left(5));
        QCOMPARE(r->localized(), english); // no catalogue installed: English
    }

    void whatIsNotACodedAnswerIsNotDecoded()
    {
        QVERIFY(!refusal::decode(QStringLiteral("attempt 5 is already cancelled; there is nothing to cancel")));
        QVERIFY(!refusal::decode(QStringLiteral("JD999 {\"attempt\": 5}")));  // no such code
        QVERIFY(!refusal::decode(QStringLiteral("JD122 {\"attempt\": 5")));   // not JSON
        QVERIFY(!refusal::decode(QStringLiteral("JD122 [5, \"cancelled\"]"))); // not an object
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

    // An operator action's refusal and a start's refusal carry the same
    // code and parameters on both stores (PostgreSQL's functions answer
    // with jd_refusal, SQLite's JobService makes them).
    void anOperatorsRefusalHasItsCodeOnBothStores_data() { test::addBackendRows(); }
    void anOperatorsRefusalHasItsCodeOnBothStores()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = test::submitJob(*svc, QStringLiteral("coded-op"));
        const Attempt a = test::startRunning(*svc, job.id);
        OperatorRequest req = test::operatorRequest(QStringLiteral("the customer asked"));
        req.requestId = QStringLiteral("coded-cancel-1");
        svc->cancelAttempt(a.id, req);
        const auto refusalOf = [](auto &&action) -> std::optional<JobDeskError> {
            try {
                action();
            } catch (const JobDeskError &e) {
                return e;
            }
            return std::nullopt;
        };
        req.requestId = QStringLiteral("coded-cancel-2");
        const std::optional<JobDeskError> again = refusalOf([&] { svc->cancelAttempt(a.id, req); });
        QVERIFY(again);
        QCOMPARE(again->code(), JobDeskError::Code::InvalidTransition);
        QCOMPARE(again->refusalCode(), QStringLiteral("JD122"));
        QCOMPARE(again->refusalParams(), (QJsonObject{{QStringLiteral("attempt"), QString::number(a.id)},
                                                      {QStringLiteral("state"), QStringLiteral("cancelled")}}));
        QCOMPARE(again->message(), QStringLiteral("attempt %1 is already cancelled; there is nothing to cancel").arg(a.id));

        req.requestId = QStringLiteral("coded-cancel-3");
        const std::optional<JobDeskError> missing = refusalOf([&] { svc->cancelJob(job.id + 1000, req); });
        QVERIFY(missing);
        QCOMPARE(missing->code(), JobDeskError::Code::NotFound);
        QCOMPARE(missing->refusalCode(), QStringLiteral("JD121"));
        QCOMPARE(missing->refusalArgs(), QStringList{QString::number(job.id + 1000)});

        // Seen before the cancel: stale, naming the cancel and its reason.
        req.requestId = QStringLiteral("coded-cancel-4");
        req.seenChangeSeq = job.changeSeq;
        const std::optional<JobDeskError> stale = refusalOf([&] { svc->cancelJob(job.id, req); });
        QVERIFY(stale);
        QCOMPARE(stale->code(), JobDeskError::Code::StaleView);
        QCOMPARE(stale->refusalCode(), QStringLiteral("JD112"));
        const QJsonObject p = stale->refusalParams();
        QCOMPARE(p.value(QStringLiteral("to")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(p.value(QStringLiteral("from")).toString(), QStringLiteral("running"));
        QCOMPARE(p.value(QStringLiteral("reason")).toString(), QStringLiteral("the customer asked"));
        QCOMPARE(p.value(QStringLiteral("seen")).toString(), QString::number(job.changeSeq));

        // A worker without a claim may not start: JD104, by the same code on both stores.
        StartAttemptRequest start = test::makeStartRequest(job.id);
        start.workerId = QStringLiteral("w-without-claim");
        const StartAttemptResult refused = svc->startAttempt(start);
        QVERIFY(!refused.started);
        QCOMPARE(refused.refusal.reason, Refusal::Reason::ClaimLost);
        QCOMPARE(refused.refusal.text.code(), QStringLiteral("JD104"));
        QCOMPARE(refused.refusal.text.params().value(QStringLiteral("worker")).toString(), QStringLiteral("w-without-claim"));
        QCOMPARE(refused.refusal.message, refused.refusal.text.english());

        QTranslator ta;
        QVERIFY(ta.load(QStringLiteral(":/i18n/jobdesk_ta.qm")));
        QCoreApplication::installTranslator(&ta);
        const QString tamil = again->localizedMessage();
        QCoreApplication::removeTranslator(&ta);
        QVERIFY2(tamil.contains(QString::number(a.id)) && !tamil.contains(QStringLiteral("nothing to cancel")), qPrintable(tamil));
    }

    // A field's name inside a refusal is said in the operator's language too.
    void tamilTranslatesAFieldsName()
    {
        const JobDeskError e(JobDeskError::Code::InvalidArgument, refusal::make("JD202", "owner id"));
        QCOMPARE(e.message(), QStringLiteral("owner id must not be empty"));
        QTranslator ta;
        QVERIFY(ta.load(QStringLiteral(":/i18n/jobdesk_ta.qm")));
        QCoreApplication::installTranslator(&ta);
        const QString tamil = e.localizedMessage();
        QCoreApplication::removeTranslator(&ta);
        QVERIFY2(!tamil.contains(QStringLiteral("owner")) && !tamil.contains(QStringLiteral("empty")), qPrintable(tamil));
    }

    void anUnknownMessageStaysAsItCame()
    {
        const QString odd = QStringLiteral("submit: ERROR:  disk full\nCONTEXT: somewhere");
        const JobDeskError e(JobDeskError::Code::StoreError, odd);
        QVERIFY(e.refusalCode().isEmpty());
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
        const JobDeskError e(JobDeskError::Code::InvalidArgument, refusal::make("JD208", 12));
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
        const RefusalText open1 = refusal::make("JD106", 5, 1, 1);
        const RefusalText open2 = refusal::make("JD106", 5, 2, 2);
        const RefusalText used1 = refusal::make("JD109", 7, 1);
        const RefusalText used3 = refusal::make("JD109", 7, 3);
        QCOMPARE(open1.english(), QStringLiteral("job 5 already has 1 open attempt(s), its limit is 1")); // logs, API clients
        QCOMPARE(open1.localized(), open1.english()); // no catalogue: as it came
        QTranslator en;
        QVERIFY(en.load(QStringLiteral(":/i18n/jobdesk_en.qm")));
        QCoreApplication::installTranslator(&en);
        const QStringList english{open1.localized(), open2.localized(), used1.localized(), used3.localized()};
        QCoreApplication::removeTranslator(&en);
        QCOMPARE(english, (QStringList{QStringLiteral("job 5 already has 1 open attempt, its limit is 1"),
                                       QStringLiteral("job 5 already has 2 open attempts, its limit is 2"),
                                       QStringLiteral("job 7 has used its 1 automatic attempt"),
                                       QStringLiteral("job 7 has used its 3 automatic attempts")}));
        QTranslator ta;
        QVERIFY(ta.load(QStringLiteral(":/i18n/jobdesk_ta.qm")));
        QCoreApplication::installTranslator(&ta);
        const QString tamil1 = open1.localized();
        const QString tamil2 = open2.localized();
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
