// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// hpcc: the HPC Challenge suite (HPL, DGEMM, STREAM, PTRANS, RandomAccess, FFT, latency and
// bandwidth) from Debian, run through Slurm with a lab-sized input.
// Its catalog entry is all the model knows; the files come from HpccGenerator.
class HpccFeature : public FeatureDefinition
{
public:
    HpccFeature();
};

} // namespace Labforge
