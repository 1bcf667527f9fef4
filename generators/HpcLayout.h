// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// Where the hpc-nfs feature puts things, shared with the features that mount them.
// The three exports: slurmctld (controller state, owned 401:401), home (shared
// /home of the LoginSet and NodeSet) and cluster (the controller hands the login
// host its namespaced kubeconfig through it: the third export of labforge's choosing).
struct HpcLayout
{
    static QString mountPoint() { return QStringLiteral("/srv/hpc"); }
    static QString exportPath(const QString &name) { return mountPoint() + QLatin1Char('/') + name; }
    static QString filesystemLabel() { return QStringLiteral("OF_HPC_DATA"); }
    static QString handoffMount() { return QStringLiteral("/var/lib/openfactory/cluster"); }
};

} // namespace Labforge
