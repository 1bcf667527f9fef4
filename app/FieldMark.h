// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QPointer>
#include <QString>
#include <QWidget>

namespace Labforge {

class LabDocument;

// Marks the field a problem is about when the user goes to it from the Problems dock: a
// red frame and the problem's message as the field's tooltip, until the next edit of the
// document (or the next mark). One field is marked at a time.
class FieldMark
{
public:
    static void show(QWidget *field, const QString &message, LabDocument *document);
    static void clear();
    // The field marked now (null when none).
    static QWidget *current();

private:
    static QPointer<QWidget> &marked();
};

} // namespace Labforge
