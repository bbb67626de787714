#include "http/OpenApi.h"

#include <QFile>

static void initOpenApiResource() { Q_INIT_RESOURCE(openapi); }

namespace jobdesk {

const QByteArray &openApiJson()
{
    static const QByteArray json = [] {
        initOpenApiResource(); // a resource of a static library is not registered until asked
        QFile f(QStringLiteral(":/jobdesk/openapi.json"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    return json;
}

} // namespace jobdesk
