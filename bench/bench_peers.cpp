// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// labforge beside what an engineer would use instead to get the same Debian 13 machines up
// on this host, in one run, on the same lab shape and memory: the six roles of the native
// HPC lab (resources/labs/slurm-native.lab.json, each with the Debian packages labforge's
// image of it holds), memory scale 0.5.
//   - peer A, cloud-init + virt-install: a stock Debian image per role built with Debian's
//     tools (mmdebstrap from the mirror labforge uses, Debian's linux-image-amd64 and its
//     default initramfs-tools initramfs, cloud-init; `mkfs.ext4 -d` makes the disk), booted
//     straight into that kernel (no GRUB: tests/PeerLab.h says why) with
//     `virt-install --import --noautoconsole` and a NoCloud seed from `cloud-localds` with the
//     same user, key, packages, hostname and static address (tests/PeerLab);
//   - peer B, Vagrant with vagrant-libvirt: a box per role packaged from peer A's image, one
//     Vagrantfile for the six, `vagrant up --provider=libvirt --no-provision` (tests/PeerVagrant);
//   - labforge: `labforge build` and `labforge up --no-build --no-test` of the same lab.
// Figures: the six images cold (empty caches) and after one package added to one role;
// define → SSH (SSH answers with the right hostname) for one VM (observability) and for the
// six; define → a first passing check on all six (the boot settled: `systemctl
// is-system-running --wait` says running or degraded, the peers' Slurm daemons having no
// configuration). Goals: six-VM define → SSH ≤ 0.5 × each peer; the six images ≤ 0.5 × the
// peer's cold build and ≤ 0.2 × its rebuild after one package change.
// Needs root, Debian's mirror, libvirtd, mmdebstrap, virt-install, cloud-localds and vagrant with
// vagrant-libvirt: run bench/run-peer-bench.sh (it starts the daemons); `--dry-run` prints
// every command instead of running it. Not run by CI.
#include "BenchBaseline.h"
#include "BenchCache.h"
#include "BenchShell.h"
#include "BundleGenerator.h"
#include "DebianMirror.h"
#include "FeatureModules.h"
#include "LabWriter.h"
#include "LabforgeCli.h"
#include "PeerLab.h"
#include "PeerVagrant.h"
#include "Shell.h"
#include "TestLabs.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QThread>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <unistd.h>

// The composition root of this program: the recipe features, as app/main.cpp installs them.
static const bool featuresInstalled = (Labforge::FeatureModules::install(), true);

using namespace Labforge;

namespace {

const QString Uri = QStringLiteral("qemu:///system");
const QString PeerUser = QStringLiteral("ops");
const QString PeerNetwork = QStringLiteral("lfpeer");
const QString CheckCommand =
    QStringLiteral("s=$(systemctl is-system-running --wait); [ \"$s\" = running ] || [ \"$s\" = degraded ]");
constexpr double MemoryScale = 0.5;
constexpr int BootTimeoutS = 1800;

BenchBaseline &baseline()
{
    static BenchBaseline b(QStringLiteral("bench_peers"));
    return b;
}

struct Setup
{
    QString work = qEnvironmentVariable("LABFORGE_PEER_WORK", QStringLiteral("/var/tmp/labforge-peers"));
    QString cache = QStringLiteral("/var/cache/labforge-peers-bench");
    Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
    QList<PeerLab::Role> roles;
    QString changedRole = QStringLiteral("compute-2"); // gets one package more
    QString oneVm = QStringLiteral("observability"); // the one-VM figures' node: a lab of its own
    QString accel; // labforge's --accel: kvm or tcg
    QString virtType; // the same for virt-install and vagrant-libvirt: kvm or qemu
    int jobs = std::max(1, QThread::idealThreadCount());
    QString error;

