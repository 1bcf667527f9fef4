// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LinkControl.h"
#include "Outcome.h"

#include <QList>
#include <QString>

#include <optional>

namespace Labforge {

// Cut, restore, impair, show and capture the links between the nodes of a lab that is up, on
// the host side of their interfaces (LinkControl): what `labforge link`, `labforge capture` and
// the canvas's Running Lab menu of a link all call.
class LinkOps
{
public:
    enum class Action { Down, Up, Impair };
    using Impairment = LinkControl::Impairment;
    struct Link
    {
        QString a;
        QString b;
        QString network; // when the two share more than one
        QString name() const { return a + QStringLiteral(" - ") + b; }
    };
    struct Change
    {
        Action action = Action::Down;
        Link link;
        Impairment impairment; // Impair: what is in force now
    };
    // One cut or impairment in force: the frames from a to b on network.
    struct InForce
    {
        QString a;
        QString b;
        QString network;
        QString kind; // "cut" or "impair"
        QString detail;
    };
    struct Capture
    {
        Link link;
        QString file;
        int seconds = 0;
    };

    // The action a word names (down, up, impair); link.action_unknown when none.
    static Outcome<Action> action(const QString &word, const OpPlace &place = {});
    // link.impairment_invalid when tc may not be given these numbers (Impairment::problem).
    static std::optional<OpError> check(const Impairment &impairment, const OpPlace &place = {});

    // Errors: those of LiveLab::run, link.impairment_invalid, node.unknown (the run has no VM for
    // an end) and link.failed (the runner's words).
    static Outcome<Change> change(const QString &lab, Action action, const Link &link,
                                  const Impairment &impairment = {});
    static Outcome<QList<InForce>> inForce(const QString &lab);
    // The frames between the link's two ends, written to `file` (pcap) for `seconds` (1 to
    // 86400, else capture.duration_invalid); capture.failed, node.unknown.
    static Outcome<Capture> capture(const QString &lab, const Link &link, const QString &file, int seconds);
};

} // namespace Labforge
