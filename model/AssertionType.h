// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AssertionContext.h"
#include "ScenarioStep.h"

#include <QJsonObject>

namespace Labforge {

class JsonObjectReader;
class ProblemSink;

// One kind of scenario step (`command_succeeds`, `command_output`, `power_cycle`, …):
// how its parameters are read and written, which rules apply to it, how the designer
// and the report describe it, and what one attempt does when it runs. A new kind is one
// subclass in model/assertions/ plus its line in AssertionTypeRegistry (and a value in
// Assertion::Type); the reader, writer, validator, engine, step editor and schema test
// all go through this interface.
class AssertionType
{
public:
    struct Attempt
    {
        bool passed = false;
        QString verdict; // why it did not pass; "passed" when it did
        QString passMessage; // the result's message when it passed; empty: the engine's
        AssertionContext::Outcome outcome;
    };
    // Where a step sits, for problems: its params pointer and "scenario … step …".
    struct Where
    {
        QString params;
        QString text;
    };

    virtual ~AssertionType() = default;

    virtual Assertion::Type type() const = 0;
    virtual QString name() const = 0; // the file format's word
    virtual QString summary() const = 0; // one line for the designer
    virtual bool runsCommand() const { return true; }
    virtual bool usesExpectation() const { return false; }
    // Retried with backoff within the step's timeout until it passes; otherwise one attempt.
    virtual bool retries() const { return true; }

    // The type's own parameters (timeouts and `expect` are read for every type).
    virtual void read(JsonObjectReader &params, Assertion &assertion) const = 0;
    // The parameter keys this type reads besides the common ones (timeouts, `expect`).
    virtual QStringList ownKeys() const = 0;
    // Refuses, at their pointers, the keys of other types in `params` (a `peer` on a
    // command step, a `command` on a lab-acting step): read, they would be lost on save.
    void refuseForeignKeys(JsonObjectReader &params) const;
    virtual void write(const Assertion &assertion, QJsonObject &params) const = 0;
    // The type's own rules (bounds, node and id rules apply to every type).
    virtual void validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const = 0;

    // What runs, as the report shows it (before redaction), and what passes.
    virtual QString describeAction(const ScenarioStep &step) const = 0;
    virtual QString describeExpectation(const Assertion &assertion) const = 0;
    virtual QString attemptMessage(const ScenarioStep &step, int attempt, qint64 remainingMs) const;
    virtual Attempt attempt(const ScenarioStep &step, int remainingMs, AssertionContext &context) const = 0;
};

} // namespace Labforge
