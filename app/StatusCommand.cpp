// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StatusCommand.h"
#include "CommandParser.h"

#include "LiveLab.h"
#include "StatusOps.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace Labforge {

int StatusCommand::run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Show the labs that are up: each recorded run's nodes (state, address, uptime, host), when it "
                       "started, its last verdict; and libvirt domains and networks that are labforge's but belong to "
                       "no recorded run (orphans), with the command that removes them; what another cache root or user "
                       "ran (by its domains' metadata) is listed as theirs, never as an orphan. Exit 0, or 1 when an "
                       "orphan or a host that does not answer was found, 2 when libvirt could not be reached at --uri "
                       "(else qemu:///system)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("LAB"), QStringLiteral("Only this lab (its file or its name)."),
                                 QStringLiteral("[LAB]"));
    parser.addOption(QCommandLineOption(QStringLiteral("all"), QStringLiteral("Every lab (the default without LAB).")));
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print one JSON object.")));
    parser.addOption(QCommandLineOption(QStringLiteral("uri"),
                                        QStringLiteral("Also look for orphans on this libvirt host (default: "
                                                       "qemu:///system, and every host a run recorded)."),
                                        QStringLiteral("URI")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    QString lab = parser.positionalArguments().value(0);
    if (parser.positionalArguments().size() > 1 || (!lab.isEmpty() && parser.isSet(QStringLiteral("all")))) {
        err << "labforge status: give one LAB, or --all\n";
        return 2;
    }
    if (!lab.isEmpty()) {
        const Outcome<QString> name = LiveLab::name(lab);
        if (!name)
            return CommandParser::fail(name.error(), "status", err);
        lab = *name;
    }
    if (!CommandParser::acceptsUri(parser, "status", err))
        return 2;
    const StatusOps::Status status = StatusOps::gather(lab, parser.value(QStringLiteral("uri")));
    const RunStatus::Snapshot &snapshot = status.snapshot;
    if (parser.isSet(QStringLiteral("json")))
        out << QJsonDocument(RunStatus::toJson(snapshot)).toJson(QJsonDocument::Indented);
    else if (!lab.isEmpty() && snapshot.runs.isEmpty() && !status.unreachable)
        out << "lab " << lab << " is not up here\n"
            << RunStatus::text(snapshot)
                   .remove(QStringLiteral("no lab is up\n"))
                   .remove(QStringLiteral("no lab of this cache root and user is up\n"));
    else
        out << RunStatus::text(snapshot);
    // Unreachable: nothing could be asked of libvirt there, which is not "nothing is up".
    return status.exitCode();
}

} // namespace Labforge
