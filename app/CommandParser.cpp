// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CommandParser.h"

namespace Labforge {

std::optional<int> CommandParser::parse(QCommandLineParser &parser, const QStringList &args, QTextStream &out,
                                        QTextStream &err)
{
    if (!parser.parse(args)) {
        err << args.value(0) << ": " << parser.errorText() << '\n';
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return 0;
    }
    return std::nullopt;
}

} // namespace Labforge
