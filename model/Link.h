// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// A relation a designer draws between two machines ("these two talk": Kubernetes control,
// NFS, monitoring), over a network both of them have an interface on. The canvas, the
// exported diagram and the report draw it as a line from node to node, apart from the
// interface lines to a network's bus; faults that act on a link (cut, restore, impair)
// address it by its two ends. An empty `network` is a link read from a format 1 file whose
// ends share no network yet: the validator reports it until the user chooses one.
struct Link
{
    QString from;
    QString to;
    QString network;
    QString label;

    // The same two nodes, in either direction.
    bool joins(const QString &a, const QString &b) const { return (from == a && to == b) || (from == b && to == a); }
    bool touches(const QString &node) const { return from == node || to == node; }
    bool operator==(const Link &) const = default;
};

} // namespace Labforge
