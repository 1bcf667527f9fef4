// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CommandParser.h"

#include "LabHost.h"
#include "RunInventory.h"

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

bool CommandParser::acceptsUri(const QCommandLineParser &parser, const char *command, QTextStream &err)
{
    const QString uri = parser.value(QStringLiteral("uri"));
    if (uri.isEmpty())
        return true;
    if (const QString why = LabHost::uriProblem(uri); !why.isEmpty()) {
        err << "labforge " << command << ": --uri " << RunInventory::shownUri(uri) << ' ' << why << '\n';
        return false;
    }
    return true;
}

int CommandParser::fail(const OpError &error, const char *command, QTextStream &err)
{
    if (error.id() == QLatin1String("lab.unreadable"))
        err << error.text() << '\n';
    else
        err << "labforge " << command << ": " << error.text() << '\n';
    return error.exitCode();
}

} // namespace Labforge
