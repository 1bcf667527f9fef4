// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <QStringView>

namespace Labforge {

// The stages of a run, in the order they happen. Events, progress and the timeline carry
// the enum; its word (stageName) is what logs, report.json and the CLI print.
enum class RunStage {
    None, // an event outside any stage
    Probe, // which accelerator runs the guests (beside the image build)
    Artifacts, // pinned downloads
    Base, // the Debian base image
    Image, // each node's image
    Seed, // secrets, host keys, disks
    Network,
    Boot, // define and start the domains
    Ssh, // wait until every node answers SSH
    Startup, // wait until every node's startup has finished (and read where its boot went)
    Scenario,
    Teardown,
};

// A stable lower-case word for the stage ("probe", "base", …; empty for None).
QString stageName(RunStage stage);
// The stage a word names (None for an unknown or empty word).
RunStage stageFromName(QStringView name);

} // namespace Labforge
