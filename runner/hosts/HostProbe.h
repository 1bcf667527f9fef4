// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "HostPlacement.h"

namespace Labforge {

struct LabHost;

// Asks each lab host, through its libvirt URI, what it has (Libvirt::resources), for
// HostPlacement. A host that cannot be reached is kept with the reason.
class HostProbe
{
public:
    static HostPlacement::Capacity probe(const LabHost &host);
    static QList<HostPlacement::Capacity> probe(const QList<LabHost> &hosts);
};

} // namespace Labforge
