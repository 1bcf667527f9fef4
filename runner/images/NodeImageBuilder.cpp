// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeImageBuilder.h"

#include "AptNames.h"
#include "ConfinedPath.h"
#include "ContainerImageCache.h"
#include "FileCapabilities.h"
#include "ImageCommands.h"
#include "Initrd.h"
#include "NodeBuildContext.h"
#include "RunnerPaths.h"
#include "Sha256.h"
#include "Shell.h"
#include "TreeWriter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace Labforge {

namespace {

constexpr RunStage ImageStage = RunStage::Image;

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

// Root filesystem size: Kubernetes members keep container images on it.
int rootSizeGb(const Bundle::NodeImage &node)
{
    return node.output.packages.contains(QStringLiteral("containerd")) ? 16 : 4;
}

} // namespace

NodeImageBuilder::NodeImageBuilder(const Bundle &bundle, const ArtifactCache &cache, const ImageCommands &commands,
                                   const ImageBuilder::Options &options)
    : m_bundle(bundle)
    , m_cache(cache)
    , m_commands(commands)
    , m_options(options)
{ }

QString NodeImageBuilder::nodeInputsHash(const QString &node, const QString &baseKey) const
{
    Sha256 h;
    h.add((ImageBuilder::imageLayoutVersion() + QLatin1Char('\n') + baseKey + QLatin1Char('\n')).toUtf8());
    h.add(ImageCommands::resource(QStringLiteral("labforge-seed.sh")));
    h.add(ImageCommands::resource(QStringLiteral("labforge-seed.service")));
    h.add(QByteArrayLiteral("initrd: main archive uncompressed\n")); // how copyKernelAndInitrd writes it
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

// The steps of a node's image, in order. Each one's name goes into the log before it runs
// and into the error when it fails; the progress events are the steps' own.
const QList<NodeImageBuilder::NodeBuildStep> &NodeImageBuilder::nodeBuildSteps()
{
    static const QList<NodeBuildStep> steps {
        {QStringLiteral("work-directory"), &NodeImageBuilder::createWorkDirectory},
        {QStringLiteral("scratch"), &NodeImageBuilder::mountScratch},
        {QStringLiteral("unpack"), &NodeImageBuilder::unpackBase},
        {QStringLiteral("prepare-chroot"), &NodeImageBuilder::prepareChroot},
        {QStringLiteral("install-lacking"), &NodeImageBuilder::installLacking,
         [](const NodeBuildContext &c) {
             return !c.install.isEmpty();
         }},
        {QStringLiteral("prune-packages"), &NodeImageBuilder::prunePackages},
        {QStringLiteral("overlay"), &NodeImageBuilder::writeOverlayFiles},
        {QStringLiteral("artifacts"), &NodeImageBuilder::placeArtifacts},
        {QStringLiteral("seed-service"), &NodeImageBuilder::writeSeedService},
        {QStringLiteral("build-script"), &NodeImageBuilder::runBuildScript},
        {QStringLiteral("units"), &NodeImageBuilder::enableUnits},
        {QStringLiteral("tidy-tree"), &NodeImageBuilder::tidyTree},
        {QStringLiteral("kernel-initrd"), &NodeImageBuilder::copyKernelAndInitrd},
        {QStringLiteral("disk"), &NodeImageBuilder::writeDisk},
        {QStringLiteral("stamp"), &NodeImageBuilder::writeStamp},
    };
    return steps;
}

std::optional<ImageBuilder::NodeImage> NodeImageBuilder::build(const QString &id, const ImageBuilder::Base &base,
                                                               QString *error)
{
    const Bundle::NodeImage *node = m_bundle.node(id);
    const QString dir = RunnerPaths::nodeImages(m_options.labName, id, error);
    if (dir.isEmpty())
        return std::nullopt;
    ImageBuilder::NodeImage image {dir + QStringLiteral("/disk.qcow2"), dir + QStringLiteral("/vmlinuz"),
                                   dir + QStringLiteral("/initrd.img"), nodeInputsHash(id, base.key), false};
    QFile stamp(dir + QStringLiteral("/inputs.sha256"));
    if (!m_options.force && stamp.open(QIODevice::ReadOnly)
        && QString::fromLatin1(stamp.readAll()).trimmed() == image.inputsHash && QFile::exists(image.disk)
        && QFile::exists(image.kernel) && QFile::exists(image.initrd)) {
        m_commands.emitEvent(RunEvent::Type::NodeState, ImageStage, id, QStringLiteral("unchanged, reused"), 1,
                             RunEvent::NodeState::Reused);
        return image;
    }
    stamp.close();
    if (!node) {
        *error = QStringLiteral("node %1 is not in the lab").arg(id);
        return std::nullopt;
    }
    m_commands.emitEvent(RunEvent::Type::NodeState, ImageStage, id, QStringLiteral("building"), 0,
                         RunEvent::NodeState::Building);
    NodeBuildContext context(id, *node, base, dir, image);
    for (const NodeBuildStep &step : nodeBuildSteps()) {
        if (step.needed && !step.needed(context))
            continue;
        m_commands.emitEvent(RunEvent::Type::Log, ImageStage, id, QStringLiteral("step %1").arg(step.name));
        if (!(this->*step.run)(context, error)) {
            const QString own = QStringLiteral("node %1: ").arg(id);
            *error = QStringLiteral("%1: step '%2' failed: %3")
                         .arg(id, step.name, error->startsWith(own) ? error->mid(own.size()) : *error);
            return std::nullopt;
        }
    }
    context.image.rebuilt = true;
    m_commands.emitEvent(RunEvent::Type::NodeState, ImageStage, id, QStringLiteral("built"), 1,
                         RunEvent::NodeState::Built);
    return context.image;
}

void NodeImageBuilder::progress(const NodeBuildContext &c, double progress, const QString &what) const
{
    m_commands.emitEvent(RunEvent::Type::StageProgress, ImageStage, c.id, what, progress);
}

bool NodeImageBuilder::createWorkDirectory(NodeBuildContext &c, QString *error) const
{
    return c.createWork(RunnerPaths::work(), error);
}

// The unpacked tree and the raw root filesystem are written, read once and thrown away:
// when the host has the memory to spare they live on a private tmpfs mounted on the work
// directory (only the qcow2 reaches the disk), else on disk. The expected use (about
// twice the base, more when packages are installed) decides; the tmpfs limit is what the
// two can take at most (each fits the root filesystem), since tmpfs uses only the memory
// it holds.
bool NodeImageBuilder::mountScratch(NodeBuildContext &c, QString *error) const
{
    const qint64 expected = 2 * QFileInfo(c.base.tar).size() + (qint64(c.install.isEmpty() ? 512 : 1536) << 20);
    const qint64 limit = 2 * (qint64(rootSizeGb(c.node)) << 30);
    const bool inMemory = m_options.scratchInMemory
        && ImageCommands::memoryAvailable() >= expected * std::max(1, m_options.jobs) + (qint64(2) << 30);
    c.scratchMounted = inMemory
        && m_commands.run(ImageStage, c.id, QStringLiteral("mount"),
                          {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                           QStringLiteral("size=%1,mode=0700").arg(limit), QStringLiteral("labforge-scratch"),
                           c.work()},
                          error);
    if (inMemory && !c.scratchMounted)
        m_commands.emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                             QStringLiteral("no tmpfs for the scratch tree (%1): using the disk").arg(*error));
    m_commands.emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                         QStringLiteral("scratch: %1 (about %2 MiB)")
                             .arg(c.scratchMounted ? QStringLiteral("memory") : QStringLiteral("disk"))
                             .arg(expected >> 20));
    error->clear(); // on disk when there is no tmpfs
    QDir().mkpath(c.tree());
    return true;
}

