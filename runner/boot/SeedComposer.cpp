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

bool SeedComposer::compose(const Bundle::NodeImage &image, const Inputs &in, SeedDisk &seed, QString *error)
{
    for (const SecretSlot &slot : image.output.secretSlots) {
        if (const QString why = slot.problem(); !why.isEmpty()) {
            *error = QStringLiteral("node %1: its image asks for a secret this runner cannot fill: %2")
                         .arg(image.nodeId, why);
            return false;
        }
        switch (slot.kind) {
        case SecretSlot::Kind::PasswordHash:
            seed.setPasswordHash(slot.user, in.passwordHash);
            break;
        case SecretSlot::Kind::AuthorizedKey:
            seed.addDirectory(QStringLiteral("/home/%1/.ssh").arg(slot.user), 0700, slot.user);
            seed.addFile(QStringLiteral("/home/%1/.ssh/authorized_keys").arg(slot.user),
                         in.secrets.sshPublicKey.toUtf8() + '\n', 0600, slot.user);
            break;
        case SecretSlot::Kind::HostKeys: {
            bool okPrivate = false, okPublic = false;
            const QByteArray key = readFile(in.hostKeyFile, &okPrivate);
            const QByteArray pub = readFile(in.hostKeyFile + QStringLiteral(".pub"), &okPublic);
            if (!okPrivate || !okPublic) {
                *error = QStringLiteral("node %1: its host key %2 cannot be read").arg(image.nodeId, in.hostKeyFile);
                return false;
            }
            seed.addFile(QStringLiteral("/etc/ssh/ssh_host_ed25519_key"), key, 0600, QStringLiteral("root"));
            seed.addFile(QStringLiteral("/etc/ssh/ssh_host_ed25519_key.pub"), pub, 0644, QStringLiteral("root"));
            break;
        }
        case SecretSlot::Kind::LabHardware:
            seed.addFile(slot.path, in.labHardware, slot.mode, slot.owner);
            break;
        case SecretSlot::Kind::Shared: {
            const auto value = in.secrets.shared.constFind(slot.name);
            if (value == in.secrets.shared.cend() || value->isEmpty()) {
                *error = QStringLiteral("node %1: the run has no %2 (secret %3) for it")
                             .arg(image.nodeId, slot.what, slot.name);
                return false;
            }
            if (slot.directoryMode != 0)
                seed.addDirectory(QFileInfo(slot.path).path(), slot.directoryMode, slot.owner);
            seed.addFile(slot.path, slot.isText() ? *value + '\n' : *value, slot.mode, slot.owner);
            break;
        }
        }
    }
    return true;
}

} // namespace Labforge
