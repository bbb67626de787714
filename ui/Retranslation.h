#pragma once

// The language changes without a restart. The console's catalogue is read
// through a translator that remembers which source text each shown text came
// from; after View ▸ Language installs the new catalogue, every fixed text of
// every open window (labels, buttons, menus and their actions, tabs, combo
// items, placeholders, tooltips, accessible names, window titles) is put in
// the new language. Texts filled in with data ("Job 42 · queued") are not
// fixed: their views write them again on QEvent::LanguageChange (MainWindow).

#include <QString>
#include <QTranslator>

class QWidget;

namespace jobdesk::ui {

// A catalogue that remembers what it translated (shown text -> source).
class RecordingTranslator : public QTranslator
{
public:
    using QTranslator::QTranslator;
    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr,
                      int n = -1) const override;
};

namespace Retranslation {
// A text as it was shown, in the language installed now (itself when it was not a fixed text).
QString again(const QString &shown);
// Every fixed text of `root` and its children, in the language installed now.
void retranslate(QWidget *root);
// The same for every open window.
void retranslateAll();
} // namespace Retranslation

} // namespace jobdesk::ui