bool NodeImageBuilder::unpackBase(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.05, QStringLiteral("unpacking the base"));
    return m_commands.run(ImageStage, c.id, QStringLiteral("tar"),
                          ImageCommands::treeTarOptions()
                              + QStringList {QStringLiteral("-xpf"), c.base.tar, QStringLiteral("-C"), c.tree()},
                          error);
}

// Maintainer scripts run during pruning: give them /proc and keep services from starting.
bool NodeImageBuilder::prepareChroot(NodeBuildContext &c, QString *error) const
{
    c.procMounted =
        m_commands.run(ImageStage, c.id, QStringLiteral("mount"),
                       {QStringLiteral("-t"), QStringLiteral("proc"), QStringLiteral("proc"), c.proc()}, error);
    return c.procMounted
        && c.treeWriter().writeFile(QStringLiteral("/usr/sbin/policy-rc.d"), "#!/bin/sh\nexit 101\n", 0755, error);
}

bool NodeImageBuilder::installLacking(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.1, QStringLiteral("installing what the base lacks: %1").arg(c.install.join(QLatin1Char(' '))));
    return m_commands.withHostResolver(c.tree(), c.id, error, [&] {
        return m_commands.run(ImageStage, c.id, QStringLiteral("chroot"),
                              {c.tree(), QStringLiteral("/bin/sh"), QStringLiteral("-ec"),
                               QStringLiteral("export DEBIAN_FRONTEND=noninteractive; apt-get -q -o "
                                              "Acquire::Retries=3 update; %2; apt-get -y -q install %1")
                                   .arg(Shell::quote(c.install), AptNames::exactNamesScript(c.install))},
                              error);
    });
}

