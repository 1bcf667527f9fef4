// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ImageBuilder.h"

#include "AptNames.h"
#include "BaseCachePolicy.h"
#include "ConfinedPath.h"
#include "ContainerImageCache.h"
#include "HostCommand.h"
#include "Initrd.h"
#include "NodeBuildContext.h"
#include "Redactor.h"
#include "RunnerPaths.h"
#include "Sha256.h"
#include "Shell.h"
#include "TreeWriter.h"
#include "WorkDirectory.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QScopeGuard>
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
// A base's tree in memory: what the host must have free (a Kubernetes base's tree is about
// 2 GB) and the most the tmpfs may take (it uses only what it holds).
constexpr qint64 BaseScratchBytes = qint64(3) << 30;
constexpr qint64 BaseScratchLimitBytes = qint64(8) << 30;
constexpr RunStage ImageStage = RunStage::Image;

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

// What a package cache directory holds: a file fetched again (apt found its hash wrong)
// comes out with another time or size, so fetchedSince() counts it too.
using PackageSnapshot = QHash<QString, std::pair<QDateTime, qint64>>;

PackageSnapshot packageSnapshot(const QString &dir)
{
    PackageSnapshot files;
    for (const QFileInfo &f : QDir(dir).entryInfoList({QStringLiteral("*.deb")}, QDir::Files))
        files.insert(f.fileName(), {f.lastModified(), f.size()});
    return files;
}

int fetchedSince(const PackageSnapshot &before, const PackageSnapshot &after)
{
    int fetched = 0;
    for (auto it = after.cbegin(); it != after.cend(); ++it)
        fetched += !before.contains(it.key()) || before.value(it.key()) != it.value();
    return fetched;
}

// Shell with a base's tree as $1 (an mmdebstrap hook, or `sh -ec SCRIPT sh TREE`).
// A base whose initramfs cannot mount a guest's root is refused when it is made, not at boot.
QString initramfsCheckScript()
{
    return QStringLiteral("for initrd in \"$1\"/boot/initrd.img-*; do "
                          "listing=$(chroot \"$1\" lsinitramfs \"/boot/${initrd##*/}\") || exit 1; "
                          "for module in virtio_blk ext4; do printf '%s\\n' \"$listing\" | grep -q "
                          "\"/$module\\.ko\" || "
                          "{ echo \"labforge: ${initrd##*/} holds no $module module: a guest could not mount its "
                          "root\" >&2; exit 1; }; done; "
                          "if printf '%s\\n' \"$listing\" | grep -q 'systemd-udevd$'; then "
                          "echo \"labforge: ${initrd##*/} carries udev: labforge's initramfs hook did not run\" >&2; "
                          "exit 1; fi; done");
}

// labforge's initramfs-tools configuration for a base (resources/initramfs), laid out in
// DIR/initramfs-tools (made 0755: mmdebstrap's sync-in gives /etc/initramfs-tools its mode).
bool writeInitramfsConfig(const QTemporaryDir &dir, QString *error)
{
    if (!dir.isValid()) {
        *error = QStringLiteral("cannot create a temporary directory: %1").arg(dir.errorString());
        return false;
    }
    const struct
    {
        const char *resource;
        const char *path;
        int mode;
    } files[] = {{"labforge.conf", "conf.d/labforge.conf", 0644},
                 {"modules", "modules", 0644},
                 {"labforge-guest", "hooks/labforge-guest", 0755},
                 {"init-top-udev", "scripts/init-top/udev", 0755},
                 {"init-bottom-udev", "scripts/init-bottom/udev", 0755}};
    for (const auto &f : files) {
        if (!writeFile(dir.filePath(QStringLiteral("initramfs-tools/") + QLatin1String(f.path)),
                       resource(QStringLiteral("initramfs/") + QLatin1String(f.resource)), f.mode, error))
            return false;
    }
    return true;
}

