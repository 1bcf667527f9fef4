// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BenchShell.h"

#include "Shell.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSaveFile>
#include <QThread>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>

namespace {

bool g_dryRun = false;

std::unique_ptr<QProcess> start(const BenchShell::Command &c)
{
    auto p = std::make_unique<QProcess>();
    p->setProcessChannelMode(QProcess::MergedChannels);
    if (!c.env.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (auto it = c.env.begin(); it != c.env.end(); ++it)
            env.insert(it.key(), it.value());
        p->setProcessEnvironment(env);
    }
    if (!c.workDir.isEmpty())
        p->setWorkingDirectory(c.workDir);
    p->start(c.program, c.args);
    return p;
}

// The guests in `targets` still waiting, by index; each round one `ssh` per guest at once.
bool untilAll(const QList<BenchShell::Target> &targets, const QString &user, const QString &key,
              const std::function<QString(const BenchShell::Target &)> &command,
              const std::function<bool(const BenchShell::Target &, int code, const QString &out)> &done, int timeoutS)
{
    if (g_dryRun) {
        for (const BenchShell::Target &t : targets)
            std::printf("+ until it answers: ssh %s\n",
                        qPrintable(Labforge::Shell::quote(BenchShell::sshArgs(user, key, t.ip, command(t)))));
        return true;
    }
    QList<int> waiting;
    for (int i = 0; i < targets.size(); ++i)
        waiting.append(i);
    QDeadlineTimer deadline(qint64(timeoutS) * 1000);
    while (!waiting.isEmpty()) {
        if (deadline.hasExpired())
            return false;
        std::vector<std::unique_ptr<QProcess>> round;
        for (const int i : waiting)
            round.push_back(start(
                {QStringLiteral("ssh"), BenchShell::sshArgs(user, key, targets.at(i).ip, command(targets.at(i)))}));
        QList<int> still;
        for (size_t k = 0; k < round.size(); ++k) {
            QProcess &p = *round[k];
            const BenchShell::Target &t = targets.at(waiting.at(int(k)));
            const bool finished = p.waitForFinished(15000);
            if (!finished)
                p.kill(), p.waitForFinished();
            const QString out = QString::fromUtf8(p.readAll()).trimmed();
            if (!finished || p.exitStatus() != QProcess::NormalExit || !done(t, p.exitCode(), out))
                still.append(waiting.at(int(k)));
        }
        waiting = still;
        if (!waiting.isEmpty())
            QThread::msleep(1000);
    }
    return true;
}

} // namespace

void BenchShell::setDryRun(bool dryRun)
{
    g_dryRun = dryRun;
}

bool BenchShell::dryRunAsked(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--dry-run") == 0)
            return true;
    }
    return false;
}

bool BenchShell::dryRun()
{
    return g_dryRun;
}

QString BenchShell::line(const Command &c)
{
    QString out;
    if (!c.workDir.isEmpty())
        out += QStringLiteral("cd %1 && ").arg(Labforge::Shell::quote(c.workDir));
    for (auto it = c.env.begin(); it != c.env.end(); ++it)
        out += it.key() + u'=' + Labforge::Shell::quote(it.value()) + u' ';
    return out + Labforge::Shell::quote(QStringList {c.program} + c.args);
}

bool BenchShell::run(const Command &c, QString *output, int timeoutS)
{
    std::printf("+ %s\n", qPrintable(line(c)));
    std::fflush(stdout);
    if (g_dryRun)
        return true;
    auto p = start(c);
    const bool finished = p->waitForFinished(timeoutS * 1000);
    if (!finished)
        p->kill(), p->waitForFinished();
    const QString out = QString::fromUtf8(p->readAll());
    if (output)
        *output = out;
    const bool ok = finished && p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0;
    if (!ok)
        std::fprintf(stderr, "failed (%s): %s\n%s\n", finished ? "exit status" : "timed out", qPrintable(line(c)),
                     qPrintable(out.right(3000)));
    return ok;
}

bool BenchShell::runParallel(const QList<Command> &commands, int jobs, int timeoutS)
{
    if (g_dryRun || jobs <= 1 || commands.size() <= 1) {
        bool ok = true;
        for (const Command &c : commands)
            ok = run(c, nullptr, timeoutS) && ok;
        return ok;
    }
    bool ok = true;
    for (qsizetype first = 0; first < commands.size(); first += jobs) {
        std::vector<std::unique_ptr<QProcess>> batch;
        for (qsizetype i = first; i < std::min(commands.size(), first + jobs); ++i) {
            std::printf("+ %s &\n", qPrintable(line(commands.at(i))));
            batch.push_back(start(commands.at(i)));
        }
        std::fflush(stdout);
        for (size_t k = 0; k < batch.size(); ++k) {
            QProcess &p = *batch[k];
            const bool finished = p.waitForFinished(timeoutS * 1000);
            if (!finished || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
                std::fprintf(stderr, "failed: %s\n%s\n", qPrintable(line(commands.at(first + qsizetype(k)))),
                             qPrintable(QString::fromUtf8(p.readAll()).right(3000)));
                ok = false;
            }
        }
    }
    return ok;
}

bool BenchShell::writeFile(const QString &path, const QString &text)
{
    if (g_dryRun) {
        std::printf("+ write %s:\n%s\n", qPrintable(path), qPrintable(text));
        return true;
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(text.toUtf8());
    return f.commit();
}

QStringList BenchShell::sshArgs(const QString &user, const QString &key, const QString &ip, const QString &command)
{
    return {QStringLiteral("-i"), key,
            QStringLiteral("-o"), QStringLiteral("BatchMode=yes"),
            QStringLiteral("-o"), QStringLiteral("ConnectTimeout=3"),
            QStringLiteral("-o"), QStringLiteral("StrictHostKeyChecking=no"),
            QStringLiteral("-o"), QStringLiteral("UserKnownHostsFile=/dev/null"),
            QStringLiteral("-o"), QStringLiteral("LogLevel=ERROR"),
            user + u'@' + ip,     command};
}

bool BenchShell::waitForSsh(const QList<Target> &targets, const QString &user, const QString &key, int timeoutS)
{
    return untilAll(
        targets, user, key, [](const Target &) { return QStringLiteral("hostname"); },
        [](const Target &t, int code, const QString &out) { return code == 0 && out == t.hostname; }, timeoutS);
}

bool BenchShell::checkAll(const QList<Target> &targets, const QString &user, const QString &key, const QString &command,
                          int timeoutS)
{
    return untilAll(
        targets, user, key, [&](const Target &) { return command; },
        [](const Target &, int code, const QString &) { return code == 0; }, timeoutS);
}
