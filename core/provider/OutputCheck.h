#pragma once

// Checks a provider's output against its route's contract: it parses as a
// JSON object, has no top-level key the schema does not declare, matches the
// schema, and passes the business checks (required fields present and
// non-empty, allowed values).

#include "provider/JsonSchema.h"
#include "provider/Route.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace jobdesk {

struct OutputCheck
{
    bool ok = false;
    QString reason;       // one line, all problems joined with "; " (empty when ok)
    QJsonObject output;   // the parsed object (set whenever it parsed as an object)

    // The details, for reports.
    QString parseError;   // not JSON, or JSON but not an object
    QStringList extraKeys;     // top-level keys the schema does not declare
    QStringList schemaErrors;
    QStringList checkErrors;   // business checks
};

OutputCheck checkOutput(const Route &, const QByteArray &content);

// The same checks with only a schema (no business checks): what a provider
// client can verify when it is not given the route.
OutputCheck checkOutputAgainstSchema(const QJsonObject &schema, const QByteArray &content);

} // namespace jobdesk