// The signed index a base's .debs were checked against, kept for offline kits. (A mirror
// apt keeps no list of leaves the previous one in place.)
QString savePackageListsScript(const QString &suite)
{
    return QStringLiteral("(rm -rf %1.new && mkdir -p %1.new && cp \"$1\"/var/lib/apt/lists/*_InRelease "
                          "\"$1\"/var/lib/apt/lists/*_Packages %1.new/ && rm -rf %1 && mv %1.new %1) || rm -rf %1.new")
        .arg(Shell::quote(RunnerPaths::packageLists(suite)));
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

void ImageBuilder::emitEvent(RunEvent::Type type, RunStage stage, const QString &node, const QString &message,
                             double progress, RunEvent::NodeState nodeState) const
{
    if (!m_options.events)
        return;
    RunEvent e;
    e.type = type;
    e.stage = stage;
    e.node = node;
    e.message = m_options.redactor ? m_options.redactor->redact(message) : message;
    e.progress = progress;
    e.nodeState = nodeState;
    m_options.events(e);
}

bool ImageBuilder::run(RunStage stage, const QString &node, const QString &program, const QStringList &args,
                       QString *error, int timeoutMs, const QByteArray &input,
                       const QMap<QString, QString> &environment) const
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
    for (auto it = environment.cbegin(); it != environment.cend(); ++it)
        env.insert(it.key(), it.value());
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
        for (const PinnedArtifact &i : node->output.images) {
            if (i.sha256.isEmpty())
                problems.append(QStringLiteral("node %1: the image %2 (%3/%4) has no digest in the pins lock; run "
                                               "`labforge pins lock` to pin it from the registry")
                                    .arg(id, i.imageReference(), i.component, i.name));
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
            RunEvent::Type::Log, RunStage::Base, {},
            QStringLiteral("the base's package list was not saved (%1): it will not be offered for reuse").arg(why));
}

// What builds killed mid-way left (WorkDirectory::sweep): gone before this one starts.
void ImageBuilder::sweepStaleWork() const
{
    for (const WorkDirectory::Swept &s : WorkDirectory::sweep(RunnerPaths::work())) {
        const QString unmounted =
            s.mounts.isEmpty() ? QString() : QStringLiteral(" (unmounted %1)").arg(s.mounts.join(QStringLiteral(", ")));
        emitEvent(
            RunEvent::Type::Notice, RunStage::Base, {},
            s.error.isEmpty()
                ? QStringLiteral("removed %1, left by a build that ended without cleaning up%2").arg(s.path, unmounted)
                : QStringLiteral("%1 was left by a build that ended without cleaning up and could not be "
                                 "removed%2: %3")
                      .arg(s.path, unmounted, s.error));
    }
}

std::optional<ImageBuilder::Base> ImageBuilder::buildBase(const QStringList &nodes, QString *error)
{
    sweepStaleWork();
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
    const Base base {policy.tarPath(decision.key), decision.key,
                     decision.kind == BaseCachePolicy::Decision::Kind::Derive ? QStringList() : decision.lacking};
    using Kind = BaseCachePolicy::Decision::Kind;
    switch (decision.kind) {
    case Kind::ReuseExact:
        if (decision.saveMeta)
            saveBaseMeta(policy, base.key, request);
        emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {},
                  QStringLiteral("base %1 reused from the cache").arg(base.key));
        return base;
    case Kind::ReuseSuperset:
        emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {},
                  QStringLiteral("base %1 reused from the cache: it holds every package the nodes need").arg(base.key));
        return base;
    case Kind::ReuseLacking:
        emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {},
                  QStringLiteral("base %1 reused from the cache; the nodes that need them install what it "
                                 "lacks from the mirror: %2")
                      .arg(base.key, base.lacking.join(QLatin1Char(' '))));
        return base;
    case Kind::Derive:
        if (!deriveBase(request, decision, policy.tarPath(decision.from), base.tar, error))
            return std::nullopt;
        saveBaseMeta(policy, base.key, request);
        emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {},
                  QStringLiteral("base %1 derived from base %2").arg(base.key, decision.from));
        return base;
    case Kind::BuildNew:
        break;
    }
    if (!mmdebstrap(request, base.tar, error))
        return std::nullopt;
    saveBaseMeta(policy, base.key, request);
    emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {}, QStringLiteral("base %1 built").arg(base.key));
    return base;
}

