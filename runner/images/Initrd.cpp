// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Initrd.h"

#include "HostCommand.h"

namespace Labforge {

namespace {

constexpr qsizetype HeaderSize = 110;

qsizetype alignedTo4(qsizetype n)
{
    return (n + 3) & ~qsizetype(3);
}

bool isNewcMagic(const QByteArray &data, qsizetype at)
{
    return data.size() - at >= 6 && (data.mid(at, 6) == "070701" || data.mid(at, 6) == "070702");
}

// One eight-digit hexadecimal field of a newc header.
qsizetype field(const QByteArray &data, qsizetype header, int index, bool *ok)
{
    return qsizetype(data.mid(header + 6 + qsizetype(8) * index, 8).toULongLong(ok, 16));
}

} // namespace

qsizetype Initrd::uncompressedPrefix(const QByteArray &initrd)
{
    qsizetype at = 0;
    while (isNewcMagic(initrd, at)) {
        // One archive: entries up to the one named TRAILER!!!.
        for (;;) {
            if (!isNewcMagic(initrd, at) || initrd.size() - at < HeaderSize)
                return -1;
            bool sizeOk = false;
            bool nameOk = false;
            const qsizetype fileSize = field(initrd, at, 6, &sizeOk);
            const qsizetype nameSize = field(initrd, at, 11, &nameOk);
            if (!sizeOk || !nameOk || nameSize < 1)
                return -1;
            const qsizetype nameAt = at + HeaderSize;
            const qsizetype dataAt = alignedTo4(nameAt + nameSize);
            const qsizetype next = alignedTo4(dataAt + fileSize);
            if (next > alignedTo4(initrd.size()) || dataAt > initrd.size())
                return -1;
            const bool trailer = initrd.mid(nameAt, nameSize) == QByteArray("TRAILER!!!", 11);
            at = std::min(next, initrd.size());
            if (trailer)
                break;
        }
        while (at < initrd.size() && initrd.at(at) == '\0')
            ++at;
    }
    return at;
}

std::optional<QByteArray> Initrd::decompressed(const QByteArray &initrd, QString *error)
{
    const qsizetype prefix = uncompressedPrefix(initrd);
    if (prefix < 0) {
        *error = QStringLiteral("the initrd's uncompressed cpio archive is cut short");
        return std::nullopt;
    }
    const QByteArray rest = initrd.mid(prefix);
    if (!rest.startsWith("\x1f\x8b"))
        return initrd;
    const HostCommand::Result r =
        HostCommand(QStringLiteral("gzip"), {QStringLiteral("-dc")}).input(rest).separateStderr().timeout(120000).run();
    if (!r.ok()) {
        *error =
            QStringLiteral("the initrd's main archive does not decompress: %1").arg(r.describe(QStringLiteral("gzip")));
        return std::nullopt;
    }
    if (!isNewcMagic(r.output, 0)) {
        *error = QStringLiteral("the initrd's main archive is not a cpio archive once decompressed");
        return std::nullopt;
    }
    return initrd.left(prefix) + r.output;
}

} // namespace Labforge
