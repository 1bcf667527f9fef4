// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Node.h"

namespace Labforge {

QString Node::ip(const QString &network) const
{
    for (const NodeInterface &iface : interfaces) {
        if (network.isEmpty() || iface.network == network)
            return iface.ip;
    }
    return {};
}

} // namespace Labforge
