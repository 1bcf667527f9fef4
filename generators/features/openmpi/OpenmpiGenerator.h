// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// Open MPI 5 from Debian (with PMIx, which Slurm's mpi/pmix plugin speaks): the runtime on
// compute nodes; on login nodes also mpicc with the C compiler and an example program,
// /usr/local/share/openfactory/mpi-hello.c, whose ranks say where they run.
class OpenmpiGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("openmpi"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
