// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Bundle.h"

namespace Labforge {

// Writes a bundle to a directory: built beside it and renamed into place, so a
// failed write leaves no half bundle and an existing one stays until replaced.
class BundleWriter
{
public:
    static bool write(const Bundle &bundle, const QString &directory, bool replace, QString *error);
};

} // namespace Labforge
