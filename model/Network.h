// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>

namespace Labforge {

// One lab network (the spec's network object, field for field) and where the canvas
// draws it: a bus whose left end is at `position` (canvas pixels); without one, the
// canvas places it above the nodes on it (NetworkLayout).
struct Network
{
    QString name;
    QString cidr;
    QString gateway;
    QStringList dnsServers;
    bool isDefaultRoute = false;
    std::optional<QPointF> position {};

    bool operator==(const Network &) const = default;
};

} // namespace Labforge
