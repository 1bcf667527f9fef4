// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The native HPC lab, booted for real: the six Debian 13 VMs of `slurm-native` built with
// mmdebstrap, booted on libvirt (QEMU/TCG here), its gating scenario run over SSH through
// the same pipeline `labforge up` and the designer use; every assertion must pass, none be
// skipped. Secrets are canaries (ops password and SSH key from the environment, the run's
// own MUNGE key; the lab has no Kubernetes, so no bootstrap token) that nothing the run
// leaves may hold. Then `down` leaves nothing. Timings and the host's peak memory are printed and kept as artifacts.
#include "BundleGenerator.h"
#include "BundleWriter.h"
#include "FeatureModules.h"
#include "HostCommand.h"
#include "LabRunner.h"
#include "Libvirt.h"
#include "RunPipeline.h"
#include "RunProgress.h"
#include "RunnerPaths.h"
#include "TestLabs.h"
#include "Transport.h"
#include "VmSupport.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>

using namespace Labforge;
using namespace Labforge::VmSupport;

namespace {

const QString Uri = QStringLiteral("qemu:///system");
const QString LabName = QStringLiteral("slurm-native");

// MemTotal - MemAvailable, in MiB: what the host had in use.
qint64 hostMemoryInUseMiB()
{
    qint64 total = 0, available = 0;
    for (const QByteArray &line : readAll(QStringLiteral("/proc/meminfo")).split('\n')) {
        const QList<QByteArray> f = line.simplified().split(' ');
        if (f.size() >= 2 && f.at(0) == "MemTotal:")
            total = f.at(1).toLongLong();
        if (f.size() >= 2 && f.at(0) == "MemAvailable:")
            available = f.at(1).toLongLong();
    }
    return (total - available) / 1024;
}

} // namespace

