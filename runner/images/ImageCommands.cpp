// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ImageCommands.h"

#include "HostCommand.h"
#include "Redactor.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cstdio>
#include <unistd.h>

static void initRunnerResources()
{
    Q_INIT_RESOURCE(runner);
}

namespace Labforge {

ImageCommands::ImageCommands(const ImageBuilder::Options &options)
    : m_options(options)
{ }

QStringList ImageCommands::treeTarOptions()
{
    return {QStringLiteral("--numeric-owner"), QStringLiteral("--xattrs"), QStringLiteral("--xattrs-include=*"),
            QStringLiteral("--acls")};
}

QByteArray ImageCommands::resource(const QString &name)
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

bool ImageCommands::writeFile(const QString &path, const QByteArray &content, int mode, QString *error)
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

// MemAvailable from /proc/meminfo, in bytes (0 when unknown).
qint64 ImageCommands::memoryAvailable()
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

void ImageCommands::emitEvent(RunEvent::Type type, RunStage stage, const QString &node, const QString &message,
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

bool ImageCommands::run(RunStage stage, const QString &node, const QString &program, const QStringList &args,
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

// Runs `work` with the host's resolver as the tree's /etc/resolv.conf (for apt), then puts
// the tree's own back. POSIX calls: the tree's file may be a symlink (to a path of the
// host, seen from here) and must be moved as a link, never written through.
bool ImageCommands::withHostResolver(const QString &tree, const QString &node, QString *error,
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

} // namespace Labforge
