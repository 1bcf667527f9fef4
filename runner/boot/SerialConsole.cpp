// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SerialConsole.h"

#include "Libvirt.h"
#include "RegularFile.h"
#include "TerminalText.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <atomic>
#include <cstring>
#include <fcntl.h>
#include <libvirt/libvirt.h>
#include <memory>
#include <poll.h>
#include <sys/stat.h>
#include <termios.h>
#include <thread>
#include <unistd.h>

namespace Labforge {

namespace {

bool writeAll(int fd, const char *data, qint64 size);

// The guest's bytes for the terminal: through TerminalText unless raw ones were asked for.
class ConsoleBytes
{
public:
    ConsoleBytes(int fd, bool raw)
        : m_fd(fd)
        , m_raw(raw)
    { }
    bool write(const char *data, qint64 size)
    {
        if (m_raw)
            return writeAll(m_fd, data, size);
        const QByteArray shown = TerminalText::escapedConsole(QByteArray(data, size), &m_pending);
        return writeAll(m_fd, shown.constData(), shown.size());
    }

private:
    int m_fd;
    bool m_raw;
    QByteArray m_pending;
};

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
    // The guest's output on a thread of its own, blocked in the stream (libvirt's client pulls
    // the data in while a call waits: no event loop is needed); the user's input here.
    enum : int { Open, Closed, Broken };
    auto state = std::make_shared<std::atomic_int>(Open);
    std::thread reader([stream, outputFd, state, raw = options.raw] {
        char buffer[4096];
        ConsoleBytes output(outputFd, raw);
        for (;;) {
            const int got = virStreamRecv(stream, buffer, sizeof buffer);
            if (got <= 0 || !output.write(buffer, got)) {
                int open = Open;
                state->compare_exchange_strong(open, got == 0 ? Closed : Broken);
                return;
            }
        }
    });
    RawTerminal terminal(inputFd);
    QElapsedTimer clock;
    clock.start();
    bool inputOpen = true;
    End end = End::Failed;
    char buffer[4096];
    for (;;) {
        if (state->load() != Open) {
            end = state->load() == Closed ? End::Closed : End::Failed;
            if (end == End::Failed)
                *error = QStringLiteral("the console of %1 failed: %2").arg(domain, Libvirt::lastError());
            break;
        }
        if (options.seconds > 0 && clock.elapsed() >= qint64(options.seconds) * 1000) {
            end = End::TimeUp;
            break;
        }
        pollfd in {inputFd, POLLIN, 0};
        if (!inputOpen || ::poll(&in, 1, 50) <= 0) {
            if (!inputOpen)
                QThread::msleep(50);
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
    // Ends the reader's wait; a reader that stays blocked regardless is left to the process's end.
    const bool readerDone = state->exchange(Closed) != Open;
    virStreamAbort(stream);
    if (readerDone) {
        reader.join();
        virStreamFree(stream);
    } else {
        reader.detach();
    }
    return end;
}

bool SerialConsole::follow(const QString &logFile, int lines, int seconds, int outputFd, bool raw, QString *error)
{
    // The log grows as it is followed: no bound on its size, but a link, a FIFO or a device is refused.
    QFile log;
    if (!RegularFile::open(log, logFile, -1, error)) {
        *error = QStringLiteral("cannot read the console log: %1").arg(*error);
        return false;
    }
    ConsoleBytes output(outputFd, raw);
    // The last `lines` lines of what is there, then what comes.
    const qint64 size = log.size();
    const qint64 from = std::max<qint64>(0, size - qint64(256) * 1024);
    log.seek(from);
    const QByteArray tail = log.read(size - from);
    qsizetype start = tail.size();
    for (int found = 0; start > 0 && found <= lines;) {
        if (tail.at(--start) == '\n')
            ++found;
    }
    if (start > 0)
        ++start;
    output.write(tail.constData() + start, tail.size() - start);
    QElapsedTimer clock;
    clock.start();
    while (seconds <= 0 || clock.elapsed() < qint64(seconds) * 1000) {
        const QByteArray more = log.read(qint64(64) * 1024);
        if (!more.isEmpty())
            output.write(more.constData(), more.size());
        else if (log.size() < log.pos())
            log.seek(0); // a new run started the log again
        else
            QThread::msleep(200);
    }
    return true;
}

} // namespace Labforge
