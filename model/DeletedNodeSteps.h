// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

namespace Labforge {

// The scenario steps that a delete of nodes would take with them (they run on one of the
// nodes, or act on a link to one), and the other choice: the steps kept, run by a node that
// stays. The designer asks which before it deletes (DeleteStepsDialog) and does either in
// the delete's one undo step.
class DeletedNodeSteps
{
public:
    struct Step
    {
        QString scenario;
        QString step; // its id
        QString node; // the deleted node it names
        bool gating = false; // its scenario gates a build
        // A link step's other end ("" for any other step), and whether it goes too.
        QString otherEnd;
        bool otherEndGoes = false;

        // Reassigned to `target`, the step would name `target` as its node and its peer (a
        // link between a deleted node and `target`, or between two deleted nodes): a step
        // validation refuses (scenario.peer-self), so reassigning leaves it to the delete.
        bool namesTwice(const QString &target) const
        {
            return otherEndGoes || (!otherEnd.isEmpty() && otherEnd == target);
        }

        bool operator==(const Step &) const = default;
    };
    // The steps of `lab` that name one of `ids`, in scenario and step order.
    static QList<Step> of(const Lab &lab, const QStringList &ids);
    // The nodes that stay, those of a deleted node's role first, each group in lab order; not
    // one every step would name twice (Step::namesTwice): there is nothing to keep on it.
    static QStringList targets(const Lab &lab, const QStringList &ids);
    // `lab` with those steps run on `target` instead (a link step's peer among `ids` becomes
    // `target` too), but for those that would name `target` twice (Step::namesTwice): they
    // stay as they are, and the delete takes them. Their descriptions say the new node where
    // they named the old one; their command and expectation texts stay as written: what still
    // names a deleted node there is a stale-node-name warning with its quick fix. Unchanged when `target` is no node of
    // `lab` or is one of `ids`.
    static Lab reassigned(const Lab &lab, const QStringList &ids, const QString &target);
};

} // namespace Labforge
