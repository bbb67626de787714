#pragma once
// Statements that read better as SQL: resources/sql/<dialect>/<name>.sql,
// compiled in as Qt resources.

#include "domain/StoreUrl.h"

#include <QString>

namespace jobdesk {

// The text of statement `name` for `dialect`, read once; the file's "--"
// comment lines are left out. A name with no file is a programming error
// (std::logic_error), caught by the first test that runs the statement.
const QString &sqlText(Dialect dialect, const char *name);

} // namespace jobdesk
