// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Service.h"
#include "User.h"

#include <QList>
#include <QStringList>

namespace Labforge {

// What an image is made of: base, hardware minimums, features, extra packages,
// users and declared services.
struct Recipe
{
    QString baseImage = QStringLiteral("debian-trixie");
    int minMemoryGb = 1;
    int minCpu = 1;
    QStringList features;
    QStringList packages;
    QList<User> users;
    QList<Service> services;

    const Service *service(const QString &name) const;
    bool hasFeature(const QString &feature) const { return features.contains(feature); }

    bool operator==(const Recipe &) const = default;
};

} // namespace Labforge
