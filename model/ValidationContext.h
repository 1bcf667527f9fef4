// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QHash>
#include <QString>

namespace Labforge {

// What the validator needs from outside the model: the versions the pins lock
// fixes (component name -> version, e.g. "kubernetes" -> "v1.36.3"). Version
// rules are skipped for components it does not name.
struct ValidationContext
{
    QHash<QString, QString> pinnedVersions;
};

} // namespace Labforge
