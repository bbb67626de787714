#include "ConnectionDialog.h"

#include "Format.h"
#include "demo/Demo.h"
#include "domain/Error.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace jobdesk::ui {

ConnectionDialog::ConnectionDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("connectionDialog"));
    setWindowTitle(tr("Connect to a JobDesk database"));
    setAttribute(Qt::WA_DeleteOnClose);

    auto *outer = new QHBoxLayout(this);
    auto *left = new QVBoxLayout;
    auto *savedLabel = new QLabel(tr("Sa&ved connections:"), this);
    left->addWidget(savedLabel);
    m_saved = new QListWidget(this);
    m_saved->setObjectName(QStringLiteral("savedList"));
    m_saved->setAccessibleName(tr("Saved connections"));
    savedLabel->setBuddy(m_saved);
    left->addWidget(m_saved, 1);
    auto *savedButtons = new QHBoxLayout;
    auto *saveButton = new QPushButton(tr("&Save"), this);
    saveButton->setObjectName(QStringLiteral("saveButton"));
    auto *removeButton = new QPushButton(tr("&Delete"), this);
    removeButton->setObjectName(QStringLiteral("deleteButton"));
    savedButtons->addWidget(saveButton);
    savedButtons->addWidget(removeButton);
    left->addLayout(savedButtons);
    outer->addLayout(left, 1);

    auto *right = new QVBoxLayout;
    auto *form = new QFormLayout;
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("nameEdit"));
    form->addRow(tr("&Name:"), m_name);
    m_sqlite = new QRadioButton(tr("SQLite &file (local, single user)"), this);
    m_sqlite->setObjectName(QStringLiteral("sqliteRadio"));
    m_postgres = new QRadioButton(tr("&PostgreSQL"), this);
    m_postgres->setObjectName(QStringLiteral("postgresRadio"));
    m_sqlite->setChecked(true);
    auto *kinds = new QVBoxLayout;
    kinds->addWidget(m_sqlite);
    kinds->addWidget(m_postgres);
    form->addRow(tr("Kind:"), kinds);
    auto *where = new QHBoxLayout;
    m_location = new QLineEdit(this);
    m_location->setObjectName(QStringLiteral("locationEdit"));
    m_browse = new QPushButton(tr("&Browse…"), this);
    where->addWidget(m_location, 1);
    where->addWidget(m_browse);
    auto *locationLabel = new QLabel(tr("&Location:"), this); // a row of two widgets: the label needs its buddy for Alt+L
    locationLabel->setBuddy(m_location);
    form->addRow(locationLabel, where);
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("passwordEdit"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("asked each time, never saved"));
    form->addRow(tr("Pass&word:"), m_password);
    m_production = new QCheckBox(tr("This is &production (the banner turns red)"), this);
    m_production->setObjectName(QStringLiteral("productionCheck"));
    form->addRow(QString(), m_production);
    right->addLayout(form);
    m_error = new QLabel(this);
    m_error->setTextFormat(Qt::PlainText); // it shows data: never as rich text
    m_error->setObjectName(QStringLiteral("errorLabel"));
    m_error->setWordWrap(true);
    right->addWidget(m_error);
    right->addStretch(1);
    auto *buttons = new QDialogButtonBox(this);
    m_connect = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setDefault(true);
    m_demo = buttons->addButton(tr("Open the &demo"), QDialogButtonBox::ActionRole);
    m_demo->setObjectName(QStringLiteral("demoButton"));
    m_demo->setToolTip(tr("The built-in demo: its own SQLite file, simulated providers and users"));
    buttons->addButton(QDialogButtonBox::Cancel);
    right->addWidget(buttons);
    outer->addLayout(right, 2);

    connect(m_saved, &QListWidget::currentRowChanged, this, &ConnectionDialog::showSaved);
    connect(saveButton, &QPushButton::clicked, this, &ConnectionDialog::save);
    connect(removeButton, &QPushButton::clicked, this, &ConnectionDialog::remove);
    connect(m_browse, &QPushButton::clicked, this, &ConnectionDialog::browse);
    connect(m_sqlite, &QRadioButton::toggled, this, &ConnectionDialog::updateKind);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::onConnect);
    connect(m_demo, &QPushButton::clicked, this, &ConnectionDialog::connectToDemo);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    loadSaved();
    updateKind();
    resize(720, 360);
}

void ConnectionDialog::loadSaved()
{
    m_connections = ConsoleSettings::connections();
    // The demo first, always there (never saved, never deleted).
    const ConnectionChoice demo = demoChoice();
    m_connections.removeIf([&](const SavedConnection &c) { return c.name == demo.name; });
    m_connections.prepend({demo.name, QStringLiteral("sqlite:") + demo.url.sqlitePath, false});
    m_saved->clear();
    int current = -1;
    for (int i = 0; i < m_connections.size(); ++i) {
        const SavedConnection &c = m_connections.at(i);
        auto *item = new QListWidgetItem(c.production ? tr("%1 (PRODUCTION)").arg(c.name) : c.name, m_saved);
        item->setToolTip(Format::plainToolTip(c.url));
        if (c.name == ConsoleSettings::lastConnection())
            current = i;
    }
    if (current >= 0)
        m_saved->setCurrentRow(current);
}

