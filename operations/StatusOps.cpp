// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StatusOps.h"

namespace Labforge {

StatusOps::Status StatusOps::gather(const QString &lab, const QString &uri)
{
    Status status {RunStatus::gather(lab, uri), std::nullopt};
    const RunStatus::Snapshot &s = status.snapshot;
    if (!s.unreachable.isEmpty())
        status.unreachable =
            OpError(OpError::Kind::Unusable, QStringLiteral("libvirt.unreachable"),
                    QT_TRANSLATE_NOOP("Labforge::Operations",
                                      "libvirt could not be reached at %1: %2; whether a lab is up there is not known"),
                    {s.uri, s.unreachable}, {lab, {}, {}});
    return status;
}

} // namespace Labforge
