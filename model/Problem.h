// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QString>

namespace Labforge {

// One finding of the validator: what is wrong, where (JSON pointer) and which
// node it belongs to, so the canvas can badge it (the pointer names the interface or
// network for the canvas's lines and buses).
struct Problem
{
    enum class Severity { Error, Warning };

    Severity severity = Severity::Error;
    QString rule; // stable id, e.g. "node.ip-duplicate"
    QString message;
    QString pointer;
    QString nodeId;

    static QString severityName(Severity severity);
    bool isError() const { return severity == Severity::Error; }
    bool operator==(const Problem &) const = default;
};

using Problems = QList<Problem>;

} // namespace Labforge
