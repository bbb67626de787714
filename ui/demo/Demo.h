#pragma once

// The embedded demo (`jobdesk --demo`): in this process, on loopback only,
// fake providers, the dispatcher, and simulated users that produce every case
// the console is for within the first seconds: a double click (replay), a key
// reused with another payload (conflict), a provider that hangs past its
// deadline (unknown attempt, blocked job waiting for an operator), a late
// answer after the deadline (applied through the compare-and-swap), a hedge
// that finishes in reverse order (race loss), and a failover that skips the
// unproven fallback for the proven one. Everything runs on threads of its
// own; nothing here blocks the UI thread on the database or the network.

#include "domain/StoreUrl.h"

#include <QObject>
#include <QString>
#include <QThread>

namespace jobdesk::ui {

class DemoWorld;

struct DemoOptions
{
    StoreUrl url;                // the store (the console's demo: an SQLite file in the app data folder)
    int backgroundEveryMs = 2500; // a routine job every this often
    int incidentEveryMs = 15000;  // then another incident of each kind in turn
    int maxBackgroundJobs = 400;  // the demo stops adding routine jobs after this many
};

class Demo : public QObject
{
    Q_OBJECT
public:
    explicit Demo(DemoOptions options, QObject *parent = nullptr);
    ~Demo() override; // stops users, dispatcher and providers

    // The demo's SQLite file: <AppDataLocation>/demo.db.
    static QString defaultDatabasePath();
    // Deletes an SQLite demo database (and its -wal/-shm files) so the demo
    // starts over. Returns false with a reason when a file could not be removed.
    static bool resetDatabase(const QString &path, QString *error = nullptr);

    void start(); // returns at once; ready() or failed() follows

Q_SIGNALS:
    void ready();                          // providers listen, validations recorded, the dispatcher runs
    void failed(const QString &message);
    void incident(const QString &what);    // a scripted case was started (for the log and the status bar)

private:
    QThread m_thread;
    DemoWorld *m_world = nullptr;
};

} // namespace jobdesk::ui