    QString key() const { return work + QStringLiteral("/id_ed25519"); }
    QString images() const { return work + QStringLiteral("/images"); }
    QString debs() const { return work + QStringLiteral("/debs"); } // the peer's package cache
    QString labFile(const QString &name) const { return work + u'/' + name + QStringLiteral(".lab.json"); }
    const PeerLab::Role *role(const QString &id) const
    {
        for (const PeerLab::Role &r : roles)
            if (r.id == id)
                return &r;
        return nullptr;
    }
};

Setup &setup()
{
    static Setup s;
    return s;
}

LabforgeCli labforge()
{
    const QString given = qEnvironmentVariable("LABFORGE_BINARY");
    return LabforgeCli(given.isEmpty() ? QCoreApplication::applicationDirPath() + QStringLiteral("/../app/labforge")
                                       : given,
                       setup().cache);
}

bool preconditions(benchmark::State &state)
{
    if (!setup().error.isEmpty()) {
        state.SkipWithError(qPrintable(setup().error));
        return false;
    }
    if (!BenchShell::dryRun() && geteuid() != 0) {
        state.SkipWithError("needs root (mmdebstrap's chroots, libvirt's system instance)");
        return false;
    }
    return true;
}

QMap<QString, double> &measured()
{
    static QMap<QString, double> m;
    return m;
}

double seconds(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e9;
}

void recordRatio(const QString &key, const QString &what, double labforge, double peer, double goal)
{
    if (labforge <= 0 || peer <= 0)
        return;
    baseline().record({key, what, labforge / peer, QStringLiteral("×"),
                       goal > 0 ? QStringLiteral("≤ %1").arg(goal) : QString(), goal > 0 ? goal : -1});
}

// A peer's boot figures: define → SSH, and for more than one VM define → the check on all.
void recordPeerBoot(const QString &peer, const QString &label, int count, double toSsh, double toCheck)
{
    const QString n = QString::number(count);
    measured().insert(peer + u'_' + n, toSsh);
    baseline().record({QStringLiteral("%1_boot_%2_s").arg(peer, n),
                       QStringLiteral("%1: %2 VM(s), define → SSH").arg(label, n), toSsh, QStringLiteral("s")});
    if (count == 1)
        return;
    measured().insert(peer + QStringLiteral("_check"), toCheck);
    baseline().record({QStringLiteral("%1_check_%2_s").arg(peer, n),
                       QStringLiteral("%1: define → first check passing on all").arg(label), toCheck,
                       QStringLiteral("s")});
}

// What every side starts from: the roles, an SSH key, the lab files labforge builds.
void prepare()
{
    Setup &s = setup();
    const Bundle bundle = BundleGenerator::generate(s.lab);
    if (!bundle.ok()) {
        s.error = QStringLiteral("slurm-native does not generate: ") + bundle.errors.join(QStringLiteral("; "));
        return;
    }
    s.roles = PeerLab::fromLab(s.lab, bundle, MemoryScale, &s.error);
    // Every side on the same accelerator, as found before any benchmark's cache is emptied.
    s.accel = LabforgeCli::accel();
    s.virtType = s.accel == u"kvm" ? QStringLiteral("kvm") : QStringLiteral("qemu");
    BenchShell::run({QStringLiteral("mkdir"), {QStringLiteral("-p"), s.work}});
    if (!QFileInfo::exists(s.key()))
        BenchShell::run({QStringLiteral("ssh-keygen"),
                         {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                          QString(), QStringLiteral("-f"), s.key()}});
    Lab changed = s.lab;
    changed.node(s.changedRole)->recipe.packages.append(QStringLiteral("tree"));
    Lab one = s.lab;
    one.nodes = {*s.lab.node(s.oneVm)};
    one.links.clear();
    one.scenarios.clear();
    one.name = s.lab.name + QStringLiteral("-one");
    if (!BenchShell::dryRun()) {
        LabWriter::save(s.lab, s.labFile(s.lab.name));
        LabWriter::save(changed, s.labFile(s.lab.name + QStringLiteral("-changed")));
        LabWriter::save(one, s.labFile(one.name));
    }
}

QString publicKey()
{
    QFile f(setup().key() + QStringLiteral(".pub"));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed()
                                       : QStringLiteral("ssh-ed25519 AAAA-the-bench-key");
}

QList<BenchShell::Target> targets(const QList<PeerLab::Role> &roles)
{
    QList<BenchShell::Target> t;
    for (const PeerLab::Role &r : roles)
        t.append({r.ip, r.id});
    return t;
}

// mmdebstrap of `roles` into images/, each tree then made the role's disk (and its kernel
// and initramfs beside it): the first alone (it fills the package cache), the others at once.
bool peerBuild(const QList<PeerLab::Role> &roles)
{
    const Setup &s = setup();
    QList<BenchShell::Command> commands;
    for (const PeerLab::Role &r : roles) {
        const QString base = s.images() + u'/' + r.id;
        const QString tree = base + QStringLiteral(".tree");
        commands.append({QStringLiteral("sh"),
                         {QStringLiteral("-c"),
                          QStringLiteral("rm -rf %1 && mmdebstrap %2 && sh -c %3")
                              .arg(Shell::quote(tree),
                                   Shell::quote(PeerLab::mmdebstrapArgs(r, DebianMirror::url(), PeerUser, publicKey(),
                                                                        tree, s.debs())),
                                   Shell::quote(PeerLab::diskScript(tree, base)))}});
    }
    if (!BenchShell::run(commands.first(), nullptr, 7200))
        return false;
    return BenchShell::runParallel(commands.mid(1), s.jobs, 7200);
}

} // namespace

