// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <optional>

namespace Labforge {

// Blocking access to the OS keychain through QtKeychain.
class Keychain
{
public:
    enum class Status { Ok, NotFound, Unavailable, Failed };
    struct Read
    {
        Status status = Status::Failed;
        QString value;
        QString error;
    };
    static Read read(const QString &key);
    static Status write(const QString &key, const QString &value, QString *error);
    static Status remove(const QString &key, QString *error);
    // A sentence for the user when the keychain cannot be used.
    static QString unavailableHint();
};

} // namespace Labforge