// A new base tar of the request's packages, written whole or not at all.
bool ImageBuilder::mmdebstrap(const BaseCachePolicy::Request &request, const QString &tar, QString *error) const
{
    QDir().mkpath(RunnerPaths::bases());
    const BaseWork work = baseWork(request.suite, tar);
    const QString &debs = work.debs;
    const QString &partial = work.partial;
    const WorkDirectory &scratch = *work.scratch;
    const bool inMemory = mountBaseScratch(scratch);
    const auto unmount = qScopeGuard([&] {
        if (inMemory)
            NodeBuildContext::unmountLazily(scratch.path());
    });
    QMap<QString, QString> environment;
    if (scratch.isValid())
        environment.insert(QStringLiteral("TMPDIR"), scratch.path());
    QTemporaryDir initramfsConfig;
    if (!writeInitramfsConfig(initramfsConfig, error))
        return false;
    emitEvent(RunEvent::Type::StageStarted, RunStage::Base, {},
              QStringLiteral("mmdebstrap %1 from %2 with %3 packages (the union of the group's images)")
                  .arg(request.suite, request.mirror)
                  .arg(request.packages.size()));
    // An offline kit's mirror (file://) carries Debian's Packages index as apt saved it,
    // uncompressed: apt must take that one (its hash is in the signed InRelease too) rather
    // than look for the compressed files the kit does not hold.
    // mmdebstrap reads a local mirror's .debs through copy:// (its chroot cannot see the path).
    QStringList kitOptions;
    QString mirror = request.mirror;
    if (mirror.startsWith(QLatin1String("file://"))) {
        for (const char *type : {"xz", "gz", "bz2", "lzma", "lz4", "zst"})
            kitOptions.append(
                QStringLiteral("--aptopt=Acquire::CompressionTypes::%1 \"false\"").arg(QLatin1String(type)));
        mirror.replace(0, 7, QStringLiteral("copy://"));
    }
    if (!run(
            RunStage::Base, {}, QStringLiteral("mmdebstrap"),
            kitOptions
                + QStringList {QStringLiteral("--variant=minbase"), QStringLiteral("--format=tar"),
                               QStringLiteral("--include=") + request.packages.join(QLatin1Char(',')),
                               QStringLiteral("--aptopt=Acquire::Retries \"3\""),
                               // The names, exactly as the index holds them, before apt reads any.
                               QStringLiteral("--essential-hook=")
                                   + AptNames::exactNamesScript(request.packages, AptNames::Where::MmdebstrapHook),
                               // One initramfs, made at the end: update-initramfs is diverted to a no-op while
                               // the packages install (the kernel's postinst and initramfs-tools' trigger would
                               // each make one, about 8 s apiece), then put back and run once.
                               QStringLiteral("--essential-hook=chroot \"$1\" dpkg-divert --quiet --local --rename "
                                              "--divert /usr/sbin/update-initramfs.labforge --add "
                                              "/usr/sbin/update-initramfs && printf '#!/bin/sh\\nexit 0\\n' > "
                                              "\"$1/usr/sbin/update-initramfs\" && chmod 0755 "
                                              "\"$1/usr/sbin/update-initramfs\""),
                               // A small initramfs that only mounts the root disk (resources/initramfs: virtio and
                               // ext4 loaded by name, no udev), put in place before the one initramfs is made.
                               QStringLiteral("--customize-hook=sync-in %1 /etc/initramfs-tools/")
                                   .arg(Shell::quote(initramfsConfig.filePath(QStringLiteral("initramfs-tools")))),
                               QStringLiteral("--customize-hook=rm -f \"$1/usr/sbin/update-initramfs\" && chroot "
                                              "\"$1\" dpkg-divert --quiet --local --rename --divert "
                                              "/usr/sbin/update-initramfs.labforge --remove /usr/sbin/update-initramfs "
                                              "&& for modules in \"$1\"/lib/modules/*; do chroot \"$1\" "
                                              "update-initramfs -c -k \"${modules##*/}\" || exit 1; done"),
                               QStringLiteral("--customize-hook=") + initramfsCheckScript(),
                               // dpkg without a sync per file: the tree goes into a tar, not onto a live system.
                               QStringLiteral("--dpkgopt=force-unsafe-io"),
                               // The package cache: what earlier bases fetched goes in before apt runs (apt
                               // uses a file only when its hash is the signed index's), what this one fetched
                               // comes out, and the image keeps none of it.
                               QStringLiteral("--skip=download/empty"), QStringLiteral("--skip=essential/unlink"),
                               QStringLiteral("--setup-hook=mkdir -p \"$1/var/cache/apt/archives/\""),
                               QStringLiteral("--setup-hook=sync-in %1 /var/cache/apt/archives/")
                                   .arg(Shell::quote(debs)),
                               QStringLiteral("--customize-hook=") + packageCacheOutScript(debs),
                               QStringLiteral("--customize-hook=rm -f \"$1\"/var/cache/apt/archives/*.deb"),
                               QStringLiteral("--customize-hook=") + savePackageListsScript(request.suite),
                               request.suite, partial, mirror},
            error, BaseTimeoutMs, {}, environment)) {
        QFile::remove(partial);
        return false;
    }
    QFile::remove(tar);
    QFile::rename(partial, tar);
    packageCacheNotice(debs, work.cached);
    return true;
}

// What a new base's build starts from: the suite's package cache (and what it holds now),
// no partial tar of an earlier attempt, a work directory for its tree.
ImageBuilder::BaseWork ImageBuilder::baseWork(const QString &suite, const QString &tar)
{
    BaseWork work;
    work.debs = RunnerPaths::packages(suite);
    QDir().mkpath(work.debs);
    work.cached = packageSnapshot(work.debs);
    work.partial = tar + QStringLiteral(".partial");
    QFile::remove(work.partial);
    work.scratch = std::make_unique<WorkDirectory>(RunnerPaths::work(), QStringLiteral("base"));
    return work;
}

