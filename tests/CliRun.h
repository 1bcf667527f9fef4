// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// labforge itself (LABFORGE_BINARY), run as a user runs it: its exit code (-1 when it did not
// start, did not finish within `timeoutMs` or crashed) and what it wrote.
struct CliRun
{
    int code = -1;
    QString out;
    QString err;

    static CliRun run(const QStringList &args, int timeoutMs = 120000);
};

} // namespace Labforge
