// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The cost curve: how labforge's build and boot grow with the number of nodes, for N = 1, 2,
// 4, 8 and 12 generic Debian 13 nodes (headless, ssh; 1 GiB each, 12 GiB at most on a 24 GiB
// host), through the labforge binary on a cache of its own whose base is built first (outside
// the clocks): the images of N nodes of one role, of N distinct roles (each one package
// more than the others), and `labforge up --no-build --no-test` to SSH. Beside it the
// arithmetic floor on this machine: one VM's boot CPU time (its QEMU process's, when SSH
// answers) × N ÷ cores; the goal is a boot cost per extra node within 10 % of the floor's.
// Needs root, the mirror and libvirtd: bench/run-peer-bench.sh --scale. Not run by CI.
#include "BenchBaseline.h"
#include "BenchCache.h"
#include "BenchShell.h"
#include "FeatureModules.h"
#include "Ipv4.h"
#include "LabWriter.h"
#include "LabforgeCli.h"
#include "TestLabs.h"

#include <QCoreApplication>
#include <QThread>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <unistd.h>

// The composition root of this program: the recipe features, as app/main.cpp installs them.
static const bool featuresInstalled = (Labforge::FeatureModules::install(), true);

using namespace Labforge;

namespace {

const QString Uri = QStringLiteral("qemu:///system");
const QString Cache = QStringLiteral("/var/cache/labforge-scale-bench");
const QStringList DistinctPackages {QStringLiteral("tree"),  QStringLiteral("file"), QStringLiteral("bc"),
                                    QStringLiteral("less"),  QStringLiteral("lsof"), QStringLiteral("strace"),
                                    QStringLiteral("rsync"), QStringLiteral("zstd"), QStringLiteral("unzip"),
                                    QStringLiteral("jq"),    QStringLiteral("htop"), QStringLiteral("ncdu")};

BenchBaseline &baseline()
{
    static BenchBaseline b(QStringLiteral("bench_scale"));
    return b;
}

QString work()
{
    return qEnvironmentVariable("LABFORGE_PEER_WORK", QStringLiteral("/var/tmp/labforge-peers"));
}

LabforgeCli labforge()
{
    const QString given = qEnvironmentVariable("LABFORGE_BINARY");
    return LabforgeCli(
        given.isEmpty() ? QCoreApplication::applicationDirPath() + QStringLiteral("/../app/labforge") : given, Cache);
}

// N generic nodes, 1 GiB each; `distinct`: node i has DistinctPackages[i] besides.
QString scaleLab(const QString &name, int count, bool distinct)
{
    Lab lab;
    lab.name = name;
    lab.networks.append(
        Network {QStringLiteral("scalenet"), QStringLiteral("10.215.0.0/24"), QStringLiteral("10.215.0.1"), {}, false});
    for (int i = 0; i < count; ++i) {
        Node n = TestLabs::genericNode(
            QStringLiteral("n%1").arg(i + 1, 2, 10, QLatin1Char('0')), QStringLiteral("scalenet"),
            Ipv4::format(*Ipv4::parse(QStringLiteral("10.215.0.10")) + quint32(i)), QPointF(i * 220.0, 100));
        n.recipe.minMemoryGb = 1;
        if (distinct)
            n.recipe.packages.append(DistinctPackages.at(i % DistinctPackages.size()));
        lab.nodes.append(n);
    }
    QString path = work() + u'/' + name + QStringLiteral(".lab.json");
    if (BenchShell::dryRun())
        std::printf("+ write %s (%d nodes)\n", qPrintable(path), count);
    else
        LabWriter::save(lab, path);
    return path;
}

struct Curve
{
    QString accel = LabforgeCli::accel(); // before the benchmark's cache (without a probe) is used
    bool warm = false;
    double oneVmCpuSeconds = 0;
    double oneVmBootSeconds = 0;
};
Curve &curve()
{
    static Curve c;
    return c;
}

bool preconditions(benchmark::State &state)
{
    if (!BenchShell::dryRun() && geteuid() != 0) {
        state.SkipWithError("needs root (chroots, mounts, libvirt's system instance)");
        return false;
    }
    const int jobs = std::max(1, QThread::idealThreadCount());
    if (!curve().warm) {
        // The base and the package cache, outside every clock: the curve is the nodes' cost.
        if (BenchShell::dryRun())
            std::printf("+ rm -rf %s (labforge's cache for this benchmark)\n", qPrintable(Cache));
        else
            BenchCache::use(Cache, true);
        BenchShell::run({QStringLiteral("mkdir"), {QStringLiteral("-p"), work()}});
        if (labforge().build(scaleLab(QStringLiteral("scale-warm"), 1, false), jobs) < 0) {
            state.SkipWithError("the warm-up build failed");
            return false;
        }
        curve().warm = true;
    }
    return true;
}

} // namespace