// What a base's apt fetched goes into the package cache: only a package the cache lacks or
// holds with other bytes (a file apt found wrong and fetched again) is copied, under a
// temporary name and renamed, so a build cut short leaves no half-written .deb behind.
// (mmdebstrap's sync-out copied every package back, about 5 s for a warm cache.)
QString ImageBuilder::packageCacheOutScript(const QString &debs)
{
    return QStringLiteral("cd \"$1/var/cache/apt/archives\" && for f in *.deb; do [ -f \"$f\" ] || continue; "
                          "cmp -s \"$f\" %1/\"$f\" && continue; cp \"$f\" %1/.\"$f\".part && mv -f %1/.\"$f\".part "
                          "%1/\"$f\" || exit 1; done")
        .arg(Shell::quote(debs));
}

void ImageBuilder::packageCacheNotice(const QString &debs,
                                      const QHash<QString, std::pair<QDateTime, qint64>> &before) const
{
    emitEvent(RunEvent::Type::Notice, RunStage::Base, {},
              QStringLiteral("package cache %1: %2 package(s) were there, %3 fetched from the mirror")
                  .arg(debs)
                  .arg(before.size())
                  .arg(fetchedSince(before, packageSnapshot(debs))));
}

// A base's tree is written once and read once into the tar: on a private tmpfs mounted on
// `dir` (readable by apt's sandbox user) when the host has the memory, else on disk.
bool ImageBuilder::mountBaseScratch(const WorkDirectory &dir) const
{
    QString why;
    const bool inMemory = dir.isValid() && m_options.scratchInMemory
        && memoryAvailable() >= BaseScratchBytes + (qint64(2) << 30)
        && run(RunStage::Base, {}, QStringLiteral("mount"),
               {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                QStringLiteral("size=%1,mode=0755").arg(BaseScratchLimitBytes), QStringLiteral("labforge-scratch"),
                dir.path()},
               &why);
    emitEvent(RunEvent::Type::Log, RunStage::Base, {},
              QStringLiteral("scratch: %1%2")
                  .arg(inMemory ? QStringLiteral("memory") : QStringLiteral("disk"),
                       why.isEmpty() ? QString() : QStringLiteral(" (no tmpfs: %1)").arg(why)));
    return inMemory;
}

