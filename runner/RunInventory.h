// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Labforge {

// What one run of a lab created, written to the run directory (state.json) after every
// addition, so that a run that dies midway still tells `down` exactly what to remove.
// `down` removes what the inventory names and nothing selected by a name pattern.
class RunInventory
{
public:
    struct Domain
    {
        QString name;
        QString node;
        QString sshHost;
        int memoryMiB = 0;
        QString consoleLog;
    };

    explicit RunInventory(QString runDirectory = {});

    QString path() const;
    // Reads the inventory a run left; false (with *error) when there is none or it is unreadable.
    bool load(QString *error);
    bool save(QString *error) const;
    bool remove(QString *error) const;

    QString runId;
    QString lab;
    QString uri;
    QJsonObject plan; // accel, memory scale, isolation: what the run was asked for
    QList<Domain> domains;
    QStringList networks;
    QStringList files; // only files under the run directory are ever removed

    bool isEmpty() const { return domains.isEmpty() && networks.isEmpty() && files.isEmpty(); }
    QStringList domainNames() const;
    // True when `file` lies under the run directory (a tampered inventory cannot name others).
    bool owns(const QString &file) const;

private:
    QString m_runDirectory;
};

} // namespace Labforge
