#include "provider/Route.h"

#include "domain/CanonicalJson.h"
#include "domain/Domain.h"
#include "domain/Error.h"
#include "provider/JsonSchema.h"
#include "provider/ProviderFactory.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <cmath>

namespace jobdesk {
namespace {

// Bumped whenever what contract validation checks changes, so old
// validations stop matching (see configHash).
constexpr int kContractRulesVersion = 1;

[[noreturn]] void bad(const QString &where, const QString &what)
{
    throw JobDeskError(JobDeskError::Code::InvalidArgument, where + QStringLiteral(": ") + what);
}

QString describe(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QCoreApplication::translate("RouteConfig", "a boolean");
    case QJsonValue::Double: return QCoreApplication::translate("RouteConfig", "a number");
    case QJsonValue::String: return QCoreApplication::translate("RouteConfig", "a string");
    case QJsonValue::Array: return QCoreApplication::translate("RouteConfig", "an array");
    case QJsonValue::Object: return QCoreApplication::translate("RouteConfig", "an object");
    case QJsonValue::Undefined: break;
    }
    return QCoreApplication::translate("RouteConfig", "nothing");
}

// Strict reader of one JSON object: every key must be consumed or is refused.
class Fields
{
public:
    Fields(const QJsonObject &o, QString where) : m_o(o), m_where(std::move(where)) {}

    QString at(const QString &key) const { return m_where + u'.' + key; }
    bool has(const QString &key) const { return m_o.contains(key); }

    QString string(const QString &key, bool required, const QString &fallback = {})
    {
        m_seen.insert(key);
        const QJsonValue v = m_o.value(key);
        if (v.isUndefined()) {
            if (required)
                bad(at(key), QCoreApplication::translate("RouteConfig", "is required"));
            return fallback;
        }
        if (!v.isString())
            bad(at(key), QCoreApplication::translate("RouteConfig", "expected a string, got %1").arg(describe(v)));
        return v.toString();
    }
    QString nonEmptyString(const QString &key)
    {
        const QString s = string(key, true);
        if (s.trimmed().isEmpty())
            bad(at(key), QCoreApplication::translate("RouteConfig", "must not be empty"));
        return s;
    }
    qint64 positiveInteger(const QString &key, qint64 fallback, bool required = false)
    {
        m_seen.insert(key);
        const QJsonValue v = m_o.value(key);
        if (v.isUndefined()) {
            if (required)
                bad(at(key), QCoreApplication::translate("RouteConfig", "is required"));
            return fallback;
        }
        const double d = v.toDouble(-1);
        if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || d < 1 || d > 9.0e15)
            bad(at(key), QCoreApplication::translate("RouteConfig", "expected a positive integer, got %1").arg(describe(v))
                             + (v.isDouble() ? QStringLiteral(" (") + QString::number(d) + u')' : QString()));
        return v.toInteger();
    }
    std::optional<bool> boolean(const QString &key)
    {
        m_seen.insert(key);
        const QJsonValue v = m_o.value(key);
        if (v.isUndefined())
            return std::nullopt;
        if (!v.isBool())
            bad(at(key), QCoreApplication::translate("RouteConfig", "expected true or false, got %1").arg(describe(v)));
        return v.toBool();
    }
    QJsonValue raw(const QString &key)
    {
        m_seen.insert(key);
        return m_o.value(key);
    }
    QStringList stringList(const QString &key, bool required)
    {
        const QJsonValue v = raw(key);
        if (v.isUndefined()) {
            if (required)
                bad(at(key), QCoreApplication::translate("RouteConfig", "is required"));
            return {};
        }
        return stringListAt(v, at(key));
    }
    static QStringList stringListAt(const QJsonValue &v, const QString &where)
    {
        if (!v.isArray())
            bad(where, QCoreApplication::translate("RouteConfig", "expected an array of strings, got %1").arg(describe(v)));
        QStringList out;
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QString item = where + u'[' + QString::number(i) + u']';
            if (!a.at(i).isString() || a.at(i).toString().isEmpty())
                bad(item, QCoreApplication::translate("RouteConfig", "expected a non-empty string, got %1").arg(describe(a.at(i))));
            if (out.contains(a.at(i).toString()))
                bad(item, QCoreApplication::translate("RouteConfig", "duplicate \"%1\"").arg(a.at(i).toString()));
            out.append(a.at(i).toString());
        }
        return out;
    }
    void refuseUnknown() const
    {
        for (auto it = m_o.begin(); it != m_o.end(); ++it) {
            if (!m_seen.contains(it.key()))
                bad(at(it.key()), QCoreApplication::translate("RouteConfig", "unknown key (known keys: %1)").arg(knownKeys()));
        }
    }

