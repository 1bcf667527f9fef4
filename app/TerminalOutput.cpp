// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TerminalOutput.h"

#include "TerminalText.h"

namespace Labforge {

TerminalOutput::TerminalOutput(FILE *stream)
{
    m_file.open(stream, QIODevice::WriteOnly | QIODevice::Unbuffered);
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

qint64 TerminalOutput::writeData(const char *data, qint64 size)
{
    const QByteArray out = TerminalText::escapedUtf8(QByteArray::fromRawData(data, size), &m_pending);
    if (m_file.write(out) != out.size())
        return -1;
    m_file.flush();
    return size;
}

} // namespace Labforge
