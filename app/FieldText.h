// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

class QLineEdit;

namespace Labforge {

// A line edit filled from the lab shows the start of its text: QLineEdit::setText leaves the
// cursor at the end and scrolls to it, so a long description, expectation or package list
// would read from its last words.
class FieldText
{
public:
    static void show(QLineEdit *field, const QString &text);
};

} // namespace Labforge
