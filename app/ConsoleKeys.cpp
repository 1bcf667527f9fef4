// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ConsoleKeys.h"

#include <QHash>

namespace Labforge {

QByteArray ConsoleKeys::bytes(int key, Qt::KeyboardModifiers modifiers, const QString &text)
{
    static const QHash<int, QByteArray> sequences {
        {Qt::Key_Return, "\r"},        {Qt::Key_Enter, "\r"},       {Qt::Key_Backspace, "\x7f"},
        {Qt::Key_Tab, "\t"},           {Qt::Key_Backtab, "\x1b[Z"}, {Qt::Key_Escape, "\x1b"},
        {Qt::Key_Up, "\x1b[A"},        {Qt::Key_Down, "\x1b[B"},    {Qt::Key_Right, "\x1b[C"},
        {Qt::Key_Left, "\x1b[D"},      {Qt::Key_Home, "\x1b[H"},    {Qt::Key_End, "\x1b[F"},
        {Qt::Key_Insert, "\x1b[2~"},   {Qt::Key_Delete, "\x1b[3~"}, {Qt::Key_PageUp, "\x1b[5~"},
        {Qt::Key_PageDown, "\x1b[6~"}, {Qt::Key_F1, "\x1bOP"},      {Qt::Key_F2, "\x1bOQ"},
        {Qt::Key_F3, "\x1bOR"},        {Qt::Key_F4, "\x1bOS"},      {Qt::Key_F5, "\x1b[15~"},
        {Qt::Key_F6, "\x1b[17~"},      {Qt::Key_F7, "\x1b[18~"},    {Qt::Key_F8, "\x1b[19~"},
        {Qt::Key_F9, "\x1b[20~"},      {Qt::Key_F10, "\x1b[21~"},   {Qt::Key_F11, "\x1b[23~"},
        {Qt::Key_F12, "\x1b[24~"},
    };
    if (const auto it = sequences.constFind(key); it != sequences.cend())
        return *it;
    if (modifiers & Qt::ControlModifier) {
        // Ctrl with @, A–Z, [, \, ], ^ or _: the control byte (Ctrl+Space is NUL).
        if (key >= Qt::Key_A && key <= Qt::Key_Z)
            return QByteArray(1, char(key - Qt::Key_A + 1));
        if (key == Qt::Key_Space || key == Qt::Key_At)
            return QByteArray(1, '\0');
        if (key >= Qt::Key_BracketLeft && key <= Qt::Key_Underscore)
            return QByteArray(1, char(key - Qt::Key_BracketLeft + 0x1b));
    }
    return text.toUtf8();
}

} // namespace Labforge
