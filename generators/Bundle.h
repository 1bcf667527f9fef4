// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureOutput.h"

#include <QJsonObject>
#include <QMap>

namespace Labforge {

// Everything generated from one lab: the secret-free plan, each node's recipe and
// image contents, and the scenarios. Deterministic: the same lab gives the same bytes.
struct Bundle
{
    struct NodeImage
    {
        QString nodeId;
        QString suite; // Debian suite from the recipe's base image
        FeatureOutput output; // merged: base first, then each feature in recipe order
    };

    struct Entry
    {
        QByteArray content;
        int mode = 0644;
        QString symlinkTarget;
    };

    QString labName;
    QJsonObject plan;
    QMap<QString, QJsonObject> recipes;
    QMap<QString, QJsonObject> scenarios;
    QList<NodeImage> nodes;
    QStringList errors; // "node ID: why", empty when the bundle is usable

    bool ok() const { return errors.isEmpty(); }
    const NodeImage *node(const QString &id) const;
    // The bundle as files, by path relative to the bundle directory (manifest.json included).
    QMap<QString, Entry> files() const;
};

} // namespace Labforge
