// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunEvent.h"

#include <QStringList>

namespace Labforge {

// `down`: removes exactly what the lab's last run recorded in its inventory (domains whose
// labforge metadata names this lab and run, networks, and files under the run directory),
// on every host the run used; nothing is selected by name pattern. Refused while a run of
// the lab holds its lock. Without an inventory, the domains whose metadata names the lab.
class RunTeardown
{
public:
    static bool down(const QString &labName, const QString &uri, const EventSink &events, QString *error,
                     QStringList *removed = nullptr);
};

} // namespace Labforge