private:
    QString knownKeys() const
    {
        QStringList keys(m_seen.begin(), m_seen.end());
        keys.sort();
        return keys.join(QStringLiteral(", "));
    }
    const QJsonObject m_o;
    const QString m_where;
    QSet<QString> m_seen;
};

QJsonArray toArray(const QStringList &list)
{
    QJsonArray a;
    for (const QString &s : list)
        a.append(s);
    return a;
}

} // namespace

namespace {

// The place alone: kind and URL, without user info, query or fragment. The
// same place written two ways is one: QUrl lower-cases the scheme and host; a
// trailing slash, "." segments and the scheme's own port are dropped here.
QString endpointPlace(const QString &kind, const QUrl &baseUrl)
{
    QUrl url = baseUrl.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::StripTrailingSlash
                                | QUrl::NormalizePathSegments);
    if ((url.scheme() == QLatin1String("https") && url.port() == 443) || (url.scheme() == QLatin1String("http") && url.port() == 80))
        url.setPort(-1);
    return kind + u' ' + url.toString(QUrl::FullyEncoded);
}

} // namespace

QString ProviderConfig::endpoint() const
{
    QString out = endpointPlace(kind, baseUrl);
    // The account the request went to: a provider keeps its keys and answers
    // its lookups per account, so another account at the same URL truthfully
    // has "no record" of a request this one is still working on, and must
    // not fail it (tst_reconciler::aNoRecordFromAnotherAccountAtTheSameUrlSettlesNothing).
    // The account is whatever credentials the client sends: the token in
    // api_key_env (a bearer token) and the URL's user info (libcurl sends it
    // as Basic authentication).
    // They never leave the process: a digest of them stands for the account
    // (a new key for the same account is another one: its "no record"
    // settles nothing, and an operator decides).
    const QByteArray userInfo = baseUrl.userInfo(QUrl::FullyEncoded).toUtf8();
    const QByteArray token = apiKeyEnv.isEmpty() ? QByteArray() : qgetenv(apiKeyEnv.toLocal8Bit().constData());
    if (!userInfo.isEmpty() || !token.isEmpty()) {
        QByteArray what("jobdesk: the account a request went to\n");
        what.append("user info ").append(QByteArray::number(userInfo.size())).append(':').append(userInfo);
        what.append("\ntoken ").append(QByteArray::number(token.size())).append(':').append(token);
        out += QStringLiteral(" with credentials sha256:")
               + QString::fromLatin1(QCryptographicHash::hash(what, QCryptographicHash::Sha256).toHex().left(kKeyDigestHexChars));
    }
    return out;
}

QJsonObject ProviderConfig::publicJson() const
{
    QJsonObject o = toJson();
    const QByteArray userInfo = baseUrl.userInfo(QUrl::FullyEncoded).toUtf8();
    if (userInfo.isEmpty())
        return o; // a config read back from the store keeps the digest it was recorded with (toJson)
    o.insert(QStringLiteral("base_url"), baseUrl.adjusted(QUrl::RemoveUserInfo).toString());
    QByteArray what("jobdesk: the user info of a provider's base_url\n");
    what.append(QByteArray::number(userInfo.size())).append(':').append(userInfo);
    o.insert(QStringLiteral("base_url_user_info"),
             QString(QStringLiteral("sha256:")
                     + QString::fromLatin1(QCryptographicHash::hash(what, QCryptographicHash::Sha256).toHex().left(kKeyDigestHexChars))));
    return o;
}

