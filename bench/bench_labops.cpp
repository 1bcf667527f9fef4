// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Living in a lab that is up, on the real parts: the six VMs of tests/data/labs/bench-six.lab.json
// booted on libvirt (TCG here), then what a user does with them, through the labforge
// binary as a user runs it: `labforge exec --all` of a trivial command on the six nodes (a
// warm lab: the kept SSH connections made by a first call), `labforge snapshot save` of the
// whole lab and `snapshot restore` until every node answers SSH again, beside the boot of the
// same six VMs (define → SSH, images built). Then an impairment of 100 ms on one link,
// measured by ping, where the host's kernel has netem. Needs root, the mirror (the images are
// built into the real cache before the clock starts) and libvirtd: run
// bench/run-labops-bench.sh. Not run by CI: about 10 minutes with built images.
//
// Goals: exec on six nodes ≤ 0.5 s; snapshot save of the six
// ≤ 10 s; restore to SSH-ready ≤ 0.2 × the boot; 100 ms of delay adds 100 ± 10 ms of round trip.
#include "BenchBaseline.h"
#include "BundleGenerator.h"
#include "DebianMirror.h"
#include "FeatureModules.h"
#include "ImageBuilder.h"
#include "LabRunner.h"
#include "LabSnapshots.h"
#include "RunnerPaths.h"
#include "SshConfig.h"
#include "TestLabs.h"
#include "Transport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QThread>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <unistd.h>

// The composition root of this program: the recipe features, as app/main.cpp installs them.
static const bool featuresInstalled = (Labforge::FeatureModules::install(), true);

using namespace Labforge;

namespace {

BenchBaseline &baseline()
{
    static BenchBaseline b(QStringLiteral("bench_labops"));
    return b;
}

struct State
{
    bool up = false;
    double upSeconds = 0;
    QString error;
};
State &lab()
{
    static State s;
    return s;
}

Lab benchLab()
{
    return TestLabs::dataLab(QStringLiteral("bench-six"));
}

QString labforge()
{
    const QString given = qEnvironmentVariable("LABFORGE_BINARY");
    return given.isEmpty() ? QCoreApplication::applicationDirPath() + QStringLiteral("/../app/labforge") : given;
}

// Runs the labforge binary; its exit code and output.
std::pair<int, QString> run(const QStringList &args, int timeoutMs = 1200000)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(labforge(), args);
    if (!p.waitForFinished(timeoutMs))
        return {-1, p.errorString()};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

bool preconditions(benchmark::State &state)
{
    if (geteuid() != 0) {
        state.SkipWithError("needs root (chroots, mounts, libvirt's system instance)");
        return false;
    }
    if (!QFileInfo(labforge()).isExecutable()) {
        state.SkipWithError("no labforge binary beside this benchmark (set LABFORGE_BINARY)");
        return false;
    }
    return true;
}

bool needsLab(benchmark::State &state)
{
    if (!lab().up) {
        state.SkipWithError(qPrintable(QStringLiteral("the lab is not up: ") + lab().error.left(400)));
        return false;
    }
    return true;
}

} // namespace

// The six VMs defined and started in parallel until every one answers SSH (their images
// built first, outside the clock). Memory scale 0.5, isolated network.
static void BM_BootSix(benchmark::State &state)
{
    if (!preconditions(state))
        return;
    const Lab l = benchLab();
    for (auto _ : state) {
        QString error;
        LabRunner::down(l.name, {}, {}, &error); // leftovers of an interrupted pass
        const Bundle bundle = BundleGenerator::generate(l);
        ImageBuilder::Options io;
        io.mirror = DebianMirror::url();
        io.jobs = std::max(1, QThread::idealThreadCount());
        io.labName = l.name;
        QStringList ids;
        for (const Node &n : l.nodes)
            ids.append(n.id);
        if (!ImageBuilder(bundle, ArtifactCache(), io).build(ids, &error)) {
            lab().error = error;
            state.SkipWithError(qPrintable(error.left(500)));
            return;
        }
        ::sync();
        LabRunner::Options o;
        o.accel = BootPlan::Accel::Auto;
        o.memoryScale = 0.5;
        o.isolated = true;
        o.sshTimeoutSeconds = 1800;
        LabRunner runner(l, bundle, o);
        QElapsedTimer timer;
        timer.start();
        const LabRunner::Result result = runner.up();
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        if (!result.ok) {
            lab().error = result.error;
            state.SkipWithError(qPrintable(result.error.left(500)));
            return;
        }
        lab().up = true;
        lab().upSeconds = seconds;
        state.SetIterationTime(seconds);
        state.SetLabel(result.accelReason.section(QLatin1Char(':'), 0, 0).toStdString());
        baseline().record({QStringLiteral("boot_6_s"), QStringLiteral("six VMs, define → SSH (the reference)"), seconds,
                           QStringLiteral("s")});
    }
}
BENCHMARK(BM_BootSix)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

