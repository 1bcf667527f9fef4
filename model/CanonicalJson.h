// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QJsonValue>

namespace Labforge {

// Writes JSON in labforge's canonical, diff-friendly form: two-space indent,
// object keys in a fixed order (known keys first in the order a reader expects
// them, other keys alphabetically), short scalar arrays on one line, a final
// newline. The same value always gives the same bytes.
class CanonicalJson
{
public:
    static QByteArray write(const QJsonValue &value);
    static QByteArray quote(const QString &text);
};

} // namespace Labforge
