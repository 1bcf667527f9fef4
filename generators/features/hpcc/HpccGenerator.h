// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// hpcc on compute and login nodes; on login nodes also `openfactory-hpcc NODES`, which runs
// the suite with one rank per compute node through Slurm (srun --mpi=pmix) in a directory of
// its own under $HOME (shared over NFS) and prints the summary figures (HPL Tflop/s and its
// residual check, STREAM triad, ping-pong latency and bandwidth). Its input,
// /usr/local/share/openfactory/hpccinf.txt, is sized for a lab: HPL with N=1000.
class HpccGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("hpcc"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
