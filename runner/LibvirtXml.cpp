#include "LibvirtXml.h"

namespace Labforge {

QString LibvirtXml::escape(const QString &text)
{
    return text.toHtmlEscaped();
}

QByteArray LibvirtXml::network(const BootPlan::Network &n)
{
    QString xml = QStringLiteral("<network>\n  <name>%1</name>\n").arg(escape(n.name));
    if (n.nat)
        xml += QStringLiteral("  <forward mode='nat'/>\n");
    xml += QStringLiteral("  <bridge name='%1' stp='off' delay='0'/>\n  <dns enable='no'/>\n").arg(escape(n.bridge));
    if (!n.gateway.isEmpty())
        xml += QStringLiteral("  <ip address='%1' netmask='%2'/>\n").arg(escape(n.gateway), escape(n.netmask));
    xml += QStringLiteral("</network>\n");
    return xml.toUtf8();
}

QByteArray LibvirtXml::domain(const BootPlan::Domain &d, BootPlan::Accel accel, const QString &labName)
{
    const bool kvm = accel == BootPlan::Accel::Kvm;
    QString xml = QStringLiteral("<domain type='%1'>\n  <name>%2</name>\n").arg(kvm ? QStringLiteral("kvm") : QStringLiteral("qemu"), escape(d.name));
    xml += QStringLiteral("  <metadata>\n    <labforge:node xmlns:labforge='urn:labforge:run:1' lab='%1' node='%2'/>\n  </metadata>\n")
               .arg(escape(labName), escape(d.node));
    xml += QStringLiteral("  <memory unit='MiB'>%1</memory>\n  <vcpu>%2</vcpu>\n").arg(d.memoryMiB).arg(d.vcpus);
    xml += QStringLiteral("  <os>\n    <type arch='x86_64' machine='pc'>hvm</type>\n    <kernel>%1</kernel>\n    <initrd>%2</initrd>\n"
                          "    <cmdline>%3</cmdline>\n  </os>\n")
               .arg(escape(d.kernel), escape(d.initrd), escape(d.cmdline));
    xml += QStringLiteral("  <features>\n    <acpi/>\n    <apic/>\n");
    if (!kvm) // QEMU's default 1 GiB translation cache costs more host memory than a small guest.
        xml += QStringLiteral("    <tcg>\n      <tb-cache unit='MiB'>256</tb-cache>\n    </tcg>\n");
    xml += QStringLiteral("  </features>\n");
    xml += kvm ? QStringLiteral("  <cpu mode='host-passthrough'/>\n") : QStringLiteral("  <cpu mode='custom'>\n    <model fallback='allow'>qemu64</model>\n  </cpu>\n");
    xml += QStringLiteral("  <clock offset='utc'/>\n  <on_poweroff>destroy</on_poweroff>\n  <on_reboot>restart</on_reboot>\n  <on_crash>destroy</on_crash>\n");
    xml += QStringLiteral("  <devices>\n");
    bool scsi = false;
    for (const BootPlan::Disk &disk : d.disks) {
        xml += QStringLiteral("    <disk type='file' device='disk'>\n      <driver name='qemu' type='%1'/>\n      <source file='%2'/>\n      <target dev='%3' bus='%4'/>\n")
                   .arg(escape(disk.format), escape(disk.file), escape(disk.target), escape(disk.bus));
        if (!disk.serial.isEmpty())
            xml += QStringLiteral("      <serial>%1</serial>\n").arg(escape(disk.serial));
        if (disk.readOnly)
            xml += QStringLiteral("      <readonly/>\n");
        xml += QStringLiteral("    </disk>\n");
        scsi = scsi || disk.bus == QLatin1String("scsi");
    }
    if (scsi)
        xml += QStringLiteral("    <controller type='scsi' model='virtio-scsi'/>\n");
    for (const BootPlan::Interface &i : d.interfaces)
        xml += QStringLiteral("    <interface type='network'>\n      <source network='%1'/>\n      <mac address='%2'/>\n      <model type='virtio'/>\n    </interface>\n")
                   .arg(escape(i.network), escape(i.mac));
    xml += QStringLiteral("    <serial type='pty'>\n      <log file='%1' append='off'/>\n      <target port='0'/>\n    </serial>\n").arg(escape(d.consoleLog));
    xml += QStringLiteral("    <console type='pty'>\n      <target type='serial' port='0'/>\n    </console>\n");
    xml += QStringLiteral("    <rng model='virtio'>\n      <backend model='random'>/dev/urandom</backend>\n    </rng>\n");
    xml += QStringLiteral("    <memballoon model='none'/>\n  </devices>\n</domain>\n");
    return xml.toUtf8();
}

} // namespace Labforge
