// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

class LabScene;

// Renders the canvas to PNG (2x, for sharp text) or SVG, without a window.
class DiagramExporter
{
public:
    static bool exportTo(LabScene *scene, const QString &path, QString *error);
};

} // namespace Labforge