QJsonObject ProviderConfig::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("name"), name);
    o.insert(QStringLiteral("kind"), kind);
    o.insert(QStringLiteral("base_url"), baseUrl.toString());
    if (!recordedUserInfo.isEmpty() && baseUrl.userInfo().isEmpty())
        o.insert(QStringLiteral("base_url_user_info"), recordedUserInfo);
    o.insert(QStringLiteral("model"), model);
    if (!apiKeyEnv.isEmpty())
        o.insert(QStringLiteral("api_key_env"), apiKeyEnv);
    o.insert(QStringLiteral("context_tokens"), contextTokens);
    o.insert(QStringLiteral("validation_ttl_ms"), validationTtlMs);
    o.insert(QStringLiteral("status_lookup"), statusLookup);
    if (!nothingDoneStatuses.isEmpty()) {
        QJsonArray a;
        for (int st : nothingDoneStatuses)
            a.append(st);
        o.insert(QStringLiteral("nothing_done_statuses"), a);
    }
    if (maxConcurrency)
        o.insert(QStringLiteral("max_concurrency"), *maxConcurrency);
    if (maxRequestsPerS)
        o.insert(QStringLiteral("max_requests_per_s"), *maxRequestsPerS);
    return o;
}

ProviderConfig ProviderConfig::fromJson(const QJsonObject &o, const QString &where)
{
    Fields f(o, where);
    ProviderConfig p;
    p.name = f.nonEmptyString(QStringLiteral("name"));
    p.kind = f.string(QStringLiteral("kind"), false, p.kind);
    if (!providerKinds().contains(p.kind))
        bad(f.at(QStringLiteral("kind")), QCoreApplication::translate("RouteConfig", "unknown provider kind \"%1\" (known: %2)")
                                              .arg(p.kind, providerKinds().join(QStringLiteral(", "))));
    const QString url = f.nonEmptyString(QStringLiteral("base_url"));
    p.baseUrl = QUrl(url, QUrl::StrictMode);
    if (!p.baseUrl.isValid() || p.baseUrl.host().isEmpty()
        || (p.baseUrl.scheme() != QLatin1String("http") && p.baseUrl.scheme() != QLatin1String("https"))
        || p.baseUrl.hasQuery() || p.baseUrl.hasFragment())
        bad(f.at(QStringLiteral("base_url")),
            QCoreApplication::translate("RouteConfig", "expected an absolute http(s) URL without query or fragment, got \"%1\"").arg(url));
    // A config as the store records it (publicJson): the digest of the user
    // info it was recorded without, so its configHash is the sender's.
    p.recordedUserInfo = f.string(QStringLiteral("base_url_user_info"), false);
    if (!p.recordedUserInfo.isEmpty()
        && (!p.baseUrl.userInfo().isEmpty() || !p.recordedUserInfo.startsWith(QLatin1String("sha256:"))
            || p.recordedUserInfo.size() != 7 + kKeyDigestHexChars))
        bad(f.at(QStringLiteral("base_url_user_info")),
            QCoreApplication::translate("RouteConfig", "a digest JobDesk records in place of base_url's user info; "
                                                       "write the user info in base_url instead"));
    p.model = f.nonEmptyString(QStringLiteral("model"));
    p.apiKeyEnv = f.string(QStringLiteral("api_key_env"), false);
    // Each attempt records where its request went (attempts.sent_to): an
    // endpoint too long to record would fail every send, so the routes file
    // refuses it (one configured in code fails its attempts "never sent" at
    // once: tst_dispatcher::anEndpointTooLongToRecordFailsTheAttemptAtOnce).
    // With credentials, the digest that names the account takes kKeySuffixChars of it.
    const int endpointLimit = kMaxEndpointChars
                              - (p.apiKeyEnv.isEmpty() && p.baseUrl.userInfo().isEmpty() ? 0 : ProviderConfig::kKeySuffixChars);
    if (endpointPlace(p.kind, p.baseUrl).size() > endpointLimit)
        bad(f.at(QStringLiteral("base_url")),
            QCoreApplication::translate("RouteConfig", "longer than %1 characters as an endpoint (provider kind and URL); "
                                                       "attempts record where they are sent, up to that length")
                .arg(endpointLimit));
    const qint64 ctx = f.positiveInteger(QStringLiteral("context_tokens"), p.contextTokens);
    if (ctx > 100'000'000)
        bad(f.at(QStringLiteral("context_tokens")), QCoreApplication::translate("RouteConfig", "implausibly large: %1").arg(ctx));
    p.contextTokens = int(ctx);
    p.validationTtlMs = f.positiveInteger(QStringLiteral("validation_ttl_ms"), p.validationTtlMs);
    p.statusLookup = f.boolean(QStringLiteral("status_lookup")).value_or(p.kind == QLatin1String("fake"));
    const QJsonValue nothingDone = f.raw(QStringLiteral("nothing_done_statuses"));
    if (!nothingDone.isUndefined()) {
        const QString where5xx = f.at(QStringLiteral("nothing_done_statuses"));
        if (!nothingDone.isArray())
            bad(where5xx, QCoreApplication::translate("RouteConfig", "expected an array of 5xx status codes"));
        const QJsonArray a = nothingDone.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const double d = a.at(i).toDouble(-1);
            if (!a.at(i).isDouble() || d != std::floor(d) || d < 500 || d > 599)
                bad(where5xx + u'[' + QString::number(i) + u']',
                    QCoreApplication::translate("RouteConfig", "expected a 5xx status code the provider documents as \"nothing was done\""));
            if (!p.nothingDoneStatuses.contains(int(d)))
                p.nothingDoneStatuses.append(int(d));
        }
        std::sort(p.nothingDoneStatuses.begin(), p.nothingDoneStatuses.end());
    }
    if (!f.raw(QStringLiteral("max_concurrency")).isUndefined()) {
        const qint64 c = f.positiveInteger(QStringLiteral("max_concurrency"), 1);
        if (c > 1'000'000)
            bad(f.at(QStringLiteral("max_concurrency")), QCoreApplication::translate("RouteConfig", "implausibly large: %1").arg(c));
        p.maxConcurrency = int(c);
    }
    const QJsonValue rate = f.raw(QStringLiteral("max_requests_per_s"));
    if (!rate.isUndefined()) {
        if (!rate.isDouble() || !(rate.toDouble() > 0) || rate.toDouble() > 1e6)
            bad(f.at(QStringLiteral("max_requests_per_s")),
                QCoreApplication::translate("RouteConfig", "expected a number of requests per second above 0"));
        p.maxRequestsPerS = rate.toDouble();
    }
    f.refuseUnknown();
    return p;
}

