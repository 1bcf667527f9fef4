// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The disk guard's refusals on real VMs: the storage node of the nfs-pair lab boots alone with
// no disk carrying the data serial, with two, or with somebody else's filesystem on it; the
// NFS service refuses each for its reason, formats nothing and keeps the foreign data.
#include "FeatureModules.h"
#include "HostCommand.h"
#include "LabRunner.h"
#include "Libvirt.h"
#include "VmSupport.h"

#include <QDir>
#include <QTemporaryFile>
#include <QTest>

using namespace Labforge;
using namespace Labforge::VmSupport;

class TestVmDiskGuard : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private:
    QString m_artifacts;

    void refuse(const QString &name, const std::function<void(BootPlan::Domain &)> &reshape,
                const std::function<bool(const BootPlan::Disk &, QString *)> &prepare,
                const QList<ScenarioStep> &checks)
    {
        const QString failed = bootStorageAlone(nfsPair(), name, reshape, prepare, checks, m_artifacts);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

private Q_SLOTS:
    void initTestCase()
    {
        Libvirt virt(QStringLiteral("qemu:///system"));
        QVERIFY2(virt.isOpen(), qPrintable(virt.openError()));
        m_artifacts =
            qEnvironmentVariable("LABFORGE_VM_ARTIFACTS", QDir::tempPath() + QStringLiteral("/labforge-vm-diskguard"));
        QDir().mkpath(m_artifacts);
    }

    void refusesWhenNoDiskHasTheSerial()
    {
        refuse(QStringLiteral("refuse-zero"),
               [](BootPlan::Domain &d) {
                   d.disks.removeIf(
                       [](const BootPlan::Disk &disk) { return disk.serial == QLatin1String("OPENFACTORY_HPC_DATA"); });
                   d.disks.last().target = QStringLiteral("vdb");
               },
               {},
               {storageCheck(QStringLiteral("service-failed"),
                             QStringLiteral("systemctl is-failed openfactory-hpc-nfs || true\n"),
                             QStringLiteral("failed")),
                storageCheck(
                    QStringLiteral("guard-said-why"),
                    QStringLiteral("sudo journalctl -u openfactory-hpc-nfs --no-pager -o cat | grep -c 'REFUSE no "
                                   "disk has serial OPENFACTORY_HPC_DATA'\n"),
                    QStringLiteral("1")),
                storageCheck(QStringLiteral("nothing-exported"), QStringLiteral("sudo exportfs -s | wc -l\n"),
                             QStringLiteral("0"))});
    }

    void refusesTwoDisksWithTheSerial()
    {
        refuse(
            QStringLiteral("refuse-two"),
            [](BootPlan::Domain &d) {
                BootPlan::Disk copy = d.disks.at(1);
                copy.file.replace(QStringLiteral(".raw"), QStringLiteral("-twin.raw"));
                copy.target = QStringLiteral("vdc");
                d.disks.insert(2, copy);
                d.disks.last().target = QStringLiteral("vdd");
            },
            {},
            {storageCheck(QStringLiteral("service-failed"),
                          QStringLiteral("systemctl is-failed openfactory-hpc-nfs || true\n"),
                          QStringLiteral("failed")),
             storageCheck(QStringLiteral("guard-said-why"),
                          QStringLiteral("sudo journalctl -u openfactory-hpc-nfs --no-pager -o cat | grep -c 'REFUSE 2 "
                                         "disks have serial OPENFACTORY_HPC_DATA'\n"),
                          QStringLiteral("1")),
             // Both disks are there with the serial (blkid says nothing of a device that is
             // absent either), and the guard formatted neither.
             storageCheck(QStringLiteral("both-disks-blank"),
                          QStringLiteral("for d in vdb vdc; do echo \"$d $(cat /sys/block/$d/serial)\"; done\n"
                                         "{ sudo blkid -p /dev/vdb /dev/vdc || true; } | wc -l\n"),
                          QStringLiteral("vdb OPENFACTORY_HPC_DATA\nvdc OPENFACTORY_HPC_DATA\n0"))});
    }

    void refusesAForeignFilesystemAndKeepsItsData()
    {
        refuse(
            QStringLiteral("refuse-foreign"), [](BootPlan::Domain &) {},
            [](const BootPlan::Disk &disk, QString *error) {
                // Somebody else's filesystem with data on it, made on the host before boot.
                auto made = HostCommand(QStringLiteral("mkfs.ext4"),
                                        {QStringLiteral("-F"), QStringLiteral("-q"), QStringLiteral("-L"),
                                         QStringLiteral("projects"), disk.file})
                                .run();
                if (!made.ok()) {
                    *error = made.describe(QStringLiteral("mkfs.ext4"));
                    return false;
                }
                QTemporaryFile data;
                if (!data.open() || data.write("labforge-foreign-data\n") < 0 || !data.flush()) {
                    *error = QStringLiteral("cannot stage the foreign data");
                    return false;
                }
                made = HostCommand(QStringLiteral("debugfs"),
                                   {QStringLiteral("-w"), QStringLiteral("-R"),
                                    QStringLiteral("write %1 keep.txt").arg(data.fileName()), disk.file})
                           .run();
                return made.ok() || (*error = made.describe(QStringLiteral("debugfs")), false);
            },
            {storageCheck(QStringLiteral("service-failed"),
                          QStringLiteral("systemctl is-failed openfactory-hpc-nfs || true\n"),
                          QStringLiteral("failed")),
             storageCheck(QStringLiteral("guard-said-why"),
                          QStringLiteral("sudo journalctl -u openfactory-hpc-nfs --no-pager -o cat | grep -c \"REFUSE "
                                         "/dev/vdb already has an unexpected ext4 filesystem (label 'projects')\"\n"),
                          QStringLiteral("1")),
             storageCheck(
                 QStringLiteral("data-intact"),
                 QStringLiteral(
                     "sudo debugfs -R 'cat /keep.txt' /dev/vdb 2>/dev/null\nsudo blkid -o value -s LABEL /dev/vdb\n"),
                 QStringLiteral("labforge-foreign-data\nprojects"))});
    }

    // Whatever a failed check left running is taken down before the next test boots.
    void cleanup()
    {
        QString error;
        LabRunner::down(nfsPair().name, QStringLiteral("qemu:///system"), {}, &error);
    }
};

// Skipped (exit 77, which CTest reports as skipped, never as passed) where it cannot
// run; CI fails when the VM label did not run (.ci/run).
int main(int argc, char **argv)
{
    TestVmDiskGuard::initMain();
    QCoreApplication app(argc, argv);
    if (const int skip = skipUnlessVmsCanRun())
        return skip;
    TestVmDiskGuard test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_vm_diskguard.moc"
