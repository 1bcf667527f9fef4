// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "OpenmpiFeature.h"
#include "Latin1List.h"

namespace Labforge {

OpenmpiFeature::OpenmpiFeature()
    : FeatureDefinition({
        .name = QStringLiteral("openmpi"),
        .summary = QStringLiteral("Open MPI with PMIx for srun --mpi=pmix; compilers and an MPI example on login "
                                  "nodes"),
        .allowedRoles = Latin1List::of({"compute", "login"}),
        .requiresFeatures = Latin1List::of({"slurm-native"}),
        .ownedPackages = Latin1List::of({"openmpi-bin", "libopenmpi-dev"}),
        .pinnedComponents = Latin1List::of({"openmpi"}),
    })
{ }

} // namespace Labforge
