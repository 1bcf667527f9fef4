// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// A login user of a node. Credentials are never part of the lab: the runner
// supplies the password hash and SSH key from the keychain at build time.
struct User
{
    QString name;
    bool sudo = false;
    bool ssh = false;

    bool operator==(const User &) const = default;
};

} // namespace Labforge
