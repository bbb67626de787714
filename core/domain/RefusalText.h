#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace jobdesk {

// Why something was refused, in words an operator reads in their language.
//
// The core's refusals are English sentences (logs, tests and API clients read
// them). Each known sentence also has a translatable template, in the translation
// context "jobdesk::Refusal": the console and the server translate it with the
// catalogue they have installed and fill in its arguments (ids, names, state
// names; state names are translated too). Sentences come from C++ (the SQLite
// paths) and from the database (PostgreSQL's operator functions, the triggers'
// "jobdesk_*:" messages of both stores): one table (RefusalText.cpp) knows them
// all. A sentence the table does not know is shown as it is, in English.
class RefusalText
{
public:
    RefusalText() = default;
    RefusalText(const char *source, QStringList args = {}, quint32 stateArgs = 0, int countArg = 0)
        : m_source(source), m_args(std::move(args)), m_stateArgs(stateArgs), m_countArg(countArg) {}

    bool isNull() const { return m_source == nullptr; }
    // The database guard's code ("JD010") when the refusal came from one.
    QString code() const { return m_code; }
    void setCode(const QString &code) { m_code = code; }
    const char *source() const { return m_source; }
    QStringList args() const { return m_args; }
    QString english() const;   // the template, untranslated, with the arguments as they came
    QString localized() const; // translated with the installed catalogue (English without one)

private:
    const char *m_source = nullptr; // marked with QT_TRANSLATE_NOOP("jobdesk::Refusal", ...)
    QStringList m_args;
    quint32 m_stateArgs = 0; // bit n-1 set: argument %n is a state name
    int m_countArg = 0;      // n > 0: argument %n is a count, which picks the translation's plural form
    QString m_code;
};

namespace refusal {

// One known sentence: the stable code a database guard raises it under
// ("JD001"; empty for a sentence of the core or of an operator function's
// answer) and its translatable template. For a coded sentence, params names
// the template's arguments in order (%1 = the first name): the keys of the
// JSON object PostgreSQL sends in the refusal's DETAIL.
struct KnownSentence
{
    const char *code;
    const char *source;
    quint32 stateArgs;
    int countArg = 0; // n > 0: %n is a count (the template is marked QT_TRANSLATE_N_NOOP, its translations have plural forms)
    const char *params = "";
};
const QList<KnownSentence> &knownSentences();

// A database guard's refusal: its code's template, filled from `detail` (a
// JSON object, PostgreSQL) or, when that is empty (SQLite's constant text),
// from the message read against that one template. Nullopt for a code no
// template has.
std::optional<RefusalText> fromCode(const QString &code, const QString &detail, const QString &message);

// A sentence without a code, as a template and its arguments: the whole
// English message read against every such template.
std::optional<RefusalText> recognise(const QString &english);

// The message in the operator's language: recognised and translated, or as it came.
QString localize(const QString &english);

// A state name (job or attempt, as the store writes it) in the operator's language.
QString localizedState(const QString &state);

} // namespace refusal
} // namespace jobdesk
