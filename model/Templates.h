// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabReader.h"

#include <QStringList>

namespace Labforge {

// The built-in labs shipped in resources/labs (compiled in as Qt resources).
class Templates
{
public:
    static QStringList names();
    static QString description(const QString &name);
    static QByteArray bytes(const QString &name);
    static LabReader::Result load(const QString &name);
    // What File ▸ New Blank Lab starts from (and the window before anything is opened):
    // "new-lab" with one network, lab-net 10.50.0.0/24, and nothing on it.
    static Lab blank();
};

} // namespace Labforge
