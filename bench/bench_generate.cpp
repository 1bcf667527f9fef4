// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Generating the reference lab's whole bundle in memory (goal: under 50 ms).
#include "BundleGenerator.h"
#include "FeatureModules.h"
#include "TestLabs.h"

#include <benchmark/benchmark.h>

// The composition root of this program: the recipe features, as app/main.cpp installs them.
static const bool featuresInstalled = (Labforge::FeatureModules::install(), true);

using namespace Labforge;

static void BM_GenerateReferenceBundle(benchmark::State &state)
{
    const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
    BundleGenerator::generate(lab); // load the compiled-in templates once
    for (auto _ : state) {
        const Bundle bundle = BundleGenerator::generate(lab);
        benchmark::DoNotOptimize(bundle.files());
    }
}
BENCHMARK(BM_GenerateReferenceBundle)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
