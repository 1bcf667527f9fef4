// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QJsonObject>
#include <QString>

namespace Labforge {

// A service a recipe declares; `config` is the service's own JSON object.
struct Service
{
    QString name;
    bool enabled = true;
    QJsonObject config;

    bool operator==(const Service &) const = default;
};

} // namespace Labforge
