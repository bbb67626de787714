#pragma once

// JSON Schema, draft 7, checked by valijson (a real validator; the official
// JSON Schema Test Suite runs against it: tests/provider/tst_json_schema_suite).
// Routes use it for their input and output schemas. A route's schema may use
// every draft-7 validation keyword and local references ("#/definitions/x");
// it is refused when the config loads if it uses a keyword draft 7 does not
// define (a typo such as "minLenght" would otherwise be silently ignored),
// a keyword this validator does not check (format, contentMediaType,
// contentEncoding), or a remote $ref (nothing is fetched).

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace jobdesk {

// A schema parsed once and used many times; validate() is thread-safe.
class CompiledJsonSchema
{
public:
    // `schema` is a schema object or a boolean schema. Null (and `errors`
    // filled) when valijson cannot parse it. Does not apply the keyword policy
    // of schemaDefinitionErrors(); the test suite compiles every draft-7 schema.
    static std::shared_ptr<const CompiledJsonSchema> compile(const QJsonValue &schema, QStringList *errors = nullptr);

    // The same, with the documents a remote $ref may name served by `loader`
    // (the test suite maps its http://localhost:1234/ remotes to local files).
    // JobDesk itself never fetches a schema.
    using DocumentLoader = std::function<std::optional<QJsonValue>(const QString &uri)>;
    static std::shared_ptr<const CompiledJsonSchema> compile(const QJsonValue &schema, QStringList *errors,
                                                             const DocumentLoader &loader);

    // Errors of `value`, each prefixed with the JSON path of the offending
    // value ("$.items[2].name: ..."). Empty: valid.
    QStringList validate(const QJsonValue &value, const QString &path = QStringLiteral("$")) const;
    bool isValid(const QJsonValue &value) const;

    ~CompiledJsonSchema();

private:
    CompiledJsonSchema();
    struct Private;
    std::unique_ptr<Private> d;
};

// Errors of `value` against `schema` (compiled on each call; keep a
// CompiledJsonSchema where it is used often). Empty: valid. A schema that
// cannot be compiled yields its compile errors.
QStringList validateJsonSchema(const QJsonValue &value, const QJsonObject &schema,
                               const QString &path = QStringLiteral("$"));

// Errors in the schema itself: keywords outside the policy above, keyword
// values of the wrong type, unresolvable references. Empty: usable.
QStringList schemaDefinitionErrors(const QJsonObject &schema, const QString &path = QStringLiteral("$"));

// Whether the dotted path ("a.b") is declared through nested "properties".
bool schemaDeclaresPath(const QJsonObject &schema, const QString &dottedPath);

} // namespace jobdesk
