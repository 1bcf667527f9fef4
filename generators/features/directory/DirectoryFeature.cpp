// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DirectoryFeature.h"
#include "Latin1List.h"

namespace Labforge {

DirectoryFeature::DirectoryFeature()
    : FeatureDefinition({
        .name = QStringLiteral("directory"),
        .summary = QStringLiteral("Users shared by the lab's nodes: OpenLDAP on the first controller with the "
                                  "feature, SSSD on every node with it; the user alice lives only in the directory"),
        // allowedRoles empty: any role
        .ownedPackages = Latin1List::of({"slapd", "ldap-utils", "sssd-ldap", "libnss-sss", "libpam-sss"}),
        .pinnedComponents = Latin1List::of({"openldap", "sssd"}),
    })
{ }

} // namespace Labforge
