// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

class Libvirt;

// A terminal on a domain's serial console through libvirt's console stream: what arrives on
// `inputFd` goes to the guest, what the guest writes goes to `outputFd`, until the escape
// byte (Ctrl+], 0x1d) arrives, `seconds` pass, or the console closes. A terminal on
// `inputFd` is put in raw mode for the while (and restored). Works when SSH does not: a node
// stuck in its boot, a network cut.
class SerialConsole
{
public:
    static constexpr char Escape = 0x1d;
    struct Options
    {
        bool force = false; // take the console over from another client
        int seconds = 0; // detach after this long (0: only on the escape byte or the console's end)
        bool raw = false; // the guest's bytes as they are, escape sequences included (else TerminalText's)
    };
    enum class End { Detached, TimeUp, Closed, Failed };
    static End attach(Libvirt &virt, const QString &domain, int inputFd, int outputFd, Options options, QString *error);
    // Follows a console log file from its last `lines` lines, as it grows (a read-only
    // second viewer): until `seconds` pass (0: until interrupted). The file is opened without
    // following a link and must be a regular file; its bytes pass TerminalText unless `raw`.
    static bool follow(const QString &logFile, int lines, int seconds, int outputFd, bool raw, QString *error);
};

} // namespace Labforge
