// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureInfo.h"

#include <QSizeF>
#include <QStringList>

namespace Labforge {

struct Lab;
struct Recipe;

// Roles, features, base images and required warnings that labforge knows.
class Catalog
{
public:
    static QStringList roles();
    static QString roleSummary(const QString &role);
    static QStringList nodeKinds();
    static QStringList baseImages();
    // "debian-trixie" -> "trixie"
    static QString debianSuite(const QString &baseImage);
    static QStringList diskBuses();

    static const QList<FeatureInfo> &features();
    static const FeatureInfo *feature(const QString &name);
    static QStringList featuresForRole(const QString &role);
    // Features a new node of this role gets in the designer.
    static QStringList defaultFeatures(const QString &role);
    static QString featureOwningPackage(const QString &package);
    // The first feature that says it is `what` (FeatureInfo::kubernetesMember, …); empty if none.
    static QString featureThatIs(bool FeatureInfo::*what);
    // Whether the recipe has a feature that says it is `what`.
    static bool hasFeatureThatIs(const Recipe &recipe, bool FeatureInfo::*what);

    static QStringList requiredWarningIds();
    // The exact text a required warning must carry in this lab.
    static QString requiredWarningText(const QString &id, const Lab &lab);

    // The footprint of a node's box on the canvas; positions are its top-left corner.
    static QSizeF nodeSize() { return QSizeF(180, 84); }

    static constexpr int MaxAssertionTimeoutSeconds = 1800;
    static constexpr int MaxBootstrapTokenTtlSeconds = 900;
    static constexpr int MaxDiskSerialLength = 20;
    // The serial of the read-only disk that carries a run's secrets into each VM.
    static constexpr const char *SeedDiskSerial = "LABFORGE_SEED";
};

} // namespace Labforge
