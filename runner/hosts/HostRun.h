// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"

#include <QJsonObject>
#include <QStringList>

namespace Labforge {

// The parts of a run that span several lab hosts (BootPlan::hosts): each domain's disks,
// kernel and initrd carried to a host other than this machine as libvirt volumes
// (HostVolumes), and the removal of what such a run made on every host, from what it
// recorded (the run inventory's plan entry "hosts"), by the run itself or by `labforge down`.
class HostRun
{
public:
    // The hosts, each network's host and fabric, and each domain's host URI.
    static QJsonObject record(const BootPlan &plan);
    // The skeleton of the plan `record` describes (hosts and networks), for HostNetworks.
    static BootPlan planOf(const QString &labName, const QJsonObject &record);
    static QString uriOf(const BootPlan &plan, const QString &host);
    // Whether domains on `uri` need their files carried there (it is not this machine).
    static bool isElsewhere(const QString &uri);
    // Carries `d`'s files to the host at `uri` and points the domain at them there; each
    // volume is added to `volumes` ({uri, name}) the moment it exists.
    static bool carry(BootPlan::Domain &d, const QString &uri, QJsonArray *volumes, QString *error);
    // Removes the named domains (each at its host, only if its labforge metadata names this
    // lab's run), the named networks and the recorded volumes. `removed` names what went.
    static bool remove(const QString &labName, const QString &runId, const QJsonObject &record,
                       const QStringList &domains, const QStringList &networks, QStringList *problems,
                       QStringList *removed);
};

} // namespace Labforge
