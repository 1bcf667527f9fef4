// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TopologyRules.h"
#include "ValidatorText.h"

#include "Catalog.h"
#include "Cidr.h"
#include "Ipv4.h"
#include "Lab.h"
#include "ProblemSink.h"
#include "SafeName.h"

#include <QHash>
#include <QRectF>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace Labforge {

namespace {

void checkOverlaps(const Lab &lab, QList<std::pair<int, Cidr>> parsed, ProblemSink &sink);

QString nodePtr(int i)
{
    return QStringLiteral("/nodes/%1").arg(i);
}

void checkNetworks(const Lab &lab, ProblemSink &sink)
{
    QSet<QString> names;
    int defaultRoutes = 0;
    QList<std::pair<int, Cidr>> parsed;
    for (int i = 0; i < lab.networks.size(); ++i) {
        const Network &n = lab.networks.at(i);
        const QString p = QStringLiteral("/networks/%1").arg(i);
        if (const QString why = SafeName::check(n.name, SafeName::Kind::Network); !why.isEmpty())
            sink.error(TopologyRules::NetworkNameInvalid, p + QStringLiteral("/name"),
                       ValidatorText::tr("network name \"%1\" %2").arg(n.name, why));
        else if (names.contains(n.name))
            sink.error(TopologyRules::NetworkNameDuplicate, p + QStringLiteral("/name"),
                       ValidatorText::tr("network name \"%1\" is used twice").arg(n.name));
        names.insert(n.name);
        if (n.isDefaultRoute)
            ++defaultRoutes;
        QString why;
        const auto cidr = Cidr::parse(n.cidr, &why);
        if (!cidr) {
            sink.error(TopologyRules::NetworkCidrInvalid, p + QStringLiteral("/cidr"),
                       ValidatorText::tr("network \"%1\": %2").arg(n.name, why));
        } else {
            parsed.append({i, *cidr});
            if (cidr->prefixLength() > 30)
                sink.error(
                    TopologyRules::NetworkCidrInvalid, p + QStringLiteral("/cidr"),
                    ValidatorText::tr("network \"%1\" (%2) has no room for a gateway and a node").arg(n.name, n.cidr));
        }
        if (!n.gateway.isEmpty()) {
            const auto gw = Ipv4::parse(n.gateway);
            if (!gw)
                sink.error(TopologyRules::NetworkGatewayInvalid, p + QStringLiteral("/gateway"),
                           ValidatorText::tr("gateway \"%1\" is not an IPv4 address").arg(n.gateway));
            else if (cidr && (!cidr->contains(*gw) || *gw == cidr->network() || *gw == cidr->broadcast()))
                sink.error(TopologyRules::NetworkGatewayInvalid, p + QStringLiteral("/gateway"),
                           ValidatorText::tr("gateway %1 is not a host address of %2").arg(n.gateway, n.cidr));
        } else if (n.isDefaultRoute) {
            sink.error(TopologyRules::NetworkGatewayInvalid, p + QStringLiteral("/gateway"),
                       ValidatorText::tr("network \"%1\" is the default route but has no gateway").arg(n.name));
        }
        for (int d = 0; d < n.dnsServers.size(); ++d) {
            if (!Ipv4::parse(n.dnsServers.at(d)))
                sink.error(TopologyRules::NetworkDnsInvalid, p + QStringLiteral("/dns_servers/%1").arg(d),
                           ValidatorText::tr("DNS server \"%1\" is not an IPv4 address").arg(n.dnsServers.at(d)));
        }
    }
    if (defaultRoutes > 1)
        sink.error(TopologyRules::NetworkDefaultRouteMultiple, QStringLiteral("/networks"),
                   ValidatorText::tr("%1 networks claim the default route; at most one may").arg(defaultRoutes));
    checkOverlaps(lab, parsed, sink);
}

// Networks whose CIDRs overlap, each told once (both parties of a conflict are told, each
// at its own CIDR), naming the first network it overlaps and how many more. CIDRs are
// nested or apart, so one sweep over them sorted by address (the wider first) finds every
// overlap: linear in the lab after the sort, however many networks share one range.
void checkOverlaps(const Lab &lab, QList<std::pair<int, Cidr>> parsed, ProblemSink &sink)
{
    std::stable_sort(parsed.begin(), parsed.end(), [](const auto &a, const auto &b) {
        return a.second.network() != b.second.network() ? a.second.network() < b.second.network()
                                                        : a.second.prefixLength() < b.second.prefixLength();
    });
    QHash<int, int> partner; // network index -> the first network it overlaps
    QHash<int, int> count; // network index -> how many networks it overlaps
    // The enclosing ranges of the current one, widest first, each with the number of ranges
    // found inside it so far (added to its count, and its parent's, when it closes).
    struct Open
    {
        int index;
        Cidr cidr;
        int inside;
    };
    QList<Open> open;
    const auto close = [&] {
        const Open last = open.takeLast();
        count[last.index] += last.inside;
        if (!open.isEmpty())
            open.last().inside += last.inside;
    };
    for (const auto &[index, cidr] : std::as_const(parsed)) {
        while (!open.isEmpty() && open.constLast().cidr.broadcast() < cidr.network())
            close();
        count[index] += int(open.size());
        if (!open.isEmpty()) {
            ++open.last().inside;
            if (!partner.contains(open.constLast().index))
                partner.insert(open.constLast().index, index);
            if (!partner.contains(index))
                partner.insert(index, open.constLast().index);
        }
        open.append(Open {index, cidr, 0});
    }
    while (!open.isEmpty())
        close();
    QList<int> overlapping = partner.keys();
    std::sort(overlapping.begin(), overlapping.end());
    for (int index : std::as_const(overlapping)) {
        const Network &n = lab.networks.at(index);
        const Network &other = lab.networks.at(partner.value(index));
        QString message = ValidatorText::tr("network \"%1\" (%2) overlaps network \"%3\" (%4)")
                              .arg(n.name, n.cidr, other.name, other.cidr);
        if (count.value(index) > 1)
            message += ValidatorText::tr(" and %n more network(s)", nullptr, count.value(index) - 1);
        sink.error(TopologyRules::CidrOverlap, QStringLiteral("/networks/%1/cidr").arg(index), message);
    }
}

// Who first used an address or a serial: both parties of a conflict are told.
struct FirstUse
{
    QString node;
    QString pointer;
    QString what;
};

void checkInterfaces(const Lab &lab, int i, QHash<quint32, FirstUse> &usedIps, ProblemSink &sink)
{
    const Node &node = lab.nodes.at(i);
    if (node.interfaces.isEmpty())
        sink.error(TopologyRules::NodeInterfaceMissing, nodePtr(i) + QStringLiteral("/interfaces"),
                   ValidatorText::tr("node \"%1\" has no network interface").arg(node.id), node.id);
    for (int j = 0; j < node.interfaces.size(); ++j) {
        const NodeInterface &iface = node.interfaces.at(j);
        const QString p = nodePtr(i) + QStringLiteral("/interfaces/%1").arg(j);
        const Network *net = lab.network(iface.network);
        for (int k = 0; k < j; ++k) {
            if (net && node.interfaces.at(k).network == iface.network)
                sink.warning(TopologyRules::NodeInterfaceNetworkDuplicate, p + QStringLiteral("/network"),
                             ValidatorText::tr("node \"%1\": interfaces eth%2 and eth%3 are both on network \"%4\"")
                                 .arg(node.id)
                                 .arg(k)
                                 .arg(j)
                                 .arg(iface.network),
                             node.id);
        }
        if (!net)
            sink.error(
                TopologyRules::NodeNetworkUnknown, p + QStringLiteral("/network"),
                ValidatorText::tr("node \"%1\" is attached to unknown network \"%2\"").arg(node.id, iface.network),
                node.id);
        const auto ip = Ipv4::parse(iface.ip);
        if (!ip) {
            sink.error(TopologyRules::NodeIpInvalid, p + QStringLiteral("/ip"),
                       ValidatorText::tr("node \"%1\": \"%2\" is not an IPv4 address").arg(node.id, iface.ip), node.id);
            continue;
        }
        if (net) {
            if (const auto cidr = Cidr::parse(net->cidr)) {
                if (!cidr->contains(*ip))
                    sink.error(TopologyRules::NodeIpOutsideNetwork, p + QStringLiteral("/ip"),
                               ValidatorText::tr("node \"%1\": %2 is outside network \"%3\" (%4)")
                                   .arg(node.id, iface.ip, net->name, net->cidr),
                               node.id);
                else if (*ip == cidr->network() || *ip == cidr->broadcast())
                    sink.error(
                        TopologyRules::NodeIpReserved, p + QStringLiteral("/ip"),
                        ValidatorText::tr("node \"%1\": %2 is the %3 address of %4")
                            .arg(node.id, iface.ip,
                                 *ip == cidr->network() ? QStringLiteral("network") : QStringLiteral("broadcast"),
                                 net->cidr),
                        node.id);
            }
            if (iface.ip == net->gateway)
                sink.error(
                    TopologyRules::NodeIpReserved, p + QStringLiteral("/ip"),
                    ValidatorText::tr("node \"%1\": %2 is the gateway of \"%3\"").arg(node.id, iface.ip, net->name),
                    node.id);
        }
        const auto used = usedIps.constFind(*ip);
        if (used != usedIps.constEnd()) {
            sink.error(
                TopologyRules::NodeIpDuplicate, p + QStringLiteral("/ip"),
                ValidatorText::tr("node \"%1\": %2 is already used by node \"%3\"").arg(node.id, iface.ip, used->node),
                node.id);
            sink.error(
                TopologyRules::NodeIpDuplicate, used->pointer,
                ValidatorText::tr("node \"%1\": %2 is also used by node \"%3\"").arg(used->node, iface.ip, node.id),
                used->node);
        } else {
            usedIps.insert(*ip, FirstUse {node.id, p + QStringLiteral("/ip"), {}});
        }
    }
}

void checkDisks(const Lab &lab, int i, QHash<QString, FirstUse> &serials, ProblemSink &sink)
{
    const Node &node = lab.nodes.at(i);
    QSet<QString> ids;
    for (int d = 0; d < node.disks.size(); ++d) {
        const Disk &disk = node.disks.at(d);
        const QString p = nodePtr(i) + QStringLiteral("/disks/%1").arg(d);
        const QString idWhy = SafeName::check(disk.id, SafeName::Kind::Disk);
        if (!idWhy.isEmpty() || ids.contains(disk.id))
            sink.error(TopologyRules::DiskIdInvalid, p + QStringLiteral("/id"),
                       !idWhy.isEmpty()
                           ? ValidatorText::tr("node \"%1\": disk id \"%2\" %3").arg(node.id, disk.id, idWhy)
                           : ValidatorText::tr("node \"%1\": disk id \"%2\" is used twice").arg(node.id, disk.id),
                       node.id);
        ids.insert(disk.id);
        if (disk.kind != QLatin1String("disk"))
            sink.error(TopologyRules::DiskKindUnknown, p + QStringLiteral("/kind"),
                       ValidatorText::tr("node \"%1\": disk kind \"%2\" is unknown (expected \"disk\")")
                           .arg(node.id, disk.kind),
                       node.id);
        if (disk.sizeGb < 1 || disk.sizeGb > 16384)
            sink.error(TopologyRules::DiskSizeInvalid, p + QStringLiteral("/size_gb"),
                       ValidatorText::tr("node \"%1\": disk \"%2\" size %3 GB is not between 1 and 16384")
                           .arg(node.id, disk.id)
                           .arg(disk.sizeGb),
                       node.id);
        if (!Catalog::diskBuses().contains(disk.bus))
            sink.error(TopologyRules::DiskBusUnknown, p + QStringLiteral("/bus"),
                       ValidatorText::tr("node \"%1\": disk bus \"%2\" is unknown (expected %3)")
                           .arg(node.id, disk.bus, Catalog::diskBuses().join(QStringLiteral(", "))),
                       node.id);
        const QString sp = p + QStringLiteral("/serial");
        if (disk.serial.isEmpty()) {
            sink.error(TopologyRules::DiskSerialEmpty, sp,
                       ValidatorText::tr("node \"%1\": disk \"%2\" has no serial; the guest finds it by its serial")
                           .arg(node.id, disk.id),
                       node.id);
            continue;
        }
        if (disk.serial.size() > Catalog::MaxDiskSerialLength)
            sink.error(TopologyRules::DiskSerialTooLong, sp,
                       ValidatorText::tr("node \"%1\": serial \"%2\" has %3 characters; virtio-blk keeps only %4")
                           .arg(node.id, disk.serial)
                           .arg(disk.serial.size())
                           .arg(Catalog::MaxDiskSerialLength),
                       node.id);
        const bool printable = std::all_of(disk.serial.begin(), disk.serial.end(),
                                           [](QChar c) { return c.unicode() > 0x20 && c.unicode() < 0x7f; });
        if (!printable)
            sink.error(TopologyRules::DiskSerialInvalid, sp,
                       ValidatorText::tr("node \"%1\": serial \"%2\" must be printable ASCII without spaces")
                           .arg(node.id, disk.serial),
                       node.id);
        if (disk.serial == QLatin1String(Catalog::SeedDiskSerial))
            sink.error(TopologyRules::DiskSerialReserved, sp,
                       ValidatorText::tr("node \"%1\": serial \"%2\" is reserved for the disk that carries the run's "
                                         "secrets")
                           .arg(node.id, disk.serial),
                       node.id);
        const auto other = serials.constFind(disk.serial);
        if (other != serials.constEnd()) {
            sink.error(TopologyRules::DiskSerialDuplicate, sp,
                       ValidatorText::tr("node \"%1\": serial \"%2\" is already used by %3")
                           .arg(node.id, disk.serial, other->what),
                       node.id);
            sink.error(TopologyRules::DiskSerialDuplicate, other->pointer,
                       ValidatorText::tr("node \"%1\": serial \"%2\" is also used by disk \"%3\" of node \"%4\"")
                           .arg(other->node, disk.serial, disk.id, node.id),
                       other->node);
        } else {
            serials.insert(
                disk.serial,
                FirstUse {node.id, sp, ValidatorText::tr("disk \"%1\" of node \"%2\"").arg(disk.id, node.id)});
        }
    }
}

void checkRecipe(const Lab &lab, int i, ProblemSink &sink)
{
    const Node &node = lab.nodes.at(i);
    const Recipe &r = node.recipe;
    const QString p = nodePtr(i) + QStringLiteral("/recipe");
    if (!Catalog::baseImages().contains(r.baseImage))
        sink.error(TopologyRules::RecipeBaseImageUnknown, p + QStringLiteral("/base_image"),
                   ValidatorText::tr("node \"%1\": base image \"%2\" is unknown (known: %3)")
                       .arg(node.id, r.baseImage, Catalog::baseImages().join(QStringLiteral(", "))),
                   node.id);
    if (r.minMemoryGb < 1 || r.minMemoryGb > 1024)
        sink.error(TopologyRules::RecipeHardwareInvalid, p + QStringLiteral("/hardware/min_memory_gb"),
                   ValidatorText::tr("node \"%1\": min_memory_gb %2 is not between 1 and 1024")
                       .arg(node.id)
                       .arg(r.minMemoryGb),
                   node.id);
    if (r.minCpu < 1 || r.minCpu > 256)
        sink.error(TopologyRules::RecipeHardwareInvalid, p + QStringLiteral("/hardware/min_cpu"),
                   ValidatorText::tr("node \"%1\": min_cpu %2 is not between 1 and 256").arg(node.id).arg(r.minCpu),
                   node.id);

    QSet<QString> seen;
    for (int f = 0; f < r.features.size(); ++f) {
        const QString &name = r.features.at(f);
        const QString fp = p + QStringLiteral("/features/%1").arg(f);
        if (seen.contains(name)) {
            sink.error(TopologyRules::FeatureDuplicate, fp,
                       ValidatorText::tr("node \"%1\": feature \"%2\" is listed twice").arg(node.id, name), node.id);
            continue;
        }
        seen.insert(name);
        const FeatureInfo *info = Catalog::feature(name);
        if (!info) {
            sink.error(TopologyRules::FeatureUnknown, fp,
                       ValidatorText::tr("node \"%1\": unknown feature \"%2\"").arg(node.id, name), node.id);
            continue;
        }
        if (!info->allowsRole(node.role))
            sink.error(TopologyRules::FeatureRoleForbidden, fp,
                       ValidatorText::tr("node \"%1\": feature \"%2\" is not allowed for role \"%3\" (allowed: %4)")
                           .arg(node.id, name, node.role, info->allowedRoles.join(QStringLiteral(", "))),
                       node.id);
        for (const QString &needed : info->requiresFeatures) {
            if (!r.hasFeature(needed))
                sink.error(
                    TopologyRules::FeatureRequires, fp,
                    ValidatorText::tr("node \"%1\": feature \"%2\" needs feature \"%3\"").arg(node.id, name, needed),
                    node.id);
        }
    }

    static const QRegularExpression packageName(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9][a-z0-9+.-]+")));
    for (int k = 0; k < r.packages.size(); ++k) {
        const QString &pkg = r.packages.at(k);
        const QString pp = p + QStringLiteral("/packages/%1").arg(k);
        const QString owner = Catalog::featureOwningPackage(pkg);
        if (!owner.isEmpty())
            sink.error(
                TopologyRules::PackageOwnedByFeature, pp,
                ValidatorText::tr("node \"%1\": package \"%2\" is installed at its pinned version by feature \"%3\"; "
                                  "remove it from packages%4")
                    .arg(node.id, pkg, owner,
                         r.hasFeature(owner) ? QString() : ValidatorText::tr(" and add the feature if it is needed")),
                node.id);
        else if (!packageName.match(pkg).hasMatch())
            sink.error(TopologyRules::PackageInvalid, pp,
                       ValidatorText::tr("node \"%1\": \"%2\" is not a Debian package name").arg(node.id, pkg),
                       node.id);
        else if (pkg.endsWith(QLatin1Char('-')))
            sink.error(TopologyRules::PackageInvalid, pp,
                       ValidatorText::tr("node \"%1\": \"%2\" ends with \"-\", which apt reads as \"remove this "
                                         "package\"")
                           .arg(node.id, pkg),
                       node.id);
    }

    static const QRegularExpression userName(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z_][a-z0-9_-]{0,31}")));
    QSet<QString> users;
    bool sshUser = false;
    for (int u = 0; u < r.users.size(); ++u) {
        const User &user = r.users.at(u);
        if (!userName.match(user.name).hasMatch() || users.contains(user.name) || user.name == QLatin1String("root"))
            sink.error(TopologyRules::UserNameInvalid, p + QStringLiteral("/users/%1/name").arg(u),
                       ValidatorText::tr("node \"%1\": user name \"%2\" is invalid, reserved or used twice")
                           .arg(node.id, user.name),
                       node.id);
        users.insert(user.name);
        sshUser = sshUser || user.ssh;
    }
    if (Catalog::hasFeatureThatIs(r, &FeatureInfo::needsLoginUser) && !sshUser)
        sink.error(
            TopologyRules::UserSshMissing, p + QStringLiteral("/users"),
            ValidatorText::tr("node \"%1\" has the ssh feature but no user with ssh: true; tests could not log in")
                .arg(node.id),
            node.id);
}

void checkPositions(const Lab &lab, ProblemSink &sink)
{
    // Each node that overlaps an earlier one is told once, naming the first it overlaps and
    // how many more. The cards are kept in a grid of card-sized cells, so a node is compared
    // with the cards of its own and the neighbouring cells only, and at most OverlapScan of
    // them: a lab of thousands of nodes at one spot is checked in linear time.
    constexpr int OverlapScan = 64;
    const QSizeF size = Catalog::nodeSize();
    const auto cellOf = [&size](QPointF p) {
        return std::pair {qint64(std::floor(p.x() / size.width())), qint64(std::floor(p.y() / size.height()))};
    };
    QHash<std::pair<qint64, qint64>, QList<int>> cells;
    for (int i = 0; i < lab.nodes.size(); ++i) {
        const Node &n = lab.nodes.at(i);
        const QRectF box(n.position, size);
        const auto [cx, cy] = cellOf(n.position);
        int first = -1, overlaps = 0, scanned = 0;
        for (qint64 dx = -1; dx <= 1 && scanned < OverlapScan; ++dx) {
            for (qint64 dy = -1; dy <= 1 && scanned < OverlapScan; ++dy) {
                for (int j : cells.value({cx + dx, cy + dy})) {
                    if (++scanned > OverlapScan)
                        break;
                    if (!box.intersects(QRectF(lab.nodes.at(j).position, size)))
                        continue;
                    first = first < 0 ? j : std::min(first, j);
                    ++overlaps;
                }
            }
        }
        if (first >= 0) {
            QString message =
                ValidatorText::tr("node \"%1\" overlaps node \"%2\" on the canvas").arg(n.id, lab.nodes.at(first).id);
            if (scanned > OverlapScan)
                message += ValidatorText::tr(" and at least %n more node(s)", nullptr, overlaps - 1);
            else if (overlaps > 1)
                message += ValidatorText::tr(" and %n more node(s)", nullptr, overlaps - 1);
            sink.warning(TopologyRules::NodePositionOverlap, nodePtr(i) + QStringLiteral("/position"), message, n.id);
        }
        cells[cellOf(n.position)].append(i);
    }
}

} // namespace

