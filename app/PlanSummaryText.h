// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QCoreApplication>
#include <QString>

namespace Labforge {

struct BootPlan;
struct Lab;
class PinsLock;

// What a run will take (guest RAM, vCPUs, disks, networks), the lab's warnings in full,
// and what this host has, in the user's language: shown before anything is allocated,
// by `labforge up` and by the designer's Build and Boot dialog. `memoryHint` names what
// lowers the memory where the text is shown (the CLI's flag, the dialog's field).
class PlanSummaryText
{
    Q_DECLARE_TR_FUNCTIONS(Labforge::PlanSummaryText)

public:
    static QString text(const Lab &lab, const BootPlan &plan, const QString &memoryHint);
    // What the run's pins lock says about the artifacts the lab's images take: those pinned
    // only by a first trusted pull (no published digest) and those with no digest at all.
    static QString pinNotes(const Lab &lab, const PinsLock &pins);
    // The artifacts of the lab's images the lock has no digest for (`unpinned`), or those it
    // pins only by a first trusted pull: "component/name" each.
    static QStringList artifacts(const Lab &lab, const PinsLock &pins, bool unpinned);
};

} // namespace Labforge
