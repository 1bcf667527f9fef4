// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunReport.h"

#include <QJsonArray>

namespace Labforge {

int RunReport::count(AssertionResult::State state, bool gatingOnly) const
{
    int n = 0;
    for (const AssertionResult &r : results)
        n += (r.state == state && (!gatingOnly || r.gating)) ? 1 : 0;
    return n;
}

int RunReport::exitCode() const
{
    if (!bootError.isEmpty())
        return 1;
    int gating = 0, passed = 0;
    for (const AssertionResult &r : results) {
        if (!r.gating)
            continue;
        ++gating;
        if (r.state == AssertionResult::State::Failed)
            return 1;
        passed += r.state == AssertionResult::State::Passed ? 1 : 0;
    }
    if (gating == 0 || passed == 0)
        return 2;
    return passed == gating ? 0 : 1;
}

QJsonObject RunReport::toJson() const
{
    QJsonArray items;
    for (const AssertionResult &r : results) {
        QJsonArray attempts;
        for (const AssertionResult::Attempt &a : r.attempts)
            attempts.append(QJsonObject {{QStringLiteral("number"), a.number},
                                         {QStringLiteral("started"), a.started.toString(Qt::ISODateWithMs)},
                                         {QStringLiteral("duration_ms"), double(a.durationMs)},
                                         {QStringLiteral("exit_code"), a.exitCode},
                                         {QStringLiteral("timed_out"), a.timedOut},
                                         {QStringLiteral("transport_failed"), a.transportFailed},
                                         {QStringLiteral("stdout"), a.stdoutExcerpt},
                                         {QStringLiteral("stderr"), a.stderrExcerpt},
                                         {QStringLiteral("verdict"), a.verdict}});
        QJsonObject item {{QStringLiteral("scenario"), r.scenario},
                                  {QStringLiteral("id"), r.stepId},
                                  {QStringLiteral("description"), r.description},
                                  {QStringLiteral("node"), r.node},
                                  {QStringLiteral("type"), Assertion::typeName(r.type)},
                                  {QStringLiteral("command"), r.command},
                                  {QStringLiteral("expectation"), r.expectation},
                                  {QStringLiteral("timeout_seconds"), r.timeoutSeconds},
                                  {QStringLiteral("gating"), r.gating},
                                  {QStringLiteral("state"), AssertionResult::stateName(r.state)},
                                  {QStringLiteral("message"), r.message},
                                  {QStringLiteral("started"), r.started.toString(Qt::ISODateWithMs)},
                                  {QStringLiteral("duration_ms"), double(r.durationMs)},
                                  {QStringLiteral("attempts"), attempts}};
        if (!r.figures.isEmpty())
            item.insert(QStringLiteral("figures"), StepFigures::toJson(r.figures));
        items.append(item);
    }
    QJsonObject consoleJson;
    for (auto it = consoles.cbegin(); it != consoles.cend(); ++it)
        consoleJson.insert(it.key(), it.value());
    QJsonObject json {{QStringLiteral("format"), QStringLiteral("labforge/report@1")},
                      {QStringLiteral("lab"), lab},
                      {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)},
                      {QStringLiteral("finished"), finished.toString(Qt::ISODateWithMs)},
                      {QStringLiteral("run"), runInfo},
                      {QStringLiteral("scenarios"), QJsonArray::fromStringList(scenarios)},
                      {QStringLiteral("summary"),
                       QJsonObject {{QStringLiteral("passed"), count(AssertionResult::State::Passed)},
                                    {QStringLiteral("failed"), count(AssertionResult::State::Failed)},
                                    {QStringLiteral("skipped"), count(AssertionResult::State::Skipped)},
                                    {QStringLiteral("exit_code"), exitCode()}}},
                      {QStringLiteral("assertions"), items}};
    if (!timeline.isEmpty())
        json.insert(QStringLiteral("timeline"), RunTimeline::toJson(timeline));
    if (!bootError.isEmpty())
        json.insert(QStringLiteral("boot_error"), bootError);
    if (!consoles.isEmpty())
        json.insert(QStringLiteral("consoles"), consoleJson);
    QJsonObject analysis;
    for (auto it = bootAnalysis.cbegin(); it != bootAnalysis.cend(); ++it)
        analysis.insert(it.key(),
                        QJsonObject {{QStringLiteral("systemd_analyze"), it->raw},
                                     {QStringLiteral("kernel_s"), it->kernelS},
                                     {QStringLiteral("initrd_s"), it->initrdS},
                                     {QStringLiteral("userspace_s"), it->userspaceS},
                                     {QStringLiteral("multi_user_s"), it->multiUserS},
                                     {QStringLiteral("sshd_s"), it->sshdS},
                                     {QStringLiteral("first_command_s"), it->firstCommandS},
                                     {QStringLiteral("define_s"), it->defineS},
                                     {QStringLiteral("blame"), it->blame},
                                     {QStringLiteral("critical_chain"), it->criticalChain}});
    if (!analysis.isEmpty())
        json.insert(QStringLiteral("boot_analysis"), analysis);
    return json;
}

