// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <optional>

namespace Labforge {

// An IPv4 network in CIDR notation ("10.103.0.0/24"). Host bits must be zero.
class Cidr
{
public:
    static std::optional<Cidr> parse(const QString &text, QString *error = nullptr);

    quint32 network() const { return m_network; }
    int prefixLength() const { return m_prefix; }
    quint32 mask() const;
    quint32 broadcast() const;
    quint64 size() const;
    bool contains(quint32 address) const;
    bool overlaps(const Cidr &other) const;
    // 10/8, 172.16/12 and 192.168/16 (RFC 1918).
    bool isPrivate() const;
    QString toString() const;
    // The n-th address of the network (n = 10 gives 10.112.0.10 for 10.112.0.0/16).
    quint32 address(quint32 offset) const { return m_network + offset; }

    bool operator==(const Cidr &other) const = default;

private:
    Cidr(quint32 network, int prefix)
        : m_network(network)
        , m_prefix(prefix)
    { }
    quint32 m_network = 0;
    int m_prefix = 0;
};

} // namespace Labforge
