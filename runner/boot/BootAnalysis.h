// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"

#include <QMap>
#include <QString>

namespace Labforge {

class Transport;

// Where each node's boot went: the host's side (the domain's define, the guest's uptime
// when the first command over SSH ran) and the guest's own (`systemd-analyze time`, blame
// and critical-chain, when sshd became active), read over SSH once the node answers and
// its startup has finished. The report keeps it beside the run's timeline; `table` prints it.
class BootAnalysis
{
public:
    struct Figures
    {
        QString raw; // what systemd-analyze time said (or why there is nothing)
        double kernelS = -1;
        double initrdS = -1;
        double userspaceS = -1;
        double multiUserS = -1; // multi-user.target reached, seconds after the kernel started
        double sshdS = -1; // ssh.service active, seconds after the kernel started
        double firstCommandS = -1; // the guest's uptime when the first command ran
        double defineS = -1; // the host's libvirt define of the domain
        QString blame; // the slowest units (systemd-analyze blame, first lines)
        QString criticalChain; // systemd-analyze critical-chain multi-user.target

        bool operator==(const Figures &) const = default;
    };

    // How long, at most, the nodes' startups are waited for, all together: they booted
    // together, so one bound from the stage's start holds for every node.
    static constexpr int StartupWaitSeconds = 120;
    // The script a node runs for its figures (waiting at most `waitSeconds` for its startup to
    // finish), and what its answer says.
    static QString script(int waitSeconds = StartupWaitSeconds);
    static Figures parseAnswer(const QString &answer);
    static QMap<QString, Figures> query(Transport &transport, const QStringList &nodes, const CancelToken &cancel,
                                        int waitSeconds = StartupWaitSeconds);
    // Adds the host's side of each node's boot (as LabRunner::Result keeps it) to `figures`.
    static void addHostSide(QMap<QString, Figures> *figures, const QMap<QString, qint64> &defineMs,
                            const QMap<QString, double> &firstCommandUptimeS);
    // Parses systemd's "Startup finished in 2.1s (kernel) + 3.4s (initrd) + 1min 5.6s (userspace) = …".
    static Figures parse(const QString &output);
    // "1min 5.600s", "870ms", "12.5s" in seconds; -1 when it is none of these.
    static double seconds(const QString &systemdSpan);
    // A plain-text table, one row per node: define, kernel, initrd, multi-user.target,
    // sshd, first command.
    static QString table(const QMap<QString, Figures> &figures);
};

} // namespace Labforge
