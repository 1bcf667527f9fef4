// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// What the peer benchmark (bench/bench_peers) hands the usual tools for the native HPC lab:
// the roles, cloud-init's NoCloud seed, mmdebstrap's arguments and the disk script, virt-install's arguments, and
// Vagrant's boxes and Vagrantfile. Their commands run only in the benchmark (VMs).
#include "BundleGenerator.h"
#include "FeatureModules.h"
#include "PeerLab.h"
#include "PeerVagrant.h"
#include "TestLabs.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

class TestPeerLab : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    static QList<PeerLab::Role> roles(double scale = 0.5)
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        QString error;
        QList<PeerLab::Role> r = PeerLab::fromLab(lab, BundleGenerator::generate(lab), scale, &error);
        if (!error.isEmpty())
            qFatal("%s", qPrintable(error));
        return r;
    }
    static PeerLab::Role role(const QString &id)
    {
        for (const PeerLab::Role &r : roles())
            if (r.id == id)
                return r;
        qFatal("no role %s", qPrintable(id));
    }

private Q_SLOTS:
    // The six roles with labforge's memory at the same scale, their addresses and packages.
    void rolesOfTheNativeLab()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        const Bundle bundle = BundleGenerator::generate(lab);
        const QList<PeerLab::Role> r = roles();
        QCOMPARE(r.size(), 6);
        QSet<QString> macs;
        for (const PeerLab::Role &x : r) {
            QCOMPARE(x.memoryMiB, 2048); // min_memory_gb 4 at 0.5, as BootPlanner gives it
            QCOMPARE(x.prefix, 24);
            QCOMPARE(x.gateway, QStringLiteral("10.103.0.1"));
            QCOMPARE(x.suite, QStringLiteral("trixie"));
            QCOMPARE(x.packages, bundle.node(x.id)->output.packages);
            QVERIFY(x.packages.contains(QStringLiteral("linux-image-amd64")));
            macs.insert(x.mac);
        }
        QCOMPARE(macs.size(), 6);
        QCOMPARE(role(QStringLiteral("controller")).vcpus, 2);
        QCOMPARE(role(QStringLiteral("controller")).ip, QStringLiteral("10.103.0.10"));
        QCOMPARE(roles(0.1).first().memoryMiB, 512); // BootPlanner's floor
    }

    void aNodeWithoutAnAddressIsNamed()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        const Bundle bundle = BundleGenerator::generate(lab);
        lab.node(QStringLiteral("storage"))->interfaces.clear();
        QString error;
        QVERIFY(PeerLab::fromLab(lab, bundle, 1, &error).isEmpty());
        QVERIFY2(error.startsWith(QStringLiteral("node storage:")), qPrintable(error));
    }

    void seedCarriesUserKeyPackagesHostnameAndAddress()
    {
        const PeerLab::Role r = role(QStringLiteral("compute-1"));
        const QString user = PeerLab::userData(r, QStringLiteral("ops"), QStringLiteral("ssh-ed25519 AAAAkey a@b\n"));
        QVERIFY(user.startsWith(QStringLiteral("#cloud-config\n")));
        QVERIFY(user.contains(QStringLiteral("\nhostname: compute-1\n")));
        QVERIFY(user.contains(QStringLiteral("  - name: ops\n")));
        QVERIFY(user.contains(QStringLiteral("      - \"ssh-ed25519 AAAAkey a@b\"\n")));
        QVERIFY(user.contains(QStringLiteral("package_update: false\n")));
        for (const QString &p : r.packages)
            QVERIFY2(user.contains(QStringLiteral("\n  - \"%1\"\n").arg(p)), qPrintable(p));
        QCOMPARE(PeerLab::metaData(r), QStringLiteral("instance-id: lfpeer-compute-1\nlocal-hostname: compute-1\n"));
        const QString net = PeerLab::networkConfig(r);
        QVERIFY(net.contains(QStringLiteral("macaddress: \"%1\"").arg(r.mac)));
        QVERIFY(net.contains(QStringLiteral("addresses: [\"10.103.0.21/24\"]")));
        QVERIFY(net.contains(QStringLiteral("via: 10.103.0.1")));
        PeerLab::Role noGateway = r;
        noGateway.gateway.clear();
        QVERIFY(!PeerLab::networkConfig(noGateway).contains(QStringLiteral("routes")));
    }

    // A YAML double-quoted scalar escapes what would end it.
    void seedQuotesItsScalars()
    {
        PeerLab::Role r = role(QStringLiteral("storage"));
        r.packages = {QStringLiteral("a\"b\\c")};
        QVERIFY(PeerLab::userData(r, QStringLiteral("ops"), QStringLiteral("k"))
                    .contains(QStringLiteral("- \"a\\\"b\\\\c\"")));
    }

    // The image: Debian's kernel and initramfs-tools, cloud-init and the role's packages, once
    // each; the package cache in before apt and out after; the user with the key.
    void mmdebstrapOfARole()
    {
        const PeerLab::Role r = role(QStringLiteral("storage"));
        const QStringList a = PeerLab::mmdebstrapArgs(r, QStringLiteral("http://deb.debian.org/debian"),
                                                      QStringLiteral("ops"), QStringLiteral("ssh-ed25519 AAAAkey\n"),
                                                      QStringLiteral("/w/storage.tree"), QStringLiteral("/w/debs"));
        QCOMPARE(a.mid(a.size() - 3),
                 (QStringList {QStringLiteral("trixie"), QStringLiteral("/w/storage.tree"),
                               QStringLiteral("http://deb.debian.org/debian")}));
        QVERIFY(a.contains(QStringLiteral("--format=directory")));
        const QString include = a.filter(QStringLiteral("--include=")).value(0);
        const QStringList packages = include.mid(10).split(u',');
        for (const QString &p : r.packages + PeerLab::peerPackages())
            QCOMPARE(packages.count(p), 1);
        QVERIFY(packages.contains(QStringLiteral("nfs-kernel-server")));
        QVERIFY(packages.contains(QStringLiteral("cloud-init")));
        QVERIFY(a.contains(QStringLiteral("--setup-hook=sync-in '/w/debs' /var/cache/apt/archives")));
        QVERIFY(a.contains(QStringLiteral("--customize-hook=sync-out /var/cache/apt/archives '/w/debs'")));
        const QString setup = a.filter(QStringLiteral("--customize-hook=chroot")).value(0);
        QVERIFY(setup.contains(QStringLiteral("ssh-ed25519 AAAAkey")));
        QVERIFY(setup.contains(QStringLiteral("NOPASSWD:ALL")));
        QVERIFY(setup.contains(QStringLiteral("LABEL=root / ext4")));
        // The hook is one shell word for mmdebstrap's `sh -c`: sh -n reads it.
        QProcess sh;
        sh.start(QStringLiteral("sh"), {QStringLiteral("-n"), QStringLiteral("-c"), setup.mid(17)});
        QVERIFY(sh.waitForFinished());
        QCOMPARE(sh.exitCode(), 0);
        const QString disk = PeerLab::diskScript(QStringLiteral("/w/a b.tree"), QStringLiteral("/w/a b"));
        QVERIFY(disk.contains(QStringLiteral("mkfs.ext4 -q -L root -d '/w/a b.tree' '/w/a b'.raw 6G")));
        QVERIFY(disk.contains(QStringLiteral("'/w/a b.tree'/boot/vmlinuz-*")));
        QVERIFY(disk.contains(QStringLiteral("'/w/a b.tree'/boot/initrd.img-*")));
    }

    void virtInstallImportsWithoutAConsole()
    {
        const PeerLab::Role r = role(QStringLiteral("controller"));
        const QStringList a = PeerLab::virtInstallArgs(r, QStringLiteral("lfpeer-controller"),
                                                       QStringLiteral("/w/d.qcow2"), QStringLiteral("/w/seed.iso"),
                                                       QStringLiteral("/w/controller"), QStringLiteral("lfpeer"),
                                                       QStringLiteral("qemu"), QStringLiteral("qemu:///system"));
        QCOMPARE(a.at(a.indexOf(QStringLiteral("--boot")) + 1),
                 QStringLiteral("kernel=/w/controller.vmlinuz,initrd=/w/controller.initrd,kernel_args=\"%1\"")
                     .arg(PeerLab::kernelCommandLine()));
        QVERIFY(a.contains(QStringLiteral("--import")));
        QVERIFY(a.contains(QStringLiteral("--noautoconsole")));
        QCOMPARE(a.at(a.indexOf(QStringLiteral("--memory")) + 1), QStringLiteral("2048"));
        QCOMPARE(a.at(a.indexOf(QStringLiteral("--vcpus")) + 1), QStringLiteral("2"));
        QCOMPARE(a.at(a.indexOf(QStringLiteral("--virt-type")) + 1), QStringLiteral("qemu"));
        QVERIFY(a.contains(QStringLiteral("path=/w/seed.iso,device=cdrom")));
        QVERIFY(a.contains(QStringLiteral("network=lfpeer,mac=%1,model=virtio").arg(r.mac)));
        const QString xml = PeerLab::libvirtNetworkXml(QStringLiteral("lfpeer"), QStringLiteral("lfpeer0"),
                                                       QStringLiteral("10.103.0.1"), 24);
        QVERIFY(xml.contains(QStringLiteral("<ip address='10.103.0.1' prefix='24'/>")));
        QVERIFY(!xml.contains(QStringLiteral("forward")));
    }

    void vagrantBoxAndVagrantfile()
    {
        const QJsonObject meta = QJsonDocument::fromJson(PeerVagrant::boxMetadata(6).toUtf8()).object();
        QCOMPARE(meta.value(QStringLiteral("provider")).toString(), QStringLiteral("libvirt"));
        QCOMPARE(meta.value(QStringLiteral("format")).toString(), QStringLiteral("qcow2"));
        QCOMPARE(meta.value(QStringLiteral("virtual_size")).toInt(), 6);
        PeerVagrant::Settings s;
        s.driver = QStringLiteral("qemu");
        s.storagePool = QStringLiteral("lfpeer");
        s.user = QStringLiteral("ops");
        s.privateKey = QStringLiteral("/w/key \"#{x}");
        s.images = QStringLiteral("/w/images");
        QVERIFY(PeerVagrant::boxVagrantfile(s).contains(QStringLiteral("libvirt.driver = \"qemu\"")));
        const QList<PeerLab::Role> r = roles();
        const QString file = PeerVagrant::vagrantfile(r, s);
        // Ruby would interpolate #{…} and end the string at a quote.
        QVERIFY(file.contains(QStringLiteral("config.ssh.private_key_path = \"/w/key \\\"\\#{x}\"")));
        QVERIFY(file.contains(QStringLiteral("config.ssh.insert_key = false")));
        for (const PeerLab::Role &x : r) {
            QVERIFY(file.contains(QStringLiteral("config.vm.define \"%1\" do |m|\n    m.vm.box = \"lfpeer-%1\"\n"
                                                 "    m.vm.hostname = \"%1\"\n")
                                      .arg(x.id)));
            QVERIFY(file.contains(QStringLiteral("private_network, ip: \"%1\"").arg(x.ip)));
            QVERIFY(file.contains(QStringLiteral("libvirt.kernel = \"/w/images/%1.vmlinuz\"").arg(x.id)));
            QVERIFY(file.contains(QStringLiteral("libvirt.initrd = \"/w/images/%1.initrd\"").arg(x.id)));
        }
        QCOMPARE(file.count(QStringLiteral("libvirt.memory = 2048")), 6);
        QVERIFY(file.contains(QStringLiteral("libvirt.cpus = 2")));
        QCOMPARE(file.count(QStringLiteral("libvirt__netmask: \"255.255.255.0\"")), 6);
    }

    // The box image from the role's ext4 image, written with debugfs (no mount): a shell
    // script with every path quoted (sh -n reads it).
    void boxImageScriptQuotesItsPaths()
    {
        const QString script =
            PeerVagrant::boxImageScript(QStringLiteral("/w/images/a b.raw"), QStringLiteral("/w/box es"));
        QVERIFY(script.contains(QStringLiteral("cd '/w/box es'\ncp --sparse=always '/w/images/a b.raw' box.raw\n")));
        QVERIFY(script.contains(QStringLiteral("debugfs -w -R 'write eth0 /etc/network/interfaces.d/eth0' box.raw")));
        QVERIFY(script.contains(QStringLiteral("iface eth0 inet dhcp")));
        QVERIFY(script.contains(QStringLiteral("/etc/cloud/cloud-init.disabled")));
        QVERIFY(script.contains(QStringLiteral("qemu-img convert -O qcow2 box.raw box.img")));
        QProcess sh;
        sh.start(QStringLiteral("sh"), {QStringLiteral("-n"), QStringLiteral("-c"), script});
        QVERIFY(sh.waitForFinished());
        QCOMPARE(sh.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPeerLab)
#include "tst_peerlab.moc"
