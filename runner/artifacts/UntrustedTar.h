// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// A tar archive from elsewhere (an offline kit, an image archive inside one, a cached
// image), unpacked only after its listing shows nothing but plain files and directories
// below its root, whose declared sizes add up to no more than the archive itself holds.
// A compressed archive is refused before tar reads it: it could expand a thousandfold.
class UntrustedTar
{
public:
    explicit UntrustedTar(QString file);

    // The compressor a file's first bytes name ("gzip", "xz", "zstd", "bzip2", "lzma"), or "".
    static QString compression(const QString &file);

    // False, with *error naming the archive and the member, when it holds a link, device,
    // FIFO, hard link, an absolute path or one that climbs out, claims more bytes than it
    // has (a sparse member), or is compressed.
    bool check(QString *error) const;
    // check(), then every member unpacked below `directory` as plain files owned by the caller.
    bool extract(const QString &directory, QString *error) const;

private:
    QString m_file;
};

} // namespace Labforge
