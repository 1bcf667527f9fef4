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

    // "file:12:5: message" or "file: /nodes/4/disks/0/size_gb: message"
    QString toString(const QString &file = {}) const;
};

using LoadErrors = QList<LoadError>;

} // namespace Labforge
