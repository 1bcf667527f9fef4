// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

struct Lab;

// Each node's SSH host key, made here once per lab (kept in the run directory's private
// hostkeys/, its private half carried to the node by its seed disk), and the known_hosts
// file that pins them at every address of the node.
class HostKeys
{
public:
    static QString path(const QString &runDir, const QString &node);
    // Makes the keys a node lacks and writes known_hosts.
    static bool prepare(const Lab &lab, const QString &runDir, QString *error);
};

} // namespace Labforge
