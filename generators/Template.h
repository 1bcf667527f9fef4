// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

namespace Labforge {

// A text template compiled into the program (generators/templates/*), with
// @NAME@ placeholders. Rendering is one pass over the template: a value is inserted
// as it is and never scanned again, so a value that looks like a placeholder (from a
// lab file, say) stays text. A placeholder without a value, or a missing template,
// is reported in *errors (a generator bug), never an abort.
class Template
{
public:
    static QByteArray load(const QString &name, QStringList *errors);
    static QByteArray render(const QString &name, const QHash<QString, QString> &values, QStringList *errors);
    static QByteArray renderText(const QByteArray &text, const QHash<QString, QString> &values, const QString &name,
                                 QStringList *errors);
};

} // namespace Labforge
