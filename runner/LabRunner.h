#pragma once

#include "BootPlan.h"
#include "Bundle.h"
#include "CancelToken.h"
#include "ImageBuilder.h"
#include "LabSecrets.h"
#include "Redactor.h"
#include "RunEvent.h"

#include <functional>
#include <memory>

namespace Labforge {

struct Lab;
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
        int sshTimeoutSeconds = 900;
        bool keepOnFailure = false;
        bool skipImages = false; // use the images already in the cache (orchestration tests)
        CancelToken cancel;
        EventSink events;
        // Called with the plan before anything is allocated; false stops the run.
        std::function<bool(const BootPlan &)> confirm;
        // Called for every data disk file right after it is created (tests shape disks here).
        std::function<bool(const BootPlan::Domain &, const BootPlan::Disk &, QString *error)> prepareDataDisk;
        // Called with the plan after planning, before confirmation (tests change disk layouts here).
        std::function<void(BootPlan &)> adjustPlan;
        // Fault injection for the runner's own tests: "disk-full", "network-start",
        // "domain-define", "domain-start" make that step fail as the real fault would.
        QStringList injectFaults;
    };
    struct Result
    {
        bool ok = false;
        QString error;
        BootPlan plan;
        QStringList nodesUp;
        QString accelReason;
    };

    LabRunner(const Lab &lab, const Bundle &bundle, Options options);
    ~LabRunner();

    Result up();
    // Removes every domain and network named for the lab, and the run's disk files.
    static bool down(const QString &labName, const QString &uri, const EventSink &events, QString *error,
                     QStringList *removed = nullptr);
    // A transport to the lab's nodes as the run left them (SSH, pinned host keys).
    static std::unique_ptr<Transport> transportFor(const Lab &lab, QString *error);
    const Redactor &redactor() const { return m_redactor; }

private:
    void emitEvent(RunEvent::Type type, const QString &stage, const QString &node, const QString &message,
                   double progress = -1);
    bool fail(Result &result, const QString &stage, const QString &message);
    void cleanup();
    bool prepareHostKeys(QString *error);
    bool createFiles(const BootPlan &plan, QString *error);
    bool waitForSsh(const BootPlan &plan, QStringList *up, QString *error);
    QString consoleTail(const BootPlan::Domain &domain) const;
    void saveState(const BootPlan &plan) const;

    const Lab &m_lab;
    const Bundle &m_bundle;
    Options m_options;
    Redactor m_redactor;
    LabSecrets m_secrets;
    QString m_runDir;
    QStringList m_createdFiles;
    QStringList m_createdNetworks;
    QStringList m_createdDomains;
};

} // namespace Labforge
