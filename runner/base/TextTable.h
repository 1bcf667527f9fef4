// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QStringList>

namespace Labforge {

// Plain-text tables for terminals and logs: the first column left-aligned, the others
// right-aligned, each as wide as its widest cell.
class TextTable
{
public:
    static QString render(const QList<QStringList> &rows, const QString &separator = QStringLiteral("  "));
};

} // namespace Labforge
