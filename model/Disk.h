// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// An extra disk generated for a node; found in the guest by its serial.
struct Disk
{
    QString id;
    QString kind = QStringLiteral("disk");
    int sizeGb = 0;
    QString bus = QStringLiteral("virtio");
    QString serial;

    bool operator==(const Disk &) const = default;
};

} // namespace Labforge
