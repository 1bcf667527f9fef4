#include "Assertion.h"

namespace Labforge {

QString Assertion::typeName(Type type)
{
    switch (type) {
    case Type::CommandSucceeds:
        return QStringLiteral("command_succeeds");
    case Type::CommandOutput:
        return QStringLiteral("command_output");
    case Type::PowerCycle:
        return QStringLiteral("power_cycle");
    }
    return {};
}

std::optional<Assertion::Type> Assertion::typeFromName(const QString &name)
{
    if (name == QLatin1String("command_succeeds"))
        return Type::CommandSucceeds;
    if (name == QLatin1String("command_output"))
        return Type::CommandOutput;
    if (name == QLatin1String("power_cycle"))
        return Type::PowerCycle;
    return std::nullopt;
}

QStringList Assertion::typeNames()
{
    return {typeName(Type::CommandSucceeds), typeName(Type::CommandOutput), typeName(Type::PowerCycle)};
}

bool Assertion::runsCommand(Type type)
{
    return type != Type::PowerCycle;
}

} // namespace Labforge
