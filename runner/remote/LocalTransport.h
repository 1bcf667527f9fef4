// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Transport.h"

namespace Labforge {

// Runs scripts with bash on this host, whatever node they name (tests, dry runs).
class LocalTransport : public Transport
{
public:
    Result run(const QString &node, const QString &script, int timeoutMs, const CancelToken &cancel) override;
};

} // namespace Labforge
