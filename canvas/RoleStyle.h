// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QColor>
#include <QString>

namespace Labforge {

// How a role looks on the canvas and in the palette.
class RoleStyle
{
public:
    static QColor colour(const QString &role);
    static QString glyph(const QString &role); // one or two letters in the node's badge circle
    static QString featureSummary(const QStringList &features);
};

} // namespace Labforge
