// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SerialConsole.h"

#include "Libvirt.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <cstring>
#include <libvirt/libvirt.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

namespace Labforge {

namespace {

bool writeAll(int fd, const char *data, qint64 size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size_t(size));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= n;
    }
    return true;
}

// Raw mode on a terminal for as long as it lives.
class RawTerminal
{
public:
    explicit RawTerminal(int fd)
        : m_fd(fd)
        , m_active(::isatty(fd) == 1 && ::tcgetattr(fd, &m_saved) == 0)
    {
        if (!m_active)
            return;
        termios raw = m_saved;
        ::cfmakeraw(&raw);
        ::tcsetattr(fd, TCSAFLUSH, &raw);
    }
    ~RawTerminal()
    {
        if (m_active)
            ::tcsetattr(m_fd, TCSAFLUSH, &m_saved);
    }
    RawTerminal(const RawTerminal &) = delete;
    RawTerminal &operator=(const RawTerminal &) = delete;

private:
    int m_fd;
    termios m_saved {};
    bool m_active;
};

} // namespace

SerialConsole::End SerialConsole::attach(Libvirt &virt, const QString &domain, int inputFd, int outputFd,
                                         Options options, QString *error)
{
    virStreamPtr stream = virt.openConsole(domain, options.force, error);
    if (!stream)
        return End::Failed;
    RawTerminal terminal(inputFd);
    QElapsedTimer clock;
    clock.start();
    bool inputOpen = true;
    End end = End::Failed;
    char buffer[4096];
    for (;;) {
        if (options.seconds > 0 && clock.elapsed() >= qint64(options.seconds) * 1000) {
            end = End::TimeUp;
            break;
        }
        // The guest's output first: everything the stream holds now.
        const int got = virStreamRecv(stream, buffer, sizeof buffer);
        if (got > 0) {
            if (!writeAll(outputFd, buffer, got)) {
                *error = QStringLiteral("cannot write the console's output: %1").arg(qt_error_string(errno));
                break;
            }
            continue;
        }
        if (got == 0) {
            end = End::Closed;
            break;
        }
        if (got == -1) {
            *error = QStringLiteral("the console of %1 failed: %2").arg(domain, Libvirt::lastError());
            break;
        }
        // Nothing from the guest (-2): wait a little for the user.
        pollfd in {inputFd, POLLIN, 0};
        if (!inputOpen || ::poll(&in, 1, 20) <= 0) {
            if (!inputOpen)
                QThread::msleep(20);
            continue;
        }
        const ssize_t n = ::read(inputFd, buffer, sizeof buffer);
        if (n <= 0) {
            inputOpen = false; // input ended: keep showing the guest's output
            continue;
        }
        const char *escape = static_cast<const char *>(std::memchr(buffer, Escape, size_t(n)));
        const ssize_t toSend = escape ? escape - buffer : n;
        if (toSend > 0 && virStreamSend(stream, buffer, size_t(toSend)) < 0) {
            *error = QStringLiteral("cannot write to the console of %1: %2").arg(domain, Libvirt::lastError());
            break;
        }
        if (escape) {
            end = End::Detached;
            break;
        }
    }
    if (end == End::Closed)
        virStreamFinish(stream);
    else
        virStreamAbort(stream);
    virStreamFree(stream);
    return end;
}

bool SerialConsole::follow(const QString &logFile, int lines, int seconds, int outputFd, QString *error)
{
    QFile log(logFile);
    if (!log.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        *error = QStringLiteral("cannot read the console log %1: %2").arg(logFile, log.errorString());
        return false;
    }
    // The last `lines` lines of what is there, then what comes.
    const qint64 size = log.size();
    const qint64 from = std::max<qint64>(0, size - 256 * 1024);
    log.seek(from);
    const QByteArray tail = log.readAll();
    qsizetype start = tail.size();
    for (int found = 0; start > 0 && found <= lines;) {
        if (tail.at(--start) == '\n')
            ++found;
    }
    if (start > 0)
        ++start;
    writeAll(outputFd, tail.constData() + start, tail.size() - start);
    QElapsedTimer clock;
    clock.start();
    while (seconds <= 0 || clock.elapsed() < qint64(seconds) * 1000) {
        const QByteArray more = log.readAll();
        if (!more.isEmpty())
            writeAll(outputFd, more.constData(), more.size());
        else if (log.size() < log.pos())
            log.seek(0); // a new run started the log again
        else
            QThread::msleep(200);
    }
    return true;
}

} // namespace Labforge
