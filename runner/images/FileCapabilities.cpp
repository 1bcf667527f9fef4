// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FileCapabilities.h"

#include "HostCommand.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>

#include <limits>
#include <sys/xattr.h>

namespace Labforge {

namespace {

constexpr qint64 Block = 512;

// A numeric field of a tar header: octal text, or base-256 when its first byte has the high bit.
std::optional<qint64> headerNumber(const char *field, int size)
{
    if (static_cast<unsigned char>(field[0]) & 0x80) {
        qint64 value = static_cast<unsigned char>(field[0]) & 0x7f;
        for (int i = 1; i < size; ++i) {
            if (value > (std::numeric_limits<qint64>::max() >> 8))
                return std::nullopt;
            value = (value << 8) | static_cast<unsigned char>(field[i]);
        }
        return value;
    }
    qint64 value = 0;
    for (int i = 0; i < size && field[i] != '\0' && field[i] != ' '; ++i) {
        if (field[i] < '0' || field[i] > '7' || value > (std::numeric_limits<qint64>::max() >> 3))
            return std::nullopt;
        value = value * 8 + (field[i] - '0');
    }
    return value;
}

QByteArray headerText(const char *field, int size)
{
    return QByteArray(field, int(qstrnlen(field, uint(size))));
}

// "./usr/bin/ping" and "usr/bin/ping" are "/usr/bin/ping" inside the root.
QString rootPath(const QByteArray &member)
{
    QByteArray p = member;
    while (p.startsWith("./"))
        p.remove(0, 1);
    while (p.endsWith('/'))
        p.chop(1);
    if (!p.startsWith('/'))
        p.prepend('/');
    return QString::fromUtf8(p);
}

// The records of a pax extended header ("<length> <key>=<value>\n"): the member's path and
// its capability, when it has them.
void readPaxRecords(const QByteArray &data, QByteArray *path, QByteArray *capability)
{
    const QByteArray key = QByteArrayLiteral("SCHILY.xattr.") + FileCapabilities::Attribute;
    qsizetype at = 0;
    while (at < data.size()) {
        const qsizetype space = data.indexOf(' ', at);
        if (space < 0)
            return;
        bool ok = false;
        const qsizetype length = data.mid(at, space - at).toLongLong(&ok);
        if (!ok || length <= space - at + 1 || at + length > data.size())
            return;
        const QByteArray record = data.mid(space + 1, length - (space - at) - 2); // without the newline
        const qsizetype equals = record.indexOf('=');
        if (equals > 0) {
            const QByteArray name = record.left(equals);
            if (name == "path")
                *path = record.mid(equals + 1);
            else if (name == key)
                *capability = record.mid(equals + 1);
        }
        at += length;
    }
}

} // namespace

std::optional<FileCapabilities::Map> FileCapabilities::ofTar(const QString &tar, QString *error)
{
    QFile f(tar);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(tar, f.errorString());
        return std::nullopt;
    }
    Map found;
    QByteArray nextPath;
    QByteArray nextCapability;
    qint64 at = 0;
    while (at + Block <= f.size()) {
        if (!f.seek(at)) {
            *error = QStringLiteral("cannot read %1 at %2").arg(tar).arg(at);
            return std::nullopt;
        }
        const QByteArray header = f.read(Block);
        if (header.size() != Block || header.count('\0') == Block)
            break; // the end-of-archive blocks
        const auto size = headerNumber(header.constData() + 124, 12);
        if (!size || *size < 0) {
            *error = QStringLiteral("%1: member at byte %2 has no readable size").arg(tar).arg(at);
            return std::nullopt;
        }
        const char type = header.at(156);
        const qint64 data = at + Block;
        at = data + (*size + Block - 1) / Block * Block;
        if (type == 'x' || type == 'L') {
            if (*size > qint64(1024) * 1024) {
                *error = QStringLiteral("%1: an extended header of %2 bytes").arg(tar).arg(*size);
                return std::nullopt;
            }
            f.seek(data);
            const QByteArray extended = f.read(*size);
            if (type == 'x')
                readPaxRecords(extended, &nextPath, &nextCapability);
            else
                nextPath = headerText(extended.constData(), int(extended.size()));
            continue;
        }
        if (type == 'g' || type == 'K')
            continue;
        QByteArray name = nextPath;
        if (name.isEmpty()) {
            name = headerText(header.constData(), 100);
            const QByteArray prefix = headerText(header.constData() + 345, 155);
            if (header.mid(257, 5) == "ustar" && !prefix.isEmpty())
                name = prefix + '/' + name;
        }
        if (!nextCapability.isEmpty())
            found.insert(rootPath(name), nextCapability);
        nextPath.clear();
        nextCapability.clear();
    }
    return found;
}

