#include "provider/JsonSchema.h"

#include "domain/CanonicalJson.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

// valijson reports schema errors by exception (otherwise it aborts).
#define VALIJSON_USE_EXCEPTIONS 1
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <cmath>
#include <regex>
#include <stdexcept>

namespace jobdesk {
namespace {

// Qt's JSON as nlohmann's, which tells integers from other numbers the way
// draft 7 does (1.0 is an integer) and keeps 64-bit integers exact. valijson's
// own Qt adapter reads numbers through QJsonValue::toInt(), which loses
// everything beyond 32 bits.
nlohmann::json toNlohmann(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return nullptr;
    case QJsonValue::Bool: return v.toBool();
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18)
            return nlohmann::json(static_cast<std::int64_t>(v.toInteger()));
        return d;
    }
    case QJsonValue::String: return v.toString().toStdString();
    case QJsonValue::Array: {
        nlohmann::json a = nlohmann::json::array();
        for (const QJsonValue &item : v.toArray())
            a.push_back(toNlohmann(item));
        return a;
    }
    case QJsonValue::Object: {
        nlohmann::json o = nlohmann::json::object();
        const QJsonObject object = v.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            o[it.key().toStdString()] = toNlohmann(it.value());
        return o;
    }
    case QJsonValue::Undefined: break;
    }
    return nullptr;
}

QString childPath(const QString &path, const QString &key)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (identifier.match(key).hasMatch())
        return path + u'.' + key;
    return path + u'[' + QString::fromUtf8(canonicalJson(QJsonValue(key))) + u']';
}

// valijson's context ("<root>", "[name]", "[2]") as a JSON path; whether
// "[2]" is an index or a property named "2" is read off the value itself.
QString jsonPath(const std::vector<std::string> &context, const QJsonValue &root, const QString &base)
{
    QString path = base;
    QJsonValue at = root;
    for (size_t i = 1; i < context.size(); ++i) {
        const std::string &part = context[i];
        if (part.size() < 2 || part.front() != '[' || part.back() != ']')
            continue;
        const QString inner = QString::fromStdString(part.substr(1, part.size() - 2));
        bool isIndex = false;
        const qsizetype index = inner.toLongLong(&isIndex);
        if (at.isArray() && isIndex) {
            path += u'[' + QString::number(index) + u']';
            at = at.toArray().at(index);
        } else {
            path = childPath(path, inner);
            at = at.toObject().value(inner);
        }
    }
    return path;
}

// "greater than or equal to 0.000000" -> "... to 0"; "1.500000" -> "1.5".
QString tidy(QString message)
{
    static const QRegularExpression zeros(QStringLiteral("(\\d+\\.\\d*?)0+(?!\\d)"));
    static const QRegularExpression dot(QStringLiteral("(\\d)\\.(?!\\d)"));
    message.replace(zeros, QStringLiteral("\\1"));
    message.replace(dot, QStringLiteral("\\1"));
    if (message.endsWith(u'.'))
        message.chop(1);
    return message;
}

QString typeName(const QJsonValue &v)
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
    return QStringLiteral("nothing");
}

QString show(const QJsonValue &v)
{
    if (v.isArray() || v.isObject())
        return typeName(v);
    QString s = QString::fromUtf8(canonicalJson(v));
    if (s.size() > 60)
        s = s.left(57) + QStringLiteral("...");
    return typeName(v) + u' ' + s;
}

