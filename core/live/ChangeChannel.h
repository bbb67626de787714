#pragma once

// The NOTIFY channel of one JobDesk store. PostgreSQL scopes LISTEN/NOTIFY
// to a database, not to a schema, so two stores in two schemas of one
// database (staging beside production, or the tests' throwaway schemas)
// need two channels, or each one's server wakes the other's consoles for
// full reads. The store is the schema of the `jobs` table a connection
// resolves (however the search_path was set: URL options, the role's
// default, PGOPTIONS; a login's own "$user" schema without a jobs table does
// not count), or current_schema() before the store is migrated. The default
// schema, public, keeps the plain channel "jobdesk_changed".

#include "store/PqxxCompat.h"

#include <string>

namespace jobdesk {

inline constexpr const char *kChangeChannelBase = "jobdesk_changed";

// "jobdesk_changed" for public (or no schema); "jobdesk_changed_<schema>"
// for a schema whose name is lowercase letters, digits and underscores and
// fits; otherwise "jobdesk_changed_x<16 hex digits of its SHA-1>". Always a
// valid unquoted identifier under 64 bytes, the same in every process.
std::string changeChannelForSchema(const std::string &schema);

// Asks the connection which schema its store is in (one round trip) and
// returns that schema's channel. Before the store is migrated there is no
// `jobs` table to ask about: then it answers for current_schema(), where this
// login would create the store, and sets *storeFound (when given) to false,
// since the store may yet be created elsewhere (by another login, whose
// current_schema() differs). Throws what libpqxx throws.
std::string changeChannelOf(PqxxConnection &conn, bool *storeFound = nullptr);

} // namespace jobdesk
