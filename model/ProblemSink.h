// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Problem.h"

namespace Labforge {

// Collects problems for the rule classes; keeps their call sites short.
class ProblemSink
{
public:
    void error(const QString &rule, const QString &pointer, const QString &message, const QString &nodeId = {});
    void warning(const QString &rule, const QString &pointer, const QString &message, const QString &nodeId = {});
    void add(const Problem &problem) { m_problems.append(problem); }

    const Problems &problems() const { return m_problems; }
    Problems take() { return std::move(m_problems); }

private:
    Problems m_problems;
};

} // namespace Labforge
