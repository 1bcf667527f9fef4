// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunReport.h"

#include <optional>

namespace Labforge {

class Redactor;

struct Lab;

// Writes a run's report directory: report.json (the evidence, format
// labforge/report@1), junit.xml (one testsuite per scenario, one testcase per
// assertion) and report.html (self-contained: summary, per-node tables,
// expandable evidence, the lab diagram coloured by result).
class ReportWriter
{
public:
    static bool write(const RunReport &report, const QString &directory, QString *error,
                      const Redactor *redactor = nullptr);
    // The report's files in `directory` may be written: each absent or a regular file (OutputFile).
    static bool checkTargets(const QString &directory, QString *error);
    // The report with every string in it redacted.
    static RunReport redacted(const RunReport &report, const Redactor &redactor);
    static QByteArray junit(const RunReport &report);
    static QByteArray html(const RunReport &report);
    // The run's timeline as an SVG chart: one row per stage, then one per node (build, boot).
    static QString timelineSvg(const QList<RunTimeline::Span> &spans);
    static QString diagramSvg(const Lab &lab, const RunReport *report = nullptr);
    // The figures the steps reported (StepFigures) as an HTML table; empty when there are none.
    static QString figuresHtml(const RunReport &report);
    // The most a report.json holds: a larger one is refused, not read.
    static constexpr qint64 MaxReportBytes = qint64(64) << 20;
    // The report in `directory`: report.json read as a file from elsewhere (RegularFile), so a
    // link, a FIFO, a device or a file over MaxReportBytes is refused with *error naming it.
    static std::optional<RunReport> read(const QString &directory, QString *error);
};

} // namespace Labforge