bool NodeImageBuilder::prunePackages(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.15, QStringLiteral("keeping only this node's packages"));
    // "name=version" entries are pinned (pins lock): apt-mark wants the name, and what is
    // installed must be exactly that version.
    QStringList names;
    QString pinnedCheck;
    for (const QString &package : c.node.output.packages) {
        const QString name = package.section(QLatin1Char('='), 0, 0);
        names.append(name);
        if (package.contains(QLatin1Char('=')))
            pinnedCheck +=
                QStringLiteral("v=$(dpkg-query -W -f='${Version}' %1); [ \"$v\" = %2 ] || { echo \"%3: installed "
                               "$v, the pins lock says %4\" >&2; exit 1; }; ")
                    .arg(Shell::quote(name), Shell::quote(package.section(QLatin1Char('='), 1)), name,
                         package.section(QLatin1Char('='), 1));
    }
    return m_commands.run(
        ImageStage, c.id, QStringLiteral("chroot"),
        {c.tree(), QStringLiteral("/bin/sh"), QStringLiteral("-ec"),
         QStringLiteral("apt-mark auto $(apt-mark showmanual) >/dev/null; apt-mark manual %1 >/dev/null; "
                        "apt-get -y -q --purge autoremove; %2")
             .arg(Shell::quote(names), pinnedCheck)},
        error);
}

bool NodeImageBuilder::writeOverlayFiles(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.35, QStringLiteral("overlay files"));
    return writeOverlay(c.treeWriter(), c.node.output.files, error);
}

