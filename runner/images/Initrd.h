// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace Labforge {

// A Debian initrd is one or more uncompressed cpio archives (the early one, for CPU
// microcode) followed by the main archive, compressed (gzip in a lab base: Debian's default
// zstd is not installed). An emulated guest's kernel inflates that archive at every boot
// before init can run, about 0.35 s under TCG here. decompressed() gives the same archives
// with the main one stored uncompressed (the kernel takes a concatenation of uncompressed
// archives as it takes a compressed one): gzip is undone by the host's `gzip -dc`; anything
// else (zstd, xz, lz4…) is returned unchanged, as is an initrd with no compressed part.
// nullopt (with *error) when the archives are not what they claim.
class Initrd
{
public:
    static std::optional<QByteArray> decompressed(const QByteArray &initrd, QString *error);
    // Where the leading uncompressed cpio archives (newc) end, zero padding included:
    // 0 when the initrd does not start with one; -1 when one is cut short.
    static qsizetype uncompressedPrefix(const QByteArray &initrd);
};

} // namespace Labforge
