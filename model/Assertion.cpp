#include "Assertion.h"

namespace Labforge {

QString Assertion::typeName(Type type)
{
    switch (type) {
    case Type::CommandSucceeds:
        return QStringLiteral("command_succeeds");
    case Type::CommandOutput:
        return QStringLiteral("command_output");
    }
    return {};
}

std::optional<Assertion::Type> Assertion::typeFromName(const QString &name)
{
    if (name == QLatin1String("command_succeeds"))
        return Type::CommandSucceeds;
    if (name == QLatin1String("command_output"))
        return Type::CommandOutput;
    return std::nullopt;
}

} // namespace Labforge
