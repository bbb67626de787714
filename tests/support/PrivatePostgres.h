#pragma once

#include <QString>
#include <QTemporaryDir>

namespace jobdesk::test {

// A PostgreSQL server of the test's own (scripts/pg-throwaway.sh: initdb in a
// temporary folder, 127.0.0.1 only, a free port), so a test can stop and
// restart it without disturbing the shared test server.
class PrivatePostgres
{
public:
    PrivatePostgres();
    ~PrivatePostgres(); // stops it
    PrivatePostgres(const PrivatePostgres &) = delete;
    PrivatePostgres &operator=(const PrivatePostgres &) = delete;

    bool start();   // first start picks a free port; later starts reuse it
    bool stop();    // fast shutdown: every connection is dropped
    QString url() const { return m_url; }
    QString error() const { return m_error; }

private:
    bool run(const QStringList &args, QString *out);
    QTemporaryDir m_dir;
    QString m_url;
    QString m_port;
    QString m_error;
};

} // namespace jobdesk::test
