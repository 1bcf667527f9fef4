// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

class QWidget;

namespace Labforge {

// A lab's strings (and a guest's, and a kit's) shown in a tooltip or a message box are text,
// never markup: Qt reads a string that looks like HTML as rich text (an <img> that loads, a
// link, text hidden by a style). These show text as it is, control characters escaped.
class PlainText
{
public:
    // A tooltip showing `text` as it is, line breaks kept.
    static QString toolTip(const QString &text);
    // A warning box showing `text` as plain text.
    static void warning(QWidget *parent, const QString &title, const QString &text);
};

} // namespace Labforge
