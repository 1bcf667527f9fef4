// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// openmpi: Open MPI with PMIx, so that Slurm starts MPI ranks itself (srun --mpi=pmix).
// Its catalog entry is all the model knows; the files come from OpenmpiGenerator.
class OpenmpiFeature : public FeatureDefinition
{
public:
    OpenmpiFeature();
};

} // namespace Labforge
