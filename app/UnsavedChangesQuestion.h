// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QCoreApplication>
#include <QMessageBox>

namespace Labforge {

// The question before a lab with unsaved changes is closed or replaced: Save, Discard or
// Cancel, each button with a mnemonic of its own (Alt+S, Alt+D, Alt+C) whatever the
// platform's wording, Save the default and Esc for Cancel.
class UnsavedChangesQuestion
{
    Q_DECLARE_TR_FUNCTIONS(Labforge::UnsavedChangesQuestion)
public:
    static QMessageBox::StandardButton ask(QWidget *parent);
};

} // namespace Labforge
