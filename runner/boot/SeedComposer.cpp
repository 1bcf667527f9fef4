// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SeedComposer.h"

#include "LabSecrets.h"
#include "SeedDisk.h"

#include <QFile>
#include <QFileInfo>

namespace Labforge {

namespace {

QByteArray readFile(const QString &path, bool *ok)
{
    QFile f(path);
    *ok = f.open(QIODevice::ReadOnly);
    return *ok ? f.readAll() : QByteArray();
}

} // namespace

QStringList SeedComposer::knownSlotKinds()
{
    return {QStringLiteral("password-hash"), QStringLiteral("ssh-authorized-key"), QStringLiteral("ssh-host-keys"),
            QStringLiteral("kubeadm-token"), QStringLiteral("munge-key")};
}

bool SeedComposer::compose(const Bundle::NodeImage &image, const Inputs &in, SeedDisk &seed, QString *error)
{
    for (const QString &slot : image.output.secretSlots) {
        const QString kind = slot.section(QLatin1Char(':'), 0, 0);
        const QString argument = slot.section(QLatin1Char(':'), 1);
        const bool absolutePath = argument.startsWith(QLatin1Char('/')) && !argument.contains(QStringLiteral(".."));
        if (kind == QLatin1String("password-hash")) {
            seed.setPasswordHash(argument, in.passwordHash);
        } else if (kind == QLatin1String("ssh-authorized-key")) {
            seed.addDirectory(QStringLiteral("/home/%1/.ssh").arg(argument), 0700, argument);
            seed.addFile(QStringLiteral("/home/%1/.ssh/authorized_keys").arg(argument),
                         in.secrets.sshPublicKey.toUtf8() + '\n', 0600, argument);
        } else if (kind == QLatin1String("ssh-host-keys")) {
            bool okPrivate = false, okPublic = false;
            const QByteArray key = readFile(in.hostKeyFile, &okPrivate);
            const QByteArray pub = readFile(in.hostKeyFile + QStringLiteral(".pub"), &okPublic);
            if (!okPrivate || !okPublic) {
                *error = QStringLiteral("node %1: its host key %2 cannot be read").arg(image.nodeId, in.hostKeyFile);
                return false;
            }
            seed.addFile(QStringLiteral("/etc/ssh/ssh_host_ed25519_key"), key, 0600, QStringLiteral("root"));
            seed.addFile(QStringLiteral("/etc/ssh/ssh_host_ed25519_key.pub"), pub, 0644, QStringLiteral("root"));
        } else if (kind == QLatin1String("kubeadm-token") && absolutePath && !in.secrets.kubeadmToken.isEmpty()) {
            seed.addDirectory(QFileInfo(argument).path(), 0700, QStringLiteral("root"));
            seed.addFile(argument, in.secrets.kubeadmToken.toUtf8() + '\n', 0600, QStringLiteral("root"));
        } else if (kind == QLatin1String("munge-key") && absolutePath && !in.secrets.mungeKey.isEmpty()) {
            seed.addFile(argument, in.secrets.mungeKey, 0400, QStringLiteral("munge"));
        } else {
            *error = QStringLiteral("node %1: its image asks for the secret slot \"%2\", which this runner cannot fill")
                         .arg(image.nodeId, slot);
            return false;
        }
    }
    return true;
}

} // namespace Labforge
