// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Node.h"

#include <algorithm>

namespace Labforge {

QString Node::ip(const QString &network) const
{
    for (const NodeInterface &iface : interfaces) {
        if (network.isEmpty() || iface.network == network)
            return iface.ip;
    }
    return {};
}

bool Node::isOn(const QString &network) const
{
    return std::any_of(interfaces.cbegin(), interfaces.cend(),
                       [&](const NodeInterface &i) { return i.network == network; });
}

} // namespace Labforge
