// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Per-assertion overhead of the SSH transport against a local sshd: the long-lived remote
// shell per node (what scenarios use), one `ssh` per command through a multiplexed master,
// and a fresh `ssh` per command (goal: persistent shell ≤ 0.1 × fresh).
#include "BenchBaseline.h"
#include "HostCommand.h"
#include "LoopbackSshd.h"
#include "SshTransport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <benchmark/benchmark.h>

using namespace Labforge;

namespace {
LoopbackSshd *sshd()
{
    static LoopbackSshd *server = [] {
        auto *s = new LoopbackSshd;
        QString error;
        if (!s->start(&error))
            qFatal("sshd: %s", qPrintable(error));
        return s;
    }();
    return server;
}

enum class Mode { PersistentShell, Multiplexed, Fresh };

BenchBaseline &baseline()
{
    static BenchBaseline b(QStringLiteral("bench_ssh"));
    return b;
}
double msPerAssertion[3] = {-1, -1, -1};

void run(benchmark::State &state, Mode mode)
{
    const bool multiplex = mode != Mode::Fresh;
    LoopbackSshd *s = sshd();
    SshTransport ssh({{QStringLiteral("n"), SshTransport::Target {QStringLiteral("127.0.0.1"), s->user(), s->port()}}},
                     s->clientKey(), s->knownHosts(), s->directory() + QStringLiteral("/bench-control"), multiplex);
    ssh.setPersistentShells(mode == Mode::PersistentShell);
    ssh.run(QStringLiteral("n"), QStringLiteral("true"), 30000, {}); // master up (when multiplexing)
    QElapsedTimer timer;
    timer.start();
    for (auto _ : state) {
        const auto r = ssh.run(QStringLiteral("n"), QStringLiteral("true"), 30000, {});
        if (r.exitCode != 0)
            state.SkipWithError("ssh failed");
    }
    // The last call is the one Google Benchmark reports (the most iterations).
    msPerAssertion[int(mode)] =
        double(timer.nsecsElapsed()) / 1e6 / double(std::max<benchmark::IterationCount>(1, state.iterations()));
    ssh.close();
}
} // namespace

static void BM_AssertionPersistentShell(benchmark::State &state)
{
    run(state, Mode::PersistentShell);
}
BENCHMARK(BM_AssertionPersistentShell)->Unit(benchmark::kMillisecond)->MinTime(2);

static void BM_AssertionMultiplexed(benchmark::State &state)
{
    run(state, Mode::Multiplexed);
}
BENCHMARK(BM_AssertionMultiplexed)->Unit(benchmark::kMillisecond)->MinTime(2);

static void BM_AssertionFreshSsh(benchmark::State &state)
{
    run(state, Mode::Fresh);
}
BENCHMARK(BM_AssertionFreshSsh)->Unit(benchmark::kMillisecond)->MinTime(2);

// The floor: starting a local process through the same HostCommand.
static void BM_LocalProcess(benchmark::State &state)
{
    for (auto _ : state)
        HostCommand(QStringLiteral("true"), {}).run();
}
BENCHMARK(BM_LocalProcess)->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    const double kept = msPerAssertion[int(Mode::PersistentShell)],
                 multiplexed = msPerAssertion[int(Mode::Multiplexed)], fresh = msPerAssertion[int(Mode::Fresh)];
    if (kept > 0)
        baseline().record({QStringLiteral("per_assertion_ms"), QStringLiteral("per assertion, what scenarios use"),
                           kept, QStringLiteral("ms")});
    if (multiplexed > 0)
        baseline().record({QStringLiteral("multiplexed_ms"),
                           QStringLiteral("per assertion, one ssh through the master"), multiplexed,
                           QStringLiteral("ms")});
    if (fresh > 0)
        baseline().record(
            {QStringLiteral("fresh_ms"), QStringLiteral("per assertion, a fresh ssh"), fresh, QStringLiteral("ms")});
    if (kept > 0 && fresh > 0)
        baseline().record({QStringLiteral("ratio"), QStringLiteral("what scenarios use ÷ a fresh ssh"), kept / fresh,
                           QStringLiteral("×"), QStringLiteral("≤ 0.1"), 0.1});
    baseline().finish(&argc, argv);
    delete sshd();
    return 0;
}
