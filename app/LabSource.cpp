// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabSource.h"

#include "Templates.h"

#include <QTextStream>

namespace Labforge {

void LabSource::addOptions(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(QStringLiteral("template"),
                                        QStringLiteral("Use the built-in lab NAME instead of a file."),
                                        QStringLiteral("NAME")));
}

std::optional<Lab> LabSource::load(const QCommandLineParser &parser, QTextStream &err, QString *label)
{
    QString name;
    LabReader::Result result;
    if (parser.isSet(QStringLiteral("template"))) {
        name = QStringLiteral("template:") + parser.value(QStringLiteral("template"));
        result = Templates::load(parser.value(QStringLiteral("template")));
    } else if (!parser.positionalArguments().isEmpty()) {
        name = parser.positionalArguments().constFirst();
        result = LabReader::readFile(name);
    } else {
        err << "labforge: no lab given (a FILE or --template NAME)\n";
        return std::nullopt;
    }
    if (label)
        *label = name;
    for (const LoadError &e : std::as_const(result.errors))
        err << e.toString(name) << '\n';
    for (const LoadError &n : std::as_const(result.notices))
        err << "note: " << n.toString(name) << '\n';
    err.flush();
    return result.lab;
}

std::optional<PinsLock> LabSource::pins(const QCommandLineParser &parser, QTextStream &err)
{
    if (!parser.optionNames().contains(QStringLiteral("pins")) || !parser.isSet(QStringLiteral("pins")))
        return PinsLock::builtIn();
    QString error;
    auto lock = PinsLock::fromFile(parser.value(QStringLiteral("pins")), &error);
    if (!lock)
        err << "labforge: " << parser.value(QStringLiteral("pins")) << ": " << error << '\n';
    return lock;
}

} // namespace Labforge
