#include "service/TokenStore.h"

#include "domain/CanonicalJson.h"
#include "domain/Error.h"
#include "Logging.h"
#include "service/Names.h"

#include <QRandomGenerator>

#include <array>

namespace jobdesk {
namespace {

constexpr QLatin1StringView kPrefix("jdt_");
constexpr qsizetype kSecretBytes = 32;
constexpr auto kBase64 = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;

const QString kColumns = QStringLiteral("id, owner_id, role, label, created_at_ms, revoked_at_ms");

ApiToken tokenFromRow(const SqlRow &r)
{
    ApiToken t;
    t.id = r.at(0).toLongLong();
    t.ownerId = r.at(1).toString();
    t.role = tokenRoleFromString(r.at(2).toString()).value_or(TokenRole::Client);
    t.label = r.at(3).toString();
    t.createdAtMs = r.at(4).toLongLong();
    if (!r.at(5).isNull())
        t.revokedAtMs = r.at(5).toLongLong();
    return t;
}

QString nowExpression(Dialect dialect)
{
    return dialect == Dialect::Postgres ? QStringLiteral("jd_now_ms()")
                                        : QStringLiteral("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)");
}

} // namespace

QString toText(TokenRole role)
{
    switch (role) {
    case TokenRole::Client: return QStringLiteral("client");
    case TokenRole::Viewer: return QStringLiteral("viewer");
    case TokenRole::Operator: return QStringLiteral("operator");
    }
    return {};
}

std::optional<TokenRole> tokenRoleFromString(const QString &text)
{
    for (const TokenRole r : {TokenRole::Client, TokenRole::Viewer, TokenRole::Operator}) {
        if (toText(r) == text)
            return r;
    }
    return std::nullopt;
}

std::optional<QByteArray> tokenSecret(QStringView presented)
{
    // 32 bytes in unpadded base64url are 43 characters.
    if (presented.size() != kPrefix.size() + 43 || !presented.startsWith(kPrefix))
        return std::nullopt;
    QByteArray encoded;
    encoded.reserve(43);
    for (const QChar c : presented.mid(kPrefix.size())) {
        const char16_t u = c.unicode();
        const bool ok = (u >= u'A' && u <= u'Z') || (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'-' || u == u'_';
        if (!ok)
            return std::nullopt;
        encoded.append(char(u));
    }
    auto decoded = QByteArray::fromBase64Encoding(encoded, kBase64 | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.size() != kSecretBytes)
        return std::nullopt;
    return decoded.decoded;
}

QString tokenHash(QByteArrayView secret)
{
    return sha256Hex(secret.toByteArray());
}

template<typename F>
auto TokenStore::guarded(const char *what, bool rerunAfterLostConnection, F body) -> decltype(body())
{
    for (int attempt = 0;; ++attempt) {
        try {
            return body();
        } catch (const SqlError &e) {
            if (e.kind() == SqlError::Kind::ConnectionLost) {
                if (rerunAfterLostConnection && attempt == 0) {
                    try {
                        m_session.reconnect();
                        continue;
                    } catch (const SqlError &) {
                    }
                }
                throw JobDeskError(JobDeskError::Code::StoreUnavailable,
                                   QStringLiteral("%1: %2").arg(QLatin1String(what), e.message()));
            }
            if (e.kind() == SqlError::Kind::GuardRefused)
                throw guardRefusal(QLatin1String(what), e);
            throw JobDeskError(JobDeskError::Code::StoreError, QStringLiteral("%1: %2").arg(QLatin1String(what), e.message()));
        }
    }
}

IssuedToken TokenStore::create(const QString &ownerId, TokenRole role, const QString &label)
{
    if (ownerId.trimmed().isEmpty() || ownerId.size() > 255)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD250"));
    // "shop-1 " would be another owner than "shop-1" that reads the same in
    // every list, and a support engineer's search (trimmed) finds the other
    // one (tst_http_api::tokenOwnersAStoreCannotKeepApartAreRefused). Keys
    // refuse surrounding space already.
    if (ownerId.trimmed() != ownerId)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD251"));
    if (label.size() > 255)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD252"));
    // The owner is who the token acts as: "u\0x" would be "u" on PostgreSQL.
    requireName(ownerId, "owner id");
    std::array<quint32, kSecretBytes / 4> words{};
    QRandomGenerator::system()->generate(words.begin(), words.end()); // the OS's CSPRNG
    const QByteArray secret(reinterpret_cast<const char *>(words.data()), kSecretBytes);
    IssuedToken out;
    out.secret = kPrefix + QString::fromLatin1(secret.toBase64(kBase64));
    out.token = guarded("create token", false, [&] {
        const SqlRows r = m_session.exec(QStringLiteral("INSERT INTO api_tokens (token_hash, owner_id, role, label) "
                                                        "VALUES ($1, $2, $3, $4) RETURNING ")
                                             + kColumns,
                                         {tokenHash(secret), ownerId, toText(role), label.isEmpty() ? QVariant() : QVariant(storableText(label))});
        return tokenFromRow(r.first());
    });
    qCInfo(lcService).noquote() << QStringLiteral("token created: id=%1 owner=%2 role=%3")
                                    .arg(out.token.id)
                                    .arg(ownerId, toText(role));
    return out;
}

QList<ApiToken> TokenStore::list()
{
    return guarded("list tokens", true, [&] {
        QList<ApiToken> out;
        for (const SqlRow &r : m_session.exec(QStringLiteral("SELECT ") + kColumns + QStringLiteral(" FROM api_tokens ORDER BY id")))
            out.append(tokenFromRow(r));
        return out;
    });
}

ApiToken TokenStore::revoke(qint64 id)
{
    const ApiToken t = guarded("revoke token", false, [&] {
        m_session.exec(QStringLiteral("UPDATE api_tokens SET revoked_at_ms = ") + nowExpression(m_session.dialect())
                           + QStringLiteral(" WHERE id = $1 AND revoked_at_ms IS NULL"),
                       {id});
        const SqlRows r = m_session.exec(QStringLiteral("SELECT ") + kColumns + QStringLiteral(" FROM api_tokens WHERE id = $1"), {id});
        if (r.isEmpty())
            throw JobDeskError(JobDeskError::Code::NotFound, refusal::make("JD253", id));
        return tokenFromRow(r.first());
    });
    qCInfo(lcService).noquote() << QStringLiteral("token revoked: id=%1 owner=%2").arg(t.id).arg(t.ownerId);
    return t;
}

std::optional<ApiToken> TokenStore::verify(QStringView presented)
{
    const std::optional<QByteArray> secret = tokenSecret(presented);
    if (!secret)
        return std::nullopt;
    const QString hash = tokenHash(*secret);
    return guarded("verify token", true, [&]() -> std::optional<ApiToken> {
        const SqlRows r = m_session.exec(QStringLiteral("SELECT ") + kColumns + QStringLiteral(" FROM api_tokens WHERE token_hash = $1"),
                                         {hash});
        if (r.isEmpty())
            return std::nullopt;
        ApiToken t = tokenFromRow(r.first());
        if (t.revokedAtMs)
            return std::nullopt;
        return t;
    });
}

} // namespace jobdesk
