// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "OpError.h"

#include <QCoreApplication>

namespace Labforge {

OpError::OpError(Kind kind, QString id, const char *source, QStringList args, OpPlace place)
    : m_kind(kind)
    , m_id(std::move(id))
    , m_source(source)
    , m_args(std::move(args))
    , m_place(std::move(place))
{ }

OpError OpError::runnerWords(Kind kind, QString id, const QString &words, OpPlace place)
{
    return OpError(kind, std::move(id), nullptr, {words}, std::move(place));
}

QString OpError::message() const
{
    return m_source ? filled(QCoreApplication::translate(Context, m_source)) : m_args.value(0);
}

QString OpError::text() const
{
    return m_source ? filled(QString::fromUtf8(m_source)) : m_args.value(0);
}

// %1 … %9 replaced in one pass, so that an argument holding "%2" stays as it is.
QString OpError::filled(const QString &pattern) const
{
    QString out;
    out.reserve(pattern.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == u'%' && i + 1 < pattern.size() && pattern.at(i + 1).isDigit() && pattern.at(i + 1) != u'0') {
            const qsizetype index = pattern.at(i + 1).digitValue() - 1;
            if (index < m_args.size()) {
                out += m_args.at(index);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace Labforge