// The six role images, every side from empty caches, then after one package (tree) added to
// one role: peer A's mmdebstrap rebuilds that role (its package cache warm), labforge builds
// the changed lab.
static void BM_ImagesSix(benchmark::State &state)
{
    if (!preconditions(state))
        return;
    Setup &s = setup();
    for (auto _ : state) {
        BenchShell::run({QStringLiteral("rm"), {QStringLiteral("-rf"), s.images(), s.debs()}});
        BenchShell::run({QStringLiteral("mkdir"), {QStringLiteral("-p"), s.images(), s.debs()}});
        QElapsedTimer timer;
        timer.start();
        if (!peerBuild(s.roles)) {
            state.SkipWithError("mmdebstrap or the disk of a role failed");
            return;
        }
        const double peerCold = seconds(timer);
        PeerLab::Role changed = *s.role(s.changedRole);
        changed.packages.append(QStringLiteral("tree"));
        timer.restart();
        if (!peerBuild({changed})) {
            state.SkipWithError("mmdebstrap failed on the changed role");
            return;
        }
        const double peerChange = seconds(timer);
        if (BenchShell::dryRun())
            std::printf("+ rm -rf %s (labforge's cache for this benchmark)\n", qPrintable(s.cache));
        else
            BenchCache::use(s.cache, true);
        const double lfCold = labforge().build(s.labFile(s.lab.name), s.jobs);
        const double lfChange = labforge().build(s.labFile(s.lab.name + QStringLiteral("-changed")), s.jobs);
        if (lfCold < 0 || lfChange < 0) {
            state.SkipWithError("labforge build failed");
            return;
        }
        state.SetIterationTime(lfCold);
        baseline().record({QStringLiteral("peer_build_cold_s"), QStringLiteral("mmdebstrap: six role images, cold"),
                           peerCold, QStringLiteral("s")});
        baseline().record({QStringLiteral("peer_build_change_s"),
                           QStringLiteral("mmdebstrap: one package added to one role"), peerChange,
                           QStringLiteral("s")});
        baseline().record({QStringLiteral("labforge_build_cold_s"), QStringLiteral("labforge: six images, cold"),
                           lfCold, QStringLiteral("s")});
        baseline().record({QStringLiteral("labforge_build_change_s"),
                           QStringLiteral("labforge: one package added to one role"), lfChange, QStringLiteral("s")});
        recordRatio(QStringLiteral("build_cold_ratio"), QStringLiteral("six images cold, labforge ÷ mmdebstrap"),
                    lfCold, peerCold, 0.5);
        recordRatio(QStringLiteral("build_change_ratio"), QStringLiteral("one package added, labforge ÷ mmdebstrap"),
                    lfChange, peerChange, 0.2);
    }
}
BENCHMARK(BM_ImagesSix)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

