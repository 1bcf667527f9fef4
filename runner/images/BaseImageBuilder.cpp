// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BaseImageBuilder.h"

#include "AptNames.h"
#include "FileCapabilities.h"
#include "ImageCommands.h"
#include "NodeBuildContext.h"
#include "RunnerPaths.h"
#include "Shell.h"
#include "TreeWriter.h"
#include "WorkDirectory.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>

namespace Labforge {

namespace {

// The file capabilities of `tar` are on the files of `tree` it was unpacked into.
bool capabilitiesArrived(const QString &tar, const QString &tree, QString *error)
{
    const auto packed = FileCapabilities::ofTar(tar, error);
    if (!packed)
        return false;
    *error = FileCapabilities::check(FileCapabilities::presentIn(*packed, tree), FileCapabilities::ofTree(tree),
                                     QStringLiteral("unpacking base ") + QFileInfo(tar).completeBaseName());
    return error->isEmpty();
}

// The file capabilities of `tree` are in the tar `tar` it was packed into.
bool capabilitiesPacked(const QString &tree, const QString &tar, QString *error)
{
    const auto packed = FileCapabilities::ofTar(tar, error);
    if (!packed)
        return false;
    *error =
        FileCapabilities::check(FileCapabilities::ofTree(tree), *packed, QStringLiteral("packing the derived base"));
    return error->isEmpty();
}

constexpr int BaseTimeoutMs = 45 * 60 * 1000;
// A base's tree in memory: what the host must have free (a Kubernetes base's tree is about
// 2 GB) and the most the tmpfs may take (it uses only what it holds).
constexpr qint64 BaseScratchBytes = qint64(3) << 30;
constexpr qint64 BaseScratchLimitBytes = qint64(8) << 30;

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
        if (!ImageCommands::writeFile(dir.filePath(QStringLiteral("initramfs-tools/") + QLatin1String(f.path)),
                                      ImageCommands::resource(QStringLiteral("initramfs/") + QLatin1String(f.resource)),
                                      f.mode, error))
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

} // namespace

BaseImageBuilder::BaseImageBuilder(const Bundle &bundle, const ImageCommands &commands,
                                   const ImageBuilder::Options &options)
    : m_bundle(bundle)
    , m_commands(commands)
    , m_options(options)
{ }

QStringList BaseImageBuilder::packageUnion(const QStringList &nodes, QString *suite) const
{
    QSet<QString> packages;
    for (const QString &id : nodes) {
        if (const Bundle::NodeImage *n = m_bundle.node(id)) {
            packages.unite(QSet<QString>(n->output.packages.begin(), n->output.packages.end()));
            if (suite)
                *suite = n->suite;
        }
    }
    QStringList sorted(packages.begin(), packages.end());
    sorted.sort();
    return sorted;
}

QString BaseImageBuilder::key(const QStringList &nodes) const
{
    QString suite;
    const QStringList packages = packageUnion(nodes, &suite);
    return BaseCachePolicy::key(suite, m_options.mirror, packages);
}

// Each base tar has a <key>.json beside it: layout, suite, mirror and its package list.
void BaseImageBuilder::saveBaseMeta(const BaseCachePolicy &policy, const QString &key,
                                    const BaseCachePolicy::Request &request) const
{
    QString why;
    if (!ImageCommands::writeFile(policy.metaPath(key), BaseCachePolicy::meta(request), 0644, &why))
        m_commands.emitEvent(
            RunEvent::Type::Log, RunStage::Base, {},
            QStringLiteral("the base's package list was not saved (%1): it will not be offered for reuse").arg(why));
}

// What builds killed mid-way left (WorkDirectory::sweep): gone before this one starts.
void BaseImageBuilder::sweepStaleWork() const
{
    for (const WorkDirectory::Swept &s : WorkDirectory::sweep(RunnerPaths::work())) {
        const QString unmounted =
            s.mounts.isEmpty() ? QString() : QStringLiteral(" (unmounted %1)").arg(s.mounts.join(QStringLiteral(", ")));
        m_commands.emitEvent(
            RunEvent::Type::Notice, RunStage::Base, {},
            s.error.isEmpty()
                ? QStringLiteral("removed %1, left by a build that ended without cleaning up%2").arg(s.path, unmounted)
                : QStringLiteral("%1 was left by a build that ended without cleaning up and could not be "
                                 "removed%2: %3")
                      .arg(s.path, unmounted, s.error));
    }
}

std::optional<ImageBuilder::Base> BaseImageBuilder::build(const QStringList &nodes, QString *error)
{
    sweepStaleWork();
    QString suite;
    const QStringList sorted = packageUnion(nodes, &suite);
    for (const QString &id : nodes) {
        if (const Bundle::NodeImage *n = m_bundle.node(id); n && n->suite != suite) {
            *error = QStringLiteral("nodes of one build use one Debian suite (%1 and %2 differ)").arg(suite, n->suite);
            return std::nullopt;
        }
    }
    const BaseCachePolicy policy(RunnerPaths::bases());
    const BaseCachePolicy::Request request {suite, m_options.mirror, sorted, m_options.force,
                                            m_options.maxLackingPackages};
    const BaseCachePolicy::Decision decision = policy.decide(request);
    const ImageBuilder::Base base {policy.tarPath(decision.key), decision.key,
                                   decision.kind == BaseCachePolicy::Decision::Kind::Derive ? QStringList()
                                                                                            : decision.lacking};
    using Kind = BaseCachePolicy::Decision::Kind;
    switch (decision.kind) {
    case Kind::ReuseExact:
        if (decision.saveMeta)
            saveBaseMeta(policy, base.key, request);
        m_commands.emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {},
                             QStringLiteral("base %1 reused from the cache").arg(base.key));
        return base;
    case Kind::ReuseSuperset:
        m_commands.emitEvent(
            RunEvent::Type::StageFinished, RunStage::Base, {},
            QStringLiteral("base %1 reused from the cache: it holds every package the nodes need").arg(base.key));
        return base;
    case Kind::ReuseLacking:
        m_commands.emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {},
                             QStringLiteral("base %1 reused from the cache; the nodes that need them install what it "
                                            "lacks from the mirror: %2")
                                 .arg(base.key, base.lacking.join(QLatin1Char(' '))));
        return base;
    case Kind::Derive:
        if (!deriveBase(request, decision, policy.tarPath(decision.from), base.tar, error))
            return std::nullopt;
        saveBaseMeta(policy, base.key, request);
        m_commands.emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {},
                             QStringLiteral("base %1 derived from base %2").arg(base.key, decision.from));
        return base;
    case Kind::BuildNew:
        break;
    }
    if (!mmdebstrap(request, base.tar, error))
        return std::nullopt;
    saveBaseMeta(policy, base.key, request);
    m_commands.emitEvent(RunEvent::Type::StageFinished, RunStage::Base, {},
                         QStringLiteral("base %1 built").arg(base.key));
    return base;
}