void ConnectionDialog::showSaved(int row)
{
    if (row < 0 || row >= m_connections.size())
        return;
    const SavedConnection &c = m_connections.at(row);
    m_name->setText(c.name);
    const bool sqlite = c.url.startsWith(QLatin1String("sqlite:"));
    (sqlite ? m_sqlite : m_postgres)->setChecked(true);
    m_location->setText(sqlite ? c.url.mid(7) : c.url);
    m_production->setChecked(c.production);
    m_password->clear();
    m_error->clear();
}

void ConnectionDialog::updateKind()
{
    const bool sqlite = m_sqlite->isChecked();
    m_browse->setEnabled(sqlite);
    m_password->setEnabled(!sqlite);
    m_location->setPlaceholderText(sqlite ? tr("/path/to/jobdesk.db")
                                          : tr("postgresql://alice@db1.example.org/jobdesk"));
}

std::optional<ConnectionChoice> ConnectionDialog::choice(QString *error) const
{
    const QString location = m_location->text().trimmed();
    if (location.isEmpty()) {
        if (error)
            *error = tr("Say where the database is.");
        return std::nullopt;
    }
    const QString text = m_sqlite->isChecked() ? QStringLiteral("sqlite:") + location
                                               : ConsoleSettings::withPassword(location, m_password->text());
    try {
        ConnectionChoice c;
        c.url = StoreUrl::parse(text);
        if (m_postgres->isChecked() && c.url.dialect != Dialect::Postgres) {
            if (error)
                *error = tr("That is not a PostgreSQL URL (postgresql://...) or connection string (host=... dbname=...).");
            return std::nullopt;
        }
        c.name = m_name->text().trimmed().isEmpty() ? c.url.toDisplayString() : m_name->text().trimmed();
        c.production = m_production->isChecked();
        c.demo = c.url.dialect == Dialect::Sqlite && c.url.sqlitePath == demoChoice().url.sqlitePath;
        if (c.demo)
            c.name = demoChoice().name;
        return c;
    } catch (const JobDeskError &e) {
        if (error)
            *error = e.localizedMessage();
        return std::nullopt;
    }
}

void ConnectionDialog::save()
{
    QString error;
    const auto c = choice(&error);
    if (!c) {
        m_error->setText(error);
        return;
    }
    const QString location = m_location->text().trimmed();
    ConsoleSettings::saveConnection({c->name, m_sqlite->isChecked() ? QStringLiteral("sqlite:") + location : location,
                                     c->production});
    loadSaved();
    for (int i = 0; i < m_connections.size(); ++i)
        if (m_connections.at(i).name == c->name)
            m_saved->setCurrentRow(i);
}

void ConnectionDialog::remove()
{
    const int row = m_saved->currentRow();
    if (row < 0 || row >= m_connections.size())
        return;
    ConsoleSettings::removeConnection(m_connections.at(row).name);
    loadSaved();
}

void ConnectionDialog::browse()
{
    auto *files = new QFileDialog(this, tr("SQLite database"), m_location->text(), tr("SQLite databases (*.db *.sqlite);;All files (*)"));
    files->setAttribute(Qt::WA_DeleteOnClose);
    files->setFileMode(QFileDialog::AnyFile);
    connect(files, &QFileDialog::fileSelected, this, [this](const QString &path) { m_location->setText(path); });
    files->open();
}

void ConnectionDialog::onConnect()
{
    QString error;
    const auto c = choice(&error);
    if (!c) {
        m_error->setText(error);
        return;
    }
    // Remember it (without the password) when it has a name of its own (the demo is always listed).
    if (!m_name->text().trimmed().isEmpty() && !c->demo)
        save();
    m_pendingName = c->name;
    m_error->setText(tr("Connecting to %1…").arg(c->url.toDisplayString()));
    m_connect->setEnabled(false);
    Q_EMIT connectRequested(*c);
}

ConnectionChoice ConnectionDialog::demoChoice()
{
    ConnectionChoice c;
    c.name = tr("Demo (built in)");
    c.url = StoreUrl{Dialect::Sqlite, Demo::defaultDatabasePath(), {}};
    c.demo = true;
    return c;
}

void ConnectionDialog::connectToDemo()
{
    const ConnectionChoice c = demoChoice();
    m_pendingName = c.name;
    m_error->setText(tr("Starting the demo…"));
    m_connect->setEnabled(false);
    m_demo->setEnabled(false);
    Q_EMIT connectRequested(c);
}

void ConnectionDialog::connected()
{
    if (m_pendingName.isEmpty())
        return;
    ConsoleSettings::setLastConnection(m_pendingName);
    accept();
}

void ConnectionDialog::showFailure(const QString &message)
{
    if (m_pendingName.isEmpty())
        return;
    m_pendingName.clear();
    m_connect->setEnabled(true);
    m_demo->setEnabled(true);
    m_error->setText(tr("Could not connect: %1").arg(message));
}

} // namespace jobdesk::ui
