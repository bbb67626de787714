#include "ChangeChannel.h"

#include <QByteArray>
#include <QCryptographicHash>

#include <pqxx/pqxx>

namespace jobdesk {

namespace {

bool isPlainIdentifier(const std::string &s)
{
    if (s.empty() || (s.front() >= '0' && s.front() <= '9'))
        return false;
    for (char c : s) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

} // namespace

std::string changeChannelForSchema(const std::string &schema)
{
    const std::string base = kChangeChannelBase;
    if (schema.empty() || schema == "public")
        return base;
    constexpr std::size_t kMaxIdentifier = 63; // NAMEDATALEN - 1
    if (isPlainIdentifier(schema) && base.size() + 1 + schema.size() <= kMaxIdentifier)
        return base + '_' + schema;
    const QByteArray digest = QCryptographicHash::hash(QByteArray::fromStdString(schema), QCryptographicHash::Sha1).toHex().left(16);
    return base + "_x" + digest.toStdString();
}

std::string changeChannelOf(PqxxConnection &conn, bool *storeFound)
{
    pqxx::nontransaction tx(conn);
    // The schema of the `jobs` table this connection reads, not
    // current_schema(): under the default search_path ("$user", ...) a login
    // with a schema of its own has that schema as current_schema() while it
    // reads the store from the next one. Before the store is migrated there
    // is no table yet: then the schema this login would create it in
    // (ChangeListener asks again until the table exists).
    const pqxx::result r = tx.exec("SELECT (SELECT n.nspname FROM pg_catalog.pg_class c"
                                   " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                                   " WHERE c.oid = pg_catalog.to_regclass('jobs')), current_schema()");
    const bool found = !r.empty() && !r[0][0].is_null();
    if (storeFound)
        *storeFound = found;
    if (found)
        return changeChannelForSchema(r[0][0].c_str());
    if (r.empty() || r[0][1].is_null())
        return changeChannelForSchema({});
    return changeChannelForSchema(r[0][1].c_str());
}

} // namespace jobdesk
