#include "domain/TraceContext.h"

#include <QCryptographicHash>

namespace jobdesk {
namespace {

bool lowerHex(QByteArrayView s)
{
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return !s.isEmpty();
}

bool allZero(QByteArrayView s)
{
    for (char c : s)
        if (c != '0')
            return false;
    return true;
}

} // namespace

std::optional<QByteArray> parseTraceparent(QByteArrayView header)
{
    const QByteArrayView h = header.trimmed();
    constexpr qsizetype kLength = 55; // 2 + 1 + 32 + 1 + 16 + 1 + 2
    if (h.size() < kLength || h[2] != '-' || h[35] != '-' || h[52] != '-')
        return std::nullopt;
    const QByteArrayView version = h.sliced(0, 2), traceId = h.sliced(3, 32), parentId = h.sliced(36, 16), flags = h.sliced(53, 2);
    if (!lowerHex(version) || version == "ff" || !lowerHex(traceId) || !lowerHex(parentId) || !lowerHex(flags))
        return std::nullopt;
    if (allZero(traceId) || allZero(parentId))
        return std::nullopt;
    if (version == "00" ? h.size() != kLength : (h.size() > kLength && h[kLength] != '-'))
        return std::nullopt;
    QByteArray out("00-");
    out.append(traceId).append('-').append(parentId).append('-').append(flags);
    return out;
}

QByteArray traceIdOf(QByteArrayView traceparent)
{
    const auto p = parseTraceparent(traceparent);
    return p ? p->mid(3, 32) : QByteArray();
}

QByteArray childTraceparent(QByteArrayView jobTraceparent, QByteArrayView spanSeed)
{
    const auto p = parseTraceparent(jobTraceparent);
    if (!p)
        return {};
    QByteArray span = QCryptographicHash::hash(spanSeed, QCryptographicHash::Sha256).toHex().left(16);
    if (allZero(span))
        span = "0000000000000001";
    QByteArray out = p->left(36);
    out.append(span).append(p->right(3));
    return out;
}

} // namespace jobdesk