bool NodeImageBuilder::placeArtifacts(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.45, QStringLiteral("pinned artifacts"));
    for (const PinnedArtifact &a : c.node.output.artifacts) {
        if (!placeArtifact(c, a, error))
            return false;
    }
    // Container images the cache holds (an offline kit's) go in whole, verified again, for
    // openfactory-image-preload; the others are pulled by digest when the node needs them.
    const ContainerImageCache images(m_cache.root());
    QStringList pulled;
    for (const PinnedArtifact &i : c.node.output.images) {
        if (!images.contains(i)) {
            pulled.append(i.imageReference());
            continue;
        }
        PinnedArtifact baked = i;
        baked.destination = QStringLiteral("/var/lib/openfactory/images/%1.oci.tar").arg(i.sha256);
        QString why;
        const TreeWriter treeWriter = c.treeWriter();
        const QString target = treeWriter.resolve(baked.destination, error);
        if (!target.isEmpty() && QFile::exists(target))
            continue; // another pin of the same image
        if (!ContainerImageCache::verifyArchive(images.pathFor(i), i, &why)) {
            QFile::remove(images.pathFor(i)); // fetched or imported again next time
            *error = why + QStringLiteral(" (the cached copy is removed)");
            return false;
        }
        if (target.isEmpty() || !treeWriter.makeParent(target, error) || !QFile::copy(images.pathFor(i), target)) {
            *error = QStringLiteral("image %1: cannot place it in the tree%2")
                         .arg(i.imageReference(), error->isEmpty() ? QString() : QStringLiteral(": ") + *error);
            return false;
        }
        m_commands.emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                             QStringLiteral("image %1 baked in for preloading").arg(i.pinnedImageReference()));
    }
    if (!pulled.isEmpty())
        m_commands.emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                             QStringLiteral("not cached, pulled by digest when the node needs them: %1")
                                 .arg(pulled.join(QStringLiteral(", "))));
    return true;
}

// One verified artifact from the cache at its destination in the tree (a member of it
// when it is an archive).
bool NodeImageBuilder::placeArtifact(NodeBuildContext &c, const PinnedArtifact &a, QString *error) const
{
    QString why;
    const QString cached = m_cache.lookup(a, &why);
    if (cached.isEmpty()) {
        *error = why;
        return false;
    }
    const TreeWriter treeWriter = c.treeWriter();
    const QString target = treeWriter.resolve(a.destination, error);
    if (target.isEmpty() || !treeWriter.makeParent(target, error)) {
        *error = QStringLiteral("%1: %2").arg(a.name, *error);
        return false;
    }
    QString source = cached;
    if (a.unpack != PinnedArtifact::Unpack::None) {
        const QString unpackDir = ConfinedPath::join(c.work(), QStringLiteral("unpack-") + a.name, error);
        if (unpackDir.isEmpty())
            return false;
        QDir().mkpath(unpackDir);
        const QString program =
            a.unpack == PinnedArtifact::Unpack::Zip ? QStringLiteral("bsdtar") : QStringLiteral("tar");
        if (!m_commands.run(ImageStage, c.id, program,
                            {QStringLiteral("-xf"), cached, QStringLiteral("-C"), unpackDir, a.member}, error))
            return false;
        source = ConfinedPath::join(unpackDir, a.member, error);
        if (source.isEmpty())
            return false;
    }
    QFile::remove(target);
    if (!QFile::copy(source, target)
        || !QFile::setPermissions(
            target,
            QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther
                | ((a.mode & 0111) ? QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther : QFile::Permissions()))) {
        *error = QStringLiteral("cannot place %1 at %2").arg(a.name, a.destination);
        return false;
    }
    return true;
}

bool NodeImageBuilder::writeSeedService(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.55, QStringLiteral("labforge seed service, fstab, machine id"));
    const TreeWriter treeWriter = c.treeWriter();
    if (!treeWriter.writeFile(QStringLiteral("/usr/local/lib/labforge/seed.sh"),
                              ImageCommands::resource(QStringLiteral("labforge-seed.sh")), 0755, error)
        || !treeWriter.writeFile(QStringLiteral("/etc/systemd/system/labforge-seed.service"),
                                 ImageCommands::resource(QStringLiteral("labforge-seed.service")), 0644, error)
        || !treeWriter.writeFile(
            QStringLiteral("/etc/fstab"),
            "# Generated by labforge: direct kernel boot, root=/dev/vda\n/dev/vda / ext4 defaults,noatime 0 1\n", 0644,
            error)
        || !treeWriter.writeFile(QStringLiteral("/etc/machine-id"), QByteArray(), 0444, error))
        return false;
    QFile::remove(c.tree() + QStringLiteral("/var/lib/dbus/machine-id"));
    return true;
}

