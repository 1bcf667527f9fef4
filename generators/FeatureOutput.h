// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "GeneratedFile.h"
#include "PinnedArtifact.h"
#include "SecretSlot.h"

#include <QList>
#include <QStringList>

namespace Labforge {

// Everything one feature (or the node base) contributes to a node's image.
struct FeatureOutput
{
    QStringList packages; // Debian packages
    QList<GeneratedFile> files;
    QStringList units; // systemd units to enable
    QList<PinnedArtifact> artifacts; // placed at their destination, unpacked as told
    QList<PinnedArtifact> images; // container images the node's services start, by digest (ImagePins)
    QStringList buildCommands; // run in the image tree (chroot) after packages and files
    QList<SecretSlot> secretSlots; // secrets the seed disk brings (slots only, never values)
    QStringList errors; // why this node cannot be generated

    void addFile(const QString &path, const QByteArray &content, int mode = 0644);
    void addSymlink(const QString &path, const QString &target);
    void append(const FeatureOutput &other);
};

} // namespace Labforge
