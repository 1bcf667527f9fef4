// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <utility>

namespace Labforge {

// The disk files a lab snapshot keeps (LabSnapshots): which files a domain writes, what
// files take on disk, and copying them all at once.
class SnapshotDisks
{
public:
    // The files a domain writes: its file-backed disks without <readonly/> (their own
    // source, not the read-only images of their backing chain).
    static QStringList writable(const QByteArray &domainXml);
    // What a file takes on disk (a sparse disk only its written blocks).
    static qint64 allocated(const QString &file);
    // What the files of a folder take on disk.
    static qint64 folderBytes(const QString &path);
    // Copies each pair (from, to) at once, sparse, with `cp` (found on PATH) given the
    // allow-listed environment of every child (HostCommand::cleanEnvironment); false with
    // the first failure's words.
    static bool copyAll(const QList<std::pair<QString, QString>> &pairs, QString *error);
};

} // namespace Labforge
