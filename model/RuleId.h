// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// A validation rule's id ("node.ip-duplicate"), declared once as a static member of the
// class that reports it. Declaring one enters it in all(), the list every rule is checked
// against (each has a failing lab in the tests); ProblemSink takes nothing else, so a rule
// cannot be reported without being declared.
class RuleId
{
public:
    explicit RuleId(const char *id);

    const QString &id() const { return m_id; }
    // Every declared rule, sorted.
    static QStringList all();

    friend bool operator==(const RuleId &a, const RuleId &b) { return a.m_id == b.m_id; }
    friend bool operator==(const QString &s, const RuleId &r) { return s == r.m_id; }

private:
    QString m_id;
};

} // namespace Labforge
