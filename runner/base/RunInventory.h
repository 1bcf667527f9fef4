// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QDateTime>
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
        QDateTime started; // when it was last started (by the run or by `labforge node start`)
        QString role; // the node's role in the lab (`labforge exec --role`)
    };

    // The most a run record holds: a larger state.json is refused, not read.
    static constexpr qint64 MaxBytes = qint64(16) << 20;

    explicit RunInventory(QString runDirectory = {});

    QString path() const;
    // Reads the inventory a run left; false (with *error) when there is none, it is unreadable,
    // or it names a libvirt URI that a lab's hosts could not give (isRefused()).
    bool load(QString *error);
    bool isRefused() const { return m_refused; }
    bool save(QString *error) const;
    bool remove(QString *error) const;

    QString runId;
    QString lab;
    QString uri;
    QDateTime started; // when the run began allocating
    QJsonObject plan; // accel, memory scale, isolation: what the run was asked for
    QList<Domain> domains;
    QStringList networks;
    QStringList files; // only files under the run directory are ever removed
    QStringList dataDisks; // those of `files` that are the lab's data disks (what `down --keep-disks` keeps)

    bool isEmpty() const { return domains.isEmpty() && networks.isEmpty() && files.isEmpty(); }
    QStringList domainNames() const;
    // The run's domain for `node`, or nullptr.
    Domain *domainOf(const QString &node);
    // The libvirt URI of the host a domain of this run is on (multi-host runs record one per domain).
    QString uriOf(const QString &domain) const;
    // `uri` as labforge prints it: without the password it should not carry.
    static QString shownUri(const QString &uri);
    // True when `file` lies under the run directory (a tampered inventory cannot name others).
    bool owns(const QString &file) const;

private:
    QString m_runDirectory;
    bool m_refused = false;
};

} // namespace Labforge
