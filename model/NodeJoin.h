// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QPointF>

namespace Labforge {

struct ValidationContext;

// A node joining a lab the way its role implies, so that what the designer adds is valid
// as it lands (a drop from the Palette, Edit ▸ Add Node):
// - a numbered id after the lab's own (compute-3 after compute-2; compute-1 for the first of
//   a role of which several are usual) and the next free address;
// - the recipe of the lab's nodes of the same role when it has some (features, packages,
//   users, hardware; disks with serials of its own), else the role's defaults;
// - Kubernetes: a member joins plan.kubernetes as a worker (a controller with no plan
//   starts one); without a plan to join, Kubernetes and the features that need it are
//   left out;
// - the services its features need, with the configs the features suggest, and every
//   other member of a shared-config service (Slinky, native Slurm) updated to match;
// - the warnings its features require, and the text of every required warning whose
//   wording depends on the lab (node counts) made again.
// What still fails to validate on the new node after that (say, Slinky in a lab without
// NFS) is left out with the feature that causes it, so that a drop never adds errors.
class NodeJoin
{
public:
    // A feature a node was added without, and why (the validator's message): what a drop
    // that completes the feature's prerequisites later offers to turn on.
    struct LeftOff
    {
        QString node;
        QString feature;
        QString why;
    };
    // `lab` with a new node of `role` at `position`; `*id` receives the new node's id and
    // *leftOff the features it was added without.
    static Lab withNewNode(const Lab &lab, const QString &role, QPointF position, const ValidationContext &context,
                           QString *id, QList<LeftOff> *leftOff = nullptr);
    // `lab` with each feature of `wanted` turned on for its node (joined as a drop would join
    // it) where that adds no error, in rounds until nothing more lands; *enabled lists those.
    static Lab withFeaturesEnabled(const Lab &lab, const QList<LeftOff> &wanted, const ValidationContext &context,
                                   QList<LeftOff> *enabled);
    // `lab` with a copy of `node` (Duplicate, Paste; perhaps from another lab) at `position`,
    // joined as a Palette drop is: its own id when free, else the next of its stem
    // (compute-3); its interfaces on this lab's networks (a foreign network becomes the
    // lab's first) at free addresses; disk serials of its own; Kubernetes and the
    // shared-config services (Slurm member lists) joined; its other services as they were.
    // With Recipe::Lab's and a node of the copy's role in `lab`, the copy takes that node's
    // recipe and disks as a drop does (a Slinky compute pasted into a lab of native Slurm
    // becomes one of its native Slurm computes); with Recipe::Own it keeps its own.
    enum class Recipe { Own, Labs };
    static Lab withCopiedNode(const Lab &lab, Node node, QPointF position, const ValidationContext &context,
                              QString *id, Recipe recipe = Recipe::Own);
    // True when `lab` has nodes of `node`'s role and they run other clusters (Kubernetes,
    // a Slurm) than `node` does: a recipe from another lab, which Paste asks about.
    static bool recipeFromAnotherLab(const Lab &lab, const Node &node);
    // `wanted` when a node card there overlaps no other card and no bus or bus label, nor the
    // height a bus would grow along (with a `grid` of room around it), else the nearest such
    // place on the grid: new nodes and copies land in free space.
    static QPointF freePosition(const Lab &lab, QPointF wanted, qreal grid);
    // `stem` when free and not numbered in the lab, else the next number after the lab's;
    // `numbered` (a role of which several are usual, RoleInfo::numbered): `stem`-1 first.
    static QString nextId(const Lab &lab, const QString &stem, bool numbered = false);
    // `serial` itself when `asIs` and no disk of the lab has it, else with the lowest
    // suffix -2, -3… that none has (within the length a serial may have).
    static QString freeSerial(const Lab &lab, const QString &serial, bool asIs = false);
    // The first free host address of `network` from .10 on (then from .1); empty when none.
    static QString freeAddress(const Lab &lab, const QString &network);
    // Gives the node `nodeId` the service `service` with the config its feature suggests and
    // makes every other member of a shared-config service carry the same config (but role).
    static void addService(Lab &lab, const QString &nodeId, const QString &service, const ValidationContext &context);
    // A plan.kubernetes for `lab` with `controller` as its control plane: the pinned
    // version, Flannel, and the first of the usual pod and service subnets that overlap
    // none of the lab's networks.
    static KubernetesIntent suggestedPlan(const Lab &lab, const QString &controller, const ValidationContext &context);
    // Every required warning the lab's features need is present, with the text the lab's
    // shape gives it now (the other warnings stay as written).
    static void refreshRequiredWarnings(Lab &lab);
    // Only the texts of the required warnings the lab holds, as its shape gives them now
    // (a node count in words): what deleting nodes changes.
    static void refreshRequiredWarningTexts(Lab &lab);
};

} // namespace Labforge
