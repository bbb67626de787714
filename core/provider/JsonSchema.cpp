#include "provider/JsonSchema.h"

#include "domain/CanonicalJson.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace jobdesk {
namespace {

const QStringList &typeNames()
{
    static const QStringList names{QStringLiteral("object"), QStringLiteral("array"), QStringLiteral("string"),
                                   QStringLiteral("number"), QStringLiteral("integer"), QStringLiteral("boolean"),
                                   QStringLiteral("null")};
    return names;
}

QString typeOf(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("boolean");
    case QJsonValue::Double: return QStringLiteral("number");
    case QJsonValue::String: return QStringLiteral("string");
    case QJsonValue::Array: return QStringLiteral("array");
    case QJsonValue::Object: return QStringLiteral("object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("undefined");
}

bool isInteger(const QJsonValue &v)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    return std::isfinite(d) && d == std::floor(d);
}

bool hasType(const QJsonValue &v, const QString &type)
{
    if (type == QLatin1String("integer"))
        return isInteger(v);
    return typeOf(v) == type;
}

QString childPath(const QString &path, const QString &key)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (identifier.match(key).hasMatch())
        return path + u'.' + key;
    return path + u'[' + QString::fromUtf8(canonicalJson(QJsonValue(key))) + u']';
}

qsizetype codePoints(const QString &s)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s.at(i).isHighSurrogate() && i + 1 < s.size() && s.at(i + 1).isLowSurrogate())
            ++i;
        ++n;
    }
    return n;
}

QString show(const QJsonValue &v)
{
    QString s = QString::fromUtf8(canonicalJson(v));
    if (s.size() > 60)
        s = s.left(57) + QStringLiteral("...");
    return s;
}

bool jsonEqual(const QJsonValue &a, const QJsonValue &b)
{
    return canonicalJson(a) == canonicalJson(b);
}

} // namespace

QStringList validateJsonSchema(const QJsonValue &value, const QJsonObject &schema, const QString &path)
{
    QStringList errors;

    // type
    const QJsonValue type = schema.value(QStringLiteral("type"));
    if (!type.isUndefined()) {
        QStringList allowed;
        if (type.isString())
            allowed.append(type.toString());
        for (const QJsonValue &t : type.toArray())
            allowed.append(t.toString());
        bool ok = false;
        for (const QString &t : std::as_const(allowed))
            ok = ok || hasType(value, t);
        if (!ok) {
            errors.append(path + QStringLiteral(": expected ") + allowed.join(QStringLiteral(" or ")) + QStringLiteral(", got ")
                          + (value.isDouble() ? QStringLiteral("number ") + show(value) : typeOf(value)));
            return errors; // the other keywords would only repeat the mismatch
        }
    }

    // enum
    const QJsonValue enumValue = schema.value(QStringLiteral("enum"));
    if (enumValue.isArray()) {
        bool found = false;
        for (const QJsonValue &candidate : enumValue.toArray())
            found = found || jsonEqual(candidate, value);
        if (!found)
            errors.append(path + QStringLiteral(": ") + show(value) + QStringLiteral(" is not one of ") + show(enumValue));
    }

    if (value.isDouble()) {
        const double d = value.toDouble();
        const QJsonValue min = schema.value(QStringLiteral("minimum"));
        const QJsonValue max = schema.value(QStringLiteral("maximum"));
        if (min.isDouble() && d < min.toDouble())
            errors.append(path + QStringLiteral(": ") + show(value) + QStringLiteral(" is less than the minimum ") + show(min));
        if (max.isDouble() && d > max.toDouble())
            errors.append(path + QStringLiteral(": ") + show(value) + QStringLiteral(" is greater than the maximum ") + show(max));
    }

    if (value.isString()) {
        const qsizetype n = codePoints(value.toString());
        const QJsonValue min = schema.value(QStringLiteral("minLength"));
        const QJsonValue max = schema.value(QStringLiteral("maxLength"));
        if (min.isDouble() && double(n) < min.toDouble())
            errors.append(path + QStringLiteral(": length ") + QString::number(n) + QStringLiteral(" is less than minLength ") + show(min));
        if (max.isDouble() && double(n) > max.toDouble())
            errors.append(path + QStringLiteral(": length ") + QString::number(n) + QStringLiteral(" is greater than maxLength ") + show(max));
    }

    if (value.isArray()) {
        const QJsonArray a = value.toArray();
        const QJsonValue min = schema.value(QStringLiteral("minItems"));
        const QJsonValue max = schema.value(QStringLiteral("maxItems"));
        if (min.isDouble() && double(a.size()) < min.toDouble())
            errors.append(path + QStringLiteral(": ") + QString::number(a.size()) + QStringLiteral(" items, fewer than minItems ") + show(min));
        if (max.isDouble() && double(a.size()) > max.toDouble())
            errors.append(path + QStringLiteral(": ") + QString::number(a.size()) + QStringLiteral(" items, more than maxItems ") + show(max));
        const QJsonValue items = schema.value(QStringLiteral("items"));
        if (items.isObject()) {
            for (qsizetype i = 0; i < a.size(); ++i)
                errors += validateJsonSchema(a.at(i), items.toObject(), path + u'[' + QString::number(i) + u']');
        }
    }

    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
        for (const QJsonValue &r : schema.value(QStringLiteral("required")).toArray()) {
            if (!o.contains(r.toString()))
                errors.append(path + QStringLiteral(": missing required property \"") + r.toString() + u'"');
        }
        const QJsonValue additional = schema.value(QStringLiteral("additionalProperties"));
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString at = childPath(path, it.key());
            if (properties.contains(it.key())) {
                errors += validateJsonSchema(it.value(), properties.value(it.key()).toObject(), at);
            } else if (additional.isBool() && !additional.toBool()) {
                errors.append(at + QStringLiteral(": property not allowed (additionalProperties is false)"));
            } else if (additional.isObject()) {
                errors += validateJsonSchema(it.value(), additional.toObject(), at);
            }
        }
    }
    return errors;
}

