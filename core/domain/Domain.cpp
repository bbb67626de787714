#include "Domain.h"

#include <algorithm>

#include <array>
#include <utility>

namespace jobdesk {
namespace {

template<typename E, size_t N>
std::optional<E> lookup(const std::array<std::pair<E, const char16_t *>, N> &table, const QString &s)
{
    for (const auto &[value, name] : table)
        if (s == QStringView(name))
            return value;
    return std::nullopt;
}

template<typename E, size_t N>
QString name(const std::array<std::pair<E, const char16_t *>, N> &table, E value)
{
    for (const auto &[v, n] : table)
        if (v == value)
            return QString::fromUtf16(n);
    return {};
}

constexpr std::array<std::pair<AttemptState, const char16_t *>, 7> kAttemptStates{{
    {AttemptState::Starting, u"starting"},
    {AttemptState::Running, u"running"},
    {AttemptState::Succeeded, u"succeeded"},
    {AttemptState::Superseded, u"superseded"},
    {AttemptState::Failed, u"failed"},
    {AttemptState::Unknown, u"unknown"},
    {AttemptState::Cancelled, u"cancelled"},
}};

constexpr std::array<std::pair<JobState, const char16_t *>, 6> kJobStates{{
    {JobState::Queued, u"queued"},
    {JobState::Running, u"running"},
    {JobState::Blocked, u"blocked"},
    {JobState::Succeeded, u"succeeded"},
    {JobState::Failed, u"failed"},
    {JobState::Cancelled, u"cancelled"},
}};

constexpr std::array<std::pair<AttemptKind, const char16_t *>, 3> kAttemptKinds{{
    {AttemptKind::Automatic, u"automatic"},
    {AttemptKind::Hedge, u"hedge"},
    {AttemptKind::Retry, u"retry"},
}};

} // namespace

QString toText(AttemptState s) { return name(kAttemptStates, s); }
QString toText(JobState s) { return name(kJobStates, s); }
QString toText(AttemptKind k) { return name(kAttemptKinds, k); }
std::optional<AttemptState> attemptStateFromString(const QString &s) { return lookup(kAttemptStates, s); }
std::optional<JobState> jobStateFromString(const QString &s) { return lookup(kJobStates, s); }
std::optional<AttemptKind> attemptKindFromString(const QString &s) { return lookup(kAttemptKinds, s); }

QString toText(Role r)
{
    switch (r) {
    case Role::Viewer: return QStringLiteral("viewer");
    case Role::Operator: return QStringLiteral("operator");
    case Role::Service: return QStringLiteral("service");
    }
    return {};
}

bool isOpen(AttemptState s)
{
    return s == AttemptState::Starting || s == AttemptState::Running || s == AttemptState::Unknown;
}

bool canComplete(AttemptState s)
{
    return s == AttemptState::Running || s == AttemptState::Unknown;
}

ChainPosition chainPositionAfter(const QList<Attempt> &attempts, const QStringList &chain)
{
    ChainPosition pos;
    qsizetype used = -1;
    for (const Attempt &a : attempts)
        if (a.kind != AttemptKind::Retry) {
            pos.afterAutomatic = true;
            used = std::max(used, chain.indexOf(a.provider));
        }
    pos.next = used + 1;
    return pos;
}

} // namespace jobdesk
