// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HpccFeature.h"
#include "Latin1List.h"

namespace Labforge {

HpccFeature::HpccFeature()
    : FeatureDefinition({
        .name = QStringLiteral("hpcc"),
        .summary = QStringLiteral("The HPC Challenge benchmark (HPL, DGEMM, STREAM, PTRANS, RandomAccess, FFT, "
                                  "latency and bandwidth) through Slurm"),
        .allowedRoles = Latin1List::of({"compute", "login"}),
        .requiresFeatures = Latin1List::of({"openmpi"}),
        .ownedPackages = Latin1List::of({"hpcc"}),
        .pinnedComponents = Latin1List::of({"hpcc"}),
    })
{ }

} // namespace Labforge
