// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PlainText.h"

#include "TerminalText.h"

#include <QMessageBox>

namespace Labforge {

QString PlainText::toolTip(const QString &text)
{
    return QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(TerminalText::escaped(text).toHtmlEscaped());
}

void PlainText::warning(QWidget *parent, const QString &title, const QString &text)
{
    QMessageBox box(QMessageBox::Warning, title, TerminalText::escaped(text), QMessageBox::Ok, parent);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

} // namespace Labforge
