// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QJsonObject>

namespace Labforge {

// Turns a Lab into its labforge/lab@1 JSON and writes it atomically.
class LabWriter
{
public:
    static QJsonObject toJson(const Lab &lab);
    static QJsonObject toJson(const Node &node);
    static QJsonObject toJson(const Scenario &scenario);
    static QJsonObject toJson(const KubernetesIntent &kubernetes);
    static QByteArray toBytes(const Lab &lab);
    // Writes through QSaveFile: the old file stays intact unless the new one is complete.
    static bool save(const Lab &lab, const QString &path, QString *error = nullptr);
};

} // namespace Labforge