QJsonValue valueAt(const std::vector<std::string> &context, const QJsonValue &root)
{
    QJsonValue at = root;
    for (size_t i = 1; i < context.size(); ++i) {
        const std::string &part = context[i];
        if (part.size() < 2 || part.front() != '[' || part.back() != ']')
            continue;
        const QString inner = QString::fromStdString(part.substr(1, part.size() - 2));
        bool isIndex = false;
        const qsizetype index = inner.toLongLong(&isIndex);
        at = at.isArray() && isIndex ? at.toArray().at(index) : at.toObject().value(inner);
    }
    return at;
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

QString compact(const QJsonValue &v)
{
    QString s = QString::fromUtf8(canonicalJson(v));
    if (s.size() > 60)
        s = s.left(57) + QStringLiteral("...");
    return s;
}

// The subschema that applies at `context`, found through properties,
// additionalProperties, items and local $refs; undefined when it cannot be
// told that simply (then the message stays valijson's own).
QJsonValue schemaAt(const QJsonValue &rootSchema, const std::vector<std::string> &context, const QJsonValue &rootValue)
{
    auto resolve = [&](QJsonValue s) {
        for (int hops = 0; hops < 8 && s.isObject() && s.toObject().value(QStringLiteral("$ref")).isString(); ++hops) {
            const QString ref = s.toObject().value(QStringLiteral("$ref")).toString();
            if (!ref.startsWith(QStringLiteral("#")))
                return QJsonValue(QJsonValue::Undefined);
            QJsonValue at = rootSchema;
            for (const QString &token : ref.mid(1).split(u'/', Qt::SkipEmptyParts)) {
                QString t = token;
                t.replace(QStringLiteral("~1"), QStringLiteral("/")).replace(QStringLiteral("~0"), QStringLiteral("~"));
                at = at.isArray() ? at.toArray().at(t.toInt()) : at.toObject().value(t);
            }
            s = at;
        }
        return s;
    };
    QJsonValue s = resolve(rootSchema);
    QJsonValue v = rootValue;
    for (size_t i = 1; i < context.size() && s.isObject(); ++i) {
        const std::string &part = context[i];
        if (part.size() < 2 || part.front() != '[' || part.back() != ']')
            return QJsonValue::Undefined;
        const QString inner = QString::fromStdString(part.substr(1, part.size() - 2));
        const QJsonObject o = s.toObject();
        bool isIndex = false;
        const qsizetype index = inner.toLongLong(&isIndex);
        if (v.isArray() && isIndex) {
            const QJsonValue items = o.value(QStringLiteral("items"));
            s = items.isArray() ? (index < items.toArray().size() ? items.toArray().at(index) : o.value(QStringLiteral("additionalItems")))
                                : items;
            v = v.toArray().at(index);
        } else {
            const QJsonObject props = o.value(QStringLiteral("properties")).toObject();
            s = props.contains(inner) ? props.value(inner) : o.value(QStringLiteral("additionalProperties"));
            v = v.toObject().value(inner);
        }
        s = resolve(s);
    }
    return s;
}

// One line per error: the path of the offending value and what is wrong with
// it, in words an operator reads at a glance ("$.age: 151 is greater than the
// maximum 150"); valijson's own words where a case is not one of these.
QString describeError(const valijson::ValidationResults::Error &e, const QJsonValue &root, const QJsonValue &rootSchema,
                      const QString &base)
{
    const QString path = jsonPath(e.context, root, base);
    const QString reason = tidy(QString::fromStdString(e.description));
    const QJsonValue value = valueAt(e.context, root);
    static const QRegularExpression extra(QStringLiteral("^Object contains a property that could not be validated using "
                                                         "'properties' or 'additionalProperties' constraints: '(.*)'$"));
    static const QRegularExpression required(QStringLiteral("^Missing required property '(.*)'$"));
    static const QRegularExpression bound(QStringLiteral("^(String|Array) should contain no (more|fewer) than (\\S+) "
                                                         "(characters in length|elements)$|^String should be no (more|fewer) than "
                                                         "(\\S+) characters in length$"));
    static const QRegularExpression range(QStringLiteral("^Expected number (greater|less) than or equal to (\\S+)$"));
    if (const auto m = extra.match(reason); m.hasMatch())
        return childPath(path, m.captured(1)) + QStringLiteral(": property not allowed (additionalProperties is false)");
    if (const auto m = required.match(reason); m.hasMatch())
        return path + QStringLiteral(": missing required property \"") + m.captured(1) + u'"';
    if (const auto m = range.match(reason); m.hasMatch() && value.isDouble())
        return path + QStringLiteral(": ") + compact(value)
            + (m.captured(1) == QLatin1String("greater") ? QStringLiteral(" is less than the minimum ") : QStringLiteral(" is greater than the maximum "))
            + m.captured(2);
    if (const auto m = bound.match(reason); m.hasMatch()) {
        const bool more = m.captured(2) == QLatin1String("more") || m.captured(5) == QLatin1String("more");
        const QString limit = m.captured(3).isEmpty() ? m.captured(6) : m.captured(3);
        if (value.isString())
            return path + QStringLiteral(": length %1 is %2 %3 %4")
                              .arg(codePoints(value.toString()))
                              .arg(more ? QStringLiteral("greater than") : QStringLiteral("less than"),
                                   more ? QStringLiteral("maxLength") : QStringLiteral("minLength"), limit);
        if (value.isArray())
            return path + QStringLiteral(": %1 items, %2 %3").arg(value.toArray().size()).arg(
                              more ? QStringLiteral("more than maxItems") : QStringLiteral("fewer than minItems"), limit);
    }
    const QJsonValue schema = schemaAt(rootSchema, e.context, root);
    if (reason.startsWith(QStringLiteral("Value type not permitted"))) {
        const QJsonValue type = schema.toObject().value(QStringLiteral("type"));
        QStringList names;
        for (const QJsonValue &t : type.isArray() ? type.toArray() : QJsonArray{type})
            if (t.isString())
                names.append(t.toString());
        const QString got = value.isDouble() ? QStringLiteral("number ") + compact(value) : typeName(value);
        if (!names.isEmpty())
            return path + QStringLiteral(": expected ") + names.join(QStringLiteral(" or ")) + QStringLiteral(", got ") + got;
        return path + QStringLiteral(": type not allowed here, got ") + got;
    }
    if (reason.startsWith(QStringLiteral("Failed to match against any enum values"))) {
        const QJsonValue allowed = schema.toObject().value(QStringLiteral("enum"));
        if (allowed.isArray())
            return path + QStringLiteral(": ") + compact(value) + QStringLiteral(" is not one of ") + compact(allowed);
    }
    if (reason.startsWith(QStringLiteral("Failed to validate")))
        return path + QStringLiteral(": ") + reason;
    return path + QStringLiteral(": ") + reason + QStringLiteral(" (got ") + show(value) + u')';
}

bool startsWithContext(const std::vector<std::string> &deeper, const std::vector<std::string> &prefix)
{
    return deeper.size() > prefix.size() && std::equal(prefix.begin(), prefix.end(), deeper.begin());
}

} // namespace

