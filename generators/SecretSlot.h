// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace Labforge {

// A secret a node's image needs, declared by the feature that needs it. The bundle and the
// image carry only the slot (what and where); the runner makes the value for the run and
// writes it to the node's seed disk. A feature that needs a new shared secret (a database
// or directory password, a token) declares a Shared slot with a recipe: nothing in the
// runner changes.
struct SecretSlot
{
    enum class Kind {
        PasswordHash, // the user's /etc/shadow entry, from the lab's ops password
        AuthorizedKey, // the run's SSH public key in the user's authorized_keys
        HostKeys, // the node's own SSH host key pair, pinned by the runner
        Shared, // one value per run and name, made by `recipe`, written to `path`
        LabHardware, // not secret: every node's vCPUs and memory as this run boots them, at `path`
    };
    // How the runner makes a Shared value (OpenSSL's CSPRNG in every case).
    enum class Recipe {
        BootstrapToken, // kubeadm's [a-z0-9]{6}.[a-z0-9]{16}
        RandomBytes, // `length` raw bytes (a MUNGE key)
        Password, // `length` characters from an unambiguous alphabet
    };

    Kind kind = Kind::Shared;
    QString user; // PasswordHash, AuthorizedKey: the account
    QString name; // Shared: the secret's name ([a-z0-9-]), one value per run
    QString what; // Shared: what it is, for people ("MUNGE key")
    Recipe recipe = Recipe::Password;
    int length = 0; // RandomBytes and Password
    QString path; // Shared, LabHardware: where the seed writes it (absolute)
    int mode = 0600;
    QString owner = QStringLiteral("root");
    int directoryMode = 0; // Shared: when non-zero, the seed makes path's directory (owner's) first

    static SecretSlot passwordHash(const QString &user);
    static SecretSlot authorizedKey(const QString &user);
    static SecretSlot hostKeys();
    // The table of what each node of the lab boots with, one line per node
    // ("<node> <vcpus> <memory MiB>"), which only the run knows (its memory scale, its host).
    static SecretSlot labHardware(const QString &path);
    static SecretSlot shared(const QString &name, const QString &what, Recipe recipe, int length, const QString &path,
                             int mode, const QString &owner);

    // The line in the bundle's secret-slots.txt: names, places and recipes, never a value.
    QString text() const;
    // Why the runner cannot fill this slot (a bad name, a relative or climbing path); empty when it can.
    QString problem() const;
    // True when the value is text written with a newline (tokens, passwords), false for raw bytes.
    bool isText() const { return recipe != Recipe::RandomBytes; }
    static QString recipeName(Recipe recipe);
    static std::optional<Recipe> recipeNamed(const QString &name);
    // A shared secret's name: [a-z0-9-], at most 40 characters (it names a file of the run).
    static bool isSecretName(const QString &name);
    // An absolute path that does not climb (no "..") and names a file.
    static bool isFilePath(const QString &path);

    bool operator==(const SecretSlot &other) const = default;
};

// The Shared slots among `slots`, one per name (the first declaration of each).
QList<SecretSlot> sharedSecretSlots(const QList<SecretSlot> &slots);

} // namespace Labforge
