// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RuleId.h"

namespace Labforge {

namespace {

QStringList &declared()
{
    static QStringList ids;
    return ids;
}

} // namespace

RuleId::RuleId(const char *id)
    : m_id(QString::fromLatin1(id))
{
    if (!declared().contains(m_id))
        declared().append(m_id);
}

QStringList RuleId::all()
{
    QStringList ids = declared();
    ids.sort();
    return ids;
}

} // namespace Labforge
