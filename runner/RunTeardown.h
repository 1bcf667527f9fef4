// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunEvent.h"

#include <QStringList>

namespace Labforge {

// `down`: removes exactly what the lab's last run recorded in its inventory (domains whose
// labforge metadata names this lab and run, networks, and files under the run directory),
// on every host the run used, naming it all first; no domain is selected by name pattern.
// Domains whose metadata names this lab but no recorded run (left by an earlier run whose
// record was lost) go too, and so do networks named for the lab that no recorded run names
// and no domain uses. Refused while a run of the lab holds its lock. Without an inventory,
// the domains whose metadata names the lab and those networks.
//
// The run's secrets, by one rule: what belongs to the run goes (its shared secrets such as
// the bootstrap token and the MUNGE key, its ssh_config and connections); what belongs to the
// lab stays (its SSH key and its nodes' host keys, so that the next run's nodes keep their
// identities), unless `purge`.
struct DownOptions
{
    bool keepDisks = false; // data disks stay (listed in kept-disks.json) for the next `up` to reuse
    bool purge = false; // the lab's SSH key and host keys go too
};

class RunTeardown
{
public:
    using Options = DownOptions;
    static bool down(const QString &labName, const QString &uri, const EventSink &events, QString *error,
                     QStringList *removed = nullptr, Options options = {});
    // Removes every orphan RunStatus finds on `uri` (and the hosts runs recorded): labforge's
    // domains and networks that no recorded run names, of labs no run is working on; with
    // `lab`, only that lab's (domains whose metadata names it, networks named for it). False,
    // naming the host and why, when a host could not be asked (its orphans are not known).
    static bool removeOrphans(const QString &uri, const QString &lab, const EventSink &events, QString *error,
                              QStringList *removed);
    // The file in the run directory that lists the data disks `down --keep-disks` kept.
    static QString keptDisksPath(const QString &runDir) { return runDir + QStringLiteral("/kept-disks.json"); }
    static QStringList keptDisks(const QString &runDir);
    // Whether `file` is a disk `down --keep-disks` kept (*kept); false, with why, when it is one
    // but not of `sizeBytes`. A kept disk stays listed while a run uses it: a run that fails
    // leaves it, and only a `down` without --keep-disks removes it.
    static bool keptDiskFits(const QString &runDir, const QString &labName, const QString &file, qint64 sizeBytes,
                             bool *kept, QString *error);
};

} // namespace Labforge
