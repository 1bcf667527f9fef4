// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QColor>
#include <QString>

namespace Labforge {

struct Lab;

// How the lab's hosts look on the canvas: one colour per host, by its place in the lab's
// host list, so a node card and its host's group share it.
class HostStyle
{
public:
    static QColor colour(int hostIndex);
    // The colour of `host` in `lab`; invalid for no host or a host the lab does not list.
    static QColor colourOf(const Lab &lab, const QString &host);
};

} // namespace Labforge