QJsonObject Route::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("name"), name);
    o.insert(QStringLiteral("system_prompt"), systemPrompt);
    o.insert(QStringLiteral("prompt_template"), promptTemplate);
    if (!inputSchema.isEmpty())
        o.insert(QStringLiteral("input_schema"), inputSchema);
    o.insert(QStringLiteral("output_schema"), outputSchema);
    o.insert(QStringLiteral("required_fields"), toArray(requiredFields));
    QJsonObject allowed;
    for (auto it = allowedValues.begin(); it != allowedValues.end(); ++it)
        allowed.insert(it.key(), toArray(it.value()));
    o.insert(QStringLiteral("allowed_values"), allowed);
    o.insert(QStringLiteral("provider_chain"), toArray(providerChain));
    o.insert(QStringLiteral("deadline_ms"), deadlineMs);
    o.insert(QStringLiteral("max_attempts"), maxAttempts);
    if (hedgeAfterMs)
        o.insert(QStringLiteral("hedge_after_ms"), *hedgeAfterMs);
    o.insert(QStringLiteral("temperature"), temperature);
    QJsonArray cases;
    for (const GoldenCase &c : goldenCases)
        cases.append(QJsonObject{{QStringLiteral("name"), c.name}, {QStringLiteral("input"), c.input}});
    o.insert(QStringLiteral("golden_cases"), cases);
    return o;
}

