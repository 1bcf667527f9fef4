// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HpccGenerator.h"

#include "Template.h"

namespace Labforge {

FeatureOutput HpccGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    out.packages.append(c.pins.debianPackage(QStringLiteral("hpcc"), QStringLiteral("hpcc"), &out.errors));
    if (c.node.role == QLatin1String("login")) {
        out.addFile(QStringLiteral("/usr/local/share/openfactory/hpccinf.txt"),
                    Template::load(QStringLiteral("hpccinf.txt"), &out.errors));
        out.addFile(QStringLiteral("/usr/local/bin/openfactory-hpcc"),
                    Template::load(QStringLiteral("openfactory-hpcc.sh"), &out.errors), 0755);
    }
    return out;
}

} // namespace Labforge
