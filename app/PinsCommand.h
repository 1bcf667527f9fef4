// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"
#include "PinEvent.h"

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge pins show|lock|fetch`: inspect the pins lock, record artifact
// checksums from the network, and fill the artifact cache.
class PinsCommand
{
public:
    // `cancel` (the designer's Pin Now) stops at once, a download under way aborted and its
    // file removed; the lock is then not written and the exit code is Cancelled.
    // `events` (Pin Now) takes each step of `lock` and `fetch` instead of its printed line.
    static int run(const QStringList &args, QTextStream &out, QTextStream &err, const CancelToken &cancel = {},
                   const PinEvents &events = {});
    static constexpr int Cancelled = 3;
};

} // namespace Labforge
