// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SecretSlot.h"

#include <QRegularExpression>

namespace Labforge {

SecretSlot SecretSlot::passwordHash(const QString &user)
{
    SecretSlot s;
    s.kind = Kind::PasswordHash;
    s.user = user;
    return s;
}

SecretSlot SecretSlot::authorizedKey(const QString &user)
{
    SecretSlot s;
    s.kind = Kind::AuthorizedKey;
    s.user = user;
    return s;
}

SecretSlot SecretSlot::hostKeys()
{
    SecretSlot s;
    s.kind = Kind::HostKeys;
    return s;
}

SecretSlot SecretSlot::labHardware(const QString &path)
{
    SecretSlot s;
    s.kind = Kind::LabHardware;
    s.path = path;
    s.mode = 0644;
    return s;
}

SecretSlot SecretSlot::shared(const QString &name, const QString &what, Recipe recipe, int length, const QString &path,
                              int mode, const QString &owner)
{
    SecretSlot s;
    s.kind = Kind::Shared;
    s.name = name;
    s.what = what;
    s.recipe = recipe;
    s.length = length;
    s.path = path;
    s.mode = mode;
    s.owner = owner;
    return s;
}

QString SecretSlot::recipeName(Recipe recipe)
{
    switch (recipe) {
    case Recipe::BootstrapToken:
        return QStringLiteral("bootstrap-token");
    case Recipe::RandomBytes:
        return QStringLiteral("random-bytes");
    case Recipe::Password:
        return QStringLiteral("password");
    }
    return {};
}

std::optional<SecretSlot::Recipe> SecretSlot::recipeNamed(const QString &name)
{
    for (const Recipe r : {Recipe::BootstrapToken, Recipe::RandomBytes, Recipe::Password}) {
        if (recipeName(r) == name)
            return r;
    }
    return std::nullopt;
}

bool SecretSlot::isSecretName(const QString &name)
{
    static const QRegularExpression secretName(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9][a-z0-9-]{0,39}")));
    return secretName.match(name).hasMatch();
}

QString SecretSlot::text() const
{
    switch (kind) {
    case Kind::PasswordHash:
        return QStringLiteral("password-hash:%1").arg(user);
    case Kind::AuthorizedKey:
        return QStringLiteral("ssh-authorized-key:%1").arg(user);
    case Kind::HostKeys:
        return QStringLiteral("ssh-host-keys");
    case Kind::LabHardware:
        return QStringLiteral("lab-hardware:%1").arg(path);
    case Kind::Shared:
        break;
    }
    QString recipeText = recipeName(recipe);
    if (recipe != Recipe::BootstrapToken)
        recipeText += QStringLiteral("(%1)").arg(length);
    return QStringLiteral("%1:%2 mode %3 owner %4, %5")
        .arg(name, path, QString::number(mode, 8).rightJustified(4, QLatin1Char('0')), owner, recipeText);
}

bool SecretSlot::isFilePath(const QString &path)
{
    return path.startsWith(QLatin1Char('/')) && !path.contains(QLatin1String("/../"))
        && !path.endsWith(QLatin1String("/..")) && !path.endsWith(QLatin1Char('/'));
}

QString SecretSlot::problem() const
{
    static const QRegularExpression word(QRegularExpression::anchoredPattern(QStringLiteral("[a-z_][a-z0-9_-]{0,31}")));
    switch (kind) {
    case Kind::PasswordHash:
    case Kind::AuthorizedKey:
        return word.match(user).hasMatch() ? QString()
                                           : QStringLiteral("the user \"%1\" is not a login name").arg(user);
    case Kind::HostKeys:
        return {};
    case Kind::LabHardware:
        return isFilePath(path)
            ? QString()
            : QStringLiteral("the hardware table's place \"%1\" is not an absolute file path").arg(path);
    case Kind::Shared:
        break;
    }
    if (!isSecretName(name))
        return QStringLiteral("the secret name \"%1\" is not [a-z0-9-]").arg(name);
    if (!isFilePath(path))
        return QStringLiteral("secret %1: its place \"%2\" is not an absolute file path").arg(name, path);
    if (!word.match(owner).hasMatch())
        return QStringLiteral("secret %1: its owner \"%2\" is not a user name").arg(name, owner);
    if (recipe != Recipe::BootstrapToken && (length < 16 || length > 4096))
        return QStringLiteral("secret %1: a length of %2 is outside 16..4096").arg(name).arg(length);
    if (mode & 0077)
        return QStringLiteral("secret %1: mode %2 lets others than its owner read it")
            .arg(name, QString::number(mode, 8));
    return {};
}

QList<SecretSlot> sharedSecretSlots(const QList<SecretSlot> &slots)
{
    QList<SecretSlot> out;
    for (const SecretSlot &s : slots) {
        if (s.kind == SecretSlot::Kind::Shared
            && std::none_of(out.cbegin(), out.cend(), [&](const SecretSlot &o) { return o.name == s.name; }))
            out.append(s);
    }
    return out;
}

} // namespace Labforge