class TestVmNative : public QObject
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
            qEnvironmentVariable("LABFORGE_VM_ARTIFACTS", QDir::tempPath() + QStringLiteral("/labforge-vm-artifacts"))
            + QStringLiteral("/slurm-native");
        QDir(m_artifacts).removeRecursively();
        QDir().mkpath(m_artifacts);
        QString error;
        LabRunner::down(LabName, Uri, {}, &error); // leftovers of an interrupted earlier run
    }

    void nativeLabPassesItsGatingScenario()
    {
        Lab lab = TestLabs::builtIn(LabName);
        QTemporaryDir keys;
        const Canaries given = exportCanaries(keys.path());
        QVERIFY2(given.error.isEmpty(), qPrintable(given.error));
        QList<QByteArray> canaries = given.secrets;
        // A careless, non-gating step prints two of them: the report must show them redacted.
        lab.scenarios.append(Scenario {
            QStringLiteral("canary-leak"), QString(), true, false, {leakStep(QStringLiteral("login-ops"), given)}});
        // The whole gate, the HPC Challenge step included. Sized for the default run's goal (15
        // minutes from an empty cache on 2 cores under TCG): the resilience scenario (not gating)
        // waits out Slurm's timeouts twice more (the gate's own failure-detection step proves the
        // same timeouts, and tst_vm_livelab the link verbs), so the default run leaves it out;
        // LABFORGE_NATIVE_RESILIENCE=1 (the `resilience` label's test) keeps it.
        const bool full = qEnvironmentVariableIntValue("LABFORGE_NATIVE_RESILIENCE") == 1;
        if (!full) {
            const auto resilience = std::find_if(lab.scenarios.begin(), lab.scenarios.end(),
                                                 [](const Scenario &s) { return s.name == u"native-resilience"; });
            QVERIFY(resilience != lab.scenarios.end() && resilience->enabled);
            resilience->enabled = false;
        }

        RunPipeline::Options o;
        o.runner.uri = Uri;
        o.runner.accel = BootPlan::Accel::Auto;
        o.runner.memoryScale = 0.25;
        o.runner.isolated = true;
        o.runner.jobs = 2;
        o.runner.sshTimeoutSeconds = 0; // the default a user gets: 1440 s for six TCG guests on two cores
        o.runner.confirm = [](const BootPlan &) {
            return true;
        };
        o.reportDirectory = m_artifacts + QStringLiteral("/report");
        QByteArray eventLog;
        QMutex mutex;
        QElapsedTimer clock;
        clock.start();
        QHash<QString, qint64> stageEnds; // stage -> ms since start
        // The designer's progress model, fed by the real run's events.
        RunProgress progress;
        progress.begin(lab, true, true);
        o.runner.events = [&](const RunEvent &e) {
            printEvent(e);
            QMutexLocker lock(&mutex);
            progress.apply(e);
            eventLog += (stageName(e.stage) + u' ' + e.node + u' ' + e.message).toUtf8() + '\n';
            if (e.type == RunEvent::Type::StageFinished)
                stageEnds.insert(stageName(e.stage), clock.elapsed());
        };
        std::atomic<qint64> peak {hostMemoryInUseMiB()};
        std::atomic<bool> done {false};
        QThread *sampler = QThread::create([&] {
            while (!done) {
                peak = std::max(peak.load(), hostMemoryInUseMiB());
                QThread::msleep(2000);
            }
        });
        sampler->start();
        const qint64 before = peak;
        RunPipeline pipeline(lab, PinsLock::builtIn(), o);
        const RunPipeline::Result result = pipeline.run();
        done = true;
        sampler->wait();
        delete sampler;
        // A check that fails below still takes the lab down, so downLeavesNothing judges `down`
        // and not the failure.
        bool wentDown = false;
        const auto downOnFailure = qScopeGuard([&] {
            QString downError;
            if (!wentDown)
                LabRunner::down(lab.name, Uri, {}, &downError);
        });
        clearCanaries();
        const QJsonObject figures {
            {QStringLiteral("total_seconds"), clock.elapsed() / 1000.0},
            {QStringLiteral("images_ready_seconds"), stageEnds.value(QStringLiteral("image")) / 1000.0},
            {QStringLiteral("ssh_ready_seconds"), stageEnds.value(QStringLiteral("ssh")) / 1000.0},
            {QStringLiteral("host_memory_in_use_before_mib"), before},
            {QStringLiteral("host_memory_in_use_peak_mib"), peak.load()},
            {QStringLiteral("accelerator"), result.boot.accelReason}};
        writeFile(m_artifacts + QStringLiteral("/figures.json"), QJsonDocument(figures).toJson());
        qInfo("figures: %s", QJsonDocument(figures).toJson(QJsonDocument::Compact).constData());
        QVERIFY2(result.boot.ok, qPrintable(result.error));
        QCOMPARE(result.boot.nodesUp.size(), 6);
        QVERIFY2(result.ranScenarios && result.error.isEmpty(), qPrintable(result.error));
        const Scenario *gating = lab.scenario(QStringLiteral("native-hpc-acceptance"));
        QVERIFY(gating && gating->gating && gating->enabled);
        QStringList failures;
        for (const AssertionResult &r : result.report.results) {
            if (r.state != AssertionResult::State::Passed)
                failures.append(r.stepId + QStringLiteral(": ") + r.message + u'\n'
                                + (r.attempts.isEmpty()
                                       ? QString()
                                       : r.attempts.last().stdoutExcerpt + r.attempts.last().stderrExcerpt));
        }
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
        // Every step of every scenario that is on (the gate, in the whole run the resilience
        // scenario's link faults, the careless step) ran and passed.
        qsizetype steps = 0;
        for (const Scenario &s : lab.scenarios)
            steps += s.enabled ? s.steps.size() : 0;
        const Scenario *resilience = lab.scenario(QStringLiteral("native-resilience"));
        QVERIFY(resilience && resilience->enabled == full && !resilience->gating);
        QVERIFY(steps > gating->steps.size() + (full ? resilience->steps.size() : 0));
        QCOMPARE(result.report.results.size(), steps);
        QCOMPARE(result.report.count(AssertionResult::State::Passed), steps);
        QCOMPARE(result.report.count(AssertionResult::State::Skipped), 0);
        // The HPC Challenge figures are the report's, not only lines of evidence.
        const auto hpcc = std::find_if(result.report.results.cbegin(), result.report.results.cend(),
                                       [](const AssertionResult &r) { return r.stepId == u"14-hpcc"; });
        QVERIFY(hpcc != result.report.results.cend());
        QStringList measured;
        for (const StepFigure &f : hpcc->figures) {
            QVERIFY2(f.value > 0, qPrintable(f.name));
            measured.append(f.name);
        }
        for (const char *name : {"HPL_Tflops", "StarSTREAM_Triad", "AvgPingPongLatency", "AvgPingPongBandwidth"})
            QVERIFY2(measured.contains(QLatin1String(name)), qPrintable(measured.join(u' ')));
        QCOMPARE(result.exitCode, 0);
        for (const char *stage : {"image", "seed", "network", "boot", "ssh", "startup"}) {
            QCOMPARE(progress.stage(stageFromName(QString::fromLatin1(stage)))->state, RunProgress::State::Done);
            QCOMPARE(progress.stage(stageFromName(QString::fromLatin1(stage)))->progress, 1.0);
        }
        progress.finish(true);
        for (const auto &n : progress.nodes())
            QCOMPARE(n.stepsPassed, n.stepsTotal);

        // What the run left, scanned before `down` removes the run's files.
        QString error;
        const QString runDir = RunnerPaths::run(lab.name, &error);
        const QByteArray munge = readAll(runDir + QStringLiteral("/secrets/munge-key"));
        QCOMPARE(munge.size(), 1024);
        const QList<QByteArray> mungeCanaries {munge.left(48), munge.mid(500, 48), munge.right(48),
                                               munge.toBase64().left(64), munge.toHex().left(64)};
        canaries += mungeCanaries;
        // The controller's own secrets, made per run: slurmdbd's database password, the
        // directory's admin password and slurmctld's token key. Each is on the controller's seed
        // disk and its running disk only (the key's hex and base64 forms nowhere).
        const QByteArray database = readAll(runDir + QStringLiteral("/secrets/slurmdbd-db-password")).trimmed();
        const QByteArray directory = readAll(runDir + QStringLiteral("/secrets/directory-admin-password")).trimmed();
        const QByteArray jwtKey = readAll(runDir + QStringLiteral("/secrets/slurm-jwt-key"));
        QCOMPARE(database.size(), 32);
        QCOMPARE(directory.size(), 32);
        QCOMPARE(jwtKey.size(), 32);
        const QList<QByteArray> controllerOnly {database, directory, jwtKey};
        canaries += controllerOnly;
        canaries += {jwtKey.toHex(), jwtKey.toBase64()};
        // Native Slurm has no Kubernetes: no bootstrap token is made or kept.
        QVERIFY2(!QFile::exists(runDir + QStringLiteral("/secrets/kubeadm-token")), qPrintable(runDir));
        QVERIFY(writeFile(m_artifacts + QStringLiteral("/events.log"), eventLog));
        QStringList scanned, leaks;
        auto scan = [&](const QString &path, const QList<QByteArray> &secrets) {
            QVERIFY2(QFileInfo(path).size() > 0, qPrintable(path));
            scanned.append(path);
            if (const qsizetype found = scanFile(path, secrets).size())
                leaks.append(path + QStringLiteral(" holds %1 canaries").arg(found));
        };
        // The key itself (not its base64 or hex, which only a log line would hold) is where it
        // must be: on the seed disks, and in /etc/munge/munge.key on the running MUNGE nodes'
        // own disks (their run overlays), nowhere else.
        QList<QByteArray> besideTheKey = canaries;
        for (const QByteArray &c : mungeCanaries.mid(0, 3))
            besideTheKey.removeAll(c);
        QStringList mungeNodes;
        for (const Node &n : lab.nodes) {
            if (n.recipe.hasFeature(QStringLiteral("munge")))
                mungeNodes.append(n.id);
        }
        QCOMPARE(mungeNodes.size(), 4);
        auto mayHoldTheKey = [&](const QString &file) {
            if (file.endsWith(QLatin1String("-seed.raw")))
                return true;
            return file.endsWith(QLatin1String("-root.qcow2"))
                && mungeNodes.contains(file.chopped(int(qstrlen("-root.qcow2"))));
        };
        // Positive control: the scan finds the MUNGE key where it must be, on a Slurm node's seed
        // disk and in its running disk.
        QCOMPARE(scanFile(runDir + QStringLiteral("/vm/controller-seed.raw"), {munge.mid(500, 48)}).size(), 1);
        QCOMPARE(scanFile(runDir + QStringLiteral("/vm/controller-root.qcow2"), {munge.mid(500, 48)}).size(), 1);
        for (const char *disk : {"/vm/controller-seed.raw", "/vm/controller-root.qcow2"})
            QCOMPARE(scanFile(runDir + QLatin1String(disk), controllerOnly).size(), controllerOnly.size());
        for (const Node &n : lab.nodes) {
            const QString images = RunnerPaths::nodeImages(lab.name, n.id, &error);
            for (const char *f : {"/disk.qcow2", "/vmlinuz", "/initrd.img"})
                scan(images + QLatin1String(f), canaries);
        }
        QDir vm(runDir + QStringLiteral("/vm"));
        for (const QString &f : vm.entryList(QDir::Files)) {
            QList<QByteArray> secrets = mayHoldTheKey(f) ? besideTheKey : canaries;
            if (f == QLatin1String("controller-seed.raw") || f == QLatin1String("controller-root.qcow2")) {
                for (const QByteArray &c : controllerOnly)
                    secrets.removeAll(c);
            }
            scan(vm.filePath(f), secrets);
            if (f.endsWith(QLatin1String(".log")))
                QFile::copy(vm.filePath(f), m_artifacts + QStringLiteral("/console-") + f);
        }
        const QString bundleDir = m_artifacts + QStringLiteral("/bundle");
        QVERIFY(BundleWriter::write(BundleGenerator::generate(lab), bundleDir, true, &error));
        QDirIterator bundle(bundleDir, QDir::Files, QDirIterator::Subdirectories);
        while (bundle.hasNext())
            scan(bundle.next(), canaries);
        for (const char *f : {"/report/report.json", "/report/report.html", "/report/junit.xml", "/events.log"})
            scan(m_artifacts + QLatin1String(f), canaries);
        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(u'\n')));
        QVERIFY(readAll(m_artifacts + QStringLiteral("/report/report.json")).contains("[redacted ops-password]"));
        QVERIFY(readAll(m_artifacts + QStringLiteral("/report/report.json")).contains("[redacted ssh-private-key]"));
        qInfo("canary scan: %lld files, %lld canaries, no leak", qlonglong(scanned.size()), qlonglong(canaries.size()));

        // What the boot did not run: the exporter's textfile collectors (apt's read the whole
        // package cache at every boot) and the NVMe-oF auto-connect that loaded nvme_fabrics.
        // Read on every node first, compared once the lab is down (a failure leaves no VM).
        QMap<QString, QStringList> notRun;
        auto transport = LabRunner::transportFor(lab, &error);
        QVERIFY2(transport, qPrintable(error));
        for (const Node &n : lab.nodes) {
            if (!n.recipe.hasFeature(QStringLiteral("node-exporter")))
                continue;
            const Transport::Result r = transport->run(
                n.id,
                QStringLiteral("systemctl is-enabled prometheus-node-exporter-apt.timer nvmf-autoconnect.service "
                               "|| true; systemctl show -P ExecMainStartTimestampMonotonic "
                               "prometheus-node-exporter-apt.service; "
                               "if [ -d /sys/module/nvme_fabrics ]; then echo nvme_fabrics loaded; fi"),
                60000, CancelToken());
            notRun.insert(n.id,
                          r.exitCode == 0 ? QString::fromUtf8(r.stdoutData).split(u'\n', Qt::SkipEmptyParts)
                                          : QStringList {r.error});
        }
        transport->close();
        wentDown = true;
        QVERIFY(LabRunner::down(lab.name, Uri, printEvent, &error));
        QVERIFY(!notRun.isEmpty());
        const QStringList expected {QStringLiteral("masked"), QStringLiteral("masked"), QStringLiteral("0")};
        for (auto it = notRun.cbegin(); it != notRun.cend(); ++it)
            QVERIFY2(it.value() == expected, qPrintable(it.key() + QStringLiteral(": ") + it.value().join(u' ')));
    }

    void cleanupTestCase()
    {
        QString error;
        LabRunner::down(LabName, Uri, {}, &error); // whatever a failed check left running
    }

    void downLeavesNothing()
    {
        const QString left = labLeftovers(Uri, LabName);
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }
};

// Part of the VM label (CI): about 21 minutes here with warm image caches, six emulated guests
// on two cores (README, "What was proven where"). Skipped (77) where VMs cannot run, never
// reported as passed.
int main(int argc, char **argv)
{
    TestVmNative::initMain();
    QCoreApplication app(argc, argv);
    if (const int skip = skipUnlessVmsCanRun())
        return skip;
    TestVmNative test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_vm_native.moc"
