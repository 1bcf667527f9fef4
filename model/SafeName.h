// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// The rule for every name in a lab file that becomes part of a file name, a libvirt
// name, a unit name or a socket path: a lab, network, disk, scenario, step or service.
// Letters, digits, '.', '_' and '-'; starts with a letter or digit; no "..";
// bounded so that libvirt names ("labforge-LAB-NODE") and the run's SSH control
// sockets (sun_path, 108 bytes) stay valid under the default cache root.
class SafeName
{
public:
    enum class Kind { Lab, Network, Disk, Scenario, Step, Service };

    static int maxLength(Kind kind);
    // Empty when `name` is acceptable, else the reason for a person.
    static QString check(const QString &name, Kind kind);
    static bool isValid(const QString &name, Kind kind) { return check(name, kind).isEmpty(); }
    // The JSON Schema pattern of the rule (the length is a separate maxLength).
    static QString schemaPattern();
    // A Slurm cluster or partition name: 1 to 40 of [a-z0-9_], starting with a letter.
    static bool isSlurmName(const QString &name);
};

} // namespace Labforge
