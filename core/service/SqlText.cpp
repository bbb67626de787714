#include "SqlText.h"

#include <QDirIterator>
#include <QFile>
#include <QHash>

#include <stdexcept>

// A static library's resource is registered only when asked for by name.
static void initSqlResources()
{
    Q_INIT_RESOURCE(sql);
}

namespace jobdesk {
namespace {

QHash<QString, QString> loadAll()
{
    initSqlResources();
    QHash<QString, QString> out;
    QDirIterator it(QStringLiteral(":/jobdesk/sql"), {QStringLiteral("*.sql")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QStringList kept;
        for (const QString &line : QString::fromUtf8(f.readAll()).split(u'\n'))
            if (!line.trimmed().startsWith(QLatin1String("--")) && !line.trimmed().isEmpty())
                kept.append(line);
        out.insert(path.mid(QStringLiteral(":/jobdesk/sql/").size()).chopped(4), kept.join(u'\n'));
    }
    return out;
}

} // namespace

const QString &sqlText(Dialect dialect, const char *name)
{
    static const QHash<QString, QString> all = loadAll();
    const QString key = (dialect == Dialect::Postgres ? QStringLiteral("postgres/") : QStringLiteral("sqlite/")) + QLatin1String(name);
    const auto it = all.constFind(key);
    if (it == all.constEnd())
        throw std::logic_error("no statement resources/sql/" + key.toStdString() + ".sql");
    return *it;
}

} // namespace jobdesk
