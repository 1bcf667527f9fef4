// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeJoin.h"

#include <QHash>

namespace Labforge {

// The features a lab's nodes run without although its shape puts them in their clusters
// (MembershipRules::leftOff), as Turn On sees them: the ones it adds now without an error and,
// for each other one, what the lab still lacks for it. The feature.left-off warnings, the
// status bar's offer and Edit ▸ Turn On Left-Off Features all read this one answer.
class LeftOffFeatures
{
public:
    LeftOffFeatures(const Lab &lab, const ValidationContext &context);

    // Every left-off feature (with those they need and lack, MUNGE for Slurm).
    const QList<NodeJoin::LeftOff> &all() const { return m_all; }
    // The ones Turn On adds now, and the lab with them on.
    const QList<NodeJoin::LeftOff> &addable() const { return m_addable; }
    const Lab &turnedOn() const { return m_turnedOn; }
    // What the lab lacks before Turn On can add `feature` to `node` (the first error turning
    // it on would bring); empty when Turn On adds it.
    QString missing(const QString &node, const QString &feature) const;
    // One line per feature: "FEATURE on NODE (why)", with what it lacks when it cannot be added.
    QString describe(const QList<NodeJoin::LeftOff> &features) const;
    // True while an answer is worked out (the lab is validated with features on): the rules
    // then say nothing about Turn On rather than ask again.
    static bool isWorking();

private:
    QList<NodeJoin::LeftOff> m_all;
    QList<NodeJoin::LeftOff> m_addable;
    Lab m_turnedOn;
    QHash<QString, QString> m_missing; // "node/feature" -> what the lab lacks
};

} // namespace Labforge
