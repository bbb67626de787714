#pragma once

// Help ▸ Keyboard shortcuts: every menu action that has a shortcut, read from
// the window's menus when the dialog opens (so the list is never out of date),
// and the keys that work inside the lists.

#include <QDialog>

class QMainWindow;
class QTableWidget;

namespace jobdesk::ui {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(QMainWindow *window);
    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table = nullptr;
};

} // namespace jobdesk::ui