// A new base made by apt from a cached one (BaseCachePolicy's Derive), written whole or not
// at all: upgraded to the mirror's index, given every requested package, rid of what the
// request does not hold, one kernel, its initramfs checked, the package cache used as in
// mmdebstrap() (bind-mounted as apt's archive, so the tree keeps none of it).
bool ImageBuilder::deriveBase(const BaseCachePolicy::Request &request, const BaseCachePolicy::Decision &decision,
                              const QString &fromTar, const QString &tar, QString *error) const
{
    const BaseWork work = baseWork(request.suite, tar);
    const QString &debs = work.debs;
    const QString &partial = work.partial;
    const WorkDirectory &scratch = *work.scratch;
    if (!scratch.isValid()) {
        *error = QStringLiteral("cannot create a work directory in %1").arg(RunnerPaths::work());
        return false;
    }
    const bool inMemory = mountBaseScratch(scratch);
    const QString tree = scratch.path() + QStringLiteral("/tree");
    const QString proc = tree + QStringLiteral("/proc");
    const QString archives = tree + QStringLiteral("/var/cache/apt/archives");
    bool procMounted = false;
    bool archivesMounted = false;
    const auto unmount = qScopeGuard([&] {
        if (archivesMounted)
            NodeBuildContext::unmountLazily(archives);
        if (procMounted)
            NodeBuildContext::unmountLazily(proc);
        if (inMemory)
            NodeBuildContext::unmountLazily(scratch.path());
    });
    emitEvent(RunEvent::Type::StageStarted, RunStage::Base, {},
              QStringLiteral("deriving base %1 from base %2 with apt: upgraded to the mirror's index, adding %3 "
                             "package(s) it lacks (%4), purging %5 the group does not use (%6)")
                  .arg(decision.key, decision.from)
                  .arg(decision.lacking.size())
                  .arg(decision.lacking.join(QLatin1Char(' ')))
                  .arg(decision.surplus.size())
                  .arg(decision.surplus.isEmpty() ? QStringLiteral("none") : decision.surplus.join(QLatin1Char(' '))));
    QStringList names;
    for (const QString &p : request.packages)
        names.append(p.section(QLatin1Char('='), 0, 0));
    const QString dpkgOptions =
        QStringLiteral("-o Dpkg::Options::=--force-unsafe-io -o Dpkg::Options::=--force-confdef "
                       "-o Dpkg::Options::=--force-confold");
    const QString script =
        QStringLiteral("export DEBIAN_FRONTEND=noninteractive; apt-get -q -o Acquire::Retries=3 update; %4; "
                       "apt-get -y -q %1 dist-upgrade; apt-get -y -q --allow-downgrades %1 install %2; "
                       "apt-mark auto $(apt-mark showmanual) >/dev/null; apt-mark manual %3 >/dev/null; "
                       "apt-get -y -q %1 --purge autoremove; "
                       // An upgrade installs a new kernel beside the old one: the one /vmlinuz names stays.
                       "current=$(readlink /vmlinuz); current=${current##*vmlinuz-}; "
                       "for package in $(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\\n' 'linux-image-[0-9]*' | "
                       "awk '$1 == \"ii\" { print $2 }'); do [ \"$package\" = \"linux-image-$current\" ] || "
                       "apt-get -y -q %1 --purge remove \"$package\"; done")
            .arg(dpkgOptions, Shell::quote(request.packages), Shell::quote(names),
                 AptNames::exactNamesScript(request.packages));
    const bool made =
        QDir().mkpath(tree)
        && run(RunStage::Base, {}, QStringLiteral("tar"),
               {QStringLiteral("--numeric-owner"), QStringLiteral("-xpf"), fromTar, QStringLiteral("-C"), tree}, error)
        && (procMounted = run(RunStage::Base, {}, QStringLiteral("mount"),
                              {QStringLiteral("-t"), QStringLiteral("proc"), QStringLiteral("proc"), proc}, error))
        && QDir().mkpath(archives)
        && (archivesMounted =
                run(RunStage::Base, {}, QStringLiteral("mount"), {QStringLiteral("--bind"), debs, archives}, error))
        && TreeWriter(tree).writeFile(QStringLiteral("/usr/sbin/policy-rc.d"), "#!/bin/sh\nexit 101\n", 0755, error)
        && withHostResolver(tree, {}, error, [&] {
               return run(RunStage::Base, {}, QStringLiteral("chroot"),
                          {tree, QStringLiteral("/bin/sh"), QStringLiteral("-ec"), script}, error, BaseTimeoutMs);
           });
    if (archivesMounted)
        NodeBuildContext::unmountLazily(archives);
    if (procMounted)
        NodeBuildContext::unmountLazily(proc);
    archivesMounted = procMounted = false;
    if (!made
        || !run(RunStage::Base, {}, QStringLiteral("sh"),
                {QStringLiteral("-ec"),
                 QStringLiteral("rm -f \"$1/usr/sbin/policy-rc.d\"; ") + initramfsCheckScript() + QStringLiteral("; ")
                     + savePackageListsScript(request.suite)
                     + QStringLiteral("; find \"$1/var/lib/apt/lists\" -maxdepth 1 -type f ! -name lock -delete; "
                                      "rm -f \"$1\"/var/cache/apt/*.bin"),
                 QStringLiteral("sh"), tree},
                error)
        || !run(RunStage::Base, {}, QStringLiteral("tar"),
                {QStringLiteral("--numeric-owner"), QStringLiteral("-cf"), partial, QStringLiteral("-C"), tree,
                 QStringLiteral(".")},
                error)) {
        QFile::remove(partial);
        return false;
    }
    QFile::remove(tar);
    QFile::rename(partial, tar);
    packageCacheNotice(debs, work.cached);
    return true;
}

// Runs `work` with the host's resolver as the tree's /etc/resolv.conf (for apt), then puts
// the tree's own back. POSIX calls: the tree's file may be a symlink (to a path of the
// host, seen from here) and must be moved as a link, never written through.
bool ImageBuilder::withHostResolver(const QString &tree, const QString &node, QString *error,
                                    const std::function<bool()> &work) const
{
    const QByteArray resolv = QFile::encodeName(tree + QStringLiteral("/etc/resolv.conf"));
    const QByteArray kept = resolv + ".labforge";
    const bool hadResolv = ::rename(resolv.constData(), kept.constData()) == 0;
    if (!hadResolv
        && (QFileInfo::exists(QFile::decodeName(resolv)) || QFileInfo(QFile::decodeName(resolv)).isSymLink())) {
        *error = QStringLiteral("%1cannot move the tree's /etc/resolv.conf aside")
                     .arg(node.isEmpty() ? QString() : QStringLiteral("node %1: ").arg(node));
        return false;
    }
    QFile::copy(QStringLiteral("/etc/resolv.conf"), QFile::decodeName(resolv));
    const bool done = work();
    ::unlink(resolv.constData());
    if (hadResolv)
        ::rename(kept.constData(), resolv.constData());
    return done;
}

