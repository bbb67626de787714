#include "Names.h"

#include "domain/Error.h"

#include <QJsonArray>

#if defined(Q_OS_UNIX)
#include <pwd.h>
#include <unistd.h>
#endif

namespace jobdesk {

namespace {

[[noreturn]] void invalid(const RefusalText &why)
{
    throw JobDeskError(JobDeskError::Code::InvalidArgument, why);
}

QJsonValue storableValue(const QJsonValue &v)
{
    if (v.isString())
        return storableText(v.toString());
    if (v.isObject())
        return storableJson(v.toObject());
    if (v.isArray()) {
        QJsonArray out;
        for (const QJsonValue &e : v.toArray())
            out.append(storableValue(e));
        return out;
    }
    return v;
}

} // namespace

QString operatingSystemUser()
{
#if defined(Q_OS_UNIX)
    // The account itself: USER may be unset (a service, su, a launcher) or set to anything.
    if (const passwd *pw = ::getpwuid(::geteuid()); pw && pw->pw_name && *pw->pw_name)
        return QString::fromLocal8Bit(pw->pw_name);
#endif
    const QString env = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    return env.isEmpty() ? QStringLiteral("uid-unknown") : env;
}

void requireText(const QString &value, const char *what, int maxLen)
{
    if (value.trimmed().isEmpty())
        invalid(refusal::make("JD202", what));
    if (value.size() > maxLen)
        invalid(refusal::make("JD203", what, maxLen));
}

bool hasUnstorableText(const QString &text)
{
    return text.contains(QChar(u'\0')) || !text.isValidUtf16();
}

void requireName(const QString &value, const char *what)
{
    requireText(value, what);
    if (hasUnstorableText(value))
        invalid(refusal::make("JD204", what));
}

void requireSearchName(const QString &value, const char *what)
{
    if (hasUnstorableText(value))
        invalid(refusal::make("JD204", what));
}

void requireActor(const Actor &actor)
{
    requireName(actor.kind, "actor kind");
    requireName(actor.id, "actor id");
}

QString storableText(const QString &text)
{
    if (!hasUnstorableText(text))
        return text;
    QString out = text;
    const qsizetype n = out.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = out.at(i).unicode();
        if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(out.at(i + 1).unicode()))
            ++i; // a valid pair stays
        else if (c == 0 || QChar::isSurrogate(c))
            out[i] = QChar(QChar::ReplacementCharacter);
    }
    return out;
}

QJsonObject storableJson(const QJsonObject &o)
{
    QJsonObject out;
    for (auto it = o.begin(); it != o.end(); ++it)
        out.insert(storableText(it.key()), storableValue(it.value()));
    return out;
}

} // namespace jobdesk
