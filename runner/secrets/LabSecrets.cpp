// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabSecrets.h"

#include "BootstrapToken.h"
#include "HostCommand.h"
#include "Keychain.h"
#include "PrivateFile.h"
#include "Redactor.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace Labforge {

namespace {

void registerKey(Redactor &redactor, const QByteArray &privateKey)
{
    // The key body (base64 lines) is what must never leak: each line, and the whole body
    // (however it is wrapped again), and the bytes it encodes.
    QByteArray body;
    for (const QByteArray &line : privateKey.split('\n')) {
        if (!line.startsWith("-----") && line.trimmed().size() >= 16) {
            redactor.add(QStringLiteral("ssh-private-key"), QString::fromLatin1(line.trimmed()));
            body += line.trimmed();
        }
    }
    if (!body.isEmpty()) {
        redactor.add(QStringLiteral("ssh-private-key"), QString::fromLatin1(body));
        redactor.addBytes(QStringLiteral("ssh-private-key"), QByteArray::fromBase64(body));
    }
}

// Every form of a shared value that text can carry, under the secret's name.
void registerShared(Redactor &redactor, const QString &name, SecretSlot::Recipe recipe, const QByteArray &value)
{
    if (value.isEmpty())
        return;
    switch (recipe) {
    case SecretSlot::Recipe::BootstrapToken:
        redactor.add(name, QString::fromLatin1(value));
        redactor.add(name, QString::fromLatin1(value).section(QLatin1Char('.'), 1)); // the secret half alone
        break;
    case SecretSlot::Recipe::RandomBytes:
        // Binary: what can show up in text is an encoding of it (Redactor knows them all).
        redactor.addBytes(name, value);
        break;
    case SecretSlot::Recipe::Password:
        redactor.add(name, QString::fromLatin1(value));
        break;
    }
}

QByteArray makeShared(const SecretSlot &slot)
{
    switch (slot.recipe) {
    case SecretSlot::Recipe::BootstrapToken:
        return BootstrapToken::generate().toLatin1();
    case SecretSlot::Recipe::RandomBytes:
        return BootstrapToken::randomBytes(slot.length);
    case SecretSlot::Recipe::Password:
        return BootstrapToken::randomString(slot.length, "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
            .toLatin1();
    }
    return {};
}

// The shared secrets a run made: their names and recipes (never values), beside them.
QString sharedIndexPath(const QString &runDirectory)
{
    return runDirectory + QStringLiteral("/shared.json");
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Shared secrets: new for every run. Each is kept (private) so that later commands on the
// run (`labforge test`, the designer's Run Scenarios) can redact it too; the index names them.
bool makeSharedSecrets(LabSecrets &s, const QString &runDirectory, const QList<SecretSlot> &shared, Redactor &redactor,
                       QString *error)
{
    QJsonObject index;
    // The directory is labforge's own: anything but the key pair is an earlier run's.
    for (const QString &f : QDir(runDirectory).entryList(QDir::Files | QDir::Hidden | QDir::System)) {
        if (f != QLatin1String("id_ed25519") && f != QLatin1String("id_ed25519.pub"))
            QFile::remove(runDirectory + QLatin1Char('/') + f);
    }
    for (const SecretSlot &slot : shared) {
        if (const QString why = slot.problem(); !why.isEmpty()) {
            *error = why;
            return false;
        }
        const QByteArray value = makeShared(slot);
        registerShared(redactor, slot.name, slot.recipe, value);
        if (!PrivateFile::write(runDirectory + QLatin1Char('/') + slot.name, value, error))
            return false;
        s.shared.insert(slot.name, value);
        index.insert(slot.name,
                     QJsonObject {{QStringLiteral("recipe"), SecretSlot::recipeName(slot.recipe)},
                                  {QStringLiteral("what"), slot.what}});
        s.notes.append(QStringLiteral("%1: generated for this run, written only to the seed disks of the nodes that "
                                      "need it")
                           .arg(slot.what));
    }
    return PrivateFile::write(sharedIndexPath(runDirectory), QJsonDocument(index).toJson(), error);
}

} // namespace

void LabSecrets::registerStored(const QString &labName, const QString &runDirectory, Redactor &redactor)
{
    QString password = qEnvironmentVariable("LABFORGE_OPS_PASSWORD");
    if (password.isEmpty()) {
        const Keychain::Read r = Keychain::read(labName + QStringLiteral("/ops-password"));
        if (r.status == Keychain::Status::Ok)
            password = r.value;
    }
    redactor.add(QStringLiteral("ops-password"), password);
    registerKey(redactor, readFile(runDirectory + QStringLiteral("/id_ed25519")));
    if (const QString envKey = qEnvironmentVariable("LABFORGE_SSH_KEY_FILE"); !envKey.isEmpty())
        registerKey(redactor, readFile(envKey));
    const QJsonObject index = QJsonDocument::fromJson(readFile(sharedIndexPath(runDirectory))).object();
    for (auto it = index.constBegin(); it != index.constEnd(); ++it) {
        const auto recipe = SecretSlot::recipeNamed(it.value().toObject().value(QStringLiteral("recipe")).toString());
        if (recipe && SecretSlot::isSecretName(it.key()))
            registerShared(redactor, it.key(), *recipe, readFile(runDirectory + QLatin1Char('/') + it.key()));
    }
}

LabSecrets LabSecrets::obtain(const QString &labName, const QString &runDirectory, const QList<SecretSlot> &shared,
                              Redactor &redactor, QString *error)
{
    LabSecrets s;
    if (!PrivateFile::makeDirectory(runDirectory, error))
        return s;
    bool keychainDown = false;
    auto fromKeychain = [&](const QString &key) -> QString {
        if (keychainDown)
            return {};
        const Keychain::Read r = Keychain::read(labName + QLatin1Char('/') + key);
        if (r.status == Keychain::Status::Unavailable) {
            keychainDown = true;
            s.notes.append(Keychain::unavailableHint());
        } else if (r.status == Keychain::Status::Failed) {
            // Typically a locked keyring with no way to prompt (no display).
            s.notes.append(QStringLiteral("%1: the OS keychain could not be read (%2)").arg(key, r.error));
        }
        return r.status == Keychain::Status::Ok ? r.value : QString();
    };
    auto toKeychain = [&](const QString &key, const QString &value, const QString &what) {
        QString why;
        if (!keychainDown && Keychain::write(labName + QLatin1Char('/') + key, value, &why) == Keychain::Status::Ok)
            s.notes.append(QStringLiteral("%1: generated and saved in the OS keychain").arg(what));
        else
            s.notes.append(QStringLiteral("%1: generated for this run only (not saved: %2)")
                               .arg(what, keychainDown ? QStringLiteral("no keychain") : why));
    };

    // ops password
    s.opsPassword = qEnvironmentVariable("LABFORGE_OPS_PASSWORD");
    if (!s.opsPassword.isEmpty()) {
        s.notes.append(QStringLiteral("ops password: from LABFORGE_OPS_PASSWORD"));
    } else if (s.opsPassword = fromKeychain(QStringLiteral("ops-password")); !s.opsPassword.isEmpty()) {
        s.notes.append(QStringLiteral("ops password: from the OS keychain"));
    } else {
        s.opsPassword = BootstrapToken::randomString(20, "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789");
        toKeychain(QStringLiteral("ops-password"), s.opsPassword, QStringLiteral("ops password"));
    }
    // A password too short to redact would be printed wherever a guest echoes it.
    if (s.opsPassword.size() < MinimumOpsPassword || !redactor.add(QStringLiteral("ops-password"), s.opsPassword)) {
        *error = QStringLiteral("the ops password has %1 characters; labforge needs at least %2 (it redacts the "
                                "password from every log and report, which a shorter one would defeat)")
                     .arg(s.opsPassword.size())
                     .arg(MinimumOpsPassword);
        return s;
    }

    // SSH key pair: OpenSSH reads the private key from a 0600 file in the run directory.
    s.sshPrivateKeyFile = runDirectory + QStringLiteral("/id_ed25519");
    QByteArray privateKey;
    const QString envKey = qEnvironmentVariable("LABFORGE_SSH_KEY_FILE");
    if (!envKey.isEmpty()) {
        QFile f(envKey);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("LABFORGE_SSH_KEY_FILE=%1 cannot be read: %2").arg(envKey, f.errorString());
            return s;
        }
        privateKey = f.readAll();
        s.notes.append(QStringLiteral("SSH key: from LABFORGE_SSH_KEY_FILE"));
    } else if (const QString k = fromKeychain(QStringLiteral("ssh-private-key")); !k.isEmpty()) {
        privateKey = k.toUtf8();
        s.notes.append(QStringLiteral("SSH key: from the OS keychain"));
    } else if (QFile existing(s.sshPrivateKeyFile); existing.open(QIODevice::ReadOnly)) {
        privateKey = existing.readAll();
        s.notes.append(QStringLiteral("SSH key: kept from this lab's previous run"));
    } else {
        QFile::remove(s.sshPrivateKeyFile);
        const auto made =
            HostCommand(QStringLiteral("ssh-keygen"),
                        {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                         QString(), QStringLiteral("-C"), QStringLiteral("labforge-") + labName, QStringLiteral("-f"),
                         s.sshPrivateKeyFile})
                .timeout(30000)
                .run();
        QFile f(s.sshPrivateKeyFile);
        if (!made.ok() || !f.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot make an SSH key: %1").arg(made.describe(QStringLiteral("ssh-keygen")));
            return s;
        }
        privateKey = f.readAll();
        toKeychain(QStringLiteral("ssh-private-key"), QString::fromUtf8(privateKey), QStringLiteral("SSH key"));
    }
    if (!PrivateFile::write(s.sshPrivateKeyFile, privateKey, error))
        return s;
    const auto pub =
        HostCommand(QStringLiteral("ssh-keygen"), {QStringLiteral("-y"), QStringLiteral("-f"), s.sshPrivateKeyFile})
            .timeout(30000)
            .separateStderr()
            .run();
    if (!pub.ok()) {
        *error =
            QStringLiteral("the SSH private key is not usable: %1").arg(pub.describe(QStringLiteral("ssh-keygen -y")));
        return s;
    }
    s.sshPublicKey = QString::fromUtf8(pub.output).trimmed();
    // OpenSSH offers the public half it finds beside the identity file: a key pair left by an
    // earlier run with another key would be offered instead and refused by every node.
    if (!PrivateFile::write(s.sshPrivateKeyFile + QStringLiteral(".pub"), s.sshPublicKey.toUtf8() + '\n', error))
        return s;
    registerKey(redactor, privateKey);

    makeSharedSecrets(s, runDirectory, shared, redactor, error);
    return s;
}

} // namespace Labforge
