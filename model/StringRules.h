// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
namespace Labforge {

struct Lab;
class ProblemSink;

// The loader's rule for control characters (LabStrings) on a lab made or edited in memory:
// a designer edit never passes the loader, so a newline, tab or NUL typed into a node id,
// a user, a package or any other field is an error here (`lab.control-character`), at the
// JSON pointer the loader would name, and a lab that loads is all a lab edited can be.
class StringRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId LabControlCharacter {"lab.control-character"};

    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
