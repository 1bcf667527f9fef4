// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// A node's static interface on a named lab network.
struct NodeInterface
{
    QString network;
    QString ip;

    bool operator==(const NodeInterface &) const = default;
};

} // namespace Labforge