namespace {

QList<PeerLab::Role> bootRoles(int count)
{
    return count == 1 ? QList<PeerLab::Role> {*setup().role(setup().oneVm)} : setup().roles;
}

QString domainOf(const PeerLab::Role &r)
{
    return QStringLiteral("lfpeer-") + r.id;
}

void peerADown(const QList<PeerLab::Role> &roles)
{
    for (const PeerLab::Role &r : roles) {
        BenchShell::run({QStringLiteral("virsh"), {QStringLiteral("-c"), Uri, QStringLiteral("destroy"), domainOf(r)}});
        BenchShell::run(
            {QStringLiteral("virsh"),
             {QStringLiteral("-c"), Uri, QStringLiteral("undefine"), QStringLiteral("--nvram"), domainOf(r)}});
    }
    BenchShell::run({QStringLiteral("virsh"), {QStringLiteral("-c"), Uri, QStringLiteral("net-destroy"), PeerNetwork}});
    BenchShell::run({QStringLiteral("rm"), {QStringLiteral("-rf"), setup().work + QStringLiteral("/vm")}});
}

// Peer A: the network, then for each VM an overlay on its role's image, its seed and
// `virt-install --import`, all VMs at once; define → SSH, then → the check on each.
void peerAUp(benchmark::State &state, int count)
{
    const Setup &s = setup();
    const QList<PeerLab::Role> roles = bootRoles(count);
    peerADown(roles);
    const QString netXml = s.work + QStringLiteral("/lfpeer-net.xml");
    BenchShell::writeFile(netXml,
                          PeerLab::libvirtNetworkXml(PeerNetwork, QStringLiteral("lfpeer0"), roles.first().gateway,
                                                     roles.first().prefix));
    QList<BenchShell::Command> defines;
    for (const PeerLab::Role &r : roles) {
        const QString dir = s.work + QStringLiteral("/vm/") + r.id;
        BenchShell::writeFile(dir + QStringLiteral("/user-data"), PeerLab::userData(r, PeerUser, publicKey()));
        BenchShell::writeFile(dir + QStringLiteral("/meta-data"), PeerLab::metaData(r));
        BenchShell::writeFile(dir + QStringLiteral("/network-config"), PeerLab::networkConfig(r));
        const QStringList install = PeerLab::virtInstallArgs(r, domainOf(r), dir + QStringLiteral("/disk.qcow2"),
                                                             dir + QStringLiteral("/seed.iso"),
                                                             s.images() + u'/' + r.id, PeerNetwork, s.virtType, Uri);
        defines.append(
            {QStringLiteral("sh"),
             {QStringLiteral("-c"),
              QStringLiteral("cd %1 && qemu-img create -q -f qcow2 -F qcow2 -b %2 disk.qcow2 && cloud-localds "
                             "--network-config=network-config seed.iso user-data meta-data && virt-install %3")
                  .arg(Shell::quote(dir), Shell::quote(s.images() + u'/' + r.id + QStringLiteral(".qcow2")),
                       Shell::quote(install))}});
    }
    QElapsedTimer timer;
    timer.start();
    const bool defined =
        BenchShell::run({QStringLiteral("virsh"), {QStringLiteral("-c"), Uri, QStringLiteral("net-create"), netXml}})
        && BenchShell::runParallel(defines, int(defines.size()), 600);
    const bool ssh = defined && BenchShell::waitForSsh(targets(roles), PeerUser, s.key(), BootTimeoutS);
    const double toSsh = seconds(timer);
    const bool checked = ssh && BenchShell::checkAll(targets(roles), PeerUser, s.key(), CheckCommand, BootTimeoutS);
    const double toCheck = seconds(timer);
    peerADown(roles);
    if (!checked) {
        state.SkipWithError(defined ? "a peer VM did not answer SSH or the check in time" : "virt-install failed");
        return;
    }
    state.SetIterationTime(toSsh);
    recordPeerBoot(QStringLiteral("cloudinit"), QStringLiteral("cloud-init + virt-install"), count, toSsh, toCheck);
}

} // namespace