bool NodeImageBuilder::runBuildScript(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.6, QStringLiteral("build script"));
    if (!c.treeWriter().writeFile(QStringLiteral("/tmp/labforge-build.sh"),
                                  m_bundle.files().value(QStringLiteral("nodes/%1/build.sh").arg(c.id)).content, 0755,
                                  error)
        || !m_commands.run(ImageStage, c.id, QStringLiteral("chroot"),
                           {c.tree(), QStringLiteral("/bin/bash"), QStringLiteral("/tmp/labforge-build.sh")}, error))
        return false;
    QFile::remove(c.tree() + QStringLiteral("/tmp/labforge-build.sh"));
    return true;
}

bool NodeImageBuilder::enableUnits(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.7, QStringLiteral("enabling units"));
    QStringList units = c.node.output.units;
    units.prepend(QStringLiteral("labforge-seed.service"));
    return m_commands.run(ImageStage, c.id, QStringLiteral("systemctl"),
                          QStringList {QStringLiteral("--root=") + c.tree(), QStringLiteral("enable")} + units, error);
}

// Services may start again at boot; /proc goes, and so do apt's lists and downloads. The
// linker cache is brought up to date here and /etc and /var are stamped as updated, so the
// guest's boot does not run ldconfig, hwdb, catalog and sysusers updates (their units run
// when /usr is newer than the stamp: at every boot of an image without one).
bool NodeImageBuilder::tidyTree(NodeBuildContext &c, QString *error) const
{
    if (!m_commands.run(ImageStage, c.id, QStringLiteral("chroot"), {c.tree(), QStringLiteral("/sbin/ldconfig")},
                        error))
        return false;
    const QString updateDone = QStringLiteral("/usr/lib/systemd/systemd-update-done");
    if (QFileInfo::exists(c.tree() + updateDone)
        && !m_commands.run(ImageStage, c.id, QStringLiteral("chroot"), {c.tree(), updateDone}, error))
        return false;
    QFile::remove(c.tree() + QStringLiteral("/usr/sbin/policy-rc.d"));
    c.unmountProc();
    for (const QString &junk : {QStringLiteral("/var/lib/apt/lists"), QStringLiteral("/var/cache/apt/archives")}) {
        QDirIterator it(c.tree() + junk, QDir::Files);
        while (it.hasNext())
            QFile::remove(it.next());
    }
    return true;
}

// The image's /boot is read from the host: its kernel and initrd are found as the image
// itself would find them (links followed as if the tree were '/'), never as a host path.
std::optional<NodeImageBuilder::BootFile> NodeImageBuilder::bootFile(const QString &tree, const QString &pattern,
                                                                     QString *error)
{
    const QString boot = ConfinedPath::join(tree, QStringLiteral("/boot"), error);
    if (boot.isEmpty()) {
        *error = QStringLiteral("the image's /boot: %1").arg(*error);
        return std::nullopt;
    }
    const QStringList names =
        QDir(boot).entryList({pattern}, QDir::Files | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
    if (names.isEmpty()) {
        *error = QStringLiteral("the image has no %1 in /boot").arg(pattern);
        return std::nullopt;
    }
    BootFile file {names.last(), ConfinedPath::join(tree, QStringLiteral("/boot/") + names.last(), error)};
    if (file.path.isEmpty()) {
        *error = QStringLiteral("the image's /boot/%1: %2").arg(file.name, *error);
        return std::nullopt;
    }
    if (!QFileInfo(file.path).isFile()) {
        *error = QStringLiteral("the image's /boot/%1 is not a file in the image").arg(file.name);
        return std::nullopt;
    }
    return file;
}

bool NodeImageBuilder::copyKernelAndInitrd(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.75, QStringLiteral("kernel and initrd"));
    QDir().mkpath(c.imageDir);
    const std::optional<BootFile> kernel = bootFile(c.tree(), QStringLiteral("vmlinuz-*"), error);
    if (!kernel)
        return false;
    const std::optional<BootFile> initrdFile = bootFile(c.tree(), QStringLiteral("initrd.img-*"), error);
    if (!initrdFile)
        return false;
    QFile::remove(c.image.kernel);
    if (!QFile::copy(kernel->path, c.image.kernel)) {
        *error = QStringLiteral("cannot copy %1").arg(kernel->name);
        return false;
    }
    // The initrd with its main archive stored uncompressed (Initrd): the guest's kernel
    // does not inflate it at every boot.
    QFile initrd(initrdFile->path);
    if (!initrd.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(initrdFile->name);
        return false;
    }
    const QByteArray packed = initrd.readAll();
    const auto unpacked = Initrd::decompressed(packed, error);
    if (!unpacked) {
        *error = QStringLiteral("%1: %2").arg(initrdFile->name, *error);
        return false;
    }
    m_commands.emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                         QStringLiteral("initrd %1: %2 KiB, %3 KiB with its main archive uncompressed")
                             .arg(initrdFile->name)
                             .arg(packed.size() / 1024)
                             .arg(unpacked->size() / 1024));
    return ImageCommands::writeFile(c.image.initrd, *unpacked, 0644, error);
}

