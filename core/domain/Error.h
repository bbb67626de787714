#pragma once

#include "RefusalText.h"

#include <QString>
#include <stdexcept>

namespace jobdesk {

// The one rooted exception type of the core. Every failure that is not a
// domain outcome (a conflict, a refused attempt, a lost race are outcomes and
// come back as values) is thrown as a JobDeskError with a stable code.
class JobDeskError : public std::runtime_error
{
public:
    enum class Code {
        InvalidArgument,   // bad input: nothing was written
        NotFound,          // unknown job / attempt
        Forbidden,         // the actor's role may not do this
        InvalidTransition, // the attempt or job is not in a state that allows this
        StaleView,         // the operator acted on an outdated view (change sequence moved)
        StoreUnavailable,  // connection lost and could not be re-established
        StoreBusy,         // the store stayed busy (locked, conflicting) past every try: nothing was written
        StoreError,        // the database refused or failed in an unexpected way
        Migration,         // the schema could not be brought up to date
    };

    JobDeskError(Code code, const QString &message)
        : std::runtime_error(message.toStdString()), m_code(code), m_message(message) {}
    // message stays what it always was (English: logs, tests, API clients); text is
    // the part of it an operator can read in their language (e.g. the database's
    // refusal without the operation's name in front).
    JobDeskError(Code code, const QString &message, const RefusalText &text)
        : std::runtime_error(message.toStdString()), m_code(code), m_message(message), m_text(text) {}
    // A refusal by its code (refusal::make): the message is its English.
    JobDeskError(Code code, const RefusalText &text) : JobDeskError(code, text.english(), text) {}

    Code code() const noexcept { return m_code; }
    QString message() const { return m_message; }
    // For an operator: the refusal translated with the installed catalogue, or
    // the English message as it is when the error has no code (a driver's words).
    QString localizedMessage() const;
    static QString codeName(Code code);
    // The refusal's stable code ("JD010") and its parameters, in the
    // template's order and by name; empty for an error without a code.
    QString refusalCode() const { return m_text.code(); }
    QStringList refusalArgs() const { return m_text.args(); }
    QJsonObject refusalParams() const { return m_text.params(); }
    const RefusalText &refusal() const { return m_text; }

private:
    Code m_code;
    QString m_message;
    RefusalText m_text;
};

} // namespace jobdesk
