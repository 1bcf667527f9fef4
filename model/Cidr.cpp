// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Cidr.h"

#include "Ipv4.h"

namespace Labforge {

std::optional<Cidr> Cidr::parse(const QString &text, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<Cidr> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const qsizetype slash = text.indexOf(QLatin1Char('/'));
    if (slash < 0)
        return fail(QStringLiteral("\"%1\" is not in CIDR notation (address/prefix)").arg(text));
    const auto address = Ipv4::parse(text.left(slash));
    if (!address)
        return fail(QStringLiteral("\"%1\" is not an IPv4 address").arg(text.left(slash)));
    bool ok = false;
    const QString prefixText = text.mid(slash + 1);
    const int prefix = prefixText.toInt(&ok);
    if (!ok || prefix < 0 || prefix > 32 || prefixText.startsWith(QLatin1Char('+')))
        return fail(QStringLiteral("\"%1\" is not a prefix length between 0 and 32").arg(prefixText));
    const Cidr cidr(*address, prefix);
    if ((*address & ~cidr.mask()) != 0)
        return fail(QStringLiteral("%1 has host bits set; the network is %2/%3")
                        .arg(text, Ipv4::format(*address & cidr.mask()))
                        .arg(prefix));
    return cidr;
}

quint32 Cidr::mask() const
{
    return m_prefix == 0 ? 0u : ~quint32(0) << (32 - m_prefix);
}

quint32 Cidr::broadcast() const
{
    return m_network | ~mask();
}

quint64 Cidr::size() const
{
    return quint64(1) << (32 - m_prefix);
}

bool Cidr::contains(quint32 address) const
{
    return (address & mask()) == m_network;
}

bool Cidr::overlaps(const Cidr &other) const
{
    return contains(other.m_network) || other.contains(m_network);
}

bool Cidr::isPrivate() const
{
    static const Cidr ranges[] = {Cidr(0x0a000000, 8), Cidr(0xac100000, 12), Cidr(0xc0a80000, 16)};
    for (const Cidr &range : ranges) {
        if (range.contains(m_network) && m_prefix >= range.m_prefix)
            return true;
    }
    return false;
}

QString Cidr::toString() const
{
    return QStringLiteral("%1/%2").arg(Ipv4::format(m_network)).arg(m_prefix);
}

} // namespace Labforge
