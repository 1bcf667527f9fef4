// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"
#include "Bundle.h"
#include "CancelToken.h"
#include "HostPlacement.h"
#include "ImageBuilder.h"
#include "LabSecrets.h"
#include "Redactor.h"
#include "RunEvent.h"
#include "RunInventory.h"
#include "RunTeardown.h"

#include <functional>
#include <memory>

namespace Labforge {

struct Lab;
class AccelDecision;
class Transport;

// Boots a lab's group on libvirt and takes it down again. Everything a run
// creates (networks, domains, disk files, seed disks) is recorded as it is made;
// a failure or a cancel at any point removes exactly that and says where to look.
class LabRunner
{
public:
    struct Options
    {
        QString uri = QStringLiteral("qemu:///system");
        BootPlan::Accel accel = BootPlan::Accel::Auto;
        double memoryScale = 1.0;
        bool isolated = false;
        int jobs = 1;
        // Seconds each node has to answer SSH; 0: SshWaiter::defaultTimeout(plan) on this host.
        int sshTimeoutSeconds = 0;
        bool keepOnFailure = false;
        // false: boot the images the cache already holds, as last built (`up --no-build`).
        bool buildImages = true;
        CancelToken cancel;
        EventSink events;
        // The run's redactor (RunPipeline shares one with the scenarios and the report);
        // the runner registers the secrets it obtains. Null: the runner keeps its own.
        Redactor *redactor = nullptr;
        // Called with the plan before anything is allocated; false stops the run.
        std::function<bool(const BootPlan &)> confirm;
    };
    struct Result
    {
        bool ok = false;
        QString error;
        BootPlan plan;
        QStringList nodesUp;
        QString accelReason;
        // The last console lines of each node that failed to come up (redacted).
        QMap<QString, QString> consoles;
        // Per node, the host's side of its boot: the define, and the guest's uptime when
        // the first command over SSH ran (BootAnalysis adds the guest's own figures).
        QMap<QString, qint64> defineMs;
        QMap<QString, double> firstCommandUptimeS;
        qint64 probeWaitMs = 0; // how long the boot waited for the accelerator probe
        qint64 bootStageMs = 0; // defining and starting every domain
    };

    LabRunner(const Lab &lab, const Bundle &bundle, Options options);
    virtual ~LabRunner();

    Result up();
    // Removes exactly what the lab's last run recorded in its inventory (domains whose
    // labforge metadata names this lab, networks, and files under the run directory);
    // nothing is selected by name pattern. Refused while a run of the lab holds its lock.
    static bool down(const QString &labName, const QString &uri, const EventSink &events, QString *error,
                     QStringList *removed = nullptr, RunTeardown::Options options = {});
    // A transport to the lab's nodes as the run left them (SSH, pinned host keys).
    static std::unique_ptr<Transport> transportFor(const Lab &lab, QString *error);

private:
    // Places the plan's domains on the lab's hosts (HostProbe, HostPlacement); false with
    // the numbers when the lab does not fit.
    bool placeOnHosts(BootPlan &plan, QString *error) const;
    bool carryToHosts(BootPlan &plan, QString *error);
    // A data disk `down --keep-disks` kept, of the size the lab asks for, is used again (*reused).
    bool reuseKeptDisk(const BootPlan::Domain &d, const BootPlan::Disk &disk, bool *reused, QString *error);

protected:
    // Seams for the system tests and benchmarks (which subclass the runner to boot a
    // part of a lab or shape its disks); a real run changes nothing here.
    // The plan after planning, before confirmation.
    virtual void planned(BootPlan &plan) { Q_UNUSED(plan); }
    // What each lab host can give (HostProbe: libvirt's node info, free memory, running
    // domains), for placement.
    virtual QList<HostPlacement::Capacity> probeHosts(const QList<LabHost> &hosts) const;
    // A data disk file right after it was created, before anything boots from it.
    virtual bool dataDiskCreated(const BootPlan::Domain &domain, const BootPlan::Disk &disk, QString *error)
    {
        Q_UNUSED(domain);
        Q_UNUSED(disk);
        Q_UNUSED(error);
        return true;
    }

private:
    // The stages of up(), in order. Before anything is allocated:
    bool planRun(Result &result);
    bool noRunLeftOver(QString *error) const;
    bool buildImages(AccelDecision &accel, QString *error);
    void decideAccel(Result &result, AccelDecision &accel);
    // Each allocating stage records what it makes; a false return makes up() remove it all.
    bool seed(Result &result, QString *error);
    bool createNetworks(Result &result, QString *error);
    bool launchDomains(Result &result, QString *error);
    bool waitForSsh(Result &result, QString *error);

    void emitEvent(RunEvent::Type type, RunStage stage, const QString &node, const QString &message,
                   double progress = -1, RunEvent::NodeState nodeState = RunEvent::NodeState::None);
    bool fail(Result &result, RunStage stage, const QString &message);
    void cleanup();
    bool createFiles(const BootPlan &plan, QString *error);
    bool record(QString *error); // saves the inventory after each thing the run creates

    const Lab &m_lab;
    const Bundle &m_bundle;
    Options m_options;
    Redactor m_ownRedactor;
    Redactor &m_redactor;
    LabSecrets m_secrets;
    QString m_pathError; // why the lab's name cannot name a run directory (set while m_runDir is made)
    QString m_runDir;
    RunInventory m_inventory;
};

} // namespace Labforge
