// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HeadlessFeature.h"

namespace Labforge {

HeadlessFeature::HeadlessFeature()
    : FeatureDefinition({
        // allowedRoles empty: any role
        .name = QStringLiteral("headless"),
        .summary = QStringLiteral("Server image: no desktop, serial console"),
        .onCard = false, // every node has it
    })
{ }

} // namespace Labforge