RunReport RunReport::fromJson(const QJsonObject &json)
{
    RunReport report;
    report.lab = json.value(QStringLiteral("lab")).toString();
    report.started = QDateTime::fromString(json.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    report.finished = QDateTime::fromString(json.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs);
    report.runInfo = json.value(QStringLiteral("run")).toString();
    for (const QJsonValue s : json.value(QStringLiteral("scenarios")).toArray())
        report.scenarios.append(s.toString());
    for (const QJsonValue v : json.value(QStringLiteral("assertions")).toArray()) {
        const QJsonObject o = v.toObject();
        AssertionResult r;
        r.scenario = o.value(QStringLiteral("scenario")).toString();
        r.stepId = o.value(QStringLiteral("id")).toString();
        r.description = o.value(QStringLiteral("description")).toString();
        r.node = o.value(QStringLiteral("node")).toString();
        r.type = Assertion::typeFromName(o.value(QStringLiteral("type")).toString())
                     .value_or(Assertion::Type::CommandSucceeds);
        r.command = o.value(QStringLiteral("command")).toString();
        r.expectation = o.value(QStringLiteral("expectation")).toString();
        r.timeoutSeconds = o.value(QStringLiteral("timeout_seconds")).toInt();
        r.gating = o.value(QStringLiteral("gating")).toBool();
        r.state = AssertionResult::stateFromName(o.value(QStringLiteral("state")).toString());
        r.message = o.value(QStringLiteral("message")).toString();
        r.started = QDateTime::fromString(o.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
        r.durationMs = qint64(o.value(QStringLiteral("duration_ms")).toDouble());
        for (const QJsonValue av : o.value(QStringLiteral("attempts")).toArray()) {
            const QJsonObject a = av.toObject();
            r.attempts.append(AssertionResult::Attempt {
                a.value(QStringLiteral("number")).toInt(),
                QDateTime::fromString(a.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs),
                qint64(a.value(QStringLiteral("duration_ms")).toDouble()), a.value(QStringLiteral("exit_code")).toInt(),
                a.value(QStringLiteral("timed_out")).toBool(), a.value(QStringLiteral("transport_failed")).toBool(),
                a.value(QStringLiteral("stdout")).toString(), a.value(QStringLiteral("stderr")).toString(),
                a.value(QStringLiteral("verdict")).toString()});
        }
        r.figures = StepFigures::fromJson(o.value(QStringLiteral("figures")).toArray());
        report.results.append(r);
    }
    report.timeline = RunTimeline::fromJson(json.value(QStringLiteral("timeline")).toArray());
    report.bootError = json.value(QStringLiteral("boot_error")).toString();
    const QJsonObject consoles = json.value(QStringLiteral("consoles")).toObject();
    for (auto it = consoles.begin(); it != consoles.end(); ++it)
        report.consoles.insert(it.key(), it.value().toString());
    const QJsonObject analysis = json.value(QStringLiteral("boot_analysis")).toObject();
    for (auto it = analysis.begin(); it != analysis.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        BootAnalysis::Figures f;
        f.raw = o.value(QStringLiteral("systemd_analyze")).toString();
        f.kernelS = o.value(QStringLiteral("kernel_s")).toDouble(-1);
        f.initrdS = o.value(QStringLiteral("initrd_s")).toDouble(-1);
        f.userspaceS = o.value(QStringLiteral("userspace_s")).toDouble(-1);
        f.multiUserS = o.value(QStringLiteral("multi_user_s")).toDouble(-1);
        f.sshdS = o.value(QStringLiteral("sshd_s")).toDouble(-1);
        f.firstCommandS = o.value(QStringLiteral("first_command_s")).toDouble(-1);
        f.defineS = o.value(QStringLiteral("define_s")).toDouble(-1);
        f.blame = o.value(QStringLiteral("blame")).toString();
        f.criticalChain = o.value(QStringLiteral("critical_chain")).toString();
        report.bootAnalysis.insert(it.key(), f);
    }
    return report;
}

} // namespace Labforge
