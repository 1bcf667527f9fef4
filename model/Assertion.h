#pragma once

#include "Expectation.h"

#include <QString>
#include <optional>

namespace Labforge {

// One check run on a node: `command_succeeds` wants exit status 0 within the
// timeout, `command_output` also wants the output to meet `expect`.
struct Assertion
{
    enum class Type { CommandSucceeds, CommandOutput };

    Type type = Type::CommandSucceeds;
    QString command;
    std::optional<int> timeoutSeconds;
    std::optional<int> intervalSeconds; // first retry delay; the engine backs off from there
    Expectation expect;

    static QString typeName(Type type);
    static std::optional<Type> typeFromName(const QString &name);

    bool operator==(const Assertion &) const = default;
};

} // namespace Labforge
