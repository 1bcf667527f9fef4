// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunStage.h"

#include <array>
#include <utility>

namespace Labforge {

namespace {

constexpr std::array<std::pair<RunStage, const char *>, 11> Names {{
    {RunStage::Probe, "probe"},
    {RunStage::Artifacts, "artifacts"},
    {RunStage::Base, "base"},
    {RunStage::Image, "image"},
    {RunStage::Seed, "seed"},
    {RunStage::Network, "network"},
    {RunStage::Boot, "boot"},
    {RunStage::Ssh, "ssh"},
    {RunStage::Startup, "startup"},
    {RunStage::Scenario, "scenario"},
    {RunStage::Teardown, "teardown"},
}};

} // namespace

QString stageName(RunStage stage)
{
    for (const auto &[s, name] : Names) {
        if (s == stage)
            return QString::fromLatin1(name);
    }
    return {};
}

RunStage stageFromName(QStringView name)
{
    for (const auto &[s, word] : Names) {
        if (name == QLatin1String(word))
            return s;
    }
    return RunStage::None;
}

} // namespace Labforge
