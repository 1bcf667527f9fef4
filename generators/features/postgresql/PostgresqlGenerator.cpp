// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PostgresqlGenerator.h"
#include "Shell.h"

namespace Labforge {

FeatureOutput PostgresqlGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    out.packages.append(QStringLiteral("postgresql"));
    // The cluster directory carries the server's major version, known only after the
    // package is installed: the settings are placed by build commands.
    out.buildCommands.append(QStringLiteral("for d in /etc/postgresql/*/main; do printf \"listen_addresses = '*'\\n\" "
                                            "> \"$d/conf.d/labforge.conf\"; done"));
    for (const NodeInterface &iface : c.node.interfaces) {
        const Network *net = c.lab.network(iface.network);
        if (net)
            out.buildCommands.append(QStringLiteral("for d in /etc/postgresql/*/main; do printf 'host all all %s "
                                                    "scram-sha-256\\n' %1 >> \"$d/pg_hba.conf\"; done")
                                         .arg(Shell::quote(net->cidr)));
    }
    out.units.append(QStringLiteral("postgresql.service"));
    return out;
}

} // namespace Labforge
