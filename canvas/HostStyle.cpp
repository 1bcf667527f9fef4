// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostStyle.h"

#include "Lab.h"

#include <array>

namespace Labforge {

QColor HostStyle::colour(int hostIndex)
{
    // Hues apart from one another and from the role colours' greens and blues at a glance.
    static constexpr std::array<QRgb, 8> palette {0x8e24aa, 0xf4511e, 0x00897b, 0x3949ab,
                                                  0xc0ca33, 0x6d4c41, 0xd81b60, 0x546e7a};
    if (hostIndex < 0)
        return {};
    return QColor(palette.at(std::size_t(hostIndex) % palette.size()));
}

QColor HostStyle::colourOf(const Lab &lab, const QString &host)
{
    if (host.isEmpty())
        return {};
    for (int i = 0; i < lab.hosts.size(); ++i) {
        if (lab.hosts.at(i).name == host)
            return colour(i);
    }
    return {};
}

} // namespace Labforge
