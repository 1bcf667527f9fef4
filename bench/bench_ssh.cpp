// Per-assertion overhead of the SSH transport against a local sshd: one multiplexed
// master connection per node versus a fresh `ssh` per command (goal: ratio ≤ 0.1).
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

void run(benchmark::State &state, bool multiplex)
{
    LoopbackSshd *s = sshd();
    SshTransport ssh({{QStringLiteral("n"), SshTransport::Target {QStringLiteral("127.0.0.1"), s->user(), s->port()}}},
                     s->clientKey(), s->knownHosts(), s->directory() + QStringLiteral("/bench-control"), multiplex);
    ssh.run(QStringLiteral("n"), QStringLiteral("true"), 30000, {}); // master up (when multiplexing)
    for (auto _ : state) {
        const auto r = ssh.run(QStringLiteral("n"), QStringLiteral("true"), 30000, {});
        if (r.exitCode != 0)
            state.SkipWithError("ssh failed");
    }
    ssh.close();
}
} // namespace

static void BM_AssertionMultiplexed(benchmark::State &state)
{
    run(state, true);
}
BENCHMARK(BM_AssertionMultiplexed)->Unit(benchmark::kMillisecond)->MinTime(2);

static void BM_AssertionFreshSsh(benchmark::State &state)
{
    run(state, false);
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
