// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LibvirtXml.h"

#include "RunOwner.h"

#include <QUuid>
#include <QXmlStreamWriter>

namespace Labforge {

namespace {

using Attributes = std::initializer_list<std::pair<const char *, QString>>;

class Writer
{
public:
    Writer()
        : m_xml(&m_out)
    {
        m_xml.setAutoFormatting(true);
        m_xml.setAutoFormattingIndent(2);
    }
    void open(const char *name, Attributes attributes = {})
    {
        m_xml.writeStartElement(QLatin1String(name));
        for (const auto &[key, value] : attributes)
            m_xml.writeAttribute(QLatin1String(key), value);
    }
    void close() { m_xml.writeEndElement(); }
    void empty(const char *name, Attributes attributes = {})
    {
        open(name, attributes);
        close();
    }
    void text(const char *name, const QString &value, Attributes attributes = {})
    {
        open(name, attributes);
        m_xml.writeCharacters(value);
        close();
    }
    QXmlStreamWriter &raw() { return m_xml; }
    QByteArray finish()
    {
        m_xml.writeEndDocument();
        return m_out;
    }

private:
    QByteArray m_out;
    QXmlStreamWriter m_xml;
};

QString newUuid()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

} // namespace

QByteArray LibvirtXml::network(const BootPlan::Network &n)
{
    Writer w;
    w.open("network");
    w.text("name", n.name);
    w.text("uuid", newUuid());
    // An Open vSwitch bridge is labforge's (HostFabric) and libvirt only attaches to it: no
    // address, no NAT of libvirt's there.
    const bool ovs = n.fabric == QLatin1String("ovs");
    if (ovs)
        w.empty("forward", {{"mode", QStringLiteral("bridge")}});
    else if (n.nat)
        w.empty("forward", {{"mode", QStringLiteral("nat")}});
    if (ovs)
        w.empty("bridge", {{"name", n.bridge}});
    else
        w.empty("bridge", {{"name", n.bridge}, {"stp", QStringLiteral("off")}, {"delay", QStringLiteral("0")}});
    if (n.mtu > 0)
        w.empty("mtu", {{"size", QString::number(n.mtu)}});
    if (ovs) {
        w.empty("virtualport", {{"type", QStringLiteral("openvswitch")}});
    } else {
        w.empty("dns", {{"enable", QStringLiteral("no")}});
        if (!n.gateway.isEmpty())
            w.empty("ip", {{"address", n.gateway}, {"netmask", n.netmask}});
    }
    w.close();
    return w.finish();
}

bool LibvirtXml::tcgTranslatesPerAddressLayout(quint64 qemuVersion)
{
    return qemuVersion != 0 && qemuVersion < 10'000'000;
}

QString LibvirtXml::tcgCmdline(const QString &cmdline, quint64 qemuVersion)
{
    // The kernel's crypto self-tests (known-answer tests of each algorithm as it registers,
    // and a failed modprobe for every template they look up) took about 2 s before systemd
    // started (6.9–7.2 s with them, 5.1 s without, two boots each). An emulated CPU has no
    // hardware crypto of its own to get wrong: the algorithms run the same generic code
    // either way. With KVM they stay, as on any host.
    QString line = cmdline + QStringLiteral(" cryptomgr.notests");
    // Where QEMU keys a translation by the guest's virtual address, address space layout
    // randomization makes every new process translate its libraries afresh (ld.so, libc, …
    // at new addresses). Measured here with the same image booted to its serial login: QEMU
    // 7.2 translated about 690 MB of host code with ASLR (the 256 MiB cache flushed twice),
    // 213 MB without; /bin/true in the guest 39 → 17 ms. QEMU 10.0 (Debian 13) translated
    // 171–178 MB with ASLR and 162–177 MB without: it shares translations, and ASLR stays.
    if (tcgTranslatesPerAddressLayout(qemuVersion))
        line += QStringLiteral(" norandmaps");
    return line;
}

bool LibvirtXml::tcgReadsGuestCpuShortWay(BootPlan::Accel accel, Versions versions)
{
    return accel != BootPlan::Accel::Kvm && versions.qemu != 0 && versions.libvirt >= 5'005'000;
}

QByteArray LibvirtXml::domain(const BootPlan::Domain &d, BootPlan::Accel accel, const QString &labName,
                              const QString &runId, Versions versions)
{
    const bool kvm = accel == BootPlan::Accel::Kvm;
    const quint64 qemuVersion = versions.qemu;
    const bool shortCpuRead = tcgReadsGuestCpuShortWay(accel, versions);
    Writer w;
    w.open("domain", {{"type", kvm ? QStringLiteral("kvm") : QStringLiteral("qemu")}});
    if (shortCpuRead)
        w.raw().writeNamespace(qemuNamespace(), QStringLiteral("qemu"));
    w.text("name", d.name);
    w.text("uuid", newUuid());
    w.open("metadata");
    w.raw().writeNamespace(metadataNamespace(), QStringLiteral("labforge"));
    w.raw().writeStartElement(metadataNamespace(), QStringLiteral("node"));
    w.raw().writeAttribute(QStringLiteral("lab"), labName);
    w.raw().writeAttribute(QStringLiteral("node"), d.node);
    w.raw().writeAttribute(QStringLiteral("run"), runId);
    // Who made it: another cache root's `status` tells such a run from an orphan of its own.
    const RunOwner owner = RunOwner::here();
    w.raw().writeAttribute(QStringLiteral("cache"), owner.cacheRoot);
    w.raw().writeAttribute(QStringLiteral("user"), owner.user);
    w.close();
    w.close();
    w.text("memory", QString::number(d.memoryMiB), {{"unit", QStringLiteral("MiB")}});
    w.text("vcpu", QString::number(d.vcpus));
    w.open("os");
    w.text("type", QStringLiteral("hvm"), {{"arch", QStringLiteral("x86_64")}, {"machine", QStringLiteral("pc")}});
    w.text("kernel", d.kernel);
    w.text("initrd", d.initrd);
    w.text("cmdline", kvm ? d.cmdline : tcgCmdline(d.cmdline, qemuVersion));
    w.close();
    w.open("features");
    w.empty("acpi");
    w.empty("apic");
    if (!kvm) { // QEMU's default 1 GiB translation cache costs more host memory than a small guest.
        w.open("tcg");
        w.text("tb-cache", QStringLiteral("256"), {{"unit", QStringLiteral("MiB")}});
        w.close();
    }
    w.close();
    if (kvm) {
        w.empty("cpu", {{"mode", QStringLiteral("host-passthrough")}});
    } else {
        w.open("cpu", {{"mode", QStringLiteral("custom")}});
        w.text("model", QStringLiteral("qemu64"), {{"fallback", QStringLiteral("allow")}});
        // qemu64 offers SVM: the guest's udev then loads kvm_amd and kvm (1.6 MB) at every boot
        // for nested virtualization nobody can use on an emulated CPU.
        w.empty("feature", {{"policy", QStringLiteral("disable")}, {"name", QStringLiteral("svm")}});
        w.close();
    }
    w.empty("clock", {{"offset", QStringLiteral("utc")}});
    w.text("on_poweroff", QStringLiteral("destroy"));
    w.text("on_reboot", QStringLiteral("restart"));
    w.text("on_crash", QStringLiteral("destroy"));
    w.open("devices");
    bool scsi = false;
    for (const BootPlan::Disk &disk : d.disks) {
        w.open("disk", {{"type", QStringLiteral("file")}, {"device", QStringLiteral("disk")}});
        w.empty("driver", {{"name", QStringLiteral("qemu")}, {"type", disk.format}});
        w.empty("source", {{"file", disk.file}});
        w.empty("target", {{"dev", disk.target}, {"bus", disk.bus}});
        if (!disk.serial.isEmpty())
            w.text("serial", disk.serial);
        if (disk.readOnly)
            w.empty("readonly");
        w.close();
        scsi = scsi || disk.bus == QLatin1String("scsi");
    }
    if (scsi)
        w.empty("controller", {{"type", QStringLiteral("scsi")}, {"model", QStringLiteral("virtio-scsi")}});
    for (const BootPlan::Interface &i : d.interfaces) {
        w.open("interface", {{"type", QStringLiteral("network")}});
        w.empty("source", {{"network", i.network}});
        w.empty("mac", {{"address", i.mac}});
        w.empty("model", {{"type", QStringLiteral("virtio")}});
        if (i.mtu > 0)
            w.empty("mtu", {{"size", QString::number(i.mtu)}});
        w.close();
    }
    w.open("serial", {{"type", QStringLiteral("pty")}});
    w.empty("log", {{"file", d.consoleLog}, {"append", QStringLiteral("off")}});
    w.empty("target", {{"port", QStringLiteral("0")}});
    w.close();
    w.open("console", {{"type", QStringLiteral("pty")}});
    w.empty("target", {{"type", QStringLiteral("serial")}, {"port", QStringLiteral("0")}});
    w.close();
    // No USB controller: a device nobody uses is probed at every boot.
    w.empty("controller", {{"type", QStringLiteral("usb")}, {"model", QStringLiteral("none")}});
    w.open("rng", {{"model", QStringLiteral("virtio")}});
    w.text("backend", QStringLiteral("/dev/urandom"), {{"model", QStringLiteral("random")}});
    w.close();
    w.empty("memballoon", {{"model", QStringLiteral("none")}});
    w.close();
    if (shortCpuRead) {
        // At every start of an x86 domain libvirt checks the virtual CPU QEMU made. Given
        // QEMU's "unavailable-features" CPU property (QEMU 4.1 and later) it lists the CPU's
        // properties and reads each one with its own qom-get: about 400 QMP round trips, 0.9 s
        // of QEMU's CPU and 0.1 s of libvirtd's per domain start here (libvirt 9.0, QEMU 7.2).
        // Without that capability it reads the CPUID words ("feature-words",
        // "filtered-features"), which says the same for an x86 CPU: a start costs 0.2 s
        // (measured: `virsh create` 0.82–0.87 s wall -> 0.27–0.30 s). Under TCG the CPU is a
        // fixed model that nothing on the host changes, so the short read is taken there.
        w.raw().writeStartElement(qemuNamespace(), QStringLiteral("capabilities"));
        w.raw().writeEmptyElement(qemuNamespace(), QStringLiteral("del"));
        w.raw().writeAttribute(QStringLiteral("capability"), QStringLiteral("cpu-unavailable-features"));
        w.raw().writeEndElement();
    }
    w.close();
    return w.finish();
}

} // namespace Labforge
