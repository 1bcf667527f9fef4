// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ScenarioStep.h"

#include <QRegularExpression>
#include <QStringList>

namespace Labforge {

struct Lab;

// Topology variables in a step's command and expectations, so that a check follows the lab
// as it is drawn instead of naming nodes, counts and addresses that an edit can make wrong:
//   {{nodes}}, {{nodes:role=R}}, {{nodes:feature=F}}  the node ids, sorted, comma-separated
//   {{count}}, {{count:role=R}}, {{count:feature=F}}  how many there are
//   (role=R,feature=F: the nodes of role R that run F, Slurm's compute nodes)
//   {{ip:NODE}}                                       the node's first address
// Expanded from the lab when the step runs (ScenarioEngine) and shown expanded in the
// step editor; one that does not expand (a selector other than role= or feature=, a role
// or feature no node has and labforge does not know, an ip of no node) is a validation
// error (scenario.variable-unknown), and an expectation that only expansion empties is
// assertion.expectation-empty;
// a known role or feature that no node has expands to nothing with a warning
// (scenario.variable-empty). Any other {{…}} (a Go template's {{end}}) is not labforge's
// and stays as written.
class StepVariables
{
public:
    struct Expansion
    {
        QString text;
        QStringList errors; // one per variable that does not expand, with why
        QStringList warnings; // one per selector that matches no node
    };
    static Expansion expand(const QString &text, const Lab &lab);
    static bool hasVariables(const QString &text);
    // The step with its command and every textual expectation expanded (*errors: what did
    // not; *warnings: selectors matching no node).
    static ScenarioStep expanded(const ScenarioStep &step, const Lab &lab, QStringList *errors = nullptr,
                                 QStringList *warnings = nullptr);
    // True when `step`'s expectation would refuse empty output but `expanded`'s (the same
    // step expanded) accepts it: a check that passes on any output.
    static bool expansionEmptiesExpectation(const ScenarioStep &step, const ScenarioStep &expanded);
    // The words of a step's command and expectations that look like a node id of this lab's
    // naming (a node id or role, a dash, a number: compute-3) but name no node of it, and the
    // ids a rename or delete took away (Lab::formerNodeIds) found there as whole words.
    static QStringList staleNodeNames(const ScenarioStep &step, const Lab &lab);
    // A list of node ids in a step's text (compute-1,compute-2) that names only nodes of one
    // role but not every one of them the list means (see NodeList::selector): one was added since.
    struct NodeList
    {
        QString written;
        QString role;
        QStringList now; // the nodes `selector` names, sorted
        // What {{nodes:…}} takes to name them: the members of a cluster feature the listed
        // nodes run ("feature=F", or "role=R,feature=F" when F has members of other roles),
        // "role=R" when every node of the role is a member.
        QString selector;
    };
    // (A deleted node's id, see Lab::formerNodeIds, counts as one of the role's.)
    static QList<NodeList> incompleteNodeLists(const ScenarioStep &step, const Lab &lab);
    // A number in a step's expectations or command that equals a count a delete changed
    // (Lab::formerCounts: every node, a role's, a feature's) but not what it is now: ready=5
    // total=5 after one of five Kubernetes nodes went, srun -N2 after one of two compute nodes
    // did. In the command only a count above 1 as a whole number alone or an option's value
    // counts (-N2, --nodes=2, grep -c 2), not one inside a name (compute-2, ens2), a path, a
    // size (2G), a time (2s, sleep 2), a field ($2), a format (%2d) or a redirect (2>&1).
    struct StaleCount
    {
        QString selector; // "", "role=R" or "feature=F", as {{count:…}} takes it
        int was = 0;
        int now = 0;
        bool inCommand = false; // found in the command only, not in the expectations
    };
    static QList<StaleCount> staleCounts(const ScenarioStep &step, const Lab &lab);
    // Where staleCounts finds `count` (any whole number when negative): in the expectations,
    // or in the command (inCommand).
    static QRegularExpression countPattern(int count, bool inCommand);
    // Drops from Lab::formerNodeIds and formerCounts what no step is flagged for any more (the
    // step fixed or gone), and keeps at most LabFormat::MaxFormerEntries of each, and the renames
    // of the ids kept that still end at a node (Lab::renamedNodeIds): what LabWriter saves.
    static void forgetSettled(Lab &lab);
    // IPv4 addresses in a step's text inside one of the lab's networks that are no node's,
    // gateway's or DNS server's address there, nor the network's own: readdressed since.
    static QStringList staleAddresses(const ScenarioStep &step, const Lab &lab);

private:
    // The command and the textual expectations, one per line.
    static QString text(const ScenarioStep &step);
};

} // namespace Labforge