void TopologyRules::check(const Lab &lab, ProblemSink &sink)
{
    if (const QString why = SafeName::check(lab.name, SafeName::Kind::Lab); !why.isEmpty())
        sink.error(TopologyRules::LabNameInvalid, QStringLiteral("/name"),
                   ValidatorText::tr("lab name \"%1\" %2").arg(lab.name, why));
    checkNetworks(lab, sink);

    QHash<QString, int> ids;
    QHash<quint32, FirstUse> usedIps;
    QHash<QString, FirstUse> serials;
    for (int i = 0; i < lab.nodes.size(); ++i) {
        const Node &node = lab.nodes.at(i);
        if (!Lab::isHostName(node.id))
            sink.error(
                TopologyRules::NodeIdInvalid, nodePtr(i) + QStringLiteral("/node_id"),
                ValidatorText::tr("node id \"%1\" is not a valid host name (lower-case letters, digits, inner dashes)")
                    .arg(node.id),
                node.id);
        if (ids.contains(node.id))
            sink.error(
                TopologyRules::NodeIdDuplicate, nodePtr(i) + QStringLiteral("/node_id"),
                ValidatorText::tr("node id \"%1\" is already used by node %2").arg(node.id).arg(ids.value(node.id)),
                node.id);
        else
            ids.insert(node.id, i);
        if (!Catalog::nodeKinds().contains(node.kind))
            sink.error(TopologyRules::NodeKindUnknown, nodePtr(i) + QStringLiteral("/kind"),
                       ValidatorText::tr("node \"%1\": kind \"%2\" is unknown (known: %3)")
                           .arg(node.id, node.kind, Catalog::nodeKinds().join(QStringLiteral(", "))),
                       node.id);
        if (!Catalog::roles().contains(node.role))
            sink.error(TopologyRules::NodeRoleUnknown, nodePtr(i) + QStringLiteral("/role"),
                       ValidatorText::tr("node \"%1\": role \"%2\" is unknown (known: %3)")
                           .arg(node.id, node.role, Catalog::roles().join(QStringLiteral(", "))),
                       node.id);
        checkInterfaces(lab, i, usedIps, sink);
        checkDisks(lab, i, serials, sink);
        checkRecipe(lab, i, sink);
    }
    checkPositions(lab, sink);
}

} // namespace Labforge
