#include "PrivatePostgres.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>

namespace jobdesk::test {

PrivatePostgres::PrivatePostgres() = default;

PrivatePostgres::~PrivatePostgres()
{
    if (!m_url.isEmpty())
        stop();
}

bool PrivatePostgres::run(const QStringList &args, QString *out)
{
    QProcess p;
    p.setProgram(QStringLiteral("bash"));
    p.setArguments(QStringList{QStringLiteral(JOBDESK_SOURCE_DIR "/scripts/pg-throwaway.sh")} + args);
    p.start();
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        m_error = QString::fromLocal8Bit(p.readAllStandardError()).trimmed();
        if (m_error.isEmpty())
            m_error = QStringLiteral("pg-throwaway.sh %1 failed").arg(args.join(u' '));
        return false;
    }
    if (out)
        *out = QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
    return true;
}

bool PrivatePostgres::start()
{
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("no temporary folder");
        return false;
    }
    // The server runs as the postgres user: it must be able to reach its folder.
    QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                            | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
    QStringList args{QStringLiteral("start"), m_dir.path() + QStringLiteral("/data")};
    if (!m_port.isEmpty())
        args.append(m_port);
    QString url;
    if (!run(args, &url))
        return false;
    static const QRegularExpression port(QStringLiteral(":(\\d+)/"));
    const auto m = port.match(url);
    if (!m.hasMatch()) {
        m_error = QStringLiteral("unexpected URL: ") + url;
        return false;
    }
    m_port = m.captured(1);
    m_url = url;
    return true;
}

bool PrivatePostgres::stop()
{
    return run({QStringLiteral("stop"), m_dir.path() + QStringLiteral("/data")}, nullptr);
}

} // namespace jobdesk::test
