// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PeerVagrant.h"

#include "Ipv4.h"
#include "Shell.h"

namespace Labforge {

namespace {

// A Ruby string literal in double quotes.
QString ruby(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        if (c == u'"' || c == u'\\' || c == u'#')
            out += u'\\';
        out += c;
    }
    return out + u'"';
}

} // namespace

QString PeerVagrant::boxName(const PeerLab::Role &role)
{
    return QStringLiteral("lfpeer-") + role.id;
}

QString PeerVagrant::boxMetadata(int virtualSizeGb)
{
    return QStringLiteral("{\"provider\": \"libvirt\", \"format\": \"qcow2\", \"virtual_size\": %1}\n")
        .arg(virtualSizeGb);
}

QString PeerVagrant::boxVagrantfile(const Settings &settings)
{
    return QStringLiteral("Vagrant.configure(\"2\") do |config|\n"
                          "  config.vm.provider :libvirt do |libvirt|\n"
                          "    libvirt.driver = %1\n"
                          "  end\n"
                          "end\n")
        .arg(ruby(settings.driver));
}

QString PeerVagrant::vagrantfile(const QList<PeerLab::Role> &roles, const Settings &s)
{
    QString out = QStringLiteral("# The peer benchmark's lab for Vagrant with vagrant-libvirt (bench/bench_peers).\n"
                                 "Vagrant.configure(\"2\") do |config|\n"
                                 "  config.vm.synced_folder \".\", \"/vagrant\", disabled: true\n"
                                 "  config.ssh.username = %1\n"
                                 "  config.ssh.private_key_path = %2\n"
                                 "  config.ssh.insert_key = false\n"
                                 "  config.vm.provider :libvirt do |libvirt|\n"
                                 "    libvirt.uri = %3\n"
                                 "    libvirt.driver = %4\n"
                                 "    libvirt.storage_pool_name = %5\n"
                                 "    libvirt.management_network_name = %6\n"
                                 "    libvirt.management_network_address = %7\n"
                                 "    libvirt.graphics_type = \"none\"\n"
                                 "    libvirt.video_type = \"none\"\n"
                                 "  end\n")
                      .arg(ruby(s.user), ruby(s.privateKey), ruby(s.uri), ruby(s.driver), ruby(s.storagePool),
                           ruby(s.managementNetwork), ruby(s.managementCidr));
    for (const PeerLab::Role &r : roles) {
        out += QStringLiteral("  config.vm.define %1 do |m|\n"
                              "    m.vm.box = %2\n"
                              "    m.vm.hostname = %1\n"
                              "    m.vm.network :private_network, ip: %3, libvirt__network_name: %4,\n"
                              "                 libvirt__netmask: %5, libvirt__forward_mode: \"none\",\n"
                              "                 libvirt__dhcp_enabled: false\n"
                              "    m.vm.provider :libvirt do |libvirt|\n"
                              "      libvirt.memory = %6\n"
                              "      libvirt.cpus = %7\n"
                              "      libvirt.kernel = %8\n"
                              "      libvirt.initrd = %9\n"
                              "      libvirt.cmd_line = %10\n"
                              "    end\n"
                              "  end\n")
                   .arg(ruby(r.id), ruby(boxName(r)), ruby(r.ip), ruby(s.network),
                        ruby(Ipv4::format(r.prefix == 0 ? 0 : ~quint32(0) << (32 - r.prefix))),
                        QString::number(r.memoryMiB), QString::number(r.vcpus),
                        ruby(s.images + u'/' + r.id + QStringLiteral(".vmlinuz")),
                        ruby(s.images + u'/' + r.id + QStringLiteral(".initrd")), ruby(PeerLab::kernelCommandLine()));
    }
    return out + QStringLiteral("end\n");
}

QString PeerVagrant::boxImageScript(const QString &rawImage, const QString &boxDirectory)
{
    return QStringLiteral("set -e\n"
                          "cd %1\n"
                          "cp --sparse=always %2 box.raw\n"
                          "printf 'allow-hotplug eth0\\niface eth0 inet dhcp\\n' > eth0\n"
                          "debugfs -w -R 'write eth0 /etc/network/interfaces.d/eth0' box.raw\n"
                          "debugfs -w -R 'write /dev/null /etc/cloud/cloud-init.disabled' box.raw\n"
                          "qemu-img convert -O qcow2 box.raw box.img\n"
                          "rm -f box.raw eth0\n")
        .arg(Shell::quote(boxDirectory), Shell::quote(rawImage));
}

} // namespace Labforge
