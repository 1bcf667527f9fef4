// Per-assertion overhead of the SSH transport against a local sshd: the long-lived remote
// shell per node (what scenarios use), one `ssh` per command through a multiplexed master,
// and a fresh `ssh` per command (goal: persistent shell ≤ 0.1 × fresh).
#include "HostCommand.h"
#include "LoopbackSshd.h"
#include "SshTransport.h"

#include <QCoreApplication>
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

void run(benchmark::State &state, Mode mode)
{
    const bool multiplex = mode != Mode::Fresh;
    LoopbackSshd *s = sshd();
    SshTransport ssh({{QStringLiteral("n"), SshTransport::Target {QStringLiteral("127.0.0.1"), s->user(), s->port()}}},
                     s->clientKey(), s->knownHosts(), s->directory() + QStringLiteral("/bench-control"), multiplex);
    ssh.setPersistentShells(mode == Mode::PersistentShell);
    ssh.run(QStringLiteral("n"), QStringLiteral("true"), 30000, {}); // master up (when multiplexing)
    for (auto _ : state) {
        const auto r = ssh.run(QStringLiteral("n"), QStringLiteral("true"), 30000, {});
        if (r.exitCode != 0)
            state.SkipWithError("ssh failed");
    }
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
    delete sshd();
    return 0;
}
