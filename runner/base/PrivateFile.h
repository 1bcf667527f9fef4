// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace Labforge {

// Files and directories that hold secrets: created with their final, private mode
// (never briefly readable by others), links are not followed, and a mode that cannot
// be set is an error rather than a warning.
class PrivateFile
{
public:
    // With `size` beyond the content, the file is extended (sparse) to that many bytes.
    static bool write(const QString &path, const QByteArray &content, QString *error, qint64 size = 0);
    // An empty private file of `size` bytes (sparse), e.g. a disk image that will hold secrets.
    static bool create(const QString &path, qint64 size, QString *error);
    // Makes the missing directories of `path` 0700; those that exist keep their mode
    // (a report written to /tmp/x leaves /tmp as it is).
    static bool makeMissingDirectories(const QString &path, QString *error);
    // Makes `path` (and missing parents) and sets it to 0700.
    static bool makeDirectory(const QString &path, QString *error);
    // Makes `path` a directory that only its owner reads and `group` may pass through
    // (0710, that group), or 0700 without a group.
    static bool makePassage(const QString &path, std::optional<unsigned> group, QString *error);
    // Takes every permission for others from what lies below `directory` (not following
    // links): what an earlier version, or a hand, left open.
    static bool closeToOthers(const QString &directory, QString *error);
    // Sets an existing file to 0600 without following a link.
    static bool restrict(const QString &path, QString *error);
};

} // namespace Labforge