QStringList schemaDefinitionErrors(const QJsonObject &schema, const QString &path)
{
    static const QSet<QString> known{
        QStringLiteral("type"), QStringLiteral("properties"), QStringLiteral("required"),
        QStringLiteral("additionalProperties"), QStringLiteral("enum"), QStringLiteral("items"),
        QStringLiteral("minItems"), QStringLiteral("maxItems"), QStringLiteral("minimum"),
        QStringLiteral("maximum"), QStringLiteral("minLength"), QStringLiteral("maxLength"),
        QStringLiteral("title"), QStringLiteral("description"), QStringLiteral("$schema")};
    QStringList errors;
    for (auto it = schema.begin(); it != schema.end(); ++it) {
        const QString &k = it.key();
        const QJsonValue v = it.value();
        const QString at = path + u'.' + k;
        if (!known.contains(k)) {
            errors.append(at + QStringLiteral(": unsupported keyword (supported: type, properties, required, "
                                              "additionalProperties, enum, items, minItems, maxItems, minimum, "
                                              "maximum, minLength, maxLength, title, description, $schema)"));
        } else if (k == QLatin1String("type")) {
            QJsonArray names = v.isArray() ? v.toArray() : QJsonArray{v};
            if (names.isEmpty())
                errors.append(at + QStringLiteral(": empty list of types"));
            for (const QJsonValue &n : std::as_const(names)) {
                if (!n.isString() || !typeNames().contains(n.toString()))
                    errors.append(at + QStringLiteral(": unknown type ") + show(n));
            }
        } else if (k == QLatin1String("properties")) {
            if (!v.isObject()) {
                errors.append(at + QStringLiteral(": expected an object of schemas"));
                continue;
            }
            const QJsonObject props = v.toObject();
            for (auto p = props.begin(); p != props.end(); ++p) {
                if (!p.value().isObject())
                    errors.append(childPath(at, p.key()) + QStringLiteral(": expected a schema object"));
                else
                    errors += schemaDefinitionErrors(p.value().toObject(), childPath(at, p.key()));
            }
        } else if (k == QLatin1String("required")) {
            bool ok = v.isArray();
            for (const QJsonValue &r : v.toArray())
                ok = ok && r.isString();
            if (!ok)
                errors.append(at + QStringLiteral(": expected an array of property names"));
        } else if (k == QLatin1String("additionalProperties")) {
            if (v.isObject())
                errors += schemaDefinitionErrors(v.toObject(), at);
            else if (!v.isBool())
                errors.append(at + QStringLiteral(": expected true, false or a schema"));
        } else if (k == QLatin1String("enum")) {
            if (!v.isArray() || v.toArray().isEmpty())
                errors.append(at + QStringLiteral(": expected a non-empty array"));
        } else if (k == QLatin1String("items")) {
            if (!v.isObject())
                errors.append(at + QStringLiteral(": expected one schema object (tuple forms are not supported)"));
            else
                errors += schemaDefinitionErrors(v.toObject(), at);
        } else if (k == QLatin1String("minimum") || k == QLatin1String("maximum")) {
            if (!v.isDouble())
                errors.append(at + QStringLiteral(": expected a number"));
        } else if (k == QLatin1String("minLength") || k == QLatin1String("maxLength") || k == QLatin1String("minItems")
                   || k == QLatin1String("maxItems")) {
            if (!isInteger(v) || v.toDouble() < 0)
                errors.append(at + QStringLiteral(": expected a non-negative integer"));
        } else if (!v.isString()) { // title, description, $schema
            errors.append(at + QStringLiteral(": expected a string"));
        }
    }
    return errors;
}

bool schemaDeclaresPath(const QJsonObject &schema, const QString &dottedPath)
{
    QJsonObject s = schema;
    for (const QString &part : dottedPath.split(u'.')) {
        const QJsonObject props = s.value(QStringLiteral("properties")).toObject();
        if (!props.contains(part))
            return false;
        s = props.value(part).toObject();
    }
    return true;
}

} // namespace jobdesk
