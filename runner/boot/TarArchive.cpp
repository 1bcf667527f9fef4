// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TarArchive.h"

#include <QStringList>

#include <cstring>

namespace Labforge {

namespace {

// An octal number in a field of `width` bytes: width - 1 digits and a NUL.
bool putOctal(char *field, int width, qint64 value)
{
    const QByteArray digits = QByteArray::number(value, 8).rightJustified(width - 1, '0');
    if (value < 0 || digits.size() > width - 1)
        return false;
    std::memcpy(field, digits.constData(), size_t(digits.size()));
    field[width - 1] = '\0';
    return true;
}

bool putText(char *field, int width, const QByteArray &text)
{
    if (text.size() > width || text.contains('\0'))
        return false;
    std::memcpy(field, text.constData(), size_t(text.size()));
    return true;
}

bool validName(const QString &name)
{
    // POSIX portable user and group names, as tar records them (31 bytes and a NUL).
    if (name.isEmpty() || name.size() > 31 || name.startsWith(QLatin1Char('-')))
        return false;
    for (const QChar c : name) {
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && c != QLatin1Char('_') && c != QLatin1Char('-')
            && c != QLatin1Char('.'))
            return false;
    }
    return true;
}

} // namespace

bool TarArchive::addDirectory(const QString &path, int mode, const QString &user, const QString &group, QString *error)
{
    return add('5', path, {}, mode, user, group, error);
}

bool TarArchive::addFile(const QString &path, const QByteArray &content, int mode, const QString &user,
                         const QString &group, QString *error)
{
    return add('0', path, content, mode, user, group, error);
}

bool TarArchive::add(char type, const QString &path, const QByteArray &content, int mode, const QString &user,
                     const QString &group, QString *error)
{
    const auto refuse = [&](const QString &why) {
        *error = QStringLiteral("the archive member \"%1\" %2").arg(path, why);
        return false;
    };
    const QStringList parts = path.split(QLatin1Char('/'));
    for (const QString &part : parts) {
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String(".."))
            return refuse(QStringLiteral("is not a plain relative path"));
    }
    if (!validName(user) || !validName(group))
        return refuse(QStringLiteral("has an owner or group tar cannot record (\"%1:%2\")").arg(user, group));
    if (mode < 0 || mode > 07777)
        return refuse(QStringLiteral("has an invalid mode %1").arg(mode, 0, 8));
    // ustar: a name of up to 100 bytes, or a prefix of up to 155 and a name of up to 100
    // split at a slash.
    QByteArray name = path.toUtf8();
    if (type == '5')
        name += '/';
    QByteArray prefix;
    if (name.size() > 100) {
        const qsizetype from = name.size() - 101;
        const qsizetype slash = name.indexOf('/', std::max<qsizetype>(0, from));
        if (slash <= 0 || slash > 155 || name.size() - slash - 1 > 100)
            return refuse(QStringLiteral("has a path too long for a ustar header"));
        prefix = name.left(slash);
        name = name.mid(slash + 1);
    }

    char header[BlockSize] = {};
    bool ok = putText(header, 100, name) && putOctal(header + 100, 8, mode) && putOctal(header + 108, 8, UnknownId)
        && putOctal(header + 116, 8, UnknownId) && putOctal(header + 124, 12, content.size())
        && putOctal(header + 136, 12, m_mtime);
    header[156] = type;
    ok = ok && putText(header + 257, 6, "ustar") && putText(header + 263, 2, "00")
        && putText(header + 265, 32, user.toUtf8()) && putText(header + 297, 32, group.toUtf8())
        && putText(header + 345, 155, prefix);
    if (!ok)
        return refuse(QStringLiteral("does not fit a ustar header"));
    // The checksum: the sum of the header's bytes with its own field taken as spaces.
    std::memset(header + 148, ' ', 8);
    unsigned sum = 0;
    for (const char c : header)
        sum += static_cast<unsigned char>(c);
    putOctal(header + 148, 7, sum);
    header[155] = ' ';

    m_data.append(header, BlockSize);
    m_data.append(content);
    m_data.append(QByteArray((BlockSize - content.size() % BlockSize) % BlockSize, '\0'));
    return true;
}

QByteArray TarArchive::finish() const
{
    return m_data + QByteArray(qsizetype(2) * BlockSize, '\0');
}

} // namespace Labforge