FileCapabilities::Map FileCapabilities::ofTree(const QString &tree)
{
    Map found;
    QDirIterator it(tree, QDir::Files | QDir::Hidden | QDir::System | QDir::NoSymLinks, QDirIterator::Subdirectories);
    char value[64];
    while (it.hasNext()) {
        const QString file = it.next();
        const QString inside = file.mid(tree.size());
        if (inside.startsWith(QLatin1String("/proc/")) || inside.startsWith(QLatin1String("/sys/"))
            || inside.startsWith(QLatin1String("/dev/")))
            continue;
        const ssize_t n = ::lgetxattr(QFile::encodeName(file).constData(), Attribute, value, sizeof value);
        if (n > 0)
            found.insert(inside, QByteArray(value, int(n)));
    }
    return found;
}

std::optional<FileCapabilities::Map> FileCapabilities::ofExt4(const QString &image, const QStringList &paths,
                                                              QString *error)
{
    Map found;
    if (paths.isEmpty())
        return found;
    QTemporaryFile commands;
    if (!commands.open()) {
        *error = QStringLiteral("cannot write debugfs commands: %1").arg(commands.errorString());
        return std::nullopt;
    }
    for (const QString &p : paths) {
        if (p.contains(QLatin1Char('"')) || p.contains(QLatin1Char('\n')))
            continue; // debugfs cannot be given such a name; it counts as lost
        commands.write("ea_get \"" + p.toUtf8() + "\" " + Attribute + '\n');
    }
    commands.flush();
    const auto result = HostCommand(QStringLiteral("debugfs"), {QStringLiteral("-f"), commands.fileName(), image})
                            .separateStderr()
                            .timeout(120000)
                            .run();
    if (!result.ok()) {
        *error = result.describe(QStringLiteral("debugfs"));
        return std::nullopt;
    }
    // "debugfs: ea_get "<path>" security.capability", then the value's line when it has one:
    // "security.capability (20) = 01 00 00 02 …".
    const QByteArray asked = QByteArrayLiteral("debugfs: ea_get \"");
    const QByteArray answer = QByteArray(Attribute) + " (";
    QString current;
    for (const QByteArray &line : result.output.split('\n')) {
        if (line.startsWith(asked)) {
            const qsizetype end = line.lastIndexOf("\" ");
            current = end > asked.size() ? QString::fromUtf8(line.mid(asked.size(), end - asked.size())) : QString();
        } else if (!current.isEmpty() && line.startsWith(answer)) {
            const qsizetype equals = line.indexOf(" = ");
            if (equals > 0)
                found.insert(current, QByteArray::fromHex(line.mid(equals + 3).replace(' ', "")));
            current.clear();
        }
    }
    return found;
}

QStringList FileCapabilities::lost(const Map &expected, const Map &actual)
{
    QStringList gone;
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        if (actual.value(it.key()) != it.value())
            gone.append(QStringLiteral("%1 (%2)").arg(it.key(), QString::fromLatin1(it.value().toHex())));
    }
    return gone;
}

FileCapabilities::Map FileCapabilities::presentIn(const Map &map, const QString &tree)
{
    Map kept;
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        const QFileInfo f(tree + it.key());
        if (f.isFile() && !f.isSymLink())
            kept.insert(it.key(), it.value());
    }
    return kept;
}

QString FileCapabilities::check(const Map &expected, const Map &actual, const QString &where)
{
    const QStringList gone = lost(expected, actual);
    if (gone.isEmpty())
        return {};
    return QStringLiteral("%1 file capability(ies) lost %2: %3")
        .arg(gone.size())
        .arg(where, gone.mid(0, 8).join(QStringLiteral(", ")) + (gone.size() > 8 ? QStringLiteral(", …") : QString()));
}

} // namespace Labforge
