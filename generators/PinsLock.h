// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "PinnedArtifact.h"

#include <QHash>
#include <QList>
#include <QString>
#include <optional>

namespace Labforge {

struct ValidationContext;

// The versions and upstream artifacts labforge pins (generators/pins.lock.json,
// compiled in). Features read versions and artifacts from here, never from the lab.
// Format labforge/pins@2 gives each artifact a digest with its provenance:
//   "digest": {"algorithm": "sha256", "value": HEX, "provenance": "published", "source": "where it comes from"}
// labforge/pins@1 (a plain "sha256") is still read; its digests count as first-pull.
class PinsLock
{
public:
    struct Component
    {
        QString name;
        QString version;
        QList<PinnedArtifact> artifacts;
        QStringList debianPackages; // Debian packages installed at exactly `version`
    };

    static const PinsLock &builtIn();
    // An upstream signing key shipped with labforge (generators/keys/NAME), or empty.
    static QByteArray shippedKey(const QString &name);
    static std::optional<PinsLock> fromJson(const QByteArray &json, QString *error = nullptr);
    static std::optional<PinsLock> fromFile(const QString &path, QString *error = nullptr);
    QByteArray toJson() const;

    QString version(const QString &component) const;
    QHash<QString, QString> versions() const;
    const QList<Component> &components() const { return m_components; }
    // The artifact `name` of `component`. When the lock has none (an incomplete --pins
    // file), an error naming it is added to *errors and an empty artifact returned.
    PinnedArtifact artifact(const QString &component, const QString &name, QStringList *errors) const;
    // The container images (source oci-image) the lock lists under `component`.
    QList<PinnedArtifact> images(const QString &component) const;
    // "package=version" for a Debian package the lock pins under `component`. When the lock
    // does not pin it, an error naming it is added to *errors and the bare name returned.
    QString debianPackage(const QString &component, const QString &package, QStringList *errors) const;
    // Records `sha256` as the first-pull digest of an artifact that has none. An artifact
    // whose digest is set keeps it, whatever its provenance: the same value is accepted,
    // another is refused with both values in *error. False too when there is no such artifact.
    bool pinFirstPull(const QString &component, const QString &name, const QString &sha256, const QString &source,
                      QString *error);
    // Adds `image` (source oci-image, no digest yet) to its component; false when the
    // component is not in the lock or already has an artifact of that name.
    bool addImage(const PinnedArtifact &image);
    ValidationContext validationContext() const;

private:
    QString m_note;
    QList<Component> m_components;
};

} // namespace Labforge
