// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"
#include "CancelToken.h"
#include "RunEvent.h"

#include <QHash>
#include <QMap>
#include <QStringList>

namespace Labforge {

class Redactor;

// Waits, one thread per guest, until every domain of a plan answers SSH: a TCP connect
// to port 22, then `true` run as the node's login user against the host key the seed
// planted (known_hosts pinned by the run). A node fails when its time is up or its VM
// stops; a cancel stops every wait. Progress goes out as "ssh" events, one log line per
// minute of waiting; a node that fails brings the last lines of its console.
class SshWaiter
{
public:
    struct Setup
    {
        QString uri; // where the domains run (to notice a VM that stopped)
        QHash<QString, QString> uriOfNode; // per node, where it runs when the lab spans hosts
        QHash<QString, QString> users; // node id -> the user SSH logs in as
        QString privateKeyFile;
        QString knownHostsFile;
        QString controlDir; // the SSH client's control sockets
        int timeoutSeconds = 900;
        CancelToken cancel;
        EventSink events; // messages are redacted before they go out
        const Redactor *redactor = nullptr;
    };
    struct Outcome
    {
        bool ok = false;
        bool cancelled = false;
        QString error;
        QStringList up; // nodes that answered
        QMap<QString, QString> consoles; // node -> redacted console tail, for each node that failed
        QMap<QString, double> firstCommandUptimeS; // node -> the guest's uptime when the first command ran
    };

    explicit SshWaiter(Setup setup);
    Outcome wait(const QList<BootPlan::Domain> &domains) const;

    // The default wait: 900 s, and under TCG 8 minutes per guest sharing a host core (an
    // emulated Debian 13 guest needs about 4 minutes of one core to boot).
    static int defaultTimeout(const BootPlan &plan, int hostCores);
    // The last 15 lines of a console log.
    static constexpr int ConsoleLines = 15;
    // How long one SSH attempt may take once the guest's port 22 accepts. Emulated guests,
    // several to a host core, need minutes for a first login (key exchange, the session, the
    // user's systemd): an attempt cut short at 10 s is begun again from nothing while the
    // guest still works on the abandoned one, and the six-VM native lab answered 5 to 8
    // minutes after its sshd was active that way.
    static constexpr int AttemptSeconds = 180;
    // The last lines of a node's console log: here, or on its host when `uri` is another
    // machine's (qemu+ssh), through that host's shell.
    static QString consoleTail(const QString &consoleLog, const QString &uri = {});

private:
    void emitEvent(const QString &node, const QString &message, RunEvent::Type type,
                   RunEvent::NodeState state = RunEvent::NodeState::None, double progress = -1) const;
    Setup m_setup;
};

} // namespace Labforge
