// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

namespace Labforge {

// What labforge prints comes partly from outside: a lab file's names and values, a kit, a
// guest's output. Written to a terminal as it is, a control character from there would act
// (clear the screen, set the clipboard, retitle the window, hide text). Here C0 controls
// other than newline and tab, DEL and the C1 controls are written out as \xNN and \u00NN,
// so the text shows what was there and nothing acts.
class TerminalText
{
public:
    static QString escaped(const QString &text);
    // The same over UTF-8. A C1 control split across two chunks is caught when `pending`
    // carries the first byte over: pass the same buffer for every chunk of one stream.
    static QByteArray escapedUtf8(const QByteArray &chunk, QByteArray *pending = nullptr);
    // The same for a serial console, whose lines end in CR LF: a carriage return right before
    // a line feed passes too (a lone one, which could write over a line, does not).
    static QByteArray escapedConsole(const QByteArray &chunk, QByteArray *pending);
};

} // namespace Labforge