Route Route::fromJson(const QJsonObject &o, const QString &where)
{
    Route r;
    r.name = Fields(o, where).string(QStringLiteral("name"), false);
    const QString here = r.name.isEmpty() ? where : where + QStringLiteral(" (") + r.name + u')';
    Fields f(o, here);
    r.name = f.nonEmptyString(QStringLiteral("name"));
    r.systemPrompt = f.string(QStringLiteral("system_prompt"), false);
    r.promptTemplate = f.nonEmptyString(QStringLiteral("prompt_template"));

    const QJsonValue inSchema = f.raw(QStringLiteral("input_schema"));
    if (!inSchema.isUndefined()) {
        if (!inSchema.isObject())
            bad(f.at(QStringLiteral("input_schema")), QCoreApplication::translate("RouteConfig", "expected a JSON Schema object, got %1").arg(describe(inSchema)));
        r.inputSchema = inSchema.toObject();
        const QStringList inErrors = schemaDefinitionErrors(r.inputSchema);
        if (!inErrors.isEmpty())
            bad(f.at(QStringLiteral("input_schema")), inErrors.join(QStringLiteral("; ")));
    }

    const QJsonValue schema = f.raw(QStringLiteral("output_schema"));
    if (!schema.isObject())
        bad(f.at(QStringLiteral("output_schema")), QCoreApplication::translate("RouteConfig", "expected a JSON Schema object, got %1").arg(describe(schema)));
    r.outputSchema = schema.toObject();
    const QStringList schemaErrors = schemaDefinitionErrors(r.outputSchema);
    if (!schemaErrors.isEmpty())
        bad(f.at(QStringLiteral("output_schema")), schemaErrors.join(QStringLiteral("; ")));
    if (r.outputSchema.value(QStringLiteral("type")) != QJsonValue(QStringLiteral("object"))
        || !r.outputSchema.value(QStringLiteral("properties")).isObject())
        bad(f.at(QStringLiteral("output_schema")),
            QCoreApplication::translate("RouteConfig", "the top level must be {\"type\": \"object\", \"properties\": {...}}"));

    r.requiredFields = f.stringList(QStringLiteral("required_fields"), false);
    for (const QString &field : std::as_const(r.requiredFields)) {
        if (!schemaDeclaresPath(r.outputSchema, field))
            bad(f.at(QStringLiteral("required_fields")),
                QCoreApplication::translate("RouteConfig", "\"%1\" is not declared in output_schema.properties").arg(field));
    }
    const QJsonValue allowed = f.raw(QStringLiteral("allowed_values"));
    if (!allowed.isUndefined()) {
        if (!allowed.isObject())
            bad(f.at(QStringLiteral("allowed_values")), QCoreApplication::translate("RouteConfig", "expected an object of field -> [values], got %1").arg(describe(allowed)));
        const QJsonObject ao = allowed.toObject();
        for (auto it = ao.begin(); it != ao.end(); ++it) {
            const QString key = it.key(); // a named QString: a builder must not hold the iterator's temporary
            const QString at = f.at(QStringLiteral("allowed_values")) + u'.' + key;
            if (!schemaDeclaresPath(r.outputSchema, key))
                bad(at, QCoreApplication::translate("RouteConfig", "field is not declared in output_schema.properties"));
            const QStringList values = Fields::stringListAt(it.value(), at);
            if (values.isEmpty())
                bad(at, QCoreApplication::translate("RouteConfig", "must list at least one value"));
            r.allowedValues.insert(it.key(), values);
        }
    }
    r.providerChain = f.stringList(QStringLiteral("provider_chain"), true);
    if (r.providerChain.isEmpty())
        bad(f.at(QStringLiteral("provider_chain")), QCoreApplication::translate("RouteConfig", "must name at least one provider"));
    r.deadlineMs = f.positiveInteger(QStringLiteral("deadline_ms"), r.deadlineMs);
    const qint64 attempts = f.positiveInteger(QStringLiteral("max_attempts"), r.maxAttempts);
    if (attempts > 100)
        bad(f.at(QStringLiteral("max_attempts")), QCoreApplication::translate("RouteConfig", "at most 100, got %1").arg(attempts));
    r.maxAttempts = int(attempts);
    if (f.has(QStringLiteral("hedge_after_ms"))) {
        r.hedgeAfterMs = f.positiveInteger(QStringLiteral("hedge_after_ms"), 0);
        if (*r.hedgeAfterMs >= r.deadlineMs)
            bad(f.at(QStringLiteral("hedge_after_ms")),
                QCoreApplication::translate("RouteConfig", "must be less than deadline_ms (%1)").arg(r.deadlineMs));
    }
    const QJsonValue temp = f.raw(QStringLiteral("temperature"));
    if (!temp.isUndefined()) {
        if (!temp.isDouble() || !std::isfinite(temp.toDouble()) || temp.toDouble() < 0 || temp.toDouble() > 2)
            bad(f.at(QStringLiteral("temperature")), QCoreApplication::translate("RouteConfig", "expected a number from 0 to 2, got %1").arg(describe(temp)));
        r.temperature = temp.toDouble();
    }
    const QJsonValue cases = f.raw(QStringLiteral("golden_cases"));
    if (!cases.isUndefined()) {
        if (!cases.isArray())
            bad(f.at(QStringLiteral("golden_cases")), QCoreApplication::translate("RouteConfig", "expected an array, got %1").arg(describe(cases)));
        const QJsonArray a = cases.toArray();
        QSet<QString> names;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QString at = f.at(QStringLiteral("golden_cases")) + u'[' + QString::number(i) + u']';
            if (!a.at(i).isObject())
                bad(at, QCoreApplication::translate("RouteConfig", "expected an object, got %1").arg(describe(a.at(i))));
            Fields c(a.at(i).toObject(), at);
            GoldenCase g;
            g.name = c.nonEmptyString(QStringLiteral("name"));
            if (names.contains(g.name))
                bad(c.at(QStringLiteral("name")), QCoreApplication::translate("RouteConfig", "duplicate golden case \"%1\"").arg(g.name));
            names.insert(g.name);
            const QJsonValue input = c.raw(QStringLiteral("input"));
            if (!input.isObject())
                bad(c.at(QStringLiteral("input")), QCoreApplication::translate("RouteConfig", "expected an object, got %1").arg(describe(input)));
            g.input = input.toObject();
            c.refuseUnknown();
            r.goldenCases.append(g);
        }
    }
    f.refuseUnknown();
    return r;
}

