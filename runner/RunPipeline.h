// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootAnalysis.h"
#include "LabRunner.h"
#include "PinsLock.h"
#include "Problem.h"
#include "Redactor.h"
#include "RunReport.h"
#include "RunTimeline.h"

namespace Labforge {

// One run of a lab, the same for `labforge up`, `labforge test` and the designer:
// validate against the pins lock, generate, register the lab's secrets in one
// redactor, build and boot (optional), run the scenarios over SSH (optional) and
// write the report. The CLI prints the events; the designer shows them.
class RunPipeline
{
public:
    enum class Transport { Ssh, Local };
    struct Options
    {
        LabRunner::Options runner; // boot options, events, cancel, confirmation
        bool boot = true;
        bool scenarios = true;
        QStringList only; // scenario names; empty: every enabled one
        bool includeDisabled = false;
        QString reportDirectory; // empty: a new one under the lab's run directory
        QString junitFile; // also write JUnit XML here
        // Local runs the scenarios' commands on this host as this user: only for trying
        // scenarios, and only when the caller was told so explicitly (`--allow-host-commands`).
        Transport transport = Transport::Ssh;
    };
    struct Result
    {
        bool ok = false;
        int exitCode = 2; // 0 every gating assertion passed, 1 invalid lab or a failure, 2 nothing ran
        QString error;
        Problems problems; // the validator's errors when the lab was refused
        LabRunner::Result boot;
        QString reportDirectory;
        RunReport report;
        bool ranScenarios = false;
    };

    RunPipeline(const Lab &lab, const PinsLock &pins, Options options);
    Result run();

private:
    // Fills *result with the validator's errors when the lab has any: true when it was refused.
    bool refuseInvalid(Result *result) const;
    // Generates, builds and boots the lab; false when the run stops here (a failed boot is
    // reported too, once any stage has run).
    bool boot(Result *result, const RunTimeline &timeline, const EventSink &events, const QDateTime &started);
    // Runs the scenarios over the lab's transport, writes the report (and JUnit) and sets the
    // exit code.
    void runScenarios(Result *result, RunTimeline &timeline, const EventSink &events, const QDateTime &started);
    bool writeJunit(const RunReport &report, QString *error) const;
    // Waits until every node's startup has finished (a stage of the run) and reads where each
    // node's boot went.
    QMap<QString, BootAnalysis::Figures> analyseBoot(Labforge::Transport &transport, const LabRunner::Result &boot,
                                                     const EventSink &events);
    // Writes the report (the given directory, else a new one of the lab's run) and notes it as
    // the lab's last; its directory, or "" with *error.
    QString keepReport(const RunReport &report, QString *error);

    const Lab &m_lab;
    const PinsLock &m_pins;
    Options m_options;
    Redactor m_redactor;
};

} // namespace Labforge