// A new base tar of the request's packages, written whole or not at all.
bool BaseImageBuilder::mmdebstrap(const BaseCachePolicy::Request &request, const QString &tar, QString *error) const
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
    m_commands.emitEvent(RunEvent::Type::StageStarted, RunStage::Base, {},
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
    if (!m_commands.run(
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
BaseImageBuilder::BaseWork BaseImageBuilder::baseWork(const QString &suite, const QString &tar)
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
QString BaseImageBuilder::packageCacheOutScript(const QString &debs)
{
    return QStringLiteral("cd \"$1/var/cache/apt/archives\" && for f in *.deb; do [ -f \"$f\" ] || continue; "
                          "cmp -s \"$f\" %1/\"$f\" && continue; cp \"$f\" %1/.\"$f\".part && mv -f %1/.\"$f\".part "
                          "%1/\"$f\" || exit 1; done")
        .arg(Shell::quote(debs));
}

void BaseImageBuilder::packageCacheNotice(const QString &debs,
                                          const QHash<QString, std::pair<QDateTime, qint64>> &before) const
{
    m_commands.emitEvent(RunEvent::Type::Notice, RunStage::Base, {},
                         QStringLiteral("package cache %1: %2 package(s) were there, %3 fetched from the mirror")
                             .arg(debs)
                             .arg(before.size())
                             .arg(fetchedSince(before, packageSnapshot(debs))));
}

// A base's tree is written once and read once into the tar: on a private tmpfs mounted on
// `dir` (readable by apt's sandbox user) when the host has the memory, else on disk.
bool BaseImageBuilder::mountBaseScratch(const WorkDirectory &dir) const
{
    QString why;
    const bool inMemory = dir.isValid() && m_options.scratchInMemory
        && ImageCommands::memoryAvailable() >= BaseScratchBytes + (qint64(2) << 30)
        && m_commands.run(RunStage::Base, {}, QStringLiteral("mount"),
                          {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                           QStringLiteral("size=%1,mode=0755").arg(BaseScratchLimitBytes),
                           QStringLiteral("labforge-scratch"), dir.path()},
                          &why);
    m_commands.emitEvent(RunEvent::Type::Log, RunStage::Base, {},
                         QStringLiteral("scratch: %1%2")
                             .arg(inMemory ? QStringLiteral("memory") : QStringLiteral("disk"),
                                  why.isEmpty() ? QString() : QStringLiteral(" (no tmpfs: %1)").arg(why)));
    return inMemory;
}

// A new base made by apt from a cached one (BaseCachePolicy's Derive), written whole or not
// at all: upgraded to the mirror's index, given every requested package, rid of what the
// request does not hold, one kernel, its initramfs checked, the package cache used as in
// mmdebstrap() (bind-mounted as apt's archive, so the tree keeps none of it).
bool BaseImageBuilder::deriveBase(const BaseCachePolicy::Request &request, const BaseCachePolicy::Decision &decision,
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
    m_commands.emitEvent(
        RunEvent::Type::StageStarted, RunStage::Base, {},
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
    const bool made = QDir().mkpath(tree)
        && m_commands.run(RunStage::Base, {}, QStringLiteral("tar"),
                          ImageCommands::treeTarOptions()
                              + QStringList {QStringLiteral("-xpf"), fromTar, QStringLiteral("-C"), tree},
                          error)
        && capabilitiesArrived(fromTar, tree, error)
        && (procMounted =
                m_commands.run(RunStage::Base, {}, QStringLiteral("mount"),
                               {QStringLiteral("-t"), QStringLiteral("proc"), QStringLiteral("proc"), proc}, error))
        && QDir().mkpath(archives)
        && (archivesMounted = m_commands.run(RunStage::Base, {}, QStringLiteral("mount"),
                                             {QStringLiteral("--bind"), debs, archives}, error))
        && TreeWriter(tree).writeFile(QStringLiteral("/usr/sbin/policy-rc.d"), "#!/bin/sh\nexit 101\n", 0755, error)
        && m_commands.withHostResolver(tree, {}, error, [&] {
               return m_commands.run(RunStage::Base, {}, QStringLiteral("chroot"),
                                     {tree, QStringLiteral("/bin/sh"), QStringLiteral("-ec"), script}, error,
                                     BaseTimeoutMs);
           });
    if (archivesMounted)
        NodeBuildContext::unmountLazily(archives);
    if (procMounted)
        NodeBuildContext::unmountLazily(proc);
    archivesMounted = procMounted = false;
    if (!made
        || !m_commands.run(
            RunStage::Base, {}, QStringLiteral("sh"),
            {QStringLiteral("-ec"),
             QStringLiteral("rm -f \"$1/usr/sbin/policy-rc.d\"; ") + initramfsCheckScript() + QStringLiteral("; ")
                 + savePackageListsScript(request.suite)
                 + QStringLiteral("; find \"$1/var/lib/apt/lists\" -maxdepth 1 -type f ! -name lock -delete; "
                                  "rm -f \"$1\"/var/cache/apt/*.bin"),
             QStringLiteral("sh"), tree},
            error)
        || !m_commands.run(
            RunStage::Base, {}, QStringLiteral("tar"),
            ImageCommands::treeTarOptions()
                + QStringList {QStringLiteral("-cf"), partial, QStringLiteral("-C"), tree, QStringLiteral(".")},
            error)
        || !capabilitiesPacked(tree, partial, error)) {
        QFile::remove(partial);
        return false;
    }
    QFile::remove(tar);
    QFile::rename(partial, tar);
    packageCacheNotice(debs, work.cached);
    return true;
}

} // namespace Labforge