struct CompiledJsonSchema::Private
{
    valijson::Schema schema;
    QJsonValue source; // for messages: the subschema at an error's path
};

CompiledJsonSchema::CompiledJsonSchema() : d(std::make_unique<Private>()) {}
CompiledJsonSchema::~CompiledJsonSchema() = default;

std::shared_ptr<const CompiledJsonSchema> CompiledJsonSchema::compile(const QJsonValue &schema, QStringList *errors)
{
    return compile(schema, errors, {});
}

std::shared_ptr<const CompiledJsonSchema> CompiledJsonSchema::compile(const QJsonValue &schema, QStringList *errors,
                                                                      const DocumentLoader &loader)
{
    using Adapter = valijson::adapters::NlohmannJsonAdapter;
    std::shared_ptr<CompiledJsonSchema> out(new CompiledJsonSchema);
    try {
        const nlohmann::json document = toNlohmann(schema);
        Adapter adapter(document);
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        if (loader) {
            parser.populateSchema<Adapter>(
                adapter, out->d->schema,
                [&](const std::string &uri) -> const nlohmann::json * {
                    const std::optional<QJsonValue> doc = loader(QString::fromStdString(uri));
                    return doc ? new nlohmann::json(toNlohmann(*doc)) : nullptr;
                },
                [](const nlohmann::json *doc) { delete doc; });
        } else {
            parser.populateSchema(adapter, out->d->schema); // no fetch function: a remote $ref is an error
        }
        out->d->source = schema;
    } catch (const std::exception &e) {
        if (errors)
            errors->append(QStringLiteral("$: the schema cannot be used: ") + tidy(QString::fromUtf8(e.what())));
        return nullptr;
    }
    return out;
}

QStringList CompiledJsonSchema::validate(const QJsonValue &value, const QString &path) const
{
    const nlohmann::json target = toNlohmann(value);
    valijson::adapters::NlohmannJsonAdapter adapter(target);
    valijson::ValidationResults results;
    thread_local valijson::Validator validator(valijson::Validator::kStrongTypes); // keeps its compiled patterns
    if (validator.validate(d->schema, adapter, &results))
        return {};
    std::vector<valijson::ValidationResults::Error> all(results.begin(), results.end());
    QStringList errors;
    for (const auto &e : all) {
        // Drop "failed to validate the property/item" wrappers whose reason is
        // reported at a deeper path anyway.
        const bool wrapper = e.description.rfind("Failed to validate", 0) == 0;
        bool explainedDeeper = false;
        for (const auto &other : all)
            explainedDeeper = explainedDeeper || startsWithContext(other.context, e.context);
        if (wrapper && explainedDeeper)
            continue;
        const QString line = describeError(e, value, d->source, path);
        if (!errors.contains(line))
            errors.append(line);
    }
    if (errors.isEmpty())
        errors.append(path + QStringLiteral(": does not match the schema"));
    return errors;
}

