#pragma once

// The field-by-field diff of a key conflict: the intent the key is bound to
// (the job's) against the one a later request sent with the same key.
// Non-modal; opened with show().

#include "domain/Domain.h"

#include <QDialog>

namespace jobdesk::ui {

class TextTableModel;

class IntentDiffDialog : public QDialog
{
    Q_OBJECT
public:
    IntentDiffDialog(const Job &job, const IdempotencyEvent &conflict, QWidget *parent = nullptr);
    TextTableModel *model() const { return m_model; }
    int differences() const { return m_differences; }

private:
    TextTableModel *m_model = nullptr;
    int m_differences = 0;
};

} // namespace jobdesk::ui
