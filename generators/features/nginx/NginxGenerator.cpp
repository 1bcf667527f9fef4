// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NginxGenerator.h"

namespace Labforge {

FeatureOutput NginxGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    out.packages.append(QStringLiteral("nginx"));
    out.addFile(QStringLiteral("/var/www/html/index.html"),
                "<!doctype html>\n<title>labforge web lab</title>\n<h1>labforge web lab</h1>\n<p>Lab "
                    + c.lab.name.toHtmlEscaped().toUtf8() + ", served by " + c.node.id.toHtmlEscaped().toUtf8()
                    + ".</p>\n");
    out.units.append(QStringLiteral("nginx.service"));
    return out;
}

} // namespace Labforge
