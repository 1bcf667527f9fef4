#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace Labforge {

// A text template compiled into the program (generators/templates/*), with
// @NAME@ placeholders. Rendering refuses to leave any placeholder unfilled.
class Template
{
public:
    static QByteArray load(const QString &name);
    static QByteArray render(const QString &name, const QHash<QString, QString> &values);
    static QByteArray renderText(const QByteArray &text, const QHash<QString, QString> &values,
                                 const QString &name = {});
};

} // namespace Labforge