// Build N images of one role and of N distinct roles, then boot the one-role lab to SSH.
static void BM_Scale(benchmark::State &state)
{
    if (!preconditions(state))
        return;
    const int count = int(state.range(0));
    const int jobs = std::max(1, QThread::idealThreadCount());
    const LabforgeCli cli = labforge();
    const QString n = QString::number(count);
    for (auto _ : state) {
        const QString one = QStringLiteral("scale-one-%1").arg(n);
        const double buildOne = cli.build(scaleLab(one, count, false), jobs);
        const double buildDistinct = cli.build(scaleLab(QStringLiteral("scale-distinct-%1").arg(n), count, true), jobs);
        if (buildOne < 0 || buildDistinct < 0) {
            state.SkipWithError("labforge build failed");
            return;
        }
        cli.down(one, Uri);
        ::sync();
        const double boot = cli.up(work() + u'/' + one + QStringLiteral(".lab.json"), 1.0, Uri, curve().accel);
        const double cpu = LabforgeCli::qemuCpuSeconds(one);
        cli.down(one, Uri);
        if (boot < 0) {
            state.SkipWithError("labforge up failed");
            return;
        }
        state.SetIterationTime(boot);
        if (count == 1) {
            curve().oneVmCpuSeconds = cpu;
            curve().oneVmBootSeconds = boot;
            baseline().record({QStringLiteral("vm_boot_cpu_s"),
                               QStringLiteral("one VM's boot CPU time (its QEMU process, at SSH)"), cpu,
                               QStringLiteral("s")});
        }
        baseline().record({QStringLiteral("build_one_role_%1_s").arg(n),
                           QStringLiteral("%1 node(s) of one role, images built").arg(n), buildOne,
                           QStringLiteral("s")});
        baseline().record({QStringLiteral("build_distinct_%1_s").arg(n),
                           QStringLiteral("%1 distinct role(s), images built").arg(n), buildDistinct,
                           QStringLiteral("s")});
        baseline().record({QStringLiteral("boot_%1_s").arg(n), QStringLiteral("%1 node(s), define → SSH").arg(n), boot,
                           QStringLiteral("s")});
        const double cores = std::max(1, QThread::idealThreadCount());
        if (curve().oneVmCpuSeconds > 0)
            baseline().record({QStringLiteral("floor_%1_s").arg(n),
                               QStringLiteral("floor: one VM's boot CPU × %1 ÷ %2 cores").arg(n).arg(cores),
                               curve().oneVmCpuSeconds * count / cores, QStringLiteral("s")});
        if (count > 1 && curve().oneVmBootSeconds > 0 && curve().oneVmCpuSeconds > 0) {
            // Per extra node, measured against the floor's slope (one VM's CPU ÷ cores).
            const double perNode = (boot - curve().oneVmBootSeconds) / (count - 1);
            const double floorPerNode = curve().oneVmCpuSeconds / cores;
            baseline().record({QStringLiteral("boot_per_node_%1_s").arg(n),
                               QStringLiteral("boot cost per extra node up to %1").arg(n), perNode,
                               QStringLiteral("s")});
            baseline().record({QStringLiteral("boot_per_node_%1_ratio").arg(n),
                               QStringLiteral("boot cost per extra node ÷ the floor's, up to %1").arg(n),
                               perNode / floorPerNode, QStringLiteral("×"), QStringLiteral("≤ 1.1"), 1.1});
        }
    }
}
BENCHMARK(BM_Scale)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Arg(12)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const BenchCache::MachineCache machineCache;
    BenchShell::setDryRun(BenchShell::dryRunAsked(argc, argv));
    baseline().setDescription(QStringLiteral(
        "The cost curve: N = 1, 2, 4, 8 and 12 generic Debian 13 nodes (1 GiB each) through the labforge binary, "
        "the base built first outside the clocks: the images of N nodes of one role and of N distinct roles (one "
        "package more each), and `labforge up --no-build --no-test` to SSH, beside the arithmetic floor on this "
        "machine (one VM's boot CPU time × N ÷ cores). `bench/run-peer-bench.sh --scale`, root; the plot is "
        "`scripts/bench-plot.py`."));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    // The machine's cache again (its KVM probe says which accelerator the baseline ran on).
    machineCache.restore();
    if (!BenchShell::dryRun()) {
        baseline().finish(&argc, argv);
        BenchCache::remove(Cache);
    }
    return 0;
}
