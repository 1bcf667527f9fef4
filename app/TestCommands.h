#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

struct Lab;
class Transport;
class Redactor;

// `labforge test` (run a lab's scenarios against its booted VMs and keep the
// evidence) and `labforge report` (summarise a kept report in the terminal).
class TestCommands
{
public:
    static int test(const QStringList &args, QTextStream &out, QTextStream &err);
    static int report(const QStringList &args, QTextStream &out, QTextStream &err);
    // Runs the scenarios, writes the report directory, prints the summary; returns the exit code.
    static int runScenarios(const Lab &lab, Transport &transport, const QStringList &only, bool includeDisabled,
                            const QString &reportDir, const QString &junitFile, const QString &runInfo,
                            const Redactor *redactor, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
