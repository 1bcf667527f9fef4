// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <optional>

namespace Labforge {

// What a `command_output` assertion demands of the command's standard output
// (trailing newlines trimmed). Every field that is set must hold; output that is
// empty never satisfies an expectation, whatever it says.
struct Expectation
{
    std::optional<QString> equals; // whole output, exactly
    std::optional<QString> contains; // substring
    std::optional<QString> matches; // QRegularExpression, searched anywhere (anchor it yourself)
    std::optional<QString> integerOp; // one of == != < <= > >=, output parsed as one integer
    std::optional<qint64> integerValue;
    std::optional<int> lineCount; // exact number of non-empty lines

    // The comparisons `integerOp` may hold, in the order the schema and the designer list them.
    static QStringList integerOperators()
    {
        return {QStringLiteral("=="), QStringLiteral("!="), QStringLiteral("<"),
                QStringLiteral("<="), QStringLiteral(">"),  QStringLiteral(">=")};
    }

    bool isEmpty() const { return !equals && !contains && !matches && !integerOp && !lineCount; }
    bool operator==(const Expectation &) const = default;
};

} // namespace Labforge
