// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <optional>

namespace Labforge {

// Dotted-quad IPv4 helpers. Addresses are host-order 32-bit values so that
// range arithmetic (network, broadcast, containment) is plain integer maths.
class Ipv4
{
public:
    static std::optional<quint32> parse(const QString &text);
    static QString format(quint32 address);
};

} // namespace Labforge
