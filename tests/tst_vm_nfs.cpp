// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The run pipeline on real VMs: builds and boots the reference lab's storage role and one
// client (mmdebstrap images, libvirt, QEMU/TCG, SSH) through the pipeline `labforge up` and the
// designer use, with canary secrets, runs the lab's scenarios, scans everything the run left
// for the canaries, checks what the guests' kernels and udev got and that nothing of the run is
// readable by another user, and that `down` leaves nothing behind. The live-lab verbs are
// tst_vm_livelab's, the disk guard's refusals tst_vm_diskguard's, the image cache
// tst_vm_imagecache's.
#include "BootAnalysis.h"
#include "BundleGenerator.h"
#include "BundleWriter.h"
#include "FeatureModules.h"
#include "Initrd.h"
#include "LabRunner.h"
#include "Libvirt.h"
#include "LibvirtXml.h"
#include "RunPipeline.h"
#include "RunProgress.h"
#include "RunStatus.h"
#include "RunnerPaths.h"
#include "Transport.h"
#include "VmSupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QMutex>
#include <QProcess>

#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;
using namespace Labforge::VmSupport;

namespace {

const QString Uri = QStringLiteral("qemu:///system");

} // namespace

class TestVmNfs : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QString m_artifacts;

private Q_SLOTS:
    void initTestCase()
    {
        Libvirt virt(Uri);
        QVERIFY2(virt.isOpen(), qPrintable(virt.openError()));
        m_artifacts =
            qEnvironmentVariable("LABFORGE_VM_ARTIFACTS", QDir::tempPath() + QStringLiteral("/labforge-vm-artifacts"));
        QDir(m_artifacts).removeRecursively();
        QDir().mkpath(m_artifacts);
        QString error;
        LabRunner::down(nfsPair().name, Uri, {}, &error); // leftovers of an interrupted earlier run
    }

    // The pair through the same pipeline `labforge up` and the designer use, with canary
    // secrets: the ops password and the SSH key come from the environment as a user would
    // give them (the pair has no Kubernetes, so no bootstrap token). A non-gating scenario prints two of
    // them. Afterwards nothing a run leaves behind may hold any of them: node images,
    // bundle, events, console logs, seed disks (apart from what they must carry) and the
    // three report formats.
    void storageAndClientPassTheirScenario()
    {
        Lab lab = nfsPair();
        QTemporaryDir keys;
        const Canaries given = exportCanaries(keys.path());
        QVERIFY2(given.error.isEmpty(), qPrintable(given.error));
        QList<QByteArray> canaries = given.secrets;
        const QList<QByteArray> &body = given.keyLines;
        // A careless, non-gating step prints two of them: the report must show them redacted.
        lab.scenarios.append(Scenario {
            QStringLiteral("canary-leak"), QString(), true, false, {leakStep(QStringLiteral("storage"), given)}});

        RunPipeline::Options o;
        o.runner.uri = Uri;
        o.runner.accel = BootPlan::Accel::Auto;
        o.runner.memoryScale = 0.25;
        o.runner.isolated = true;
        o.runner.jobs = 2;
        o.runner.sshTimeoutSeconds = 600;
        o.runner.confirm = [](const BootPlan &) {
            return true;
        };
        o.reportDirectory = m_artifacts + QStringLiteral("/nfs-pair");
        // The designer's progress model, fed by the real run's events; every event kept as the log.
        RunProgress progress;
        progress.begin(lab, true, true);
        QByteArray eventLog;
        QMutex mutex;
        o.runner.events = [&](const RunEvent &e) {
            printEvent(e);
            QMutexLocker lock(&mutex);
            progress.apply(e);
            eventLog += (stageName(e.stage) + QLatin1Char(' ') + e.node + QLatin1Char(' ') + e.message).toUtf8() + '\n';
        };
        RunPipeline pipeline(lab, PinsLock::builtIn(), o);
        const RunPipeline::Result result = pipeline.run();
        clearCanaries();
        QVERIFY2(result.boot.ok, qPrintable(result.error));
        QCOMPARE(result.boot.nodesUp.size(), 2);
        QVERIFY2(result.ranScenarios && result.error.isEmpty(), qPrintable(result.error));
        for (const char *stage : {"base", "image", "seed", "network", "boot", "ssh", "startup"}) {
            QCOMPARE(progress.stage(stageFromName(QString::fromLatin1(stage)))->state, RunProgress::State::Done);
            QCOMPARE(progress.stage(stageFromName(QString::fromLatin1(stage)))->progress, 1.0);
        }
        progress.finish(result.exitCode == 0);
        QCOMPARE(progress.stage(RunStage::Scenario)->progress, 1.0);
        for (const auto &n : progress.nodes())
            QCOMPARE(n.stepsPassed, n.stepsTotal);
        qInfo("accelerator: %s", qPrintable(result.boot.accelReason));
        QCOMPARE(result.exitCode, 0);
        // Every step of the lab's scenario, and the careless step the canary check adds.
        qsizetype steps = 0;
        for (const Scenario &sc : nfsPair().scenarios)
            steps += sc.enabled ? sc.steps.size() : 0;
        QCOMPARE(result.report.count(AssertionResult::State::Passed), steps + 1);
        // Where each node's boot went, from the host and from inside the guest, in order:
        // kernel, then (initrd) multi-user.target, sshd active before the first command ran.
        QCOMPARE(result.report.bootAnalysis.size(), 2);
        qInfo("boot breakdown:\n%s", qPrintable(BootAnalysis::table(result.report.bootAnalysis)));
        for (auto it = result.report.bootAnalysis.cbegin(); it != result.report.bootAnalysis.cend(); ++it) {
            const BootAnalysis::Figures &f = *it;
            QVERIFY2(f.defineS >= 0 && f.kernelS > 0 && f.multiUserS > f.kernelS && f.sshdS > f.kernelS
                         && f.firstCommandS >= f.sshdS,
                     qPrintable(it.key() + QStringLiteral(": ") + BootAnalysis::table({{it.key(), f}})));
            QVERIFY2(f.blame.contains(QStringLiteral(".service")), qPrintable(f.blame));
            QVERIFY2(f.criticalChain.contains(QStringLiteral("multi-user.target")), qPrintable(f.criticalChain));
        }

        // What the run left, scanned before `down` removes the run's files.
        QString error;
        const QString runDir = RunnerPaths::run(lab.name, &error);
        // A lab without Kubernetes: no bootstrap token is made, kept or spoken of.
        QVERIFY2(!QFile::exists(runDir + QStringLiteral("/secrets/kubeadm-token")), qPrintable(runDir));
        QVERIFY2(!eventLog.contains("kubeadm") && !eventLog.contains("Kubernetes"), eventLog.constData());
        QVERIFY(writeFile(m_artifacts + QStringLiteral("/nfs-pair/events.log"), eventLog));
        // The node images are this run's own (a cache root of its own): the accelerator probe
        // starts once the first node's kernel is built, beside the other node's build, not after it.
        const qsizetype probeStarted = eventLog.indexOf("probe  checking whether KVM runs guests on this host");
        const qsizetype imagesReady = eventLog.indexOf("image  images ready");
        QVERIFY2(probeStarted > eventLog.indexOf(" built\n") && probeStarted < imagesReady, eventLog.constData());
        QStringList scanned;
        QStringList leaks;
        auto scan = [&](const QString &path, const QList<QByteArray> &secrets) {
            QVERIFY2(QFileInfo(path).size() > 0, qPrintable(path));
            scanned.append(path);
            for (const QByteArray &c : scanFile(path, secrets))
                leaks.append(path + QStringLiteral(" holds ") + QString::fromLatin1(c.left(6)) + QStringLiteral("…"));
        };
        // Positive control: the scan finds the key where it must be.
        QCOMPARE(scanFile(runDir + QStringLiteral("/secrets/id_ed25519"), canaries).size(), body.size() - 2);
        for (const Node &n : lab.nodes) {
            const QString images = RunnerPaths::nodeImages(lab.name, n.id, &error);
            for (const char *f : {"/disk.qcow2", "/vmlinuz", "/initrd.img"})
                scan(images + QLatin1String(f), canaries);
            // The initrd these guests booted holds uncompressed cpio archives only (Initrd):
            // the kernel inflates nothing (and the scan above reads every file it carries).
            QFile initrd(images + QStringLiteral("/initrd.img"));
            QVERIFY(initrd.open(QIODevice::ReadOnly));
            const QByteArray bytes = initrd.readAll();
            QVERIFY2(bytes.contains("conf/initramfs.conf"), qPrintable(n.id));
            QCOMPARE(Initrd::uncompressedPrefix(bytes), bytes.size());
        }
        QDir vm(runDir + QStringLiteral("/vm"));
        for (const QString &f : vm.entryList(QDir::Files)) {
            // Seed disks carry the password's hash, the public key and host keys: never these.
            scan(vm.filePath(f), canaries);
            if (f.endsWith(QLatin1String(".log")))
                QFile::copy(vm.filePath(f), m_artifacts + QStringLiteral("/nfs-pair/console-") + f);
        }
        const QString bundleDir = m_artifacts + QStringLiteral("/nfs-pair-bundle");
        QVERIFY(BundleWriter::write(BundleGenerator::generate(lab), bundleDir, true, &error));
        QDirIterator bundle(bundleDir, QDir::Files, QDirIterator::Subdirectories);
        while (bundle.hasNext())
            scan(bundle.next(), canaries);
        for (const char *f : {"/report.json", "/report.html", "/junit.xml", "/events.log"})
            scan(m_artifacts + QStringLiteral("/nfs-pair") + QLatin1String(f), canaries);
        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(QLatin1Char('\n'))));
        QVERIFY(scanned.size() >= 12);
        // The careless step ran, and what it printed was redacted in the report.
        QVERIFY(readAll(m_artifacts + QStringLiteral("/nfs-pair/report.json")).contains("[redacted ops-password]"));
        QVERIFY(readAll(m_artifacts + QStringLiteral("/nfs-pair/report.json")).contains("[redacted ssh-private-key]"));
        qInfo("canary scan: %lld files, %lld canaries, no leak", qlonglong(scanned.size()), qlonglong(canaries.size()));

        // The guests' kernel got what this host's emulator calls for (LibvirtXml::tcgCmdline):
        // under TCG of a QEMU that translates per virtual address, no address space layout
        // randomization (0); otherwise the kernel's default (2).
        {
            auto transport = LabRunner::transportFor(lab, &error);
            QVERIFY2(transport, qPrintable(error));
            const Transport::Result aslr = transport->run(
                QStringLiteral("storage"), QStringLiteral("cat /proc/sys/kernel/randomize_va_space"), 60000, {});
            // udev's coldplug replayed what labforge attaches (BaseGenerator): the serial
            // console has its login and the data disk its link by serial (both after the
            // coldplug), the RNG its driver (loaded from the coldplug's modalias), while a
            // serial port and keyboard labforge does not use were left to the kernel.
            const Transport::Result coldplug = transport->run(
                QStringLiteral("storage"),
                QStringLiteral(
                    "systemctl is-active serial-getty@ttyS0.service; readlink "
                    "/dev/disk/by-id/virtio-OPENFACTORY_HPC_DATA; grep -o '^virtio_rng ' /proc/modules; "
                    "for d in /class/tty/ttyS0 /class/net/eth0 /class/tty/ttyS1 /class/input/input0; do udevadm info "
                    "-q property -p $d | grep -c USEC_INITIALIZED=; done"),
                60000, {});
            transport->close();
            QCOMPARE(coldplug.stdoutData, QByteArray("active\n../../vdb\nvirtio_rng \n1\n1\n0\n0\n"));
            const bool tcg = result.boot.accelReason.startsWith(QLatin1String("TCG"));
            const quint64 qemu = Libvirt(Uri).qemuVersion();
            const bool fixedLayout = tcg && LibvirtXml::tcgTranslatesPerAddressLayout(qemu);
            qInfo("QEMU %llu, %s: guest randomize_va_space %s", qemu, tcg ? "TCG" : "KVM",
                  aslr.stdoutData.trimmed().constData());
            QCOMPARE(aslr.stdoutData.trimmed(), fixedLayout ? QByteArray("0") : QByteArray("2"));
            QVERIFY(eventLog.contains("without address space layout randomization") == fixedLayout);
            // libvirt was told to read an emulated guest's CPU the short way where it can be.
            const bool shortCpuRead = LibvirtXml::tcgReadsGuestCpuShortWay(
                tcg ? BootPlan::Accel::Tcg : BootPlan::Accel::Kvm, {qemu, Libvirt(Uri).libvirtVersion()});
            qInfo("libvirt %llu: short CPU read %d", Libvirt(Uri).libvirtVersion(), int(shortCpuRead));
            QVERIFY(eventLog.contains("capability cpu-unavailable-features removed") == shortCpuRead);
        }

        // Nothing the run wrote can be read by another local user, tried as `nobody` on every
        // file by its path while the guests run (their disks hold host keys, the password's hash
        // and the lab's data by now). Positive control: the same try reads a node image.
        {
            QStringList files;
            QDirIterator it(runDir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QFileInfo f(it.nextFileInfo());
                files.append(f.filePath());
                const bool isDir = f.isDir() && !f.isSymLink();
                const auto mode = f.permissions();
                if (isDir)
                    QVERIFY2(!(mode & (QFile::ReadOther | QFile::WriteOther | QFile::ExeOther)),
                             qPrintable(f.filePath()));
                else if (f.path() == vm.path() && !f.fileName().endsWith(QLatin1String(".log")))
                    QVERIFY2(!(mode & (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther)),
                             qPrintable(f.filePath()));
            }
            QVERIFY(files.size() >= 8);
            const QString image =
                RunnerPaths::nodeImages(lab.name, QStringLiteral("storage"), &error) + QStringLiteral("/vmlinuz");
            const auto readAsNobody = [](const QStringList &paths) {
                QProcess p;
                p.start(QStringLiteral("setpriv"),
                        QStringList {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                     QStringLiteral("--clear-groups"), QStringLiteral("sh"), QStringLiteral("-c"),
                                     QStringLiteral("for f in \"$@\"; do if [ -d \"$f\" ]; then ls \"$f\" "
                                                    ">/dev/null 2>&1 && echo \"$f\"; else head -c1 \"$f\" "
                                                    ">/dev/null 2>&1 && echo \"$f\"; fi; done"),
                                     QStringLiteral("sh")}
                            + paths);
                p.waitForFinished(60000);
                return QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            };
            QCOMPARE(readAsNobody({image}), QStringList {image});
            QCOMPARE(readAsNobody(files), QStringList());
            qInfo("%lld files and directories of the run: none readable by another user", qlonglong(files.size()));
        }

        QStringList said;
        QVERIFY(LabRunner::down(
            lab.name, Uri,
            [&](const RunEvent &e) {
                printEvent(e);
                said.append(e.message);
            },
            &error));
        // After `down`, nothing of the run is up.
        QVERIFY2(!said.isEmpty(), "down said nothing");
        QVERIFY(RunStatus::gather(lab.name, Uri).runs.isEmpty());
        QVERIFY(!QFile::exists(runDir + QStringLiteral("/ssh_config")));
    }

    // Whatever a failed check left running is taken down before the next test boots.
    void cleanup()
    {
        QString error;
        LabRunner::down(nfsPair().name, Uri, {}, &error);
    }

    void cleanupTestCase()
    {
        QString error;
        LabRunner::down(nfsPair().name, Uri, {}, &error); // whatever a failed check left running
    }

    void downLeavesNothing()
    {
        const QString left = labLeftovers(Uri, nfsPair().name);
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }
};

// Skipped (exit 77, which CTest reports as skipped, never as passed) where it cannot
// run; CI fails when the VM label did not run (.ci/run).
int main(int argc, char **argv)
{
    TestVmNfs::initMain();
    QCoreApplication app(argc, argv);
    if (const int skip = skipUnlessVmsCanRun())
        return skip;
    TestVmNfs test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_vm_nfs.moc"
