// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostVolumes.h"

#include "HostShell.h"
#include "Sha256.h"

#include <QFileInfo>
#include <QXmlStreamWriter>

namespace Labforge {

namespace {

QByteArray volumeXml(const QString &name, qint64 bytes, const QString &format, const QString &backing = {})
{
    QByteArray xml;
    QXmlStreamWriter w(&xml);
    w.writeStartElement(QStringLiteral("volume"));
    w.writeTextElement(QStringLiteral("name"), name);
    w.writeStartElement(QStringLiteral("capacity"));
    w.writeAttribute(QStringLiteral("unit"), QStringLiteral("bytes"));
    w.writeCharacters(QString::number(bytes));
    w.writeEndElement();
    if (format == QLatin1String("raw")) {
        w.writeStartElement(QStringLiteral("allocation"));
        w.writeCharacters(QStringLiteral("0"));
        w.writeEndElement();
    }
    w.writeStartElement(QStringLiteral("target"));
    w.writeEmptyElement(QStringLiteral("format"));
    w.writeAttribute(QStringLiteral("type"), format);
    // The copy on the host is as private as the run's own: libvirt lets QEMU in when it starts.
    w.writeStartElement(QStringLiteral("permissions"));
    w.writeTextElement(QStringLiteral("mode"), QStringLiteral("0600"));
    w.writeEndElement();
    w.writeEndElement();
    if (!backing.isEmpty()) {
        w.writeStartElement(QStringLiteral("backingStore"));
        w.writeTextElement(QStringLiteral("path"), backing);
        w.writeEmptyElement(QStringLiteral("format"));
        w.writeAttribute(QStringLiteral("type"), QStringLiteral("qcow2"));
        w.writeEndElement();
    }
    w.writeEndElement();
    return xml;
}

} // namespace

HostVolumes::HostVolumes(const QString &uri)
    : m_virt(uri)
    , m_uri(uri)
{ }

QString HostVolumes::digestOnHost(const QString &path, QString *error) const
{
    QByteArray out;
    if (!HostShell(m_uri).run({QStringLiteral("sha256sum"), QStringLiteral("--"), path}, error, &out))
        return {};
    return QString::fromLatin1(out.left(64));
}

QString HostVolumes::uploaded(const QString &name, const QString &file, const QString &sha256, QString *error)
{
    const QString pool = QString::fromLatin1(Pool);
    QString why;
    if (!m_virt.deleteVolume(pool, name, &why) // a stale or damaged copy
        || !m_virt.createVolume(pool, volumeXml(name, QFileInfo(file).size(), QStringLiteral("raw")), &why)
        || !m_virt.uploadVolume(pool, name, file, &why)) {
        *error = why;
        m_virt.deleteVolume(pool, name, &why);
        return {};
    }
    QString path = m_virt.volumePath(pool, name);
    const QString arrived = digestOnHost(path, &why);
    if (arrived != sha256) {
        *error = arrived.isEmpty() ? why
                                   : QStringLiteral("%1 arrived at %2 with SHA-256 %3, not %4; removed")
                                         .arg(QFileInfo(file).fileName(), m_uri, arrived, sha256);
        m_virt.deleteVolume(pool, name, &why);
        return {};
    }
    return path;
}

QString HostVolumes::image(const QString &file, const QString &sha256, bool *reused, QString *error,
                           const QString &suffix)
{
    *reused = false;
    if (!m_virt.ensurePool(QString::fromLatin1(Pool), QString::fromLatin1(Directory), error))
        return {};
    const QString name = sha256 + suffix;
    QString held = m_virt.volumePath(QString::fromLatin1(Pool), name);
    QString why;
    if (!held.isEmpty() && digestOnHost(held, &why) == sha256) {
        *reused = true;
        return held;
    }
    return uploaded(name, file, sha256, error);
}

QString HostVolumes::copy(const QString &name, const QString &file, QString *error)
{
    if (!m_virt.ensurePool(QString::fromLatin1(Pool), QString::fromLatin1(Directory), error))
        return {};
    const QString sha256 = Sha256::ofFile(file);
    if (sha256.isEmpty()) {
        *error = QStringLiteral("%1 cannot be read").arg(file);
        return {};
    }
    return uploaded(name, file, sha256, error);
}

QString HostVolumes::overlay(const QString &name, const QString &backingPath, qint64 capacityBytes, QString *error)
{
    if (!m_virt.createVolume(QString::fromLatin1(Pool),
                             volumeXml(name, capacityBytes, QStringLiteral("qcow2"), backingPath), error))
        return {};
    return m_virt.volumePath(QString::fromLatin1(Pool), name);
}

QString HostVolumes::blank(const QString &name, qint64 bytes, QString *error)
{
    if (!m_virt.ensurePool(QString::fromLatin1(Pool), QString::fromLatin1(Directory), error)
        || !m_virt.createVolume(QString::fromLatin1(Pool), volumeXml(name, bytes, QStringLiteral("raw")), error))
        return {};
    return m_virt.volumePath(QString::fromLatin1(Pool), name);
}

bool HostVolumes::remove(const QString &name, QString *error)
{
    return m_virt.deleteVolume(QString::fromLatin1(Pool), name, error);
}

} // namespace Labforge
