// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FeatureOutput.h"

namespace Labforge {

void FeatureOutput::addFile(const QString &path, const QByteArray &content, int mode)
{
    files.append(GeneratedFile {path, mode, content, QString()});
}

void FeatureOutput::addSymlink(const QString &path, const QString &target)
{
    files.append(GeneratedFile {path, 0777, QByteArray(), target});
}

void FeatureOutput::append(const FeatureOutput &other)
{
    for (const QString &p : other.packages) {
        if (!packages.contains(p))
            packages.append(p);
    }
    files += other.files;
    for (const QString &u : other.units) {
        if (!units.contains(u))
            units.append(u);
    }
    artifacts += other.artifacts;
    for (const PinnedArtifact &i : other.images) {
        if (!images.contains(i))
            images.append(i);
    }
    buildCommands += other.buildCommands;
    for (const SecretSlot &s : other.secretSlots) {
        if (!secretSlots.contains(s))
            secretSlots.append(s);
    }
    errors += other.errors;
}

} // namespace Labforge
