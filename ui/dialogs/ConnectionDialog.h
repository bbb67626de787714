#pragma once

// Where to connect: an SQLite file or a PostgreSQL URL, saved by name in
// QSettings (never the password, which is asked for each time), each
// optionally marked as production (the banner then turns red).
// Opened with open(); answers through connectRequested(). The built-in demo
// is always the first entry, and one click away (its own button).

#include "ConsoleSettings.h"

#include "domain/StoreUrl.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QRadioButton;

namespace jobdesk::ui {

struct ConnectionChoice
{
    QString name;
    StoreUrl url; // with the password, when one was typed
    bool production = false;
    bool demo = false; // the built-in demo: its database, its simulated providers and users
};

class ConnectionDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ConnectionDialog(QWidget *parent = nullptr);

    // The choice the form describes now (invalid url -> error text).
    std::optional<ConnectionChoice> choice(QString *error = nullptr) const;
    static ConnectionChoice demoChoice(); // the demo's database in the app data folder
    void connectToDemo();                 // the "Open the demo" button

    // The console's answer to connectRequested: the dialog stays open, saying
    // that it connects, until the new store opened (it closes) or failed (it
    // says why and the console stays on the store it had).
    void connected();
    void showFailure(const QString &message);

Q_SIGNALS:
    void connectRequested(const jobdesk::ui::ConnectionChoice &choice);

private:
    void loadSaved();
    void showSaved(int row);
    void save();
    void remove();
    void browse();
    void onConnect();
    void updateKind();

    QListWidget *m_saved = nullptr;
    QLineEdit *m_name = nullptr;
    QRadioButton *m_sqlite = nullptr;
    QRadioButton *m_postgres = nullptr;
    QLineEdit *m_location = nullptr;
    QPushButton *m_browse = nullptr;
    QLineEdit *m_password = nullptr;
    QCheckBox *m_production = nullptr;
    QLabel *m_error = nullptr;
    QPushButton *m_connect = nullptr;
    QPushButton *m_demo = nullptr;
    QString m_pendingName;
    QList<SavedConnection> m_connections;
};

} // namespace jobdesk::ui

Q_DECLARE_METATYPE(jobdesk::ui::ConnectionChoice)
