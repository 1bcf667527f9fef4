// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabforgeCli.h"

#include "BenchBaseline.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <unistd.h>

LabforgeCli::LabforgeCli(QString binary, QString cacheDir)
    : m_binary(std::move(binary))
    , m_cacheDir(std::move(cacheDir))
{ }

BenchShell::Command LabforgeCli::command(const QStringList &args) const
{
    return {m_binary, args, {{QStringLiteral("LABFORGE_CACHE_DIR"), m_cacheDir}}};
}

namespace {

double timed(const BenchShell::Command &c, int timeoutS)
{
    QElapsedTimer timer;
    timer.start();
    return BenchShell::run(c, nullptr, timeoutS) ? double(timer.nsecsElapsed()) / 1e9 : -1;
}

} // namespace

double LabforgeCli::build(const QString &labFile, int jobs) const
{
    return timed(command({QStringLiteral("build"), labFile, QStringLiteral("--jobs"), QString::number(jobs)}), 7200);
}

double LabforgeCli::up(const QString &labFile, double memoryScale, const QString &uri, const QString &accel) const
{
    return timed(command({QStringLiteral("up"), labFile, QStringLiteral("--no-build"), QStringLiteral("--no-test"),
                          QStringLiteral("--yes"), QStringLiteral("--isolated"), QStringLiteral("--memory-scale"),
                          QString::number(memoryScale), QStringLiteral("--uri"), uri, QStringLiteral("--accel"), accel,
                          QStringLiteral("--ssh-timeout"), QStringLiteral("1800")}),
                 3600);
}

QString LabforgeCli::accel()
{
    return BenchBaseline::accelerator().startsWith(u"KVM") ? QStringLiteral("kvm") : QStringLiteral("tcg");
}

double LabforgeCli::execAll(const QString &labName, const QString &shellCommand, int timeoutS) const
{
    const BenchShell::Command c =
        command({QStringLiteral("exec"), labName, QStringLiteral("--all"), QStringLiteral("--"), shellCommand});
    QElapsedTimer timer;
    timer.start();
    if (BenchShell::dryRun())
        return timed(c, timeoutS);
    QDeadlineTimer deadline(qint64(timeoutS) * 1000);
    while (!deadline.hasExpired()) {
        if (BenchShell::run(c, nullptr, timeoutS))
            return double(timer.nsecsElapsed()) / 1e9;
        QThread::msleep(1000);
    }
    return -1;
}

void LabforgeCli::down(const QString &labName, const QString &uri) const
{
    BenchShell::run(command({QStringLiteral("down"), labName, QStringLiteral("--uri"), uri}), nullptr, 600);
}

double LabforgeCli::qemuCpuSeconds(const QString &labName)
{
    const QDir run(QStringLiteral("/run/libvirt/qemu"));
    double seconds = 0;
    for (const QString &pidFile : run.entryList({QStringLiteral("*.pid")}, QDir::Files)) {
        if (!pidFile.contains(labName))
            continue;
        QFile pid(run.filePath(pidFile));
        if (!pid.open(QIODevice::ReadOnly))
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(QString::fromLatin1(pid.readAll().trimmed())));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // Fields after the command name (which may hold spaces): utime and stime are the 12th
        // and 13th after it.
        const QByteArray text = stat.readAll();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 12)
            seconds += double(fields.at(11).toLongLong() + fields.at(12).toLongLong()) / double(sysconf(_SC_CLK_TCK));
    }
    return seconds;
}
