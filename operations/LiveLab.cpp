// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LiveLab.h"

#include "LabReader.h"
#include "RunnerPaths.h"
#include "SafeName.h"
#include "SshConfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Labforge {

Outcome<QString> LiveLab::name(const QString &lab)
{
    if (QFileInfo(lab).isFile()) {
        const LabReader::Result read = LabReader::readFile(lab);
        if (!read.lab) {
            QStringList lines;
            for (const LoadError &e : read.errors)
                lines.append(e.toString(lab));
            return OpError::runnerWords(OpError::Kind::Unusable, QStringLiteral("lab.unreadable"), lines.join(u'\n'),
                                        {lab, {}, {}});
        }
        return read.lab->name;
    }
    if (!SafeName::isValid(lab, SafeName::Kind::Lab))
        return OpError(OpError::Kind::Unusable, QStringLiteral("lab.unknown"),
                       QT_TRANSLATE_NOOP("Labforge::Operations", "%1 is neither a lab file nor a lab's name"), {lab},
                       {lab, {}, {}});
    return lab;
}

Outcome<LiveLab::Run> LiveLab::run(const QString &lab)
{
    const Outcome<QString> named = name(lab);
    if (!named)
        return named.error();
    const QString &labName = *named;
    QString error;
    QString run = RunnerPaths::run(labName, &error);
    if (run.isEmpty() || !QFile::exists(SshConfig::path(run))) {
        return OpError(OpError::Kind::Unusable, QStringLiteral("lab.not_up"),
                       QT_TRANSLATE_NOOP("Labforge::Operations",
                                         "lab %1 is not up here (no ssh_config in %2); `labforge up` brings it up"),
                       {labName, run.isEmpty() ? error : run}, {labName, {}, {}});
    }
    QDir().mkpath(run + QStringLiteral("/ssh"));
    QFile::setPermissions(run + QStringLiteral("/ssh"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return Run {labName, run};
}

} // namespace Labforge
