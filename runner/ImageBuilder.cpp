#include "ImageBuilder.h"

#include "BaseCachePolicy.h"
#include "ConfinedPath.h"
#include "HostCommand.h"
#include "Redactor.h"
#include "RunnerPaths.h"
#include "Sha256.h"
#include "Shell.h"
#include "TreeWriter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QSet>
#include <QTemporaryDir>
#include <QtConcurrent>
#include <cstdio>
#include <unistd.h>

static void initRunnerResources()
{
    Q_INIT_RESOURCE(runner);
}

namespace Labforge {

namespace {

constexpr int BaseTimeoutMs = 45 * 60 * 1000;

QByteArray resource(const QString &name)
{
    static const bool ready = [] {
        initRunnerResources();
        return true;
    }();
    Q_UNUSED(ready);
    QFile f(QStringLiteral(":/labforge/runner/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("runner resource %s missing", qPrintable(name));
    return f.readAll();
}

bool writeFile(const QString &path, const QByteArray &content, int mode, QString *error)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile::remove(path);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.close();
    QFile::Permissions p;
    const std::pair<int, QFile::Permission> bits[] = {
        {0400, QFile::ReadOwner}, {0200, QFile::WriteOwner}, {0100, QFile::ExeOwner},
        {0040, QFile::ReadGroup}, {0020, QFile::WriteGroup}, {0010, QFile::ExeGroup},
        {0004, QFile::ReadOther}, {0002, QFile::WriteOther}, {0001, QFile::ExeOther}};
    for (const auto &[bit, perm] : bits) {
        if (mode & bit)
            p |= perm;
    }
    return f.setPermissions(p);
}

// The node's generated files, confined to its image tree.
bool writeOverlay(const TreeWriter &tree, const QList<GeneratedFile> &files, QString *error)
{
    for (const GeneratedFile &f : files) {
        if (!(f.isSymlink() ? tree.writeLink(f.path, f.symlinkTarget, error)
                            : tree.writeFile(f.path, f.content, f.mode, error)))
            return false;
    }
    return true;
}

const Bundle::NodeImage *nodeOf(const Bundle &bundle, const QString &id)
{
    return bundle.node(id);
}

// MemAvailable from /proc/meminfo, in bytes (0 when unknown).
qint64 memoryAvailable()
{
    QFile f(QStringLiteral("/proc/meminfo"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("MemAvailable:"))
            return line.mid(13).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return 0;
}

// Root filesystem size: Kubernetes members keep container images on it.
int rootSizeGb(const Bundle::NodeImage &node)
{
    return node.output.packages.contains(QStringLiteral("containerd")) ? 16 : 4;
}

} // namespace

ImageBuilder::ImageBuilder(const Bundle &bundle, ArtifactCache cache, Options options)
    : m_bundle(bundle)
    , m_cache(std::move(cache))
    , m_options(std::move(options))
{ }

void ImageBuilder::emitEvent(RunEvent::Type type, const QString &stage, const QString &node, const QString &message,
                             double progress) const
{
    if (!m_options.events)
        return;
    RunEvent e;
    e.type = type;
    e.stage = stage;
    e.node = node;
    e.message = m_options.redactor ? m_options.redactor->redact(message) : message;
    e.progress = progress;
    m_options.events(e);
}

bool ImageBuilder::run(const QString &stage, const QString &node, const QString &program, const QStringList &args,
                       QString *error, int timeoutMs, const QByteArray &input) const
{
    HostCommand command(program, args);
    command.timeout(timeoutMs)
        .cancel(m_options.cancel)
        .lines([&](const QString &line) { emitEvent(RunEvent::Type::Log, stage, node, line); }, m_options.redactor);
    if (!input.isEmpty())
        command.input(input);
    QProcessEnvironment env = HostCommand::cleanEnvironment();
    env.insert(QStringLiteral("DEBIAN_FRONTEND"), QStringLiteral("noninteractive"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    command.environment(env);
    const auto result = command.run();
    if (!result.ok()) {
        *error = QStringLiteral("%1%2").arg(node.isEmpty() ? QString() : QStringLiteral("node %1: ").arg(node),
                                            result.describe(program + QLatin1Char(' ') + args.value(0)));
        return false;
    }
    return true;
}

bool ImageBuilder::checkArtifacts(const QStringList &nodes, QString *error) const
{
    QStringList problems;
    for (const QString &id : nodes) {
        const Bundle::NodeImage *node = nodeOf(m_bundle, id);
        if (!node) {
            problems.append(QStringLiteral("node %1 is not in the lab").arg(id));
            continue;
        }
        for (const PinnedArtifact &a : node->output.artifacts) {
            QString why;
            if (m_cache.lookup(a, &why).isEmpty())
                problems.append(QStringLiteral("node %1: %2").arg(id, why));
        }
    }
    if (!problems.isEmpty()) {
        *error = QStringLiteral("refusing to build, no image was touched:\n  ") + problems.join(QStringLiteral("\n  "));
        return false;
    }
    return true;
}

QStringList ImageBuilder::packageUnion(const QStringList &nodes, QString *suite) const
{
    QSet<QString> packages;
    for (const QString &id : nodes) {
        if (const Bundle::NodeImage *n = nodeOf(m_bundle, id)) {
            packages.unite(QSet<QString>(n->output.packages.begin(), n->output.packages.end()));
            if (suite)
                *suite = n->suite;
        }
    }
    QStringList sorted(packages.begin(), packages.end());
    sorted.sort();
    return sorted;
}

QString ImageBuilder::baseKey(const QStringList &nodes) const
{
    QString suite;
    const QStringList packages = packageUnion(nodes, &suite);
    return BaseCachePolicy::key(suite, m_options.mirror, packages);
}

// Each base tar has a <key>.json beside it: layout, suite, mirror and its package list.
void ImageBuilder::saveBaseMeta(const BaseCachePolicy &policy, const QString &key,
                                const BaseCachePolicy::Request &request) const
{
    QString why;
    if (!writeFile(policy.metaPath(key), BaseCachePolicy::meta(request), 0644, &why))
        emitEvent(
            RunEvent::Type::Log, QStringLiteral("base"), {},
            QStringLiteral("the base's package list was not saved (%1): it will not be offered for reuse").arg(why));
}

std::optional<ImageBuilder::Base> ImageBuilder::buildBase(const QStringList &nodes, QString *error)
{
    QString suite;
    const QStringList sorted = packageUnion(nodes, &suite);
    for (const QString &id : nodes) {
        if (const Bundle::NodeImage *n = nodeOf(m_bundle, id); n && n->suite != suite) {
            *error = QStringLiteral("nodes of one build use one Debian suite (%1 and %2 differ)").arg(suite, n->suite);
            return std::nullopt;
        }
    }
    const BaseCachePolicy policy(RunnerPaths::bases());
    const BaseCachePolicy::Request request {suite, m_options.mirror, sorted, m_options.force,
                                            m_options.maxLackingPackages};
    const BaseCachePolicy::Decision decision = policy.decide(request);
    const Base base {policy.tarPath(decision.key), decision.key, decision.lacking};
    using Kind = BaseCachePolicy::Decision::Kind;
    switch (decision.kind) {
    case Kind::ReuseExact:
        if (decision.saveMeta)
            saveBaseMeta(policy, base.key, request);
        emitEvent(RunEvent::Type::StageFinished, QStringLiteral("base"), {},
                  QStringLiteral("base %1 reused from the cache").arg(base.key));
        return base;
    case Kind::ReuseSuperset:
        emitEvent(RunEvent::Type::StageFinished, QStringLiteral("base"), {},
                  QStringLiteral("base %1 reused from the cache: it holds every package the nodes need").arg(base.key));
        return base;
    case Kind::ReuseLacking:
        emitEvent(RunEvent::Type::StageFinished, QStringLiteral("base"), {},
                  QStringLiteral("base %1 reused from the cache; the nodes that need them install what it "
                                 "lacks from the mirror: %2")
                      .arg(base.key, base.lacking.join(QLatin1Char(' '))));
        return base;
    case Kind::BuildNew:
        break;
    }
    if (!mmdebstrap(request, base.tar, error))
        return std::nullopt;
    saveBaseMeta(policy, base.key, request);
    emitEvent(RunEvent::Type::StageFinished, QStringLiteral("base"), {}, QStringLiteral("base %1 built").arg(base.key));
    return base;
}

// A new base tar of the request's packages, written whole or not at all.
bool ImageBuilder::mmdebstrap(const BaseCachePolicy::Request &request, const QString &tar, QString *error) const
{
    QDir().mkpath(RunnerPaths::bases());
    const QString partial = tar + QStringLiteral(".partial");
    QFile::remove(partial);
    emitEvent(RunEvent::Type::StageStarted, QStringLiteral("base"), {},
              QStringLiteral("mmdebstrap %1 from %2 with %3 packages (the union of the group's images)")
                  .arg(request.suite, request.mirror)
                  .arg(request.packages.size()));
    if (!run(QStringLiteral("base"), {}, QStringLiteral("mmdebstrap"),
             {QStringLiteral("--variant=minbase"), QStringLiteral("--format=tar"),
              QStringLiteral("--include=") + request.packages.join(QLatin1Char(',')),
              QStringLiteral("--aptopt=Acquire::Retries \"3\""),
              // A small initramfs: only the drivers for the disks labforge attaches (virtio, SCSI,
              // SATA) and ext4, instead of Debian's "most" (37 MB, every storage driver), which an
              // emulated guest unpacks and probes at every boot.
              QStringLiteral(
                  "--customize-hook=printf 'MODULES=list\\n' > \"$1/etc/initramfs-tools/conf.d/labforge.conf\""),
              QStringLiteral(
                  "--customize-hook=printf 'virtio_pci\\nvirtio_blk\\nvirtio_scsi\\nsd_mod\\nahci\\next4\\n' >> "
                  "\"$1/etc/initramfs-tools/modules\""),
              QStringLiteral("--customize-hook=chroot \"$1\" update-initramfs -u -k all"), request.suite, partial,
              request.mirror},
             error, BaseTimeoutMs)) {
        QFile::remove(partial);
        return false;
    }
    QFile::remove(tar);
    QFile::rename(partial, tar);
    return true;
}

QString ImageBuilder::nodeInputsHash(const QString &node, const QString &baseKey) const
{
    Sha256 h;
    h.add((imageLayoutVersion() + QLatin1Char('\n') + baseKey + QLatin1Char('\n')).toUtf8());
    h.add(resource(QStringLiteral("labforge-seed.sh")));
    h.add(resource(QStringLiteral("labforge-seed.service")));
    const auto files = m_bundle.files();
    const QString prefix = QStringLiteral("nodes/%1/").arg(node);
    for (auto it = files.begin(); it != files.end(); ++it) {
        if (!it.key().startsWith(prefix))
            continue;
        h.add(it.key().toUtf8() + '\0' + QByteArray::number(it->mode) + '\0' + it->symlinkTarget.toUtf8() + '\0');
        h.add(it->content);
    }
    return h.hexDigest();
}

std::optional<ImageBuilder::NodeImage> ImageBuilder::buildNode(const QString &id, const Base &base, QString *error)
{
    const QString &baseTar = base.tar;
    const QString &baseKey = base.key;
    const Bundle::NodeImage *node = nodeOf(m_bundle, id);
    const QString dir = RunnerPaths::nodeImages(m_options.labName, id, error);
    if (dir.isEmpty())
        return std::nullopt;
    NodeImage image {dir + QStringLiteral("/disk.qcow2"), dir + QStringLiteral("/vmlinuz"),
                     dir + QStringLiteral("/initrd.img"), nodeInputsHash(id, baseKey), false};
    QFile stamp(dir + QStringLiteral("/inputs.sha256"));
    if (!m_options.force && stamp.open(QIODevice::ReadOnly)
        && QString::fromLatin1(stamp.readAll()).trimmed() == image.inputsHash && QFile::exists(image.disk)
        && QFile::exists(image.kernel) && QFile::exists(image.initrd)) {
        emitEvent(RunEvent::Type::NodeState, QStringLiteral("image"), id, QStringLiteral("unchanged, reused"), 1);
        return image;
    }
    stamp.close();
    emitEvent(RunEvent::Type::NodeState, QStringLiteral("image"), id, QStringLiteral("building"), 0);
    QDir().mkpath(RunnerPaths::work());
    QTemporaryDir work(RunnerPaths::work() + QStringLiteral("/") + id + QStringLiteral("-XXXXXX"));
    if (!work.isValid()) {
        *error = QStringLiteral("node %1: cannot create a work directory in %2").arg(id, RunnerPaths::work());
        return std::nullopt;
    }
    const QString stage = QStringLiteral("image");
    auto step = [&](double progress, const QString &what) {
        emitEvent(RunEvent::Type::StageProgress, stage, id, what, progress);
    };
    // Packages of this node that the (reused) base lacks come from the mirror (below).
    QStringList install;
    for (const QString &p : node->output.packages) {
        if (base.lacking.contains(p))
            install.append(p);
    }
    // The unpacked tree and the raw root filesystem are written, read once and thrown
    // away: when the host has the memory to spare they live on a private tmpfs mounted on
    // the work directory (only the qcow2 reaches the disk), else on disk. The expected use
    // (about twice the base, more when packages are installed) decides; the tmpfs limit
    // is what the two can take at most (each fits the root filesystem), since tmpfs uses
    // only the memory it holds.
    const qint64 expected = 2 * QFileInfo(baseTar).size() + (qint64(install.isEmpty() ? 512 : 1536) << 20);
    const qint64 limit = 2 * (qint64(rootSizeGb(*node)) << 30);
    const bool inMemory =
        m_options.scratchInMemory && memoryAvailable() >= expected * std::max(1, m_options.jobs) + (qint64(2) << 30);
    bool scratchMounted = inMemory
        && run(stage, id, QStringLiteral("mount"),
               {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                QStringLiteral("size=%1,mode=0700").arg(limit), QStringLiteral("labforge-scratch"), work.path()},
               error);
    struct Unmount
    {
        std::function<void()> fn;
        ~Unmount() { fn(); }
    };
    Unmount unmountScratch {[&] {
        if (scratchMounted)
            HostCommand(QStringLiteral("umount"), {QStringLiteral("-l"), work.path()}).timeout(60000).run();
        scratchMounted = false;
    }};
    if (inMemory && !scratchMounted)
        emitEvent(RunEvent::Type::Log, stage, id,
                  QStringLiteral("no tmpfs for the scratch tree (%1): using the disk").arg(*error));
    emitEvent(RunEvent::Type::Log, stage, id,
              QStringLiteral("scratch: %1 (about %2 MiB)")
                  .arg(scratchMounted ? QStringLiteral("memory") : QStringLiteral("disk"))
                  .arg(expected >> 20));
    error->clear();
    const QString tree = work.path() + QStringLiteral("/tree");
    const TreeWriter treeWriter(tree);
    QDir().mkpath(tree);

    step(0.05, QStringLiteral("unpacking the base"));
    if (!run(stage, id, QStringLiteral("tar"),
             {QStringLiteral("--numeric-owner"), QStringLiteral("-xpf"), baseTar, QStringLiteral("-C"), tree}, error))
        return std::nullopt;

    // Maintainer scripts run during pruning: give them /proc and keep services from starting.
    const QString proc = tree + QStringLiteral("/proc");
    bool procMounted = run(stage, id, QStringLiteral("mount"),
                           {QStringLiteral("-t"), QStringLiteral("proc"), QStringLiteral("proc"), proc}, error);
    if (!procMounted)
        return std::nullopt;
    Unmount unmount {[&] {
        if (procMounted)
            HostCommand(QStringLiteral("umount"), {QStringLiteral("-l"), proc}).timeout(60000).run();
        procMounted = false;
    }};
    if (!treeWriter.writeFile(QStringLiteral("/usr/sbin/policy-rc.d"), "#!/bin/sh\nexit 101\n", 0755, error))
        return std::nullopt;

    if (!install.isEmpty()) {
        step(0.1, QStringLiteral("installing what the base lacks: %1").arg(install.join(QLatin1Char(' '))));
        // The host's resolver for apt, in place of the tree's own resolv.conf. POSIX calls:
        // the tree's file may be a symlink (to a path of the host, seen from here) and must
        // be moved as a link, never written through.
        const QByteArray resolv = QFile::encodeName(tree + QStringLiteral("/etc/resolv.conf"));
        const QByteArray kept = resolv + ".labforge";
        const bool hadResolv = ::rename(resolv.constData(), kept.constData()) == 0;
        if (!hadResolv
            && (QFileInfo::exists(QFile::decodeName(resolv)) || QFileInfo(QFile::decodeName(resolv)).isSymLink())) {
            *error = QStringLiteral("node %1: cannot move the tree's /etc/resolv.conf aside").arg(id);
            return std::nullopt;
        }
        QFile::copy(QStringLiteral("/etc/resolv.conf"), QFile::decodeName(resolv));
        const bool installed =
            run(stage, id, QStringLiteral("chroot"),
                {tree, QStringLiteral("/bin/sh"), QStringLiteral("-ec"),
                 QStringLiteral("export DEBIAN_FRONTEND=noninteractive; apt-get -q -o Acquire::Retries=3 update; "
                                "apt-get -y -q install %1")
                     .arg(Shell::quote(install))},
                error);
        ::unlink(resolv.constData());
        if (hadResolv)
            ::rename(kept.constData(), resolv.constData());
        if (!installed)
            return std::nullopt;
    }

    step(0.15, QStringLiteral("keeping only this node's packages"));
    // "name=version" entries are pinned (pins lock): apt-mark wants the name, and what is
    // installed must be exactly that version.
    QStringList names;
    QString pinnedCheck;
    for (const QString &package : node->output.packages) {
        const QString name = package.section(QLatin1Char('='), 0, 0);
        names.append(name);
        if (package.contains(QLatin1Char('=')))
            pinnedCheck +=
                QStringLiteral("v=$(dpkg-query -W -f='${Version}' %1); [ \"$v\" = %2 ] || { echo \"%3: installed "
                               "$v, the pins lock says %4\" >&2; exit 1; }; ")
                    .arg(Shell::quote(name), Shell::quote(package.section(QLatin1Char('='), 1)), name,
                         package.section(QLatin1Char('='), 1));
    }
    if (!run(stage, id, QStringLiteral("chroot"),
             {tree, QStringLiteral("/bin/sh"), QStringLiteral("-ec"),
              QStringLiteral("apt-mark auto $(apt-mark showmanual) >/dev/null; apt-mark manual %1 >/dev/null; apt-get "
                             "-y -q --purge autoremove; %2")
                  .arg(Shell::quote(names), pinnedCheck)},
             error))
        return std::nullopt;

    step(0.35, QStringLiteral("overlay files"));
    if (!writeOverlay(treeWriter, node->output.files, error)) {
        *error = QStringLiteral("node %1: %2").arg(id, *error);
        return std::nullopt;
    }

    step(0.45, QStringLiteral("pinned artifacts"));
    for (const PinnedArtifact &a : node->output.artifacts) {
        QString why;
        const QString cached = m_cache.lookup(a, &why);
        if (cached.isEmpty()) {
            *error = QStringLiteral("node %1: %2").arg(id, why);
            return std::nullopt;
        }
        const QString target = treeWriter.resolve(a.destination, error);
        if (target.isEmpty() || !treeWriter.makeParent(target, error)) {
            *error = QStringLiteral("node %1: %2: %3").arg(id, a.name, *error);
            return std::nullopt;
        }
        QString source = cached;
        if (a.unpack != PinnedArtifact::Unpack::None) {
            const QString unpackDir = ConfinedPath::join(work.path(), QStringLiteral("unpack-") + a.name, error);
            if (unpackDir.isEmpty())
                return std::nullopt;
            QDir().mkpath(unpackDir);
            const QString program =
                a.unpack == PinnedArtifact::Unpack::Zip ? QStringLiteral("bsdtar") : QStringLiteral("tar");
            if (!run(stage, id, program, {QStringLiteral("-xf"), cached, QStringLiteral("-C"), unpackDir, a.member},
                     error))
                return std::nullopt;
            source = ConfinedPath::join(unpackDir, a.member, error);
            if (source.isEmpty())
                return std::nullopt;
        }
        QFile::remove(target);
        if (!QFile::copy(source, target)
            || !QFile::setPermissions(
                target,
                QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther
                    | ((a.mode & 0111) ? QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther : QFile::Permissions()))) {
            *error = QStringLiteral("node %1: cannot place %2 at %3").arg(id, a.name, a.destination);
            return std::nullopt;
        }
    }

    step(0.55, QStringLiteral("labforge seed service, fstab, machine id"));
    if (!treeWriter.writeFile(QStringLiteral("/usr/local/lib/labforge/seed.sh"),
                              resource(QStringLiteral("labforge-seed.sh")), 0755, error)
        || !treeWriter.writeFile(QStringLiteral("/etc/systemd/system/labforge-seed.service"),
                                 resource(QStringLiteral("labforge-seed.service")), 0644, error)
        || !treeWriter.writeFile(
            QStringLiteral("/etc/fstab"),
            "# Generated by labforge: direct kernel boot, root=/dev/vda\n/dev/vda / ext4 defaults,noatime 0 1\n", 0644,
            error)
        || !treeWriter.writeFile(QStringLiteral("/etc/machine-id"), QByteArray(), 0444, error))
        return std::nullopt;
    QFile::remove(tree + QStringLiteral("/var/lib/dbus/machine-id"));

    step(0.6, QStringLiteral("build script"));
    if (!treeWriter.writeFile(QStringLiteral("/tmp/labforge-build.sh"),
                              m_bundle.files().value(QStringLiteral("nodes/%1/build.sh").arg(id)).content, 0755, error)
        || !run(stage, id, QStringLiteral("chroot"),
                {tree, QStringLiteral("/bin/bash"), QStringLiteral("/tmp/labforge-build.sh")}, error))
        return std::nullopt;
    QFile::remove(tree + QStringLiteral("/tmp/labforge-build.sh"));

    step(0.7, QStringLiteral("enabling units"));
    QStringList units = node->output.units;
    units.prepend(QStringLiteral("labforge-seed.service"));
    if (!run(stage, id, QStringLiteral("systemctl"),
             QStringList {QStringLiteral("--root=") + tree, QStringLiteral("enable")} + units, error))
        return std::nullopt;
    QFile::remove(tree + QStringLiteral("/usr/sbin/policy-rc.d"));
    unmount.fn();
    for (const QString &junk : {QStringLiteral("/var/lib/apt/lists"), QStringLiteral("/var/cache/apt/archives")}) {
        QDirIterator it(tree + junk, QDir::Files);
        while (it.hasNext())
            QFile::remove(it.next());
    }

    step(0.75, QStringLiteral("kernel and initrd"));
    QDir().mkpath(dir);
    const QStringList kernels =
        QDir(tree + QStringLiteral("/boot")).entryList({QStringLiteral("vmlinuz-*")}, QDir::Files, QDir::Name);
    const QStringList initrds =
        QDir(tree + QStringLiteral("/boot")).entryList({QStringLiteral("initrd.img-*")}, QDir::Files, QDir::Name);
    if (kernels.isEmpty() || initrds.isEmpty()) {
        *error = QStringLiteral("node %1: the image has no kernel or initrd in /boot").arg(id);
        return std::nullopt;
    }
    for (const auto &[from, to] :
         {std::pair {kernels.last(), image.kernel}, std::pair {initrds.last(), image.initrd}}) {
        QFile::remove(to);
        if (!QFile::copy(tree + QStringLiteral("/boot/") + from, to)) {
            *error = QStringLiteral("node %1: cannot copy %2").arg(id, from);
            return std::nullopt;
        }
    }

    step(0.8, QStringLiteral("root filesystem and qcow2"));
    const QString raw = work.path() + QStringLiteral("/root.raw");
    QFile rawFile(raw);
    if (!rawFile.open(QIODevice::WriteOnly) || !rawFile.resize(qint64(rootSizeGb(*node)) * 1024 * 1024 * 1024)) {
        *error = QStringLiteral("node %1: cannot create %2 (disk full?)").arg(id, raw);
        return std::nullopt;
    }
    rawFile.close();
    const QString partial = image.disk + QStringLiteral(".partial");
    if (!run(stage, id, QStringLiteral("mkfs.ext4"),
             {QStringLiteral("-F"), QStringLiteral("-q"), QStringLiteral("-L"), QStringLiteral("root"),
              QStringLiteral("-d"), tree, raw},
             error)
        || !run(stage, id, QStringLiteral("qemu-img"),
                {QStringLiteral("convert"), QStringLiteral("-O"), QStringLiteral("qcow2"), raw, partial}, error)) {
        QFile::remove(partial);
        return std::nullopt;
    }
    QFile::remove(image.disk);
    QFile::rename(partial, image.disk);
    if (!writeFile(stamp.fileName(), image.inputsHash.toLatin1() + '\n', 0644, error))
        return std::nullopt;
    image.rebuilt = true;
    emitEvent(RunEvent::Type::NodeState, stage, id, QStringLiteral("built"), 1);
    return image;
}

std::optional<QMap<QString, ImageBuilder::NodeImage>> ImageBuilder::build(const QStringList &nodes, QString *error)
{
    for (const QString &node : nodes) { // before any work: every image has a place under the cache
        if (RunnerPaths::nodeImages(m_options.labName, node, error).isEmpty())
            return std::nullopt;
    }
    if (!checkArtifacts(nodes, error))
        return std::nullopt;
    const auto base = buildBase(nodes, error);
    if (!base)
        return std::nullopt;
    QMap<QString, NodeImage> images;
    QStringList errors;
    QMutex mutex;
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, m_options.jobs));
    QList<QString> list = nodes;
    QtConcurrent::blockingMap(&pool, list, [&](const QString &id) {
        if (m_options.cancel.isCancelled())
            return;
        QString why;
        const auto image = buildNode(id, *base, &why);
        QMutexLocker lock(&mutex);
        if (image) {
            images.insert(id, *image);
        } else {
            errors.append(why);
            emitEvent(RunEvent::Type::NodeState, QStringLiteral("image"), id, QStringLiteral("failed"), -1);
        }
    });
    if (m_options.cancel.isCancelled()) {
        *error = QStringLiteral("build cancelled");
        return std::nullopt;
    }
    if (!errors.isEmpty()) {
        *error = errors.join(QLatin1Char('\n'));
        return std::nullopt;
    }
    return images;
}

} // namespace Labforge
