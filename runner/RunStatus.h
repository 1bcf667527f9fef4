// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunOwner.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Labforge {

// What is up on this machine and the hosts its runs used (`labforge status`, the designer's
// Running Labs): every run a lab recorded (state.json), each node's state on the host it
// was made on, and the libvirt objects that look like labforge's but belong to no recorded
// run (orphans), with the command that removes them; a run another cache root or user made
// (RunOwner, in its domains' metadata) is listed as such, never as an orphan.
class RunStatus
{
public:
    struct Node
    {
        QString node;
        QString domain;
        QString uri; // the host it runs on
        QString state; // Libvirt::domainState, or "unreachable" when its host does not answer
        QString address;
        QDateTime started;
    };
    struct Run
    {
        QString lab;
        QString runId;
        QString directory;
        QDateTime started;
        bool busy = false; // a run of the lab (up, test, down) holds its lock right now
        QList<Node> nodes;
        QStringList networks;
        QString verdict; // the last report's: "passed", "failed", "not run", or "" without one
        QString report; // its directory
        int running() const;
    };
    struct Orphan
    {
        QString kind; // "domain" or "network"
        QString name;
        QString uri;
        QString lab; // what the domain's labforge metadata names; "" for a network
        QString removeWith; // the command that removes it
    };
    // A domain or network of a run that another cache root or user made: its record is not
    // one this process can read, and it is never an orphan to remove.
    struct Elsewhere
    {
        QString kind; // "domain" or "network"
        QString name;
        QString uri;
        QString lab;
        RunOwner owner; // a network's: that of the domains of its lab
        QString what; // RunOwner::elsewhere(): "another user's run (alice)", …
    };
    struct Snapshot
    {
        QList<Run> runs;
        QList<Orphan> orphans;
        QList<Elsewhere> elsewhere;
        QStringList problems; // hosts that did not answer, inventories that could not be read
        // Of those, why a host's orphans could not be listed (it did not answer, or refused
        // the listing): what is an orphan there is not known.
        QStringList unlisted;
        // The libvirt asked (the URI given, else qemu:///system) and, when it could not be
        // reached, libvirt's error: whether a lab is up there is then not known (said here,
        // not among the problems).
        QString uri;
        QString unreachable;
    };

    // Every recorded run (only `lab`'s when given) and the orphans on the hosts they name and
    // on `uri` (only `lab`'s when given).
    static Snapshot gather(const QString &lab, const QString &uri);
    // A run of `lab` with at least one VM left, as gathered (nullopt when none).
    static std::optional<Run> recordedRun(const QString &lab, const QString &uri);
    static QJsonObject toJson(const Snapshot &snapshot);
    static QString text(const Snapshot &snapshot);
    // "libvirt could not be reached at URI: its error; …" (text()'s first line when it was not).
    static QString unreachableLine(const Snapshot &snapshot);
    // "3 of 3 node(s) running since 12:04 (run 4f1c…), last verdict passed": one line for messages.
    static QString summary(const Run &run);
};

} // namespace Labforge
