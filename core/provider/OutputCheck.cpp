#include "provider/OutputCheck.h"

#include <QJsonDocument>

namespace jobdesk {
namespace {

OutputCheck parseAndSchema(const QJsonObject &schema, const QByteArray &content)
{
    OutputCheck r;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(content, &error);
    if (error.error != QJsonParseError::NoError) {
        r.parseError = QStringLiteral("output is not JSON (") + error.errorString() + QStringLiteral(" at offset ")
            + QString::number(error.offset) + u')';
        return r;
    }
    if (!doc.isObject()) {
        r.parseError = QStringLiteral("output is JSON but not an object");
        return r;
    }
    r.output = doc.object();
    const QJsonObject declared = schema.value(QStringLiteral("properties")).toObject();
    for (auto it = r.output.begin(); it != r.output.end(); ++it) {
        if (!declared.contains(it.key()))
            r.extraKeys.append(it.key());
    }
    r.schemaErrors = validateJsonSchema(r.output, schema);
    return r;
}

void summarise(OutputCheck &r)
{
    QStringList problems;
    if (!r.parseError.isEmpty())
        problems.append(r.parseError);
    if (!r.extraKeys.isEmpty())
        problems.append(QStringLiteral("extra top-level key(s): ") + r.extraKeys.join(QStringLiteral(", ")));
    if (!r.schemaErrors.isEmpty())
        problems.append(QStringLiteral("schema: ") + r.schemaErrors.join(QStringLiteral("; ")));
    if (!r.checkErrors.isEmpty())
        problems.append(QStringLiteral("checks: ") + r.checkErrors.join(QStringLiteral("; ")));
    r.ok = problems.isEmpty();
    r.reason = problems.join(QStringLiteral("; "));
}

} // namespace

OutputCheck checkOutputAgainstSchema(const QJsonObject &schema, const QByteArray &content)
{
    OutputCheck r = parseAndSchema(schema, content);
    summarise(r);
    return r;
}

OutputCheck checkOutput(const Route &route, const QByteArray &content)
{
    OutputCheck r = parseAndSchema(route.outputSchema, content);
    if (r.parseError.isEmpty()) {
        for (const QString &field : route.requiredFields) {
            const QJsonValue v = valueAtPath(r.output, field);
            if (v.isUndefined() || v.isNull())
                r.checkErrors.append(QStringLiteral("required field \"") + field + QStringLiteral("\" is missing"));
            else if (v.isString() && v.toString().trimmed().isEmpty())
                r.checkErrors.append(QStringLiteral("required field \"") + field + QStringLiteral("\" is empty"));
        }
        for (auto it = route.allowedValues.begin(); it != route.allowedValues.end(); ++it) {
            const QJsonValue v = valueAtPath(r.output, it.key());
            if (v.isUndefined())
                continue; // absence is the business of required_fields
            if (!v.isString() || !it.value().contains(v.toString()))
                r.checkErrors.append(QStringLiteral("field \"") + it.key() + QStringLiteral("\" must be one of [")
                                     + it.value().join(QStringLiteral(", ")) + QStringLiteral("], got ")
                                     + (v.isString() ? QString(u'"' + v.toString() + u'"') : QStringLiteral("a non-string")));
        }
    }
    summarise(r);
    return r;
}

} // namespace jobdesk
