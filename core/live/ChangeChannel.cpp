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

std::string changeChannelOf(pqxx::connection_base &conn)
{
    pqxx::nontransaction tx(conn);
    const pqxx::result r = tx.exec("SELECT current_schema()");
    if (r.empty() || r[0][0].is_null())
        return changeChannelForSchema({});
    return changeChannelForSchema(r[0][0].c_str());
}

} // namespace jobdesk