RouteConfig RouteConfig::fromJson(const QJsonObject &o)
{
    // A routes file is recorded in the store as it is used (the routes table,
    // and each attempt's contract), and PostgreSQL's jsonb
    // cannot hold U+0000 or a lone surrogate: refused here, with where it is, rather than at
    // every send.
    if (const QString where = pathOfFirstUnstorable(o); !where.isEmpty())
        bad(where, QCoreApplication::translate("RouteConfig", "contains a NUL character (\\u0000) or a lone UTF-16 surrogate, "
                                                              "which the store cannot keep"));
    Fields f(o, QStringLiteral("config"));
    RouteConfig config;
    const QJsonValue providers = f.raw(QStringLiteral("providers"));
    if (!providers.isArray())
        bad(QStringLiteral("providers"), QCoreApplication::translate("RouteConfig", "expected an array, got %1").arg(describe(providers)));
    const QJsonArray pa = providers.toArray();
    for (qsizetype i = 0; i < pa.size(); ++i) {
        const QString at = QStringLiteral("providers[") + QString::number(i) + u']';
        if (!pa.at(i).isObject())
            bad(at, QCoreApplication::translate("RouteConfig", "expected an object, got %1").arg(describe(pa.at(i))));
        ProviderConfig p = ProviderConfig::fromJson(pa.at(i).toObject(), at);
        if (config.provider(p.name))
            bad(at + QStringLiteral(".name"), QCoreApplication::translate("RouteConfig", "duplicate provider \"%1\"").arg(p.name));
        config.providers.append(p);
    }
    const QJsonValue routes = f.raw(QStringLiteral("routes"));
    if (!routes.isArray())
        bad(QStringLiteral("routes"), QCoreApplication::translate("RouteConfig", "expected an array, got %1").arg(describe(routes)));
    const QJsonArray ra = routes.toArray();
    for (qsizetype i = 0; i < ra.size(); ++i) {
        const QString at = QStringLiteral("routes[") + QString::number(i) + u']';
        if (!ra.at(i).isObject())
            bad(at, QCoreApplication::translate("RouteConfig", "expected an object, got %1").arg(describe(ra.at(i))));
        Route r = Route::fromJson(ra.at(i).toObject(), at);
        if (config.route(r.name))
            bad(at + QStringLiteral(".name"), QCoreApplication::translate("RouteConfig", "duplicate route \"%1\"").arg(r.name));
        for (const QString &p : std::as_const(r.providerChain)) {
            if (!config.provider(p))
                bad(at + QStringLiteral(" (") + r.name + QStringLiteral(").provider_chain"),
                    QCoreApplication::translate("RouteConfig", "unknown provider \"%1\"").arg(p));
        }
        config.routes.append(r);
    }
    f.refuseUnknown();
    return config;
}

