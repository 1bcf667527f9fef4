// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QHash>
#include <QStringList>

namespace Labforge {

// What labforge knows about one recipe feature: where it may be used and what
// it brings with it. The generators implement the behaviour; this is the contract
// the validator and the designer check against.
struct FeatureInfo
{
    QString name {};
    QString summary {};
    QStringList allowedRoles {}; // empty: every role
    QStringList requiresFeatures {}; // other features the node must also have
    QStringList ownedPackages {}; // pinned by the feature; never listed as extra packages
    QStringList requiredServices {}; // services the recipe must declare (with config)
    QStringList injectedServices {}; // services the backend generates; never hand-written
    QStringList requiredWarnings {}; // warning ids the lab must carry, word for word
    QStringList pinnedComponents {}; // pins lock components whose versions this feature installs or runs
    // The text of required warnings, word for word ("{nodes}" stands for the lab's node count
    // in words). A warning that several features require is written by one of them.
    QHash<QString, QString> warningTexts {};
    QString shortName {}; // on a node's card; empty: the name
    bool onCard = true; // false: a feature every node has, left off the cards
    // What the model's rules ask of a feature, so that they name none: a feature says what it is.
    bool needsLoginUser = false; // its node needs a user with ssh: true (tests log in with it)
    bool kubernetesMember = false; // makes its node a member of plan.kubernetes
    bool nfsServer = false; // its node serves the lab's shared export (its first required service)

    bool allowsRole(const QString &role) const { return allowedRoles.isEmpty() || allowedRoles.contains(role); }
};

} // namespace Labforge
