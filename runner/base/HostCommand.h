// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>
#include <functional>

namespace Labforge {

class Redactor;

// Runs one host program (mmdebstrap, qemu-img, ssh, …) with a time bound, a
// cancel token and its output kept; each output line can be streamed, redacted.
class HostCommand
{
public:
    struct Result
    {
        int exitCode = -1;
        bool timedOut = false;
        bool cancelled = false;
        bool failedToStart = false;
        QByteArray output; // stdout and stderr merged unless separated
        QByteArray errorOutput;
        qint64 elapsedMs = 0;

        bool ok() const { return exitCode == 0 && !timedOut && !cancelled && !failedToStart; }
        QString describe(const QString &program) const;
    };
    using LineSink = std::function<void(const QString &line)>;

    HostCommand(QString program, QStringList arguments);
    HostCommand &timeout(int ms);
    HostCommand &cancel(const CancelToken &token);
    HostCommand &input(const QByteArray &stdinData);
    // What a child process gets from labforge's environment: an allow-list (PATH, locale,
    // HOME/USER, TMPDIR, proxies), never LABFORGE_* secrets or anything else inherited.
    static QProcessEnvironment cleanEnvironment();
    HostCommand &environment(const QProcessEnvironment &env);
    HostCommand &separateStderr(bool separate = true);
    HostCommand &lines(LineSink sink, const Redactor *redactor = nullptr);
    HostCommand &workingDirectory(const QString &dir);
    Result run() const;

    static bool exists(const QString &program);

private:
    QString m_program;
    QStringList m_arguments;
    int m_timeoutMs = 600000;
    CancelToken m_cancel;
    QByteArray m_input;
    bool m_hasInput = false;
    bool m_separate = false;
    QProcessEnvironment m_env = cleanEnvironment();
    LineSink m_lines;
    const Redactor *m_redactor = nullptr;
    QString m_workingDirectory;
};

} // namespace Labforge
