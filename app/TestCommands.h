// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunEvent.h"
#include "RunPipeline.h"

#include <QStringList>
#include <QTextStream>

namespace Labforge {

class EventPrinter;

// `labforge test` (run a lab's scenarios against its booted VMs and keep the
// evidence) and `labforge report` (summarise a kept report in the terminal).
class TestCommands
{
public:
    static int test(const QStringList &args, QTextStream &out, QTextStream &err);
    static int report(const QStringList &args, QTextStream &out, QTextStream &err);
    // Prints a pipeline's outcome (problems, summary, report path); returns the exit code.
    static int finish(const RunPipeline::Result &result, QTextStream &out, QTextStream &err, const QString &command);
    // Prints a run's events except the per-attempt noise of the assertions.
    static EventSink assertionPrinter(EventPrinter &printer);
};

} // namespace Labforge
