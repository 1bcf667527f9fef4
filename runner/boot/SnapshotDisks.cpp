// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SnapshotDisks.h"

#include "HostCommand.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QXmlStreamReader>

#include <memory>
#include <sys/stat.h>
#include <vector>

namespace Labforge {

QStringList SnapshotDisks::writable(const QByteArray &domainXml)
{
    QStringList files;
    QXmlStreamReader xml(domainXml);
    QString source;
    bool readOnly = false;
    bool inDisk = false;
    int backing = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == u"disk") {
            inDisk = true;
            source.clear();
            readOnly = false;
            backing = 0;
        } else if (inDisk && xml.name() == u"backingStore") {
            backing += xml.isStartElement() ? 1 : (xml.isEndElement() ? -1 : 0);
        } else if (inDisk && backing == 0 && xml.isStartElement() && xml.name() == u"source") {
            source = xml.attributes().value(QStringLiteral("file")).toString();
        } else if (inDisk && xml.isStartElement() && xml.name() == u"readonly") {
            readOnly = true;
        } else if (xml.isEndElement() && xml.name() == u"disk") {
            inDisk = false;
            if (!source.isEmpty() && !readOnly)
                files.append(source);
        }
    }
    return files;
}

qint64 SnapshotDisks::allocated(const QString &file)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(file).constData(), &st) == 0 ? qint64(st.st_blocks) * 512 : 0;
}

qint64 SnapshotDisks::folderBytes(const QString &path)
{
    qint64 bytes = 0;
    for (const QString &f : QDir(path).entryList(QDir::Files | QDir::Hidden))
        bytes += allocated(path + QLatin1Char('/') + f);
    return bytes;
}

bool SnapshotDisks::copyAll(const QList<std::pair<QString, QString>> &pairs, QString *error)
{
    std::vector<std::unique_ptr<QProcess>> copies;
    for (const auto &[from, to] : pairs) {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(HostCommand::cleanEnvironment());
        p->start(QStringLiteral("cp"), {QStringLiteral("--sparse=always"), QStringLiteral("--"), from, to});
        copies.push_back(std::move(p));
    }
    bool ok = true;
    for (size_t i = 0; i < copies.size(); ++i) {
        QProcess &p = *copies[i];
        p.waitForFinished(-1);
        if (ok && (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)) {
            ok = false;
            *error = QStringLiteral("copying %1 failed: %2")
                         .arg(pairs.at(qsizetype(i)).first,
                              QString::fromLocal8Bit(p.readAllStandardError()).trimmed() + p.errorString());
        }
    }
    return ok;
}

} // namespace Labforge
