#include "ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace jobdesk::ui {

namespace {
QString plain(QString text)
{
    text.remove(u'&');
    if (text.endsWith(u'…'))
        text.chop(1);
    return text;
}

void addMenu(QList<std::pair<QString, QString>> &rows, const QMenu *menu, const QString &path)
{
    for (QAction *a : menu->actions()) {
        if (a->menu()) {
            addMenu(rows, a->menu(), path + QStringLiteral(" ▸ ") + plain(a->text()));
            continue;
        }
        if (a->isSeparator() || a->shortcut().isEmpty())
            continue;
        rows.append({a->shortcut().toString(QKeySequence::NativeText), path + QStringLiteral(" ▸ ") + plain(a->text())});
    }
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QMainWindow *window) : QDialog(window)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    setAttribute(Qt::WA_DeleteOnClose);
    QList<std::pair<QString, QString>> rows;
    for (QAction *a : window->menuBar()->actions())
        if (a->menu())
            addMenu(rows, a->menu(), plain(a->text()));
    rows.append({tr("Enter"), tr("In the unknown attempts and race losses: open the selected job")});
    rows.append({QKeySequence(Qt::CTRL | Qt::Key_K).toString(QKeySequence::NativeText),
                 tr("In the unknown attempts: cancel the selected attempts")});
    rows.append({tr("Menu key, Shift+F10"), tr("In a list: the selected row's actions")});
    rows.append({tr("Tab, Shift+Tab"), tr("Move to the next or previous control (out of a table too)")});
    rows.append({tr("Arrow keys, Page Up, Page Down"), tr("Move through a list")});

    auto *v = new QVBoxLayout(this);
    m_table = new QTableWidget(int(rows.size()), 2, this);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("What they do")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false);
    m_table->setWordWrap(false);
    for (int r = 0; r < rows.size(); ++r) {
        m_table->setItem(r, 0, new QTableWidgetItem(rows.at(r).first));
        m_table->setItem(r, 1, new QTableWidgetItem(rows.at(r).second));
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    v->addWidget(m_table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    v->addWidget(buttons);
    resize(640, 480);
}

} // namespace jobdesk::ui
