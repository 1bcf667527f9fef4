// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Validation of a generated lab of N generic nodes (goal: 1,000 nodes under 16 ms).
#include "FeatureModules.h"
#include "PinsLock.h"
#include "TestLabs.h"
#include "Validator.h"

#include <benchmark/benchmark.h>

// The composition root of this program: the recipe features, as app/main.cpp installs them.
static const bool featuresInstalled = (Labforge::FeatureModules::install(), true);

using namespace Labforge;

static void BM_ValidateGeneratedLab(benchmark::State &state)
{
    const Lab lab = TestLabs::generated(int(state.range(0)));
    const ValidationContext context = PinsLock::builtIn().validationContext();
    for (auto _ : state) {
        const Problems problems = Validator::validate(lab, context);
        if (!problems.isEmpty())
            state.SkipWithError("generated lab is not clean");
        benchmark::DoNotOptimize(problems);
    }
    state.SetLabel(std::to_string(lab.nodes.size()) + " nodes, " + std::to_string(lab.networks.size()) + " networks");
}
BENCHMARK(BM_ValidateGeneratedLab)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

static void BM_ValidateReferenceLab(benchmark::State &state)
{
    const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
    const ValidationContext context = PinsLock::builtIn().validationContext();
    for (auto _ : state)
        benchmark::DoNotOptimize(Validator::validate(lab, context));
}
BENCHMARK(BM_ValidateReferenceLab)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