bool CompiledJsonSchema::isValid(const QJsonValue &value) const
{
    const nlohmann::json target = toNlohmann(value);
    valijson::adapters::NlohmannJsonAdapter adapter(target);
    thread_local valijson::Validator validator(valijson::Validator::kStrongTypes);
    return validator.validate(d->schema, adapter, nullptr);
}

QStringList validateJsonSchema(const QJsonValue &value, const QJsonObject &schema, const QString &path)
{
    QStringList errors;
    const auto compiled = CompiledJsonSchema::compile(schema, &errors);
    if (!compiled)
        return errors;
    return compiled->validate(value, path);
}

namespace {

const QSet<QString> &draft7Keywords()
{
    static const QSet<QString> k{
        QStringLiteral("$schema"), QStringLiteral("$id"), QStringLiteral("$ref"), QStringLiteral("$comment"),
        QStringLiteral("title"), QStringLiteral("description"), QStringLiteral("default"), QStringLiteral("examples"),
        QStringLiteral("readOnly"), QStringLiteral("writeOnly"), QStringLiteral("type"), QStringLiteral("enum"),
        QStringLiteral("const"), QStringLiteral("multipleOf"), QStringLiteral("maximum"), QStringLiteral("exclusiveMaximum"),
        QStringLiteral("minimum"), QStringLiteral("exclusiveMinimum"), QStringLiteral("maxLength"), QStringLiteral("minLength"),
        QStringLiteral("pattern"), QStringLiteral("items"), QStringLiteral("additionalItems"), QStringLiteral("maxItems"),
        QStringLiteral("minItems"), QStringLiteral("uniqueItems"), QStringLiteral("contains"), QStringLiteral("maxProperties"),
        QStringLiteral("minProperties"), QStringLiteral("required"), QStringLiteral("properties"),
        QStringLiteral("patternProperties"), QStringLiteral("additionalProperties"), QStringLiteral("dependencies"),
        QStringLiteral("propertyNames"), QStringLiteral("if"), QStringLiteral("then"), QStringLiteral("else"),
        QStringLiteral("allOf"), QStringLiteral("anyOf"), QStringLiteral("oneOf"), QStringLiteral("not"),
        QStringLiteral("definitions")};
    return k;
}

const QSet<QString> &uncheckedKeywords()
{
    static const QSet<QString> k{QStringLiteral("format"), QStringLiteral("contentMediaType"), QStringLiteral("contentEncoding")};
    return k;
}

void checkKeywords(const QJsonValue &schema, const QString &at, QStringList &errors);
void checkKeywordValue(const QString &key, const QJsonValue &v, const QString &here, QStringList &errors);

void checkSchemaMap(const QJsonValue &v, const QString &at, QStringList &errors)
{
    if (!v.isObject()) {
        errors.append(at + QStringLiteral(": expected an object of schemas"));
        return;
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        checkKeywords(it.value(), childPath(at, it.key()), errors);
}

void checkSchemaList(const QJsonValue &v, const QString &at, QStringList &errors)
{
    if (!v.isArray()) {
        errors.append(at + QStringLiteral(": expected an array of schemas"));
        return;
    }
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i)
        checkKeywords(a.at(i), at + u'[' + QString::number(i) + u']', errors);
}

// The keyword policy: draft-7 keywords only, none that go unchecked, local references only.
void checkKeywords(const QJsonValue &schema, const QString &at, QStringList &errors)
{
    if (schema.isBool())
        return;
    if (!schema.isObject()) {
        errors.append(at + QStringLiteral(": expected a schema object (or true/false)"));
        return;
    }
    const QJsonObject o = schema.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = it.key();
        const QJsonValue v = it.value();
        const QString here = childPath(at, key);
        if (uncheckedKeywords().contains(key)) {
            errors.append(here + QStringLiteral(": not checked by this validator, so not accepted (use pattern, or drop it)"));
        } else if (!draft7Keywords().contains(key)) {
            errors.append(here + QStringLiteral(": unsupported keyword (not a JSON Schema draft-7 keyword)"));
        } else if (key == QLatin1String("type") || key == QLatin1String("required") || key == QLatin1String("enum")
                   || key.startsWith(QLatin1String("min")) || key.startsWith(QLatin1String("max"))
                   || key.startsWith(QLatin1String("exclusive")) || key == QLatin1String("multipleOf")
                   || key == QLatin1String("pattern")) {
            checkKeywordValue(key, v, here, errors);
        } else if (key == QLatin1String("$ref")) {
            if (!v.isString() || !v.toString().startsWith(u'#'))
                errors.append(here + QStringLiteral(": only local references (\"#/definitions/...\") are followed"));
        } else if (key == QLatin1String("properties") || key == QLatin1String("patternProperties")
                   || key == QLatin1String("definitions")) {
            checkSchemaMap(v, here, errors);
        } else if (key == QLatin1String("additionalProperties") || key == QLatin1String("additionalItems")
                   || key == QLatin1String("contains") || key == QLatin1String("propertyNames") || key == QLatin1String("if")
                   || key == QLatin1String("then") || key == QLatin1String("else") || key == QLatin1String("not")) {
            checkKeywords(v, here, errors);
        } else if (key == QLatin1String("items")) {
            if (v.isArray())
                checkSchemaList(v, here, errors);
            else
                checkKeywords(v, here, errors);
        } else if (key == QLatin1String("allOf") || key == QLatin1String("anyOf") || key == QLatin1String("oneOf")) {
            checkSchemaList(v, here, errors);
        } else if (key == QLatin1String("dependencies")) {
            const QJsonObject deps = v.toObject();
            for (auto d = deps.begin(); d != deps.end(); ++d) {
                if (!d.value().isArray())
                    checkKeywords(d.value(), childPath(here, d.key()), errors);
            }
        }
    }
}

