// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Template.h"

#include <QFile>
#include <QRegularExpression>

static void initTemplateResources()
{
    Q_INIT_RESOURCE(generator_templates);
}

namespace Labforge {

QByteArray Template::load(const QString &name, QStringList *errors)
{
    static const bool ready = [] {
        initTemplateResources();
        return true;
    }();
    Q_UNUSED(ready);
    QFile file(QStringLiteral(":/labforge/templates/") + name);
    if (!file.open(QIODevice::ReadOnly)) {
        errors->append(QStringLiteral("generator template %1 is missing from the program").arg(name));
        return {};
    }
    return file.readAll();
}

QByteArray Template::renderText(const QByteArray &text, const QHash<QString, QString> &values, const QString &name,
                                QStringList *errors)
{
    static const QRegularExpression placeholder(QStringLiteral("@([A-Z][A-Z0-9_]*)@"));
    const QString source = QString::fromUtf8(text);
    QString out;
    out.reserve(source.size());
    qsizetype at = 0;
    for (auto it = placeholder.globalMatch(source); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += QStringView(source).mid(at, m.capturedStart() - at);
        const auto value = values.constFind(m.captured(1));
        if (value == values.constEnd()) {
            errors->append(QStringLiteral("template %1: placeholder %2 has no value").arg(name, m.captured(0)));
            out += m.captured(0);
        } else {
            out += *value;
        }
        at = m.capturedEnd();
    }
    out += QStringView(source).mid(at);
    return out.toUtf8();
}

QByteArray Template::render(const QString &name, const QHash<QString, QString> &values, QStringList *errors)
{
    return renderText(load(name, errors), values, name, errors);
}

} // namespace Labforge
