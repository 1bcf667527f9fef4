// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// A warning shown before a lab is built. Some are required, word for word,
// whenever a feature that needs them is used (see Catalog).
struct LabWarning
{
    QString id;
    QString text;

    bool operator==(const LabWarning &) const = default;
};

} // namespace Labforge