static void BM_CloudInitVirtInstall(benchmark::State &state)
{
    if (!preconditions(state))
        return;
    for (auto _ : state)
        peerAUp(state, int(state.range(0)));
}
BENCHMARK(BM_CloudInitVirtInstall)->Arg(1)->Arg(6)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

namespace {

QString vagrantDir()
{
    return setup().work + QStringLiteral("/vagrant");
}

BenchShell::Command vagrant(const QStringList &args)
{
    return {QStringLiteral("vagrant"),
            args,
            {{QStringLiteral("VAGRANT_HOME"), setup().work + QStringLiteral("/vagrant-home")},
             {QStringLiteral("VAGRANT_DEFAULT_PROVIDER"), QStringLiteral("libvirt")}},
            vagrantDir()};
}

PeerVagrant::Settings vagrantSettings()
{
    PeerVagrant::Settings v;
    v.uri = Uri;
    v.driver = setup().virtType;
    v.storagePool = QStringLiteral("lfpeer");
    v.user = PeerUser;
    v.privateKey = setup().key();
    v.images = setup().images();
    return v;
}

// A box per role from peer A's image, added to Vagrant, and the pool vagrant-libvirt
// uploads them to: before any clock, once.
bool vagrantBoxes()
{
    const Setup &s = setup();
    const PeerVagrant::Settings v = vagrantSettings();
    BenchShell::run({QStringLiteral("virsh"),
                     {QStringLiteral("-c"), Uri, QStringLiteral("pool-create-as"), v.storagePool, QStringLiteral("dir"),
                      QStringLiteral("--target"), s.work + QStringLiteral("/pool")}});
    BenchShell::run({QStringLiteral("mkdir"), {QStringLiteral("-p"), s.work + QStringLiteral("/pool"), vagrantDir()}});
    for (const PeerLab::Role &r : s.roles) {
        const QString dir = s.work + QStringLiteral("/boxes/") + r.id;
        if (!BenchShell::writeFile(dir + QStringLiteral("/metadata.json"), PeerVagrant::boxMetadata(6))
            || !BenchShell::writeFile(dir + QStringLiteral("/Vagrantfile"), PeerVagrant::boxVagrantfile(v))
            || !BenchShell::run({QStringLiteral("sh"),
                                 {QStringLiteral("-c"),
                                  PeerVagrant::boxImageScript(s.images() + u'/' + r.id + QStringLiteral(".raw"), dir)}})
            || !BenchShell::run(
                {QStringLiteral("tar"),
                 {QStringLiteral("-cf"), dir + QStringLiteral(".box"), QStringLiteral("-C"), dir,
                  QStringLiteral("metadata.json"), QStringLiteral("Vagrantfile"), QStringLiteral("box.img")}})
            || !BenchShell::run(
                vagrant({QStringLiteral("box"), QStringLiteral("add"), QStringLiteral("--force"),
                         QStringLiteral("--name"), PeerVagrant::boxName(r), dir + QStringLiteral(".box")}),
                nullptr, 1800))
            return false;
        BenchShell::run({QStringLiteral("rm"), {QStringLiteral("-rf"), dir, dir + QStringLiteral(".box")}});
    }
    return BenchShell::writeFile(vagrantDir() + QStringLiteral("/Vagrantfile"), PeerVagrant::vagrantfile(s.roles, v));
}

void vagrantCleanUp()
{
    BenchShell::run(vagrant({QStringLiteral("destroy"), QStringLiteral("-f")}), nullptr, 600);
    for (const PeerLab::Role &r : setup().roles)
        BenchShell::run(vagrant(
            {QStringLiteral("box"), QStringLiteral("remove"), QStringLiteral("--force"), PeerVagrant::boxName(r)}));
    for (const QString &net : {QStringLiteral("lfpeer-vagrant"), QStringLiteral("lfpeer-vagrant-mgmt")})
        BenchShell::run({QStringLiteral("virsh"), {QStringLiteral("-c"), Uri, QStringLiteral("net-destroy"), net}});
    BenchShell::run({QStringLiteral("virsh"),
                     {QStringLiteral("-c"), Uri, QStringLiteral("pool-destroy"), QStringLiteral("lfpeer")}});
    BenchShell::run({QStringLiteral("rm"),
                     {QStringLiteral("-rf"), setup().work + QStringLiteral("/pool"), vagrantDir(),
                      setup().work + QStringLiteral("/vagrant-home")}});
}

} // namespace

