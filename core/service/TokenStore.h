#pragma once

// Bearer tokens of the HTTP API (table api_tokens, schema 6). A token is
// "jdt_" followed by 32 random bytes in base64url; it is shown once, when it
// is made, and only the SHA-256 of those bytes is stored. Tokens are bound to
// an owner and a role and are revoked, never deleted. Part of the transaction
// layer beside JobService: it works on that service's session, one thread at
// a time like the service itself.

#include "service/JobService.h"

#include <QString>

#include <optional>

namespace jobdesk {

enum class TokenRole { Client, Viewer, Operator };
QString toText(TokenRole role);
std::optional<TokenRole> tokenRoleFromString(const QString &text);

struct ApiToken
{
    qint64 id = 0;
    QString ownerId;
    TokenRole role = TokenRole::Client;
    QString label;
    qint64 createdAtMs = 0;
    std::optional<qint64> revokedAtMs;
};

struct IssuedToken
{
    ApiToken token;
    QString secret; // the bearer token; shown once, stored nowhere
};

// The 32 secret bytes of a well-formed token, or nullopt.
std::optional<QByteArray> tokenSecret(QStringView presented);
// SHA-256 (lower-case hex) of the secret bytes: what the table stores.
QString tokenHash(QByteArrayView secret);

class TokenStore
{
public:
    explicit TokenStore(JobService &service) : m_session(service.session()) {}

    // Throws JobDeskError (InvalidArgument for a bad owner or label).
    IssuedToken create(const QString &ownerId, TokenRole role, const QString &label = {});
    QList<ApiToken> list();
    // Revokes token `id` (NotFound if there is none); revoking a revoked
    // token changes nothing and returns it as it is.
    ApiToken revoke(qint64 id);
    // The token's record when it is well-formed, known and not revoked.
    // Reconnects once after a lost connection (a read is safe to re-run);
    // throws JobDeskError StoreUnavailable when the store cannot be reached.
    std::optional<ApiToken> verify(QStringView presented);

private:
    template<typename F> auto guarded(const char *what, bool rerunAfterLostConnection, F body) -> decltype(body());
    SqlSession &m_session;
};

} // namespace jobdesk
