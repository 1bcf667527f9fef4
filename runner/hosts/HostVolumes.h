// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Libvirt.h"

#include <QString>

namespace Labforge {

// A lab host's disks as libvirt storage volumes in its "labforge" directory pool
// (/var/lib/labforge/volumes there): node images named by their SHA-256, uploaded through
// libvirt (virStorageVolUpload) only when the host does not already hold that digest and
// checked there on arrival; the run's overlays, seed and data disks beside them.
class HostVolumes
{
public:
    static constexpr auto Pool = "labforge";
    static constexpr auto Directory = "/var/lib/labforge/volumes";

    explicit HostVolumes(const QString &uri);
    bool isOpen() const { return m_virt.isOpen(); }
    QString openError() const { return m_virt.openError(); }

    // The host's copy of `file` (whose SHA-256 is `sha256`): reused when the host holds a
    // volume of that name with that digest, else (re)uploaded and checked. Its path there.
    QString image(const QString &file, const QString &sha256, bool *reused, QString *error,
                  const QString &suffix = QStringLiteral(".qcow2"));
    // A qcow2 overlay over the volume at `backingPath`, of `capacityBytes`.
    QString overlay(const QString &name, const QString &backingPath, qint64 capacityBytes, QString *error);
    // A volume holding `file`'s bytes (a seed disk), uploaded and checked like an image.
    QString copy(const QString &name, const QString &file, QString *error);
    // A raw, sparse volume of `bytes` (a data disk).
    QString blank(const QString &name, qint64 bytes, QString *error);
    bool remove(const QString &name, QString *error);
    // The SHA-256 of a file on the host, read there.
    QString digestOnHost(const QString &path, QString *error) const;

private:
    QString uploaded(const QString &name, const QString &file, const QString &sha256, QString *error);
    Libvirt m_virt;
    QString m_uri;
};

} // namespace Labforge
