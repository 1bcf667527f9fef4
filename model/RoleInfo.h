// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>

namespace Labforge {

// What labforge knows about one node role, in one record (model/RoleRegistry.cpp): its
// summary, how the canvas draws it, and what a new node of the role starts with.
struct RoleInfo
{
    QString name;
    QString summary;
    unsigned int colour = 0x78909c; // 0xRRGGBB, the node's band on the canvas and in the palette
    QString glyph; // one or two letters in the node's badge
    QString idStem; // a new node's id is this stem and a number
    QStringList defaultFeatures; // features a new node of this role gets in the designer
    int defaultMinCpu = 1;
    int defaultMinMemoryGb = 4;
    // Several nodes of the role are usual (compute): the first one is numbered too
    // (compute-1, then compute-2), as the built-in labs name them; else the first is the stem.
    bool numbered = false;
};

} // namespace Labforge
