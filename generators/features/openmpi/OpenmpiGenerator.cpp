// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "OpenmpiGenerator.h"

#include "Template.h"

namespace Labforge {

FeatureOutput OpenmpiGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    const QString component = QStringLiteral("openmpi");
    out.packages.append(c.pins.debianPackage(component, QStringLiteral("openmpi-bin"), &out.errors));
    if (c.node.role == QLatin1String("login")) {
        out.packages += {c.pins.debianPackage(component, QStringLiteral("libopenmpi-dev"), &out.errors),
                         QStringLiteral("gcc"), QStringLiteral("libc6-dev")};
        out.addFile(QStringLiteral("/usr/local/share/openfactory/mpi-hello.c"),
                    Template::load(QStringLiteral("mpi-hello.c"), &out.errors));
    }
    return out;
}

} // namespace Labforge