QString ImageBuilder::nodeInputsHash(const QString &node, const QString &baseKey) const
{
    Sha256 h;
    h.add((imageLayoutVersion() + QLatin1Char('\n') + baseKey + QLatin1Char('\n')).toUtf8());
    h.add(resource(QStringLiteral("labforge-seed.sh")));
    h.add(resource(QStringLiteral("labforge-seed.service")));
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
const QList<ImageBuilder::NodeBuildStep> &ImageBuilder::nodeBuildSteps()
{
    static const QList<NodeBuildStep> steps {
        {QStringLiteral("work-directory"), &ImageBuilder::createWorkDirectory},
        {QStringLiteral("scratch"), &ImageBuilder::mountScratch},
        {QStringLiteral("unpack"), &ImageBuilder::unpackBase},
        {QStringLiteral("prepare-chroot"), &ImageBuilder::prepareChroot},
        {QStringLiteral("install-lacking"), &ImageBuilder::installLacking,
         [](const NodeBuildContext &c) {
             return !c.install.isEmpty();
         }},
        {QStringLiteral("prune-packages"), &ImageBuilder::prunePackages},
        {QStringLiteral("overlay"), &ImageBuilder::writeOverlayFiles},
        {QStringLiteral("artifacts"), &ImageBuilder::placeArtifacts},
        {QStringLiteral("seed-service"), &ImageBuilder::writeSeedService},
        {QStringLiteral("build-script"), &ImageBuilder::runBuildScript},
        {QStringLiteral("units"), &ImageBuilder::enableUnits},
        {QStringLiteral("tidy-tree"), &ImageBuilder::tidyTree},
        {QStringLiteral("kernel-initrd"), &ImageBuilder::copyKernelAndInitrd},
        {QStringLiteral("disk"), &ImageBuilder::writeDisk},
        {QStringLiteral("stamp"), &ImageBuilder::writeStamp},
    };
    return steps;
}

std::optional<ImageBuilder::NodeImage> ImageBuilder::buildNode(const QString &id, const Base &base, QString *error)
{
    const Bundle::NodeImage *node = nodeOf(m_bundle, id);
    const QString dir = RunnerPaths::nodeImages(m_options.labName, id, error);
    if (dir.isEmpty())
        return std::nullopt;
    NodeImage image {dir + QStringLiteral("/disk.qcow2"), dir + QStringLiteral("/vmlinuz"),
                     dir + QStringLiteral("/initrd.img"), nodeInputsHash(id, base.key), false};
    QFile stamp(dir + QStringLiteral("/inputs.sha256"));
    if (!m_options.force && stamp.open(QIODevice::ReadOnly)
        && QString::fromLatin1(stamp.readAll()).trimmed() == image.inputsHash && QFile::exists(image.disk)
        && QFile::exists(image.kernel) && QFile::exists(image.initrd)) {
        emitEvent(RunEvent::Type::NodeState, ImageStage, id, QStringLiteral("unchanged, reused"), 1,
                  RunEvent::NodeState::Reused);
        return image;
    }
    stamp.close();
    if (!node) {
        *error = QStringLiteral("node %1 is not in the lab").arg(id);
        return std::nullopt;
    }
    emitEvent(RunEvent::Type::NodeState, ImageStage, id, QStringLiteral("building"), 0, RunEvent::NodeState::Building);
    NodeBuildContext context(id, *node, base, dir, image);
    for (const NodeBuildStep &step : nodeBuildSteps()) {
        if (step.needed && !step.needed(context))
            continue;
        emitEvent(RunEvent::Type::Log, ImageStage, id, QStringLiteral("step %1").arg(step.name));
        if (!(this->*step.run)(context, error)) {
            const QString own = QStringLiteral("node %1: ").arg(id);
            *error = QStringLiteral("%1: step '%2' failed: %3")
                         .arg(id, step.name, error->startsWith(own) ? error->mid(own.size()) : *error);
            return std::nullopt;
        }
    }
    context.image.rebuilt = true;
    emitEvent(RunEvent::Type::NodeState, ImageStage, id, QStringLiteral("built"), 1, RunEvent::NodeState::Built);
    return context.image;
}

void ImageBuilder::progress(const NodeBuildContext &c, double progress, const QString &what) const
{
    emitEvent(RunEvent::Type::StageProgress, ImageStage, c.id, what, progress);
}

bool ImageBuilder::createWorkDirectory(NodeBuildContext &c, QString *error) const
{
    return c.createWork(RunnerPaths::work(), error);
}

// The unpacked tree and the raw root filesystem are written, read once and thrown away:
// when the host has the memory to spare they live on a private tmpfs mounted on the work
// directory (only the qcow2 reaches the disk), else on disk. The expected use (about
// twice the base, more when packages are installed) decides; the tmpfs limit is what the
// two can take at most (each fits the root filesystem), since tmpfs uses only the memory
// it holds.
bool ImageBuilder::mountScratch(NodeBuildContext &c, QString *error) const
{
    const qint64 expected = 2 * QFileInfo(c.base.tar).size() + (qint64(c.install.isEmpty() ? 512 : 1536) << 20);
    const qint64 limit = 2 * (qint64(rootSizeGb(c.node)) << 30);
    const bool inMemory =
        m_options.scratchInMemory && memoryAvailable() >= expected * std::max(1, m_options.jobs) + (qint64(2) << 30);
    c.scratchMounted = inMemory
        && run(ImageStage, c.id, QStringLiteral("mount"),
               {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                QStringLiteral("size=%1,mode=0700").arg(limit), QStringLiteral("labforge-scratch"), c.work()},
               error);
    if (inMemory && !c.scratchMounted)
        emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                  QStringLiteral("no tmpfs for the scratch tree (%1): using the disk").arg(*error));
    emitEvent(RunEvent::Type::Log, ImageStage, c.id,
              QStringLiteral("scratch: %1 (about %2 MiB)")
                  .arg(c.scratchMounted ? QStringLiteral("memory") : QStringLiteral("disk"))
                  .arg(expected >> 20));
    error->clear(); // on disk when there is no tmpfs
    QDir().mkpath(c.tree());
    return true;
}

