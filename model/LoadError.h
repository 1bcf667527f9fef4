// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QString>

namespace Labforge {

// Why a lab file could not be loaded, and where: a line and column for
// syntax errors, a JSON pointer for shape errors.
struct LoadError
{
    QString pointer;
    int line = 0;
    int column = 0;
    QString message;
    // About the file itself (it cannot be read, is empty or too large), not a place in it:
    // no JSON pointer is named.
    bool aboutTheFile = false;

    // "file:12:5: message", "file: /nodes/4/disks/0/size_gb: message" or "file: message"
    QString toString(const QString &file = {}) const;
};

using LoadErrors = QList<LoadError>;

} // namespace Labforge