bool isNonNegativeInteger(const QJsonValue &v)
{
    const double d = v.toDouble(-1);
    return v.isDouble() && std::isfinite(d) && d == std::floor(d) && d >= 0;
}

// Path-exact messages for the keyword values people get wrong most; valijson
// refuses the rest when the schema is compiled.
void checkKeywordValue(const QString &key, const QJsonValue &v, const QString &here, QStringList &errors)
{
    static const QStringList types{QStringLiteral("object"), QStringLiteral("array"), QStringLiteral("string"),
                                   QStringLiteral("number"), QStringLiteral("integer"), QStringLiteral("boolean"),
                                   QStringLiteral("null")};
    if (key == QLatin1String("type")) {
        const QJsonArray names = v.isArray() ? v.toArray() : QJsonArray{v};
        if (names.isEmpty())
            errors.append(here + QStringLiteral(": empty list of types"));
        for (const QJsonValue &n : names) {
            if (!n.isString() || !types.contains(n.toString()))
                errors.append(here + QStringLiteral(": unknown type ") + QString::fromUtf8(canonicalJson(n)));
        }
    } else if (key == QLatin1String("required")) {
        bool ok = v.isArray();
        QSet<QString> seen;
        for (const QJsonValue &r : v.toArray()) {
            ok = ok && r.isString() && !seen.contains(r.toString());
            seen.insert(r.toString());
        }
        if (!ok)
            errors.append(here + QStringLiteral(": expected an array of property names, each named once"));
    } else if (key == QLatin1String("enum")) {
        if (!v.isArray() || v.toArray().isEmpty())
            errors.append(here + QStringLiteral(": expected a non-empty array"));
    } else if (key == QLatin1String("minLength") || key == QLatin1String("maxLength") || key == QLatin1String("minItems")
               || key == QLatin1String("maxItems") || key == QLatin1String("minProperties") || key == QLatin1String("maxProperties")) {
        if (!isNonNegativeInteger(v))
            errors.append(here + QStringLiteral(": expected a non-negative integer"));
    } else if (key == QLatin1String("minimum") || key == QLatin1String("maximum") || key == QLatin1String("exclusiveMinimum")
               || key == QLatin1String("exclusiveMaximum")) {
        if (!v.isDouble())
            errors.append(here + QStringLiteral(": expected a number"));
    } else if (key == QLatin1String("multipleOf")) {
        if (!v.isDouble() || !(v.toDouble() > 0))
            errors.append(here + QStringLiteral(": expected a number greater than 0"));
    } else if (key == QLatin1String("pattern")) {
        if (!v.isString()) {
            errors.append(here + QStringLiteral(": expected a regular expression"));
            return;
        }
        try {
            std::regex(v.toString().toStdString(), std::regex::ECMAScript);
        } catch (const std::regex_error &e) {
            errors.append(here + QStringLiteral(": not a valid regular expression: ") + QString::fromUtf8(e.what()));
        }
    }
}

} // namespace

QStringList schemaDefinitionErrors(const QJsonObject &schema, const QString &path)
{
    QStringList errors;
    checkKeywords(schema, path, errors);
    if (!errors.isEmpty())
        return errors;
    QStringList compileErrors;
    if (!CompiledJsonSchema::compile(schema, &compileErrors)) {
        for (QString &e : compileErrors)
            e.replace(0, 1, path);
        return compileErrors;
    }
    return {};
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