bool ImageBuilder::unpackBase(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.05, QStringLiteral("unpacking the base"));
    return run(ImageStage, c.id, QStringLiteral("tar"),
               {QStringLiteral("--numeric-owner"), QStringLiteral("-xpf"), c.base.tar, QStringLiteral("-C"), c.tree()},
               error);
}

// Maintainer scripts run during pruning: give them /proc and keep services from starting.
bool ImageBuilder::prepareChroot(NodeBuildContext &c, QString *error) const
{
    c.procMounted = run(ImageStage, c.id, QStringLiteral("mount"),
                        {QStringLiteral("-t"), QStringLiteral("proc"), QStringLiteral("proc"), c.proc()}, error);
    return c.procMounted
        && c.treeWriter().writeFile(QStringLiteral("/usr/sbin/policy-rc.d"), "#!/bin/sh\nexit 101\n", 0755, error);
}

bool ImageBuilder::installLacking(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.1, QStringLiteral("installing what the base lacks: %1").arg(c.install.join(QLatin1Char(' '))));
    return withHostResolver(c.tree(), c.id, error, [&] {
        return run(ImageStage, c.id, QStringLiteral("chroot"),
                   {c.tree(), QStringLiteral("/bin/sh"), QStringLiteral("-ec"),
                    QStringLiteral("export DEBIAN_FRONTEND=noninteractive; apt-get -q -o "
                                   "Acquire::Retries=3 update; %2; apt-get -y -q install %1")
                        .arg(Shell::quote(c.install), AptNames::exactNamesScript(c.install))},
                   error);
    });
}

bool ImageBuilder::prunePackages(NodeBuildContext &c, QString *error) const
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
    return run(ImageStage, c.id, QStringLiteral("chroot"),
               {c.tree(), QStringLiteral("/bin/sh"), QStringLiteral("-ec"),
                QStringLiteral("apt-mark auto $(apt-mark showmanual) >/dev/null; apt-mark manual %1 >/dev/null; "
                               "apt-get -y -q --purge autoremove; %2")
                    .arg(Shell::quote(names), pinnedCheck)},
               error);
}

bool ImageBuilder::writeOverlayFiles(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.35, QStringLiteral("overlay files"));
    return writeOverlay(c.treeWriter(), c.node.output.files, error);
}

bool ImageBuilder::placeArtifacts(NodeBuildContext &c, QString *error) const
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
        emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                  QStringLiteral("image %1 baked in for preloading").arg(i.pinnedImageReference()));
    }
    if (!pulled.isEmpty())
        emitEvent(RunEvent::Type::Log, ImageStage, c.id,
                  QStringLiteral("not cached, pulled by digest when the node needs them: %1")
                      .arg(pulled.join(QStringLiteral(", "))));
    return true;
}

// One verified artifact from the cache at its destination in the tree (a member of it
// when it is an archive).
bool ImageBuilder::placeArtifact(NodeBuildContext &c, const PinnedArtifact &a, QString *error) const
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
        if (!run(ImageStage, c.id, program, {QStringLiteral("-xf"), cached, QStringLiteral("-C"), unpackDir, a.member},
                 error))
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

