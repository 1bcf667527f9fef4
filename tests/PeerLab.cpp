// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PeerLab.h"

#include "Cidr.h"
#include "Shell.h"

#include <cmath>

namespace Labforge {

namespace {

// A YAML scalar in double quotes (JSON's escaping is YAML's).
QString quoted(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        if (c == u'"' || c == u'\\')
            out += u'\\';
        out += c;
    }
    return out + u'"';
}

QString yamlList(const QStringList &items, const QString &indent)
{
    QString out;
    for (const QString &item : items)
        out += indent + QStringLiteral("- ") + quoted(item) + u'\n';
    return out;
}

} // namespace

QString PeerLab::macFor(int index)
{
    return QStringLiteral("52:54:00:4c:46:%1").arg(index + 1, 2, 16, QLatin1Char('0'));
}

QStringList PeerLab::peerPackages()
{
    return {QStringLiteral("cloud-init"), QStringLiteral("ifupdown"), QStringLiteral("isc-dhcp-client"),
            QStringLiteral("openssh-server"), QStringLiteral("sudo")};
}

QList<PeerLab::Role> PeerLab::fromLab(const Lab &lab, const Bundle &bundle, double memoryScale, QString *error)
{
    QList<Role> roles;
    for (qsizetype i = 0; i < lab.nodes.size(); ++i) {
        const Node &node = lab.nodes.at(i);
        const Bundle::NodeImage *image = bundle.node(node.id);
        if (!image || node.interfaces.isEmpty()) {
            *error =
                QStringLiteral("node %1: %2")
                    .arg(node.id, image ? QStringLiteral("no interface") : QStringLiteral("no image in the bundle"));
            return {};
        }
        Role r;
        r.id = node.id;
        r.ip = node.ip();
        if (const Network *net = lab.network(node.interfaces.first().network)) {
            if (const auto cidr = Cidr::parse(net->cidr))
                r.prefix = cidr->prefixLength();
            r.gateway = net->gateway;
        }
        r.mac = macFor(int(i));
        // As BootPlanner gives the node at this scale.
        r.memoryMiB = std::max(512, int(std::lround(node.recipe.minMemoryGb * 1024 * memoryScale)));
        r.vcpus = std::max(1, node.recipe.minCpu);
        r.suite = image->suite;
        r.packages = image->output.packages;
        roles.append(r);
    }
    return roles;
}

QString PeerLab::userData(const Role &role, const QString &user, const QString &publicKey)
{
    return QStringLiteral("#cloud-config\n"
                          "hostname: %1\n"
                          "manage_etc_hosts: true\n"
                          "users:\n"
                          "  - name: %2\n"
                          "    groups: [sudo]\n"
                          "    shell: /bin/bash\n"
                          "    sudo: \"ALL=(ALL) NOPASSWD:ALL\"\n"
                          "    lock_passwd: true\n"
                          "    ssh_authorized_keys:\n"
                          "      - %3\n"
                          "ssh_pwauth: false\n"
                          "package_update: false\n"
                          "package_upgrade: false\n"
                          "packages:\n%4")
        .arg(role.id, user, quoted(publicKey.trimmed()), yamlList(role.packages, QStringLiteral("  ")));
}

QString PeerLab::metaData(const Role &role)
{
    return QStringLiteral("instance-id: lfpeer-%1\nlocal-hostname: %1\n").arg(role.id);
}

QString PeerLab::networkConfig(const Role &role)
{
    QString text = QStringLiteral("version: 2\n"
                                  "ethernets:\n"
                                  "  eth0:\n"
                                  "    match:\n"
                                  "      macaddress: \"%1\"\n"
                                  "    set-name: eth0\n"
                                  "    addresses: [\"%2/%3\"]\n")
                       .arg(role.mac, role.ip)
                       .arg(role.prefix);
    if (!role.gateway.isEmpty())
        text += QStringLiteral("    routes:\n      - to: 0.0.0.0/0\n        via: %1\n").arg(role.gateway);
    return text;
}

QString PeerLab::kernelCommandLine()
{
    return QStringLiteral("root=/dev/vda rw console=ttyS0,115200 net.ifnames=0");
}

