// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QFile>
#include <QIODevice>

namespace Labforge {

// Standard output or error as the command line writes to it: every byte passes through
// TerminalText, so nothing a lab, a kit or a guest put into a message acts on the terminal.
// The one place the CLI's printed text goes through.
class TerminalOutput : public QIODevice
{
public:
    explicit TerminalOutput(FILE *stream);
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    QFile m_file;
    QByteArray m_pending;
};

} // namespace Labforge