bool ImageBuilder::writeSeedService(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.55, QStringLiteral("labforge seed service, fstab, machine id"));
    const TreeWriter treeWriter = c.treeWriter();
    if (!treeWriter.writeFile(QStringLiteral("/usr/local/lib/labforge/seed.sh"),
                              resource(QStringLiteral("labforge-seed.sh")), 0755, error)
        || !treeWriter.writeFile(QStringLiteral("/etc/systemd/system/labforge-seed.service"),
                                 resource(QStringLiteral("labforge-seed.service")), 0644, error)
        || !treeWriter.writeFile(
            QStringLiteral("/etc/fstab"),
            "# Generated by labforge: direct kernel boot, root=/dev/vda\n/dev/vda / ext4 defaults,noatime 0 1\n", 0644,
            error)
        || !treeWriter.writeFile(QStringLiteral("/etc/machine-id"), QByteArray(), 0444, error))
        return false;
    QFile::remove(c.tree() + QStringLiteral("/var/lib/dbus/machine-id"));
    return true;
}

bool ImageBuilder::runBuildScript(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.6, QStringLiteral("build script"));
    if (!c.treeWriter().writeFile(QStringLiteral("/tmp/labforge-build.sh"),
                                  m_bundle.files().value(QStringLiteral("nodes/%1/build.sh").arg(c.id)).content, 0755,
                                  error)
        || !run(ImageStage, c.id, QStringLiteral("chroot"),
                {c.tree(), QStringLiteral("/bin/bash"), QStringLiteral("/tmp/labforge-build.sh")}, error))
        return false;
    QFile::remove(c.tree() + QStringLiteral("/tmp/labforge-build.sh"));
    return true;
}

bool ImageBuilder::enableUnits(NodeBuildContext &c, QString *error) const
{
    progress(c, 0.7, QStringLiteral("enabling units"));
    QStringList units = c.node.output.units;
    units.prepend(QStringLiteral("labforge-seed.service"));
    return run(ImageStage, c.id, QStringLiteral("systemctl"),
               QStringList {QStringLiteral("--root=") + c.tree(), QStringLiteral("enable")} + units, error);
}

// Services may start again at boot; /proc goes, and so do apt's lists and downloads. The
// linker cache is brought up to date here and /etc and /var are stamped as updated, so the
// guest's boot does not run ldconfig, hwdb, catalog and sysusers updates (their units run
// when /usr is newer than the stamp: at every boot of an image without one).
bool ImageBuilder::tidyTree(NodeBuildContext &c, QString *error) const
{
    if (!run(ImageStage, c.id, QStringLiteral("chroot"), {c.tree(), QStringLiteral("/sbin/ldconfig")}, error))
        return false;
    const QString updateDone = QStringLiteral("/usr/lib/systemd/systemd-update-done");
    if (QFileInfo::exists(c.tree() + updateDone)
        && !run(ImageStage, c.id, QStringLiteral("chroot"), {c.tree(), updateDone}, error))
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
std::optional<ImageBuilder::BootFile> ImageBuilder::bootFile(const QString &tree, const QString &pattern,
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

bool ImageBuilder::copyKernelAndInitrd(NodeBuildContext &c, QString *error) const
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
    emitEvent(RunEvent::Type::Log, ImageStage, c.id,
              QStringLiteral("initrd %1: %2 KiB, %3 KiB with its main archive uncompressed")
                  .arg(initrdFile->name)
                  .arg(packed.size() / 1024)
                  .arg(unpacked->size() / 1024));
    return writeFile(c.image.initrd, *unpacked, 0644, error);
}

// The tree as an ext4 root filesystem, converted to the qcow2 that replaces the old disk.
bool ImageBuilder::writeDisk(NodeBuildContext &c, QString *error) const
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
    if (!run(ImageStage, c.id, QStringLiteral("mkfs.ext4"),
             {QStringLiteral("-F"), QStringLiteral("-q"), QStringLiteral("-L"), QStringLiteral("root"),
              QStringLiteral("-d"), c.tree(), raw},
             error)
        || !run(ImageStage, c.id, QStringLiteral("qemu-img"),
                {QStringLiteral("convert"), QStringLiteral("-O"), QStringLiteral("qcow2"), raw, partial}, error)) {
        QFile::remove(partial);
        return false;
    }
    QFile::remove(c.image.disk);
    QFile::rename(partial, c.image.disk);
    return true;
}

bool ImageBuilder::writeStamp(NodeBuildContext &c, QString *error) const
{
    return writeFile(c.stamp(), c.image.inputsHash.toLatin1() + '\n', 0644, error);
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
            emitEvent(RunEvent::Type::NodeState, ImageStage, id, QStringLiteral("failed"), -1,
                      RunEvent::NodeState::Failed);
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
