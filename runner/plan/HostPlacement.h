// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace Labforge {

struct BootPlan;
struct Lab;
struct LabHost;

// Which of the lab's hosts each domain of a plan runs on. Explicit placements
// (nodes[].placement.host) are kept; the other nodes are placed largest first onto the
// host with the most memory left that can take them. A lab that does not fit is refused
// with the numbers: what each host can give, and what is asked of it. Pure: the capacities
// come from the hosts themselves (Libvirt::resources), or from a test.
class HostPlacement
{
public:
    struct Capacity
    {
        QString host;
        qint64 memoryMiB = 0; // the host's RAM
        int cpus = 0; // the host's CPUs: no domain gets more vCPUs than this
        qint64 availableMiB = 0; // free + buffers + cache now
        qint64 runningDomainsMiB = 0; // what running domains may take
        int maxMemoryGb = 0; // the lab file's limit here (0: none)
        int maxVcpus = 0; // the lab file's limit here (0: none)
        QString error; // the host could not be asked

        // What a lab may take here: at most MemoryShare of the RAM less what running
        // domains may take, no more than is available now, and within the file's limit.
        qint64 usableMiB() const;
    };
    struct Load
    {
        QString host;
        QStringList nodes;
        qint64 memoryMiB = 0;
        int vcpus = 0;
        qint64 usableMiB = 0;
    };
    struct Result
    {
        bool ok = false;
        QString error; // why it does not fit, with the numbers
        QMap<QString, QString> hostOfNode;
        QList<Load> loads; // in the lab's host order
    };

    static Capacity capacity(const LabHost &host, const QString &error, qint64 memoryMiB, int cpus, qint64 availableMiB,
                             qint64 runningDomainsMiB);
    static Result place(const Lab &lab, const BootPlan &plan, const QList<Capacity> &capacities);
    // One line per host: its nodes, what they take, and what the host can give.
    static QStringList describe(const Result &result, const QList<Capacity> &capacities);
};

} // namespace Labforge
