#pragma once

// The JSON Schema subset JobDesk routes use for their output. Supported
// keywords: type (a name or a list of names: object, array, string, number,
// integer, boolean, null), properties, required, additionalProperties (bool or
// schema), enum, items (one schema for every element), minItems/maxItems,
// minimum/maximum (inclusive), minLength/maxLength (in Unicode code points),
// and the annotations title, description, $schema. A route whose schema uses
// any other keyword is refused when the config loads, so a constraint is never
// silently ignored.

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace jobdesk {

// Errors of `value` against `schema`, each prefixed with the JSON path of the
// offending value ("$.items[2].name: expected string, got number"). Empty: valid.
QStringList validateJsonSchema(const QJsonValue &value, const QJsonObject &schema,
                               const QString &path = QStringLiteral("$"));

// Errors in the schema itself: unknown keywords, keyword values of the wrong
// type. Empty: the schema is usable.
QStringList schemaDefinitionErrors(const QJsonObject &schema, const QString &path = QStringLiteral("$"));

// Whether the dotted path ("a.b") is declared through nested "properties".
bool schemaDeclaresPath(const QJsonObject &schema, const QString &dottedPath);

} // namespace jobdesk
