// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AccelCommand.h"
#include "CommandParser.h"

#include "AccelProbe.h"
#include "RunnerPaths.h"

#include <QCommandLineParser>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace Labforge {

namespace {

// The newest kernel of the images built so far, or "".
QString builtKernel()
{
    QFileInfo newest;
    QDirIterator it(RunnerPaths::cacheRoot() + QStringLiteral("/images"), {QStringLiteral("vmlinuz")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo f(it.next());
        if (!newest.exists() || f.lastModified() > newest.lastModified())
            newest = f;
    }
    return newest.exists() ? newest.filePath() : QString();
}

} // namespace

int AccelCommand::run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Say which accelerator guests get on this host: KVM when a Linux kernel really boots under "
                       "it, else TCG. The answer is kept (beside the caches) and reused by `up` while the host's "
                       "kernel, QEMU and /dev/kvm stay the same."));
    parser.addHelpOption();
    parser.addOption(QCommandLineOption(
        QStringLiteral("kernel"),
        QStringLiteral("An x86-64 Linux kernel to boot (default: the newest kernel of the images built here)."),
        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("initrd"),
                                        QStringLiteral("Its initrd (optional; default: the one beside the kernel)."),
                                        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("again"),
                                        QStringLiteral("Probe again, ignoring (and replacing) the kept answer.")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    if (!parser.positionalArguments().isEmpty()) {
        err << "labforge accel: takes no arguments, only options\n";
        return 2;
    }
    const QString cache = RunnerPaths::accelProbeCache();
    QString kernel = parser.value(QStringLiteral("kernel"));
    QString initrd = parser.value(QStringLiteral("initrd"));
    if (kernel.isEmpty())
        kernel = builtKernel();
    if (initrd.isEmpty() && !parser.isSet(QStringLiteral("kernel")) && !kernel.isEmpty())
        initrd = QFileInfo(kernel).path() + QStringLiteral("/initrd.img");
    if (!initrd.isEmpty() && !QFileInfo(initrd).isFile())
        initrd.clear();
    const bool kept = QFileInfo::exists(cache) && !parser.isSet(QStringLiteral("again"));
    if (!kept && QFileInfo::exists(QStringLiteral("/dev/kvm")) && !QFileInfo(kernel).isFile()) {
        err << "labforge accel: no kernel to boot: build a lab first, or give --kernel (any x86-64 Linux kernel, "
               "such as the one in Debian's linux-image-amd64 package)\n";
        return 2;
    }
    if (parser.isSet(QStringLiteral("again")))
        QFile::remove(cache);
    const AccelProbe::Result r = AccelProbe::probeCached(kernel, initrd, 60000, CancelToken(), cache);
    out << BootPlan::accelName(r.accel) << ": " << r.reason << '\n';
    return 0;
}

} // namespace Labforge
