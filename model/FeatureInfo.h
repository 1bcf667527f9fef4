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

    bool allowsRole(const QString &role) const { return allowedRoles.isEmpty() || allowedRoles.contains(role); }
};

} // namespace Labforge
