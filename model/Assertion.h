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
// answers over SSH again (with a new boot id) within the timeout.
struct Assertion
{
    enum class Type { CommandSucceeds, CommandOutput, PowerCycle };

    Type type = Type::CommandSucceeds;
    QString command;
    std::optional<int> timeoutSeconds;
    std::optional<int> intervalSeconds; // first retry delay; the engine backs off from there
    Expectation expect;

    static QString typeName(Type type);
    static std::optional<Type> typeFromName(const QString &name);
    static QStringList typeNames();
    static bool runsCommand(Type type);

    bool operator==(const Assertion &) const = default;
};

} // namespace Labforge
