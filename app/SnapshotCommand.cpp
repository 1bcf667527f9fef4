// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SnapshotCommand.h"

#include "CommandParser.h"
#include "LabSnapshots.h"
#include "NodeCommands.h"
#include "RunInventory.h"
#include "SshConfig.h"
#include "Transport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <memory>

namespace Labforge {

namespace {

QJsonObject toJson(const LabSnapshots::Entry &e)
{
    return {{QStringLiteral("name"), e.name},
            {QStringLiteral("taken"), e.taken.toString(Qt::ISODate)},
            {QStringLiteral("run"), e.runId},
            {QStringLiteral("nodes"), QJsonArray::fromStringList(e.nodes)},
            {QStringLiteral("running"), QJsonArray::fromStringList(e.running)},
            {QStringLiteral("bytes"), e.bytes},
            {QStringLiteral("paused_seconds"), e.pausedSeconds},
            {QStringLiteral("memory"), e.memory}};
}

} // namespace

int SnapshotCommand::run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Keep a lab's state at one instant and bring it back. save pauses every node at once, keeps each one's "
        "memory and the disks the run made while all stand still, and resumes them; restore powers the nodes off, "
        "puts the disks back and resumes each node from its memory (or, for a snapshot without memory, boots it), "
        "waiting until each answers over SSH. Refused while a run works on the lab; `labforge down` removes the "
        "snapshots. Exit 0 done, 1 failed, 2 unusable."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("save, restore, list or delete."));
    NodeCommands::addLabArgument(parser);
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The snapshot (not for list)."),
                                 QStringLiteral("[NAME]"));
    parser.addOption(QCommandLineOption(QStringLiteral("timeout"),
                                        QStringLiteral("restore: seconds to wait for every node to answer (default "
                                                       "900)."),
                                        QStringLiteral("S")));
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("list: print JSON.")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("disk-only"),
        QStringLiteral("save: the disks only, not the nodes' memory (a restore then boots them from their disks).")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const QStringList given = parser.positionalArguments();
    const QStringList verbs {QStringLiteral("save"), QStringLiteral("restore"), QStringLiteral("list"),
                             QStringLiteral("delete")};
    const bool isList = !given.isEmpty() && given.at(0) == QLatin1String("list");
    if (given.isEmpty() || !verbs.contains(given.at(0)) || given.size() != (isList ? 2 : 3)) {
        err << "labforge snapshot: give ACTION (" << verbs.join(QStringLiteral(", ")) << "), LAB and NAME (list: "
            << "ACTION and LAB)\n";
        return 2;
    }
    bool numeric = true;
    const int timeout =
        parser.isSet(QStringLiteral("timeout")) ? parser.value(QStringLiteral("timeout")).toInt(&numeric) : 900;
    if (!numeric || timeout < 1 || timeout > 86400) {
        err << "labforge snapshot: --timeout takes seconds from 1 to 86400\n";
        return 2;
    }
    const QString run = NodeCommands::runOf(given.at(1), err, "snapshot");
    if (run.isEmpty())
        return 2;
    RunInventory inventory(run);
    QString error;
    if (!inventory.load(&error)) {
        err << "labforge snapshot: " << error << '\n';
        return 2;
    }
    LabSnapshots snapshots(inventory.lab, run);
    const QString &action = given.at(0);
    if (isList) {
        const auto entries = snapshots.list(&error);
        if (!entries) {
            err << "labforge snapshot: " << error << '\n';
            return 1;
        }
        if (parser.isSet(QStringLiteral("json"))) {
            QJsonArray list;
            for (const LabSnapshots::Entry &e : *entries)
                list.append(toJson(e));
            out << QJsonDocument(
                       QJsonObject {{QStringLiteral("lab"), inventory.lab}, {QStringLiteral("snapshots"), list}})
                       .toJson(QJsonDocument::Indented);
            return 0;
        }
        if (entries->isEmpty())
            out << "lab " << inventory.lab << " has no snapshot; `labforge snapshot save " << inventory.lab
                << " NAME` takes one\n";
        for (const LabSnapshots::Entry &e : *entries) {
            out << e.name << "  taken " << e.taken.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) << "  "
                << e.nodes.size() << " node(s), " << e.running.size() << " running"
                << (e.memory ? ", with memory  " : ", disks only  ")
                << QLocale::c().formattedDataSize(e.bytes, 1, QLocale::DataSizeTraditionalFormat) << "  paused "
                << QString::number(e.pausedSeconds, 'f', 1) << " s\n";
        }
        return 0;
    }
    const QString &name = given.at(2);
    LabSnapshots::Result result;
    if (action == QLatin1String("save")) {
        result = snapshots.save(name, !parser.isSet(QStringLiteral("disk-only")));
    } else if (action == QLatin1String("delete")) {
        result = snapshots.remove(name);
    } else {
        const std::unique_ptr<Transport> transport = SshConfig::transport(run, &error);
        if (!transport) {
            err << "labforge snapshot: " << error << '\n';
            return 2;
        }
        result = snapshots.restore(name, *transport, timeout * 1000, CancelToken());
        transport->close();
    }
    (result.ok ? out : err) << (result.ok ? "" : "labforge snapshot: ") << result.message << '\n';
    return result.ok ? 0 : 1;
}

} // namespace Labforge
