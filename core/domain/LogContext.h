#pragma once

// What a log line is about, for structured logs (jobdesk-server --log-format
// json): the job, attempt and trace a thread is working on while a LogScope
// lives. Per thread; scopes nest (the inner one wins, the outer comes back).

#include <QByteArray>

namespace jobdesk {

struct LogContext
{
    qint64 jobId = 0;     // 0: none
    qint64 attemptId = 0; // 0: none
    QByteArray traceId;   // 32 hex digits or empty
};

const LogContext &currentLogContext();

class LogScope
{
public:
    explicit LogScope(LogContext context);
    ~LogScope();
    LogScope(const LogScope &) = delete;
    LogScope &operator=(const LogScope &) = delete;

private:
    LogContext m_previous;
};

} // namespace jobdesk
