// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabActions.h"

namespace Labforge {

class Transport;

// LabActions on a run's libvirt domains, found through the run's inventory (state.json):
// only domains the run made are touched, and only after their labforge metadata agrees.
class LibvirtLabActions : public LabActions
{
public:
    LibvirtLabActions(QString runDirectory, Transport &transport);

    Result powerCycle(const QString &node, int timeoutMs, const CancelToken &cancel) override;

private:
    QString m_runDirectory;
    Transport &m_transport;
};

} // namespace Labforge
