// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunOwner.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

struct _virConnect;
struct _virStream;

namespace Labforge {

// A connection to libvirt through its C API, with the few calls the runner needs.
// Every failure returns false and says why (libvirt's own message).
class Libvirt
{
public:
    explicit Libvirt(const QString &uri);
    ~Libvirt();
    Libvirt(const Libvirt &) = delete;
    Libvirt &operator=(const Libvirt &) = delete;

    bool isOpen() const { return m_conn != nullptr; }
    QString openError() const { return m_openError; }
    // libvirt's own words for why it could not connect ("" once open).
    QString openReason() const { return m_openReason; }
    QString uri() const { return m_uri; }

    bool defineAndStartNetwork(const QByteArray &xml, QString *error);
    bool destroyNetwork(const QString &name, QString *error); // stops and undefines; absent is fine
    bool defineDomain(const QByteArray &xml, QString *error);
    bool startDomain(const QString &name, QString *error);
    // Starts the domain with its vCPUs paused where the driver can (`*paused` says whether it
    // did; libvirt's test driver cannot, and starts it running).
    bool startDomainPaused(const QString &name, bool *paused, QString *error);
    bool resumeDomain(const QString &name, QString *error);
    // Pauses a running domain's vCPUs; QEMU flushes its disks before it answers.
    bool suspendDomain(const QString &name, QString *error);
    // Writes a running (or paused) domain's memory and device state to `file` and stops it
    // (virDomainSaveFlags); the domain stays defined.
    bool saveDomainState(const QString &name, const QString &file, QString *error);
    // Starts a domain from a state `file` saveDomainState wrote, paused (virDomainRestoreFlags);
    // its disks must be as they were when the state was saved.
    bool restoreDomainState(const QString &file, QString *error);
    bool destroyDomain(const QString &name, QString *error); // stops and undefines; absent is fine
    bool stopDomain(const QString &name, QString *error); // hard power-off, stays defined
    // Asks the guest to power off (ACPI), or to reboot; returns once the request is delivered.
    bool shutdownDomain(const QString &name, QString *error);
    bool rebootDomain(const QString &name, QString *error);
    // The domain's live XML (its taps' names, its MAC addresses); empty when it is not there.
    QByteArray domainXml(const QString &name) const;
    // A (blocking) stream attached to the domain's serial console (virDomainOpenConsole, safe
    // mode: refused while another client holds it, unless `force` takes it over); nullptr with
    // *error. The caller finishes and frees it (SerialConsole).
    _virStream *openConsole(const QString &name, bool force, QString *error);
    // "running", "paused", "shut off", "crashed", "shutting down", "suspended", "blocked",
    // "starting" or "absent"; "unknown" when libvirt does not say.
    QString domainState(const QString &name) const;
    bool isDomainRunning(const QString &name) const;
    bool hasDomain(const QString &name) const;
    bool hasNetwork(const QString &name) const;
    // What labforge wrote into a domain's metadata (LibvirtXml): lab, node, run and who made it
    // (cache root and user, absent in a domain of an older labforge); empty when absent.
    struct Owner
    {
        QString lab;
        QString node;
        QString run;
        RunOwner by;
    };
    Owner domainOwner(const QString &name) const;
    // Every domain whose labforge metadata names exactly this lab; nullopt, with libvirt's
    // message in *error, when the host does not answer (never an empty list by mistake).
    std::optional<QStringList> domainsOfLab(const QString &lab, QString *error) const;
    // Every domain that carries labforge metadata, by name; nullopt when the host does not answer.
    std::optional<QMap<QString, Owner>> labforgeDomains(QString *error) const;
    std::optional<QStringList> domains(const QString &prefix, QString *error) const;
    // What the host behind this connection has: its memory and CPUs (virNodeGetInfo), the
    // memory it has available now (free + buffers + cache, or free where the driver has no
    // memory statistics) and the memory its running domains may take (their maximum).
    struct Resources
    {
        qint64 memoryMiB = 0;
        int cpus = 0;
        qint64 availableMiB = 0;
        qint64 runningDomainsMiB = 0;
        int runningDomains = 0;
    };
    bool resources(Resources *out, QString *error) const;

    // Storage: a directory pool (defined, built, started and set to autostart when absent),
    // and its volumes by name.
    bool ensurePool(const QString &pool, const QString &directory, QString *error);
    // The volume's path on its host; empty when there is no such volume.
    QString volumePath(const QString &pool, const QString &volume) const;
    bool createVolume(const QString &pool, const QByteArray &xml, QString *error);
    // Sends `file`'s bytes into the volume (virStorageVolUpload over a libvirt stream).
    bool uploadVolume(const QString &pool, const QString &volume, const QString &file, QString *error);
    bool deleteVolume(const QString &pool, const QString &volume, QString *error); // absent is fine
    std::optional<QStringList> networks(const QString &prefix, QString *error) const;
    // The version of QEMU behind this connection as libvirt gives it (virConnectGetVersion:
    // major * 1,000,000 + minor * 1,000 + micro, so 7.2.22 is 7002022); 0 when the driver is
    // not QEMU's or does not say.
    quint64 qemuVersion() const;
    // The version of libvirt serving this connection (virConnectGetLibVersion, the daemon's
    // for a remote one), same encoding; 0 when it does not say.
    quint64 libvirtVersion() const;
    static QString lastError();

private:
    _virConnect *m_conn = nullptr;
    QString m_uri;
    QString m_openError;
    QString m_openReason;
};

} // namespace Labforge
