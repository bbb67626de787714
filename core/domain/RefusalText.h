#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <concepts>
#include <optional>

namespace jobdesk {

// Why something was refused: a stable code ("JD121") and its parameters, said
// in English (logs, tests, API clients) or in the operator's language.
//
// Every refusal of the core and of the two schemas has a code; each code has one
// translatable template in the table of RefusalText.cpp (translation context
// "jobdesk::Refusal"), whose %1..%n are the parameters in the order the table
// names them. The database sends a code with its parameters as JSON (a guard's
// SQLSTATE and DETAIL, an operator function's answer "JDnnn {...}"); the core
// builds its refusals from a code (refusal::make). Nothing reads English back.
class RefusalText
{
public:
    RefusalText() = default;
    RefusalText(const char *code, const char *source, QStringList args, quint32 wordArgs = 0, int countArg = 0)
        : m_code(code), m_source(source), m_args(std::move(args)), m_wordArgs(wordArgs), m_countArg(countArg) {}

    bool isNull() const { return m_source == nullptr; }
    QString code() const { return QString::fromLatin1(m_code); }
    QStringList args() const { return m_args; }
    // The parameters by name, as the table names them ({"job": "12"}).
    QJsonObject params() const;
    QString english() const;   // the template, untranslated, with the arguments as they came
    QString localized() const; // translated with the installed catalogue (English without one)

private:
    const char *m_code = "";
    const char *m_source = nullptr; // marked with QT_TRANSLATE_NOOP("jobdesk::Refusal", ...)
    QStringList m_args;
    quint32 m_wordArgs = 0; // bit n-1 set: argument %n is a word the catalogue translates (a state, a field's name)
    int m_countArg = 0;     // n > 0: argument %n is a count, which picks the translation's plural form
};

namespace refusal {

// One code: its translatable template and the names of its parameters in
// order (%1 = the first name), which are the keys of the JSON the database
// sends. JD001..JD099: the guards of both schemas; JD1nn: why an attempt may
// not start and the operator actions (PostgreSQL's functions, SQLite's
// JobService); JD2nn: the core's bad input and store failures; JD3nn: retention.
struct KnownSentence
{
    const char *code;
    const char *source;
    quint32 wordArgs;
    int countArg = 0; // n > 0: %n is a count (the template is marked QT_TRANSLATE_N_NOOP, its translations have plural forms)
    const char *params = "";
};
const QList<KnownSentence> &knownSentences();

// A refusal of the core: its code's template with these arguments. A code
// without a template (a programming error tst_refusal_text catches) says the
// code and its arguments.
RefusalText makeFrom(const char *code, QStringList args);

inline QString argText(const QString &s) { return s; }
inline QString argText(QLatin1String s) { return s.toString(); }
inline QString argText(const char *s) { return QString::fromUtf8(s); }
template<std::integral T>
QString argText(T n) { return QString::number(n); }
inline QString argText(double d) { return QString::number(d); }

template<typename... A>
RefusalText make(const char *code, const A &...args)
{
    return makeFrom(code, QStringList{argText(args)...});
}

// A database guard's refusal: its code's template, filled from `detail` (a
// JSON object, PostgreSQL) or, when that is empty (SQLite's constant text),
// from the message read against that one code's template. Nullopt for a code
// no template has.
std::optional<RefusalText> fromCode(const QString &code, const QString &detail, const QString &message);

// An operator function's or jd_start_attempt's answer, "JDnnn {params}".
// Nullopt for anything else.
std::optional<RefusalText> decode(const QString &coded);

// The names of a code's parameters, in its template's order (empty for an unknown code).
QStringList paramNames(const QString &code);

// A state or a field's name (as the store and the core write them) in the operator's language.
QString localizedWord(const QString &word);

} // namespace refusal
} // namespace jobdesk