RouteConfig RouteConfig::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        bad(path, QCoreApplication::translate("RouteConfig", "cannot read the route config: %1").arg(file.errorString()));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        bad(path, QCoreApplication::translate("RouteConfig", "not valid JSON: %1 at offset %2").arg(error.errorString()).arg(error.offset));
    if (!doc.isObject())
        bad(path, QCoreApplication::translate("RouteConfig", "expected a JSON object with \"providers\" and \"routes\""));
    try {
        return fromJson(doc.object());
    } catch (const JobDeskError &e) {
        bad(path, e.message());
    }
}

QJsonObject RouteConfig::toJson() const
{
    QJsonArray p, r;
    for (const ProviderConfig &c : providers)
        p.append(c.toJson());
    for (const Route &c : routes)
        r.append(c.toJson());
    return {{QStringLiteral("providers"), p}, {QStringLiteral("routes"), r}};
}

const Route *RouteConfig::route(const QString &name) const
{
    for (const Route &r : routes) {
        if (r.name == name)
            return &r;
    }
    return nullptr;
}

const ProviderConfig *RouteConfig::provider(const QString &name) const
{
    for (const ProviderConfig &p : providers) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

QString configHash(const Route &route, const ProviderConfig &provider)
{
    // The limits are the dispatcher's, not the contract: changing them keeps the validations.
    QJsonObject p = provider.publicJson();
    p.remove(QStringLiteral("max_concurrency"));
    p.remove(QStringLiteral("max_requests_per_s"));
    const QJsonObject both{{QStringLiteral("route"), route.toJson()},
                           {QStringLiteral("provider"), p},
                           {QStringLiteral("contract"), kContractRulesVersion}};
    return sha256Hex(canonicalJson(both));
}

} // namespace jobdesk
