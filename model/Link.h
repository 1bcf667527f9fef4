#pragma once

#include <QString>

namespace Labforge {

// A drawn connection between two nodes (topology documentation and canvas).
struct Link
{
    QString from;
    QString to;

    bool connects(const QString &a, const QString &b) const { return (from == a && to == b) || (from == b && to == a); }
    bool operator==(const Link &) const = default;
};

} // namespace Labforge
