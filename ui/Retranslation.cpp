#include "Retranslation.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMutex>
#include <QTabWidget>
#include <QWidget>

namespace jobdesk::ui {

namespace {
struct Source
{
    QByteArray context;
    QByteArray text;
    QByteArray disambiguation;
};

QMutex &lock()
{
    static QMutex m;
    return m;
}

QHash<QString, Source> &shownFrom()
{
    static QHash<QString, Source> h;
    return h;
}
} // namespace

QString RecordingTranslator::translate(const char *context, const char *sourceText, const char *disambiguation, int n) const
{
    const QString out = QTranslator::translate(context, sourceText, disambiguation, n);
    // Plurals are filled in with a number: never a fixed text.
    if (n < 0 && sourceText && *sourceText) {
        const QString shown = out.isEmpty() ? QString::fromUtf8(sourceText) : out;
        const QMutexLocker locked(&lock());
        shownFrom().insert(shown, {context, sourceText, disambiguation ? QByteArray(disambiguation) : QByteArray()});
    }
    return out;
}

namespace Retranslation {

QString again(const QString &shown)
{
    if (shown.isEmpty())
        return shown;
    Source s;
    {
        const QMutexLocker locked(&lock());
        const auto it = shownFrom().constFind(shown);
        if (it == shownFrom().cend())
            return shown;
        s = *it;
    }
    return QCoreApplication::translate(s.context.constData(), s.text.constData(),
                                       s.disambiguation.isEmpty() ? nullptr : s.disambiguation.constData());
}

namespace {
void retranslateAction(QAction *a)
{
    a->setText(again(a->text()));
    a->setToolTip(again(a->toolTip()));
    a->setStatusTip(again(a->statusTip()));
    if (QMenu *m = a->menu())
        m->setTitle(again(m->title()));
}

void retranslateOne(QWidget *w)
{
    w->setWindowTitle(again(w->windowTitle()));
    w->setToolTip(again(w->toolTip()));
    w->setAccessibleName(again(w->accessibleName()));
    w->setAccessibleDescription(again(w->accessibleDescription()));
    if (auto *l = qobject_cast<QLabel *>(w))
        l->setText(again(l->text()));
    else if (auto *b = qobject_cast<QAbstractButton *>(w))
        b->setText(again(b->text()));
    else if (auto *e = qobject_cast<QLineEdit *>(w))
        e->setPlaceholderText(again(e->placeholderText()));
    else if (auto *g = qobject_cast<QGroupBox *>(w))
        g->setTitle(again(g->title()));
    else if (auto *c = qobject_cast<QComboBox *>(w)) {
        for (int i = 0; i < c->count(); ++i)
            c->setItemText(i, again(c->itemText(i)));
    } else if (auto *t = qobject_cast<QTabWidget *>(w)) {
        for (int i = 0; i < t->count(); ++i) {
            t->setTabText(i, again(t->tabText(i)));
            t->setTabToolTip(i, again(t->tabToolTip(i)));
        }
    } else if (auto *m = qobject_cast<QMenu *>(w)) {
        m->setTitle(again(m->title()));
    }
    for (QAction *a : w->actions())
        retranslateAction(a);
}
} // namespace

void retranslate(QWidget *root)
{
    retranslateOne(root);
    for (QWidget *w : root->findChildren<QWidget *>())
        retranslateOne(w);
    for (QAction *a : root->findChildren<QAction *>()) // actions not added to a widget (window-wide keys)
        retranslateAction(a);
}

void retranslateAll()
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (w->windowType() != Qt::Desktop)
            retranslate(w);
}

} // namespace Retranslation

} // namespace jobdesk::ui
