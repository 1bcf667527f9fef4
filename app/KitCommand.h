// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge kit export|import`: one archive with everything a lab fetches from the
// network (runner/artifacts/OfflineKit), for sites without egress.
class KitCommand
{
public:
    static int run(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
