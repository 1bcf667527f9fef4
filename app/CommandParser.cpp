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
        out << helpText(parser, args.value(0));
        return 0;
    }
    return std::nullopt;
}

QString CommandParser::helpText(const QCommandLineParser &parser, const QString &command)
{
    // QCommandLineParser names the program by the path it was started by and leaves the
    // command out: `Usage: /usr/bin/labforge [options] FILE`. Users type `labforge VERB`.
    QString text = parser.helpText();
    const qsizetype end = text.indexOf(u'\n');
    const qsizetype usage = text.indexOf(QLatin1String("Usage: "));
    const qsizetype rest = text.indexOf(u' ', usage + 7);
    if (usage == 0 && rest > 0 && rest < end)
        text.replace(0, rest, QStringLiteral("Usage: ") + command);
    return text;
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
