// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

namespace Labforge {

// What a key typed in the serial console's character mode sends, as a VT100/xterm terminal
// does: the character itself (UTF-8), Return as a carriage return, Backspace as DEL (0x7f),
// Tab, Escape, Ctrl+letter as its control byte (Ctrl+C is 0x03, Ctrl+] the detach byte),
// arrows and the editing keys as their escape sequences (Up is ESC [ A), F1–F12 likewise.
// Empty for a key that sends nothing (a modifier alone).
class ConsoleKeys
{
public:
    static QByteArray bytes(int key, Qt::KeyboardModifiers modifiers, const QString &text);
};

} // namespace Labforge
