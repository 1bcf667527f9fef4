// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ImageBuilder.h"

#include <QMap>
#include <functional>

namespace Labforge {

// What building images asks of the host, for the base and the node builders alike: a
// command run with its output as log events (redacted) and a clean environment, events
// tagged with the build's stage and node, apt's resolver lent to a tree, labforge's runner
// resources, and files written with their mode.
class ImageCommands
{
public:
    explicit ImageCommands(const ImageBuilder::Options &options);

    void emitEvent(RunEvent::Type type, RunStage stage, const QString &node, const QString &message,
                   double progress = -1, RunEvent::NodeState nodeState = RunEvent::NodeState::None) const;
    // The program's output lines become log events; a failure names the node (when there
    // is one) and the program in `error`.
    bool run(RunStage stage, const QString &node, const QString &program, const QStringList &args, QString *error,
             int timeoutMs = 600000, const QByteArray &input = {},
             const QMap<QString, QString> &environment = {}) const;
    bool withHostResolver(const QString &tree, const QString &node, QString *error,
                          const std::function<bool()> &work) const;

    // GNU tar's options for a root filesystem tree, packed or unpacked: numeric owners, and every
    // extended attribute (file capabilities as security.capability, ACLs): without them an
    // unpacked tree loses what packages set with setcap (mmdebstrap's tar carries them).
    static QStringList treeTarOptions();
    // A file of the runner's resources (runner.qrc); a missing one is a broken build of labforge.
    static QByteArray resource(const QString &name);
    static bool writeFile(const QString &path, const QByteArray &content, int mode, QString *error);
    // MemAvailable from /proc/meminfo, in bytes (0 when unknown).
    static qint64 memoryAvailable();

private:
    const ImageBuilder::Options &m_options;
};

} // namespace Labforge
