// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Keychain.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QEventLoop>
#include <qt6keychain/keychain.h>

namespace Labforge {

namespace {
const QString Service = QStringLiteral("labforge");

Keychain::Status statusOf(const QKeychain::Job &job)
{
    switch (job.error()) {
    case QKeychain::NoError:
        return Keychain::Status::Ok;
    case QKeychain::EntryNotFound:
        return Keychain::Status::NotFound;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return Keychain::Status::Unavailable;
    default:
        return Keychain::Status::Failed;
    }
}

// QtKeychain reports a missing Secret Service only as a generic D-Bus error, so ask
// the session bus first: is org.freedesktop.secrets running or activatable?
bool secretServiceReachable()
{
    if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
        return false;
    const QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected() || !bus.interface())
        return false;
    const QString name = QStringLiteral("org.freedesktop.secrets");
    if (bus.interface()->isServiceRegistered(name).value())
        return true;
    return bus.interface()->activatableServiceNames().value().contains(name);
}

void runJob(QKeychain::Job &job)
{
    job.setAutoDelete(false);
    QEventLoop loop;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
    job.start();
    loop.exec();
}
} // namespace

QString Keychain::unavailableHint()
{
    return QStringLiteral(
        "no secret service is running (nothing owns or can start org.freedesktop.secrets on the D-Bus session "
        "bus): start gnome-keyring or another Secret Service provider, or set LABFORGE_OPS_PASSWORD and "
        "LABFORGE_SSH_KEY_FILE");
}

Keychain::Read Keychain::read(const QString &key)
{
    if (!secretServiceReachable())
        return Read {Status::Unavailable, {}, unavailableHint()};
    QKeychain::ReadPasswordJob job(Service);
    job.setKey(key);
    runJob(job);
    return Read {statusOf(job), job.textData(), job.errorString()};
}

Keychain::Status Keychain::write(const QString &key, const QString &value, QString *error)
{
    if (!secretServiceReachable()) {
        *error = unavailableHint();
        return Status::Unavailable;
    }
    QKeychain::WritePasswordJob job(Service);
    job.setKey(key);
    job.setTextData(value);
    runJob(job);
    *error = job.errorString();
    return statusOf(job);
}

Keychain::Status Keychain::remove(const QString &key, QString *error)
{
    if (!secretServiceReachable()) {
        *error = unavailableHint();
        return Status::Unavailable;
    }
    QKeychain::DeletePasswordJob job(Service);
    job.setKey(key);
    runJob(job);
    *error = job.errorString();
    return statusOf(job);
}

} // namespace Labforge
