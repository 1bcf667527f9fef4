// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Labforge {

// Everything the runner will create in libvirt and on disk for one run, decided
// before anything is created (so it can be shown, confirmed and cleaned up).
struct BootPlan
{
    enum class Accel { Auto, Kvm, Tcg };

    struct Disk
    {
        enum class Kind { System, Data, Seed }; // copy-on-write root, the recipe's disk, the run's secrets
        Kind kind = Kind::Data;
        QString file; // empty when a name from the lab cannot name a file in the run directory
        QString format; // qcow2 or raw
        QString target; // vda, vdb, … (sda, … on sata/scsi)
        QString bus;
        QString serial;
        bool readOnly = false;
        qint64 sizeBytes = 0; // raw disks: sparse size to create
        QString backing; // qcow2 overlays: the cached image
    };
    struct Interface
    {
        QString network; // libvirt network name
        QString mac;
        QString ip;
        int mtu = 0; // across hosts: the guest's MTU (virtio host_mtu), room for the tunnel
    };
    struct Domain
    {
        QString name; // libvirt domain name
        QString node;
        int memoryMiB = 1024;
        int vcpus = 1;
        QString kernel;
        QString initrd;
        QString cmdline;
        QList<Disk> disks;
        QList<Interface> interfaces;
        QString consoleLog;
        QString sshHost;
        QString host; // the lab host it runs on (HostPlacement); empty: the plan's `uri`
    };
    struct Host
    {
        QString name;
        QString uri;
        QString tunnelAddress;
        int tunnelPort = 0;
        QString fabric;
    };
    struct Network
    {
        QString name; // libvirt network name
        QString labNetwork;
        QString bridge;
        QString gateway;
        QString netmask;
        bool nat = false;
        // Across several hosts (BootPlanner::spreadOverHosts): the host this bridge is on,
        // its MTU (room for the tunnel) and its fabric ("linux-bridge" or "ovs").
        QString host;
        int mtu = 0;
        QString fabric;
    };

    QString labName;
    QString uri = QStringLiteral("qemu:///system");
    Accel accel = Accel::Auto;
    double memoryScale = 1.0;
    bool isolated = false;
    QString runDirectory;
    QList<Network> networks;
    QList<Domain> domains;
    QList<Host> hosts; // the lab's hosts; empty: every domain runs at `uri`
    QStringList placement; // per host: its nodes, what they take and what it can give

    int totalMemoryMiB() const;
    int totalVcpus() const;
    qint64 totalDataDiskBytes() const;
    // What each node boots with, one line per node: "<node> <vcpus> <memory MiB>" (the seed's
    // LabHardware table, from which a cluster declares its nodes).
    QByteArray hardwareTable() const;
    static QString accelName(Accel accel);
    QString prefix() const { return QStringLiteral("labforge-") + labName + QLatin1Char('-'); }
};

} // namespace Labforge
