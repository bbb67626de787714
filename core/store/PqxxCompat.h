#pragma once

// libpqxx 6.4 (Debian 12) and 7.x (vcpkg, Homebrew) where their names differ.
// 6.x: pqxx::connection_base is the base class of every connection
// (pqxx::connection is basic_connection<connect_direct>); 7.x: pqxx::connection
// is the one class and connection_base a deprecated alias of it.

#include <pqxx/version>

namespace pqxx {
#if PQXX_VERSION_MAJOR >= 7
class connection;
#else
class connection_base;
#endif
} // namespace pqxx

namespace jobdesk {

#if PQXX_VERSION_MAJOR >= 7
using PqxxConnection = pqxx::connection;
#else
using PqxxConnection = pqxx::connection_base;
#endif

} // namespace jobdesk
