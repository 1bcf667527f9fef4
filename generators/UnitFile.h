// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Labforge {

// The systemd unit of an openfactory first-boot service: a bounded oneshot that
// logs to the journal and the console.
struct UnitFile
{
    QString description;
    QString exec;
    QStringList after;
    QStringList wants;
    QStringList requires_;
    QStringList before;
    int timeoutSeconds = 1800;

    QByteArray render(QStringList *errors) const;
};

} // namespace Labforge