QStringList PeerLab::mmdebstrapArgs(const Role &role, const QString &mirror, const QString &user,
                                    const QString &publicKey, const QString &tree, const QString &packageCache)
{
    // What the image carries before cloud-init runs; eth0 (net.ifnames=0) is what cloud-init's
    // and Vagrant's network configuration name.
    const QString setup =
        QStringLiteral("chroot \"$1\" sh -c %1")
            .arg(Shell::quote(
                QStringLiteral(
                    "id -u %1 >/dev/null 2>&1 || useradd -m -s /bin/bash -G sudo %1 && "
                    "install -d -m 0700 -o %1 -g %1 /home/%1/.ssh && "
                    "printf '%s\\n' %2 > /home/%1/.ssh/authorized_keys && "
                    "chown %1:%1 /home/%1/.ssh/authorized_keys && chmod 0600 /home/%1/.ssh/authorized_keys && "
                    "printf '%s ALL=(ALL) NOPASSWD:ALL\\n' %1 > /etc/sudoers.d/%1 && "
                    "chmod 0440 /etc/sudoers.d/%1 && "
                    "printf 'auto lo\\niface lo inet loopback\\nsource /etc/network/interfaces.d/*\\n' > "
                    "/etc/network/interfaces && "
                    "printf 'LABEL=root / ext4 defaults 0 1\\n' > /etc/fstab && "
                    "printf '%s\\n' %3 > /etc/hostname")
                    .arg(user, Shell::quote(publicKey.trimmed()), role.id)));
    QStringList packages = QStringList {QStringLiteral("linux-image-amd64"), QStringLiteral("initramfs-tools")}
        + peerPackages() + role.packages;
    packages.removeDuplicates();
    return {QStringLiteral("--format=directory"), QStringLiteral("--include=") + packages.join(u','),
            QStringLiteral("--skip=download/empty"), QStringLiteral("--skip=essential/unlink"),
            // apt's index stays: cloud-init's packages module asks apt about the seed's packages.
            QStringLiteral("--skip=cleanup/apt/lists"),
            QStringLiteral("--setup-hook=mkdir -p \"$1\"/var/cache/apt/archives"),
            QStringLiteral("--setup-hook=sync-in %1 /var/cache/apt/archives").arg(Shell::quote(packageCache)),
            QStringLiteral("--customize-hook=sync-out /var/cache/apt/archives %1").arg(Shell::quote(packageCache)),
            QStringLiteral("--customize-hook=rm -f \"$1\"/var/cache/apt/archives/*.deb"),
            QStringLiteral("--customize-hook=") + setup, role.suite, tree, mirror};
}

QString PeerLab::diskScript(const QString &tree, const QString &base, int sizeGb)
{
    return QStringLiteral("set -e\n"
                          "cp \"$(ls -1 %1/boot/vmlinuz-* | tail -n 1)\" %2.vmlinuz\n"
                          "cp \"$(ls -1 %1/boot/initrd.img-* | tail -n 1)\" %2.initrd\n"
                          "rm -f %2.raw\n"
                          "mkfs.ext4 -q -L root -d %1 %2.raw %3G\n"
                          "qemu-img convert -O qcow2 %2.raw %2.qcow2\n"
                          "rm -rf %1\n")
        .arg(Shell::quote(tree), Shell::quote(base))
        .arg(sizeGb);
}

QStringList PeerLab::virtInstallArgs(const Role &role, const QString &domain, const QString &disk,
                                     const QString &seedIso, const QString &imageBase, const QString &network,
                                     const QString &virtType, const QString &uri)
{
    return {QStringLiteral("--connect"),
            uri,
            QStringLiteral("--name"),
            domain,
            QStringLiteral("--memory"),
            QString::number(role.memoryMiB),
            QStringLiteral("--vcpus"),
            QString::number(role.vcpus),
            QStringLiteral("--virt-type"),
            virtType,
            QStringLiteral("--import"),
            QStringLiteral("--boot"),
            QStringLiteral("kernel=%1.vmlinuz,initrd=%1.initrd,kernel_args=\"%2\"").arg(imageBase, kernelCommandLine()),
            QStringLiteral("--disk"),
            QStringLiteral("path=%1,format=qcow2,bus=virtio").arg(disk),
            QStringLiteral("--disk"),
            QStringLiteral("path=%1,device=cdrom").arg(seedIso),
            QStringLiteral("--network"),
            QStringLiteral("network=%1,mac=%2,model=virtio").arg(network, role.mac),
            QStringLiteral("--osinfo"),
            QStringLiteral("detect=on,require=off"),
            QStringLiteral("--graphics"),
            QStringLiteral("none"),
            QStringLiteral("--noautoconsole")};
}

QString PeerLab::libvirtNetworkXml(const QString &name, const QString &bridge, const QString &hostIp, int prefix)
{
    return QStringLiteral("<network>\n  <name>%1</name>\n  <bridge name='%2' stp='off'/>\n"
                          "  <ip address='%3' prefix='%4'/>\n</network>\n")
        .arg(name, bridge, hostIp)
        .arg(prefix);
}

} // namespace Labforge
