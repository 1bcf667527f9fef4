// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "SecretSlot.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace Labforge {

class Redactor;

// The secrets of one lab run. Values live in memory and, for the SSH key, in a
// 0600 file of the run directory (OpenSSH needs a file); they reach VMs only
// through per-run seed disks and are registered with the redactor at once.
struct LabSecrets
{
    // The shortest ops password labforge takes (from the environment or the keychain): a
    // shorter one would be too short to redact reliably from logs and reports.
    static constexpr int MinimumOpsPassword = 8;
    QString opsPassword;
    QString sshPrivateKeyFile;
    QString sshPublicKey;
    QMap<QString, QByteArray> shared; // the run's Shared slot values by name (kubeadm-token, munge-key, …)
    QStringList notes; // where each came from, and any degradation (no secret service, …)

    // Sources, in order: LABFORGE_OPS_PASSWORD / LABFORGE_SSH_KEY_FILE, the OS keychain
    // (QtKeychain, service "labforge", keys "<lab>/ops-password" and "<lab>/ssh-private-key"),
    // then newly generated (and saved to the keychain when one is running). Each of `shared`
    // (one per name: sharedSecretSlots) is made new for the run by its recipe, kept in the
    // private secrets directory (so that later commands on the run can redact it) and named
    // in a note; a secret no node asks for is not made.
    static LabSecrets obtain(const QString &labName, const QString &runDirectory, const QList<SecretSlot> &shared,
                             Redactor &redactor, QString *error);
    // Registers what a run of this lab left (the ops password from the environment or the
    // keychain, the SSH key and the shared secrets from the run's private secrets directory)
    // without making anything new: for commands that act on a lab already up.
    static void registerStored(const QString &labName, const QString &runDirectory, Redactor &redactor);
};

} // namespace Labforge
