// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "UnsavedChangesQuestion.h"

#include <QAbstractButton>

namespace Labforge {

QMessageBox::StandardButton UnsavedChangesQuestion::ask(QWidget *parent)
{
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"), tr("The lab has unsaved changes. Save them?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("unsavedChanges"));
    box.button(QMessageBox::Save)->setText(tr("&Save"));
    box.button(QMessageBox::Discard)->setText(tr("&Discard"));
    box.button(QMessageBox::Cancel)->setText(tr("&Cancel"));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    return QMessageBox::StandardButton(box.exec());
}

} // namespace Labforge
