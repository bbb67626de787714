#pragma once

// Text that reaches the store, made the same on both stores. PostgreSQL gets
// a text parameter as a C string in UTF-8: a NUL ends it there and a lone
// UTF-16 surrogate becomes U+FFFD; SQLite keeps both. So a text that names
// something (an owner, a route, a provider, a worker, a request, an actor)
// and holds either would be two names on SQLite and one on PostgreSQL: it is
// refused (requireName). Free text (a reason) is never refused for what it
// holds, since it often quotes a provider's words: both are replaced with
// U+FFFD before it is written (storableText), so both stores record the same.

#include "domain/Domain.h"

#include <QJsonObject>
#include <QString>

namespace jobdesk {

// Throws JobDeskError InvalidArgument: empty (or only spaces), or longer than maxLen.
void requireText(const QString &value, const char *what, int maxLen = 255);
// requireText, and no NUL character nor lone UTF-16 surrogate.
void requireName(const QString &value, const char *what);
// A name a read looks for (a filter, a search): empty means any. One that
// holds a NUL character or a lone UTF-16 surrogate names nothing a store can
// hold (every write refuses it), yet PostgreSQL would look for what comes
// before the NUL and return another name's rows: refused, as a write would
// refuse it, instead of answering for another name.
void requireSearchName(const QString &value, const char *what);
// Who runs this process, as the operating system names them (the account
// name of the effective user; USER/USERNAME where that cannot be read): the
// actor an SQLite store records, so a shared file's audit says who acted.
QString operatingSystemUser();
// An actor's kind and id are names (an event records who did it).
void requireActor(const Actor &actor);
// True when `text` holds a NUL character or a lone UTF-16 surrogate.
bool hasUnstorableText(const QString &text);
// `text` with every NUL character and lone UTF-16 surrogate replaced by
// U+FFFD (one code unit for one, so lengths do not change); anything else,
// a valid surrogate pair too, as it was. Every reason is written through it.
QString storableText(const QString &text);
// `o` with storableText applied to every key and string at any depth: a
// record that quotes a provider (a contract validation's report, with the
// provider's output and error words) is recorded, never refused, and the
// same on both stores (jsonb on PostgreSQL cannot hold U+0000 at all).
QJsonObject storableJson(const QJsonObject &o);

} // namespace jobdesk
