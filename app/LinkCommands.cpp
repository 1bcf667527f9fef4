// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkCommands.h"
#include "CommandParser.h"

#include "LinkOps.h"
#include "NodeCommands.h"

#include <QCommandLineParser>

#include <cmath>
#include <limits>

namespace Labforge {

namespace {

const QCommandLineOption
    NetworkOption(QStringLiteral("network"),
                  QStringLiteral("The network of the link, when the two nodes share more than one."),
                  QStringLiteral("NET"));

// A number from an option (0 when not given), or nullopt after saying why. Its range is
// LinkControl's to check (Impairment::problem), for every caller alike.
std::optional<double> number(const QCommandLineParser &parser, const QString &option, QTextStream &err)
{
    if (!parser.isSet(option))
        return 0.0;
    bool ok = false;
    const double value = parser.value(option).toDouble(&ok);
    if (!ok) {
        err << "labforge link: --" << option << " takes a number, not \"" << parser.value(option) << "\"\n";
        return std::nullopt;
    }
    return value;
}

// Milliseconds as a whole number; one that no int holds (nan, inf, 1e12) becomes -1, which
// LinkControl refuses like any other negative delay.
int milliseconds(double value)
{
    return std::isfinite(value) && value >= 0 && value <= double(std::numeric_limits<int>::max()) ? int(value) : -1;
}

} // namespace

int LinkCommands::link(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Cut, restore or impair the link between two nodes of a lab that is up, on the host side of "
                       "their interfaces; show what is in force. down: the two lose each other (and nothing else); "
                       "up: the cut and any impairment are lifted, both ways; impair: the frames A sends to B are "
                       "delayed, jittered, lost or limited (a --delay adds that much to a round trip between them). "
                       "Exit 0 done, 1 failed, 2 unusable."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("down, up, impair or show."));
    NodeCommands::addLabArgument(parser);
    parser.addPositionalArgument(QStringLiteral("A B"), QStringLiteral("The link's two nodes (not for show)."),
                                 QStringLiteral("[A B]"));
    parser.addOption(NetworkOption);
    parser.addOption(QCommandLineOption(QStringLiteral("delay"), QStringLiteral("impair: added delay in ms."),
                                        QStringLiteral("MS")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("jitter"), QStringLiteral("impair: jitter in ms."), QStringLiteral("MS")));
    parser.addOption(QCommandLineOption(QStringLiteral("loss"), QStringLiteral("impair: frames lost, in percent."),
                                        QStringLiteral("PERCENT")));
    parser.addOption(QCommandLineOption(QStringLiteral("rate"), QStringLiteral("impair: rate limit in Mbit/s."),
                                        QStringLiteral("MBIT")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const QStringList given = parser.positionalArguments();
    const bool show = given.value(0) == QLatin1String("show");
    const Outcome<LinkOps::Action> action = LinkOps::action(given.value(0));
    if (!(show || action) || given.size() != (show ? 2 : 4)) {
        err << "labforge link: give ACTION (down, up, impair or show), LAB and, but for show, the nodes A and B\n";
        return 2;
    }
    const auto delay = number(parser, QStringLiteral("delay"), err);
    const auto jitter = number(parser, QStringLiteral("jitter"), err);
    const auto loss = number(parser, QStringLiteral("loss"), err);
    const auto rate = number(parser, QStringLiteral("rate"), err);
    if (!delay || !jitter || !loss || !rate)
        return 2;
    const LinkOps::Impairment impairment {milliseconds(*delay), milliseconds(*jitter), *loss, *rate};
    if (const auto invalid = LinkOps::check(impairment))
        return CommandParser::fail(*invalid, "link", err); // a usage error, before the run is looked up
    if ((show || *action != LinkOps::Action::Impair) && !impairment.isEmpty()) {
        err << "labforge link: --delay, --jitter, --loss and --rate go with impair\n";
        return 2;
    }
    if (show) {
        const Outcome<QList<LinkOps::InForce>> state = LinkOps::inForce(given.at(1));
        if (!state)
            return CommandParser::fail(state.error(), "link", err);
        for (const LinkOps::InForce &row : *state)
            out << row.a << " -> " << row.b << " on " << row.network << ": " << row.detail << '\n';
        if (state->isEmpty())
            out << "every link is as the lab draws it\n";
        return 0;
    }
    const LinkOps::Link link {given.at(2), given.at(3), parser.value(NetworkOption)};
    const Outcome<LinkOps::Change> change = LinkOps::change(given.at(1), *action, link, impairment);
    if (!change)
        return CommandParser::fail(change.error(), "link", err);
    switch (change->action) {
    case LinkOps::Action::Down:
        out << "link " << link.a << " - " << link.b << " is cut\n";
        break;
    case LinkOps::Action::Up:
        out << "link " << link.a << " - " << link.b << " is as the lab draws it\n";
        break;
    case LinkOps::Action::Impair:
        out << "frames from " << link.a << " to " << link.b << ": " << change->impairment.text() << '\n';
        break;
    }
    return 0;
}

int LinkCommands::capture(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Write the frames between two nodes of a lab that is up to a file (pcap, readable by "
                       "tcpdump and Wireshark), for a while. Exit 0 written, 1 failed, 2 unusable."));
    parser.addHelpOption();
    NodeCommands::addLabArgument(parser);
    parser.addPositionalArgument(QStringLiteral("A B"), QStringLiteral("The link's two nodes."));
    parser.addOption(NetworkOption);
    parser.addOption(QCommandLineOption({QStringLiteral("w"), QStringLiteral("write")},
                                        QStringLiteral("The file to write (made private to its owner)."),
                                        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("duration"), QStringLiteral("Seconds to capture (default 10)."),
                                        QStringLiteral("S")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const QStringList given = parser.positionalArguments();
    bool numeric = true;
    const int seconds =
        parser.isSet(QStringLiteral("duration")) ? parser.value(QStringLiteral("duration")).toInt(&numeric) : 10;
    if (given.size() != 3 || !parser.isSet(QStringLiteral("w")) || !numeric || seconds < 1 || seconds > 86400) {
        err << "labforge capture: give LAB, A and B, -w FILE, and --duration from 1 to 86400 seconds\n";
        return 2;
    }
    const QString file = parser.value(QStringLiteral("w"));
    const Outcome<LinkOps::Capture> capture =
        LinkOps::capture(given.at(0), {given.at(1), given.at(2), parser.value(NetworkOption)}, file, seconds);
    if (!capture)
        return CommandParser::fail(capture.error(), "capture", err);
    out << "wrote " << file << " (" << seconds << " s of the link " << given.at(1) << " - " << given.at(2) << ")\n";
    return 0;
}

} // namespace Labforge
