// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

class QFile;

namespace Labforge {

// A file from elsewhere, opened without following a link and without waiting on a FIFO:
// anything but a regular file is refused before a byte is read, and so is one larger
// than the caller's bound.
class RegularFile
{
public:
    static std::optional<QByteArray> read(const QString &path, qint64 maxBytes, QString *error);
    // `file` opened for reading on `path` under the same rules (maxBytes negative: no bound),
    // for a reader that goes on reading as the file grows.
    static bool open(QFile &file, const QString &path, qint64 maxBytes, QString *error);
    // The SHA-256 of a regular file, or "" with *error.
    static QString sha256(const QString &path, QString *error);
};

} // namespace Labforge
