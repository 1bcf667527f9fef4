// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Expectation.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace Labforge {

// One check run on a node: `command_succeeds` wants exit status 0 within the
// timeout, `command_output` also wants the output to meet `expect`. `power_cycle`
// acts on the lab instead: a hard power-off of the node, a start, and a wait until it
// answers over SSH again (with a new boot id) within the timeout. `link_down`, `link_up`
// and `impair` act on the link between the step's node and `link.peer` (the frames
// between them dropped, let through again, or delayed, lost or throttled).
struct Assertion
{
    enum class Type { CommandSucceeds, CommandOutput, PowerCycle, LinkDown, LinkUp, Impair };

    // The link a link step acts on, and what `impair` does to the frames the step's node
    // sends to the peer (0: that part untouched).
    struct Link
    {
        QString peer;
        QString network; // empty: the one network the two share
        int delayMs = 0;
        int jitterMs = 0;
        double lossPercent = 0;
        double rateMbit = 0;

        bool operator==(const Link &) const = default;
    };

    Type type = Type::CommandSucceeds;
    QString command;
    std::optional<int> timeoutSeconds;
    std::optional<int> intervalSeconds; // first retry delay; the engine backs off from there
    Expectation expect;
    Link link;

    static QString typeName(Type type);
    static std::optional<Type> typeFromName(const QString &name);
    static QStringList typeNames();
    static bool runsCommand(Type type);

    bool operator==(const Assertion &) const = default;
};

} // namespace Labforge
