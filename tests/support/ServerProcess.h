#pragma once
// jobdesk-server as a child process of a test: start() waits (bounded) for the
// line that names its port, stop() sends SIGTERM and kills it if it does not
// end in time, and the destructor stops it. The including test target defines
// JOBDESK_SERVER_BINARY (the built server's path).

#include <QElapsedTimer>
#include <QProcess>
#include <QStringList>

#include <memory>

namespace jobdesk::test {

struct ServerProcess
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    quint16 port = 0;

    bool start(const QStringList &args, int startTimeoutMs = 60000)
    {
        process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process->start(QStringLiteral(JOBDESK_SERVER_BINARY), args);
        if (!process->waitForStarted(10000))
            return false;
        QByteArray out;
        QElapsedTimer t;
        t.start();
        static const QByteArray marker = "listening on http://127.0.0.1:";
        while (t.elapsed() < startTimeoutMs && process->state() == QProcess::Running) {
            process->waitForReadyRead(1000);
            out += process->readAllStandardOutput();
            const qsizetype at = out.indexOf(marker);
            const qsizetype end = at < 0 ? -1 : out.indexOf('\n', at);
            if (end > 0) {
                port = quint16(out.mid(at + marker.size(), end - at - marker.size()).trimmed().toUInt());
                return port != 0;
            }
        }
        return false;
    }
    // The exit code of a clean exit; -1 when it crashed or had to be killed.
    int stop(int timeoutMs = 30000)
    {
        if (process->state() == QProcess::NotRunning)
            return process->exitCode();
        process->terminate(); // SIGTERM
        if (!process->waitForFinished(timeoutMs)) {
            process->kill();
            process->waitForFinished(5000);
            return -1;
        }
        return process->exitStatus() == QProcess::NormalExit ? process->exitCode() : -1;
    }
    ~ServerProcess() { stop(); }
};

} // namespace jobdesk::test