// The tree as an ext4 root filesystem, converted to the qcow2 that replaces the old disk.
bool NodeImageBuilder::writeDisk(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.8, QStringLiteral("root filesystem and qcow2"));
    const QString raw = c.work() + QStringLiteral("/root.raw");
    QFile rawFile(raw);
    if (!rawFile.open(QIODevice::WriteOnly) || !rawFile.resize(qint64(rootSizeGb(c.node)) * 1024 * 1024 * 1024)) {
        *error = QStringLiteral("cannot create %1 (disk full?)").arg(raw);
        return false;
    }
    rawFile.close();
    const QString partial = c.image.disk + QStringLiteral(".partial");
    if (!m_commands.run(ImageStage, c.id, QStringLiteral("mkfs.ext4"),
                        {QStringLiteral("-F"), QStringLiteral("-q"), QStringLiteral("-L"), QStringLiteral("root"),
                         QStringLiteral("-d"), c.tree(), raw},
                        error)
        || !keptCapabilities(c, raw, error)
        || !m_commands.run(ImageStage, c.id, QStringLiteral("qemu-img"),
                           {QStringLiteral("convert"), QStringLiteral("-O"), QStringLiteral("qcow2"), raw, partial},
                           error)) {
        QFile::remove(partial);
        return false;
    }
    QFile::remove(c.image.disk);
    QFile::rename(partial, c.image.disk);
    return true;
}

// Every file capability the base's tar holds for a file the node keeps, and every one its own
// packages set, is in the root filesystem as it will boot: neither unpacking the base nor
// mkfs.ext4 -d may have dropped one.
bool NodeImageBuilder::keptCapabilities(const NodeBuildContext &c, const QString &raw, QString *error) const
{
    const auto ofBase = FileCapabilities::ofTar(c.base.tar, error);
    if (!ofBase)
        return false;
    const FileCapabilities::Map ofTree = FileCapabilities::ofTree(c.tree());
    QString lost = FileCapabilities::check(FileCapabilities::presentIn(*ofBase, c.tree()), ofTree,
                                           QStringLiteral("unpacking the base"));
    const auto ofDisk = FileCapabilities::ofExt4(raw, ofTree.keys(), error);
    if (!ofDisk)
        return false;
    if (lost.isEmpty())
        lost = FileCapabilities::check(ofTree, *ofDisk, QStringLiteral("making the root filesystem"));
    if (!lost.isEmpty()) {
        *error = lost;
        return false;
    }
    m_commands.emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                         QStringLiteral("file capabilities kept: %1").arg(ofTree.size()));
    return true;
}

bool NodeImageBuilder::writeStamp(NodeBuildContext &c, QString *error) const
{
    return ImageCommands::writeFile(c.stamp(), c.image.inputsHash.toLatin1() + '\n', 0644, error);
}

} // namespace Labforge
