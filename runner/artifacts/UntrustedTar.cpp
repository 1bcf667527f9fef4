// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "UntrustedTar.h"

#include "HostCommand.h"

#include <QFile>
#include <QFileInfo>
#include <QList>

namespace Labforge {

UntrustedTar::UntrustedTar(QString file)
    : m_file(std::move(file))
{ }

QString UntrustedTar::compression(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(6);
    if (head.startsWith("\x1f\x8b"))
        return QStringLiteral("gzip");
    if (head.startsWith("\xfd"
                        "7zXZ"))
        return QStringLiteral("xz");
    if (head.startsWith("\x28\xb5\x2f\xfd"))
        return QStringLiteral("zstd");
    if (head.startsWith("BZh"))
        return QStringLiteral("bzip2");
    if (head.startsWith("\x5d\x00\x00"))
        return QStringLiteral("lzma");
    return {};
}

bool UntrustedTar::check(QString *error) const
{
    const QFileInfo info(m_file);
    if (!info.isFile() || info.isSymLink()) {
        *error = QStringLiteral("%1: not a regular file").arg(m_file);
        return false;
    }
    if (const QString packer = compression(m_file); !packer.isEmpty()) {
        *error = QStringLiteral("%1: a %2-compressed file; labforge reads plain tar archives only (unpack it with %2 "
                                "first if you trust where it came from)")
                     .arg(m_file, packer);
        return false;
    }
    // Type and size from the verbose listing, the name from the plain one (a name may hold
    // spaces); the two line up member for member.
    const HostCommand::Result listing =
        HostCommand(QStringLiteral("tar"),
                    {QStringLiteral("--list"), QStringLiteral("--verbose"), QStringLiteral("--file"), m_file})
            .timeout(600000)
            .separateStderr()
            .run();
    if (!listing.ok()) {
        *error =
            QStringLiteral("%1: not a readable tar archive: %2").arg(m_file, listing.describe(QStringLiteral("tar")));
        return false;
    }
    const HostCommand::Result names =
        HostCommand(QStringLiteral("tar"), {QStringLiteral("--list"), QStringLiteral("--file"), m_file})
            .timeout(600000)
            .separateStderr()
            .run();
    const QList<QByteArray> types = listing.output.split('\n');
    const QList<QByteArray> members = names.output.split('\n');
    if (!names.ok() || types.size() != members.size()) {
        *error = QStringLiteral("%1: its members cannot be listed one by one").arg(m_file);
        return false;
    }
    qint64 declared = 0;
    for (qsizetype i = 0; i < types.size(); ++i) {
        const QByteArray &line = types.at(i);
        if (line.isEmpty())
            continue;
        const QList<QByteArray> columns = line.simplified().split(' ');
        declared += columns.size() > 2 ? columns.at(2).toLongLong() : 0;
        if (declared > info.size()) {
            *error = QStringLiteral("%1: its members claim %2 bytes, more than the archive's %3 (a sparse or forged "
                                    "member)")
                         .arg(m_file)
                         .arg(declared)
                         .arg(info.size());
            return false;
        }
        const QString member = QString::fromUtf8(members.at(i));
        if ((line.at(0) != '-' && line.at(0) != 'd') || member.startsWith(QLatin1Char('/'))
            || member.split(QLatin1Char('/')).contains(QStringLiteral(".."))) {
            *error = QStringLiteral("%1: the member %2 is not a plain file or directory inside the archive")
                         .arg(m_file, QString::fromUtf8(line.simplified()));
            return false;
        }
    }
    return true;
}

bool UntrustedTar::extract(const QString &directory, QString *error) const
{
    if (!check(error))
        return false;
    const HostCommand::Result r =
        HostCommand(QStringLiteral("tar"),
                    {QStringLiteral("--extract"), QStringLiteral("--file"), m_file, QStringLiteral("--directory"),
                     directory, QStringLiteral("--no-same-owner"), QStringLiteral("--no-same-permissions"),
                     QStringLiteral("--no-overwrite-dir")})
            .timeout(3600000)
            .run();
    if (!r.ok())
        *error = QStringLiteral("%1: cannot unpack: %2").arg(m_file, r.describe(QStringLiteral("tar")));
    return r.ok();
}

} // namespace Labforge
