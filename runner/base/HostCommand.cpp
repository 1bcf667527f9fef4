// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostCommand.h"

#include "Redactor.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QThread>

namespace Labforge {

QString HostCommand::Result::describe(const QString &program) const
{
    if (failedToStart)
        return QStringLiteral("%1 could not be started (is it installed?)").arg(program);
    if (cancelled)
        return QStringLiteral("%1 was cancelled").arg(program);
    if (timedOut)
        return QStringLiteral("%1 did not finish within its time limit").arg(program);
    QString tail = QString::fromUtf8(errorOutput.isEmpty() ? output : errorOutput).trimmed();
    const QStringList lines = tail.split(QLatin1Char('\n'));
    tail = lines.mid(std::max<qsizetype>(0, lines.size() - 6)).join(QLatin1Char('\n'));
    return QStringLiteral("%1 exited with status %2%3")
        .arg(program)
        .arg(exitCode)
        .arg(tail.isEmpty() ? QString() : QStringLiteral(":\n") + tail);
}

QProcessEnvironment HostCommand::cleanEnvironment()
{
    static const char *const allowed[] = {"PATH",        "HOME",       "USER",        "LOGNAME",     "LANG",
                                          "LANGUAGE",    "LC_ALL",     "LC_CTYPE",    "LC_MESSAGES", "TZ",
                                          "TMPDIR",      "http_proxy", "https_proxy", "no_proxy",    "HTTP_PROXY",
                                          "HTTPS_PROXY", "NO_PROXY"};
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    QProcessEnvironment clean;
    for (const char *name : allowed) {
        const QString key = QLatin1String(name);
        if (system.contains(key))
            clean.insert(key, system.value(key));
    }
    if (!clean.contains(QStringLiteral("PATH")))
        clean.insert(QStringLiteral("PATH"),
                     QStringLiteral("/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"));
    return clean;
}

HostCommand::HostCommand(QString program, QStringList arguments)
    : m_program(std::move(program))
    , m_arguments(std::move(arguments))
{ }

HostCommand &HostCommand::timeout(int ms)
{
    m_timeoutMs = ms;
    return *this;
}

HostCommand &HostCommand::cancel(const CancelToken &token)
{
    m_cancel = token;
    return *this;
}

HostCommand &HostCommand::input(const QByteArray &stdinData)
{
    m_input = stdinData;
    m_hasInput = true;
    return *this;
}

HostCommand &HostCommand::environment(const QProcessEnvironment &env)
{
    m_env = env;
    return *this;
}

HostCommand &HostCommand::separateStderr(bool separate)
{
    m_separate = separate;
    return *this;
}

HostCommand &HostCommand::lines(LineSink sink, const Redactor *redactor)
{
    m_lines = std::move(sink);
    m_redactor = redactor;
    return *this;
}

HostCommand &HostCommand::workingDirectory(const QString &dir)
{
    m_workingDirectory = dir;
    return *this;
}

bool HostCommand::exists(const QString &program)
{
    return !QStandardPaths::findExecutable(program).isEmpty() || QFileInfo(program).isExecutable();
}

HostCommand::Result HostCommand::run() const
{
    Result result;
    QProcess process;
    process.setProcessEnvironment(m_env);
    process.setProcessChannelMode(m_separate ? QProcess::SeparateChannels : QProcess::MergedChannels);
    if (!m_workingDirectory.isEmpty())
        process.setWorkingDirectory(m_workingDirectory);
    QElapsedTimer timer;
    timer.start();
    process.start(m_program, m_arguments);
    if (!process.waitForStarted(30000)) {
        result.failedToStart = true;
        return result;
    }
    if (m_hasInput)
        process.write(m_input);
    process.closeWriteChannel();
    QByteArray pending;
    auto drain = [&](bool final) {
        const QByteArray chunk = process.readAllStandardOutput();
        result.output += chunk;
        if (m_separate)
            result.errorOutput += process.readAllStandardError();
        if (!m_lines)
            return;
        pending += chunk;
        qsizetype nl;
        while ((nl = pending.indexOf('\n')) >= 0) {
            const QString line = QString::fromUtf8(pending.left(nl));
            pending.remove(0, nl + 1);
            m_lines(m_redactor ? m_redactor->redact(line) : line);
        }
        if (final && !pending.isEmpty())
            m_lines(m_redactor ? m_redactor->redact(QString::fromUtf8(pending)) : QString::fromUtf8(pending));
    };
    while (!process.waitForFinished(200)) {
        drain(false);
        if (m_cancel.isCancelled() || timer.elapsed() > m_timeoutMs) {
            result.cancelled = m_cancel.isCancelled();
            result.timedOut = !result.cancelled;
            process.terminate();
            if (!process.waitForFinished(5000)) {
                process.kill();
                process.waitForFinished(5000);
            }
            drain(true);
            result.elapsedMs = timer.elapsed();
            return result;
        }
        if (process.state() == QProcess::NotRunning)
            break;
    }
    drain(true);
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.elapsedMs = timer.elapsed();
    return result;
}

} // namespace Labforge