// `labforge exec LAB --all -- true` on the six nodes, end to end (the binary started, six
// SSH sessions over the kept connections, the worst exit status): the median of five after
// one call that makes the connections.
static void BM_ExecSix(benchmark::State &state)
{
    if (!preconditions(state) || !needsLab(state))
        return;
    const QStringList args {QStringLiteral("exec"), benchLab().name, QStringLiteral("--all"), QStringLiteral("--"),
                            QStringLiteral("true")};
    for (auto _ : state) {
        if (const auto [code, out] = run(args); code != 0) {
            state.SkipWithError(qPrintable(out.left(500)));
            return;
        }
        QList<double> times;
        for (int i = 0; i < 5; ++i) {
            QElapsedTimer timer;
            timer.start();
            const auto [code, out] = run(args);
            times.append(double(timer.nsecsElapsed()) / 1e9);
            if (code != 0) {
                state.SkipWithError(qPrintable(out.left(500)));
                return;
            }
        }
        std::sort(times.begin(), times.end());
        state.SetIterationTime(times.at(2));
        baseline().record({QStringLiteral("exec_6_s"),
                           QStringLiteral("`exec --all -- true` on six nodes, warm (median of 5)"), times.at(2),
                           QStringLiteral("s"), QStringLiteral("≤ 0.5 s"), 0.5});
    }
}
BENCHMARK(BM_ExecSix)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

// `labforge snapshot save` of the six nodes, memory and disks; then `restore` until every
// node answers SSH, beside the boot.
static void BM_SnapshotSix(benchmark::State &state)
{
    if (!preconditions(state) || !needsLab(state))
        return;
    const QString name = benchLab().name;
    for (auto _ : state) {
        run({QStringLiteral("snapshot"), QStringLiteral("delete"), name, QStringLiteral("bench")});
        QElapsedTimer timer;
        timer.start();
        const auto [saveCode, saveOut] =
            run({QStringLiteral("snapshot"), QStringLiteral("save"), name, QStringLiteral("bench")});
        const double save = double(timer.nsecsElapsed()) / 1e9;
        if (saveCode != 0) {
            state.SkipWithError(qPrintable(saveOut.left(500)));
            return;
        }
        std::fprintf(stdout, "%s", qPrintable(saveOut));
        static const QRegularExpression paused(QStringLiteral("stood still together for ([0-9.]+) s"));
        const double pausedSeconds = paused.match(saveOut).captured(1).toDouble();
        timer.restart();
        const auto [restoreCode, restoreOut] =
            run({QStringLiteral("snapshot"), QStringLiteral("restore"), name, QStringLiteral("bench")});
        const double restore = double(timer.nsecsElapsed()) / 1e9;
        if (restoreCode != 0) {
            state.SkipWithError(qPrintable(restoreOut.left(500)));
            return;
        }
        std::fprintf(stdout, "%s", qPrintable(restoreOut));
        state.SetIterationTime(save + restore);
        state.counters["save_s"] = save;
        state.counters["restore_s"] = restore;
        baseline().record({QStringLiteral("snapshot_save_6_s"),
                           QStringLiteral("snapshot save, six nodes (memory and disks)"), save, QStringLiteral("s"),
                           QStringLiteral("≤ 10 s"), 10});
        baseline().record({QStringLiteral("snapshot_paused_6_s"), QStringLiteral("… of which the lab stood still"),
                           pausedSeconds, QStringLiteral("s")});
        baseline().record({QStringLiteral("snapshot_restore_6_s"),
                           QStringLiteral("snapshot restore to SSH-ready, six nodes"), restore, QStringLiteral("s")});
        if (lab().upSeconds > 0)
            baseline().record({QStringLiteral("snapshot_restore_ratio"), QStringLiteral("restore ÷ boot of the six"),
                               restore / lab().upSeconds, QStringLiteral("×"), QStringLiteral("≤ 0.2"), 0.2});
    }
}
BENCHMARK(BM_SnapshotSix)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

// 100 ms of delay on what one node sends to another (`labforge link impair`), read as the
// added round trip of 20 pings; skipped, saying why, on a host kernel without netem.
static void BM_ImpairAccuracy(benchmark::State &state)
{
    if (!preconditions(state) || !needsLab(state))
        return;
    const Lab l = benchLab();
    const Node &a = l.nodes.at(0);
    const Node &b = l.nodes.at(1);
    const auto ping = [&] {
        const auto [code, out] = run({QStringLiteral("exec"), l.name, a.id, QStringLiteral("--"),
                                      QStringLiteral("ping -n -q -c 20 -i 0.2 %1").arg(b.ip())});
        static const QRegularExpression rtt(QStringLiteral("= [0-9.]+/([0-9.]+)/"));
        return code == 0 ? rtt.match(out).captured(1).toDouble() : -1.0;
    };
    for (auto _ : state) {
        const double before = ping();
        const auto [code, out] = run({QStringLiteral("link"), QStringLiteral("impair"), l.name, a.id, b.id,
                                      QStringLiteral("--delay"), QStringLiteral("100")});
        if (code != 0) {
            state.SkipWithError(qPrintable(QStringLiteral("no impairment on this host: ") + out.trimmed().left(400)));
            return;
        }
        const double after = ping();
        run({QStringLiteral("link"), QStringLiteral("up"), l.name, a.id, b.id});
        state.SetIterationTime(after / 1000);
        baseline().record({QStringLiteral("impair_100ms_added_ms"),
                           QStringLiteral("round trip added by a 100 ms delay"), after - before, QStringLiteral("ms"),
                           QStringLiteral("100 ± 10 ms")});
    }
}
BENCHMARK(BM_ImpairAccuracy)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    QString error;
    LabRunner::down(benchLab().name, {}, {}, &error);
    baseline().finish(&argc, argv);
    return 0;
}
