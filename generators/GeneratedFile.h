// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

namespace Labforge {

// One file of a node's image overlay: absolute path inside the guest, mode, and
// either content or (for a symbolic link) a target.
struct GeneratedFile
{
    QString path;
    int mode = 0644;
    QByteArray content;
    QString symlinkTarget;

    bool isSymlink() const { return !symlinkTarget.isEmpty(); }
    bool operator==(const GeneratedFile &) const = default;
};

} // namespace Labforge