// Peer B: `vagrant up --provider=libvirt --no-provision` of one machine, then of the six
// (vagrant-libvirt brings them up in parallel); define → SSH is until `up` returns and each
// answers its hostname on its private address.
static void BM_Vagrant(benchmark::State &state)
{
    if (!preconditions(state))
        return;
    const int count = int(state.range(0));
    const QList<PeerLab::Role> roles = bootRoles(count);
    for (auto _ : state) {
        if (count == 1) {
            QElapsedTimer boxes;
            boxes.start();
            if (!vagrantBoxes()) {
                state.SkipWithError("packaging or adding a box failed");
                return;
            }
            baseline().record({QStringLiteral("vagrant_boxes_s"),
                               QStringLiteral("Vagrant: six boxes packaged and added (outside the boot figures)"),
                               seconds(boxes), QStringLiteral("s")});
        }
        QStringList up {QStringLiteral("up"), QStringLiteral("--provider=libvirt"), QStringLiteral("--no-provision")};
        if (count == 1)
            up.append(roles.first().id);
        QElapsedTimer timer;
        timer.start();
        const bool ok = BenchShell::run(vagrant(up), nullptr, BootTimeoutS)
            && BenchShell::waitForSsh(targets(roles), PeerUser, setup().key(), BootTimeoutS);
        const double toSsh = seconds(timer);
        const bool checked =
            ok && BenchShell::checkAll(targets(roles), PeerUser, setup().key(), CheckCommand, BootTimeoutS);
        const double toCheck = seconds(timer);
        BenchShell::run(vagrant({QStringLiteral("destroy"), QStringLiteral("-f")}), nullptr, 600);
        if (count > 1)
            vagrantCleanUp();
        if (!checked) {
            state.SkipWithError("vagrant up failed, or a machine did not answer SSH or the check");
            return;
        }
        state.SetIterationTime(toSsh);
        recordPeerBoot(QStringLiteral("vagrant"), QStringLiteral("Vagrant (vagrant-libvirt)"), count, toSsh, toCheck);
    }
}
BENCHMARK(BM_Vagrant)->Arg(1)->Arg(6)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

