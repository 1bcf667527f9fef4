// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SnapshotCommand.h"

#include "CommandParser.h"
#include "NodeCommands.h"
#include "SnapshotOps.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace Labforge {

namespace {

QJsonObject toJson(const SnapshotOps::Row &e)
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

void printList(const SnapshotOps::Listing &listing, bool json, QTextStream &out)
{
    if (json) {
        QJsonArray list;
        for (const SnapshotOps::Row &e : listing.snapshots)
            list.append(toJson(e));
        out << QJsonDocument(QJsonObject {{QStringLiteral("lab"), listing.lab}, {QStringLiteral("snapshots"), list}})
                   .toJson(QJsonDocument::Indented);
        return;
    }
    if (listing.snapshots.isEmpty())
        out << "lab " << listing.lab << " has no snapshot; `labforge snapshot save " << listing.lab
            << " NAME` takes one\n";
    for (const SnapshotOps::Row &e : listing.snapshots) {
        out << e.name << "  taken " << e.taken.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) << "  "
            << e.nodes.size() << " node(s), " << e.running.size() << " running"
            << (e.memory ? ", with memory  " : ", disks only  ")
            << QLocale::c().formattedDataSize(e.bytes, 1, QLocale::DataSizeTraditionalFormat) << "  paused "
            << QString::number(e.pausedSeconds, 'f', 1) << " s\n";
    }
}

QString words(const SnapshotOps::Done &done)
{
    return done.runnerWords;
}

QString words(const SnapshotOps::Taken &taken)
{
    return taken.done.runnerWords;
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
    const int timeout = parser.isSet(QStringLiteral("timeout"))
        ? parser.value(QStringLiteral("timeout")).toInt(&numeric)
        : SnapshotOps::DefaultTimeoutSeconds;
    if (!numeric || timeout < 1 || timeout > 86400) {
        err << "labforge snapshot: --timeout takes seconds from 1 to 86400\n";
        return 2;
    }
    const QString &lab = given.at(1);
    const QString &action = given.at(0);
    if (isList) {
        const Outcome<SnapshotOps::Listing> listing = SnapshotOps::list(lab);
        if (!listing)
            return CommandParser::fail(listing.error(), "snapshot", err);
        printList(*listing, parser.isSet(QStringLiteral("json")), out);
        return 0;
    }
    const QString &name = given.at(2);
    const auto print = [&out, &err](const auto &outcome) {
        if (!outcome)
            return CommandParser::fail(outcome.error(), "snapshot", err);
        out << words(*outcome) << '\n';
        return 0;
    };
    if (action == QLatin1String("save"))
        return print(SnapshotOps::take(lab, name, !parser.isSet(QStringLiteral("disk-only"))));
    if (action == QLatin1String("delete"))
        return print(SnapshotOps::remove(lab, name));
    return print(SnapshotOps::revert(lab, name, timeout, CancelToken()));
}

} // namespace Labforge
