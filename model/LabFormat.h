// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>

namespace Labforge {

// The keys each object of a lab file may carry, per format version. The reader enforces
// them and a test keeps resources/schema/lab.schema.json (the current format) in step.
class LabFormat
{
public:
    enum class Object {
        Lab,
        Network,
        Node,
        Position,
        Interface,
        Disk,
        Recipe,
        Hardware,
        User,
        Service,
        Link, // formats 1 and 4 on: a line between two nodes
        Plan,
        Kubernetes,
        RegistryMirror,
        Scenario,
        Step,
        Assertion,
        Params,
        Expect,
        Integer,
        Warning,
        Host, // format 3 on
        HostLimits,
        Placement,
        Designer, // format 4 on: what the designer remembers of the lab's history
        FormerCount,
        NodeRename,
    };

    // The designer key's lists hold at most this many entries, its counts at most MaxFormerCount.
    static constexpr int MaxFormerEntries = 256;
    static constexpr int MaxFormerCount = 10000;

    static QStringList keys(Object object, int version = 4);
    // The schema's $defs name for an object ("lab", "network", …).
    static QString schemaName(Object object);
    // The objects of the current format.
    static QList<Object> objects();
    // A canvas position's coordinates lie within ±this many pixels (the schema's minimum and
    // maximum): a canvas a hundred thousand pixels across holds any lab a person draws, and
    // a position far beyond it (1e308) is not one the canvas can show or export.
    static constexpr double MaxCoordinate = 100000;
};

} // namespace Labforge