// labforge: `labforge up --no-build --no-test` of the one-node lab, then of the six (images
// built before the clock), and `labforge exec --all` of the same check.
static void BM_Labforge(benchmark::State &state)
{
    if (!preconditions(state))
        return;
    const Setup &s = setup();
    const int count = int(state.range(0));
    const QString name = count == 1 ? s.lab.name + QStringLiteral("-one") : s.lab.name;
    const LabforgeCli cli = labforge();
    for (auto _ : state) {
        cli.down(name, Uri);
        if (cli.build(s.labFile(name), s.jobs) < 0) {
            state.SkipWithError("labforge build failed");
            return;
        }
        ::sync();
        const double toSsh = cli.up(s.labFile(name), MemoryScale, Uri, s.accel);
        const double check = toSsh < 0 ? -1 : cli.execAll(name, CheckCommand, BootTimeoutS);
        cli.down(name, Uri);
        if (toSsh < 0 || check < 0) {
            state.SkipWithError("labforge up or the check failed");
            return;
        }
        state.SetIterationTime(toSsh);
        const QString n = QString::number(count);
        baseline().record({QStringLiteral("labforge_boot_%1_s").arg(n),
                           QStringLiteral("labforge: %1 VM(s), define → SSH").arg(n), toSsh, QStringLiteral("s")});
        if (count > 1)
            baseline().record({QStringLiteral("labforge_check_%1_s").arg(n),
                               QStringLiteral("labforge: define → first check passing on all"), toSsh + check,
                               QStringLiteral("s")});
        const double goal = count > 1 ? 0.5 : -1;
        recordRatio(QStringLiteral("boot_%1_ratio_cloudinit").arg(n),
                    QStringLiteral("%1 VM(s) define → SSH, labforge ÷ cloud-init + virt-install").arg(n), toSsh,
                    measured().value(QStringLiteral("cloudinit_%1").arg(n)), goal);
        recordRatio(QStringLiteral("boot_%1_ratio_vagrant").arg(n),
                    QStringLiteral("%1 VM(s) define → SSH, labforge ÷ Vagrant").arg(n), toSsh,
                    measured().value(QStringLiteral("vagrant_%1").arg(n)), goal);
        if (count > 1) {
            recordRatio(QStringLiteral("check_ratio_cloudinit"),
                        QStringLiteral("first check on all six, labforge ÷ cloud-init + virt-install"), toSsh + check,
                        measured().value(QStringLiteral("cloudinit_check")), -1);
            recordRatio(QStringLiteral("check_ratio_vagrant"),
                        QStringLiteral("first check on all six, labforge ÷ Vagrant"), toSsh + check,
                        measured().value(QStringLiteral("vagrant_check")), -1);
        }
    }
}
BENCHMARK(BM_Labforge)->Arg(1)->Arg(6)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const BenchCache::MachineCache machineCache;
    BenchShell::setDryRun(BenchShell::dryRunAsked(argc, argv));
    prepare();
    baseline().setDescription(
        QStringLiteral("labforge beside what an engineer would use instead, on this host in one run, on the same "
                       "lab: the six roles of the native HPC lab (each with the Debian 13 packages labforge's image "
                       "of it holds), memory scale 0.5. Peer A: a stock image per role built with mmdebstrap from "
                       "the same mirror (linux-image-amd64 with its default initramfs-tools initramfs, cloud-init; "
                       "an ext4 disk by `mkfs.ext4 -d`, booted straight into that kernel as labforge boots its "
                       "own: this host has no device-mapper for a partitioned disk with GRUB), booted with "
                       "`virt-install --import` and a `cloud-localds` NoCloud seed "
                       "with the same user, key, packages, hostname and static address. Peer B: Vagrant with "
                       "vagrant-libvirt (Debian's packages), a box per role packaged from peer A's image, `vagrant "
                       "up --no-provision`. labforge: `labforge build` and `labforge up --no-build --no-test`. The "
                       "check is the boot settled on every node (`systemctl is-system-running --wait`: running or "
                       "degraded). Ratios are labforge ÷ peer (`bench/run-peer-bench.sh`, root)."));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    // The machine's cache again (its KVM probe says which accelerator the baseline ran on).
    machineCache.restore();
    if (!BenchShell::dryRun())
        baseline().finish(&argc, argv);
    return 0;
}
