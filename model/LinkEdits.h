// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

namespace Labforge {

// Edits of a lab's links as the designer makes them (a line drawn from node to node, a link
// deleted, the quick fix of a link whose end is off its network). Each returns the edited
// lab for one undo step; what cannot be done is refused with the reason, the lab as it is.
class LinkEdits
{
public:
    // A link from `from` to `to` over the first network both are on. When they share none,
    // `from` is attached to the first network of `to` (else `to` to the first of `from`) at
    // its next free address, in the same edit. Refused: one node, an unknown node, a pair
    // already linked, two nodes without any network.
    static Lab linked(const Lab &lab, const QString &from, const QString &to, QString *why);
    // Without the links at `indexes`.
    static Lab withoutLinks(const Lab &lab, QList<int> indexes);
    // Removes every link that touches `node` (the node itself is gone or going).
    static void removeLinksOf(Lab &lab, const QString &node);
    // Link `index` made whole: a missing network chosen (the first both ends share, else the
    // first of `from`), and each end that is not on it attached at its next free address.
    static Lab repaired(const Lab &lab, int index, QString *what);
    // The first network both nodes have an interface on, else empty.
    static QString sharedNetwork(const Lab &lab, const QString &a, const QString &b);
    // Whether `node` has an interface on `network`.
    static bool isOn(const Lab &lab, const QString &node, const QString &network);
};

} // namespace Labforge
