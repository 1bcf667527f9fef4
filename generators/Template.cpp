#include "Template.h"

#include <QFile>
#include <QRegularExpression>

static void initTemplateResources()
{
    Q_INIT_RESOURCE(generator_templates);
}

namespace Labforge {

QByteArray Template::load(const QString &name)
{
    static const bool ready = [] {
        initTemplateResources();
        return true;
    }();
    Q_UNUSED(ready);
    QFile file(QStringLiteral(":/labforge/templates/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("generator template %s is missing from the resources", qPrintable(name));
    return file.readAll();
}

QByteArray Template::renderText(const QByteArray &text, const QHash<QString, QString> &values, const QString &name)
{
    QByteArray out = text;
    for (auto it = values.begin(); it != values.end(); ++it)
        out.replace('@' + it.key().toUtf8() + '@', it.value().toUtf8());
    static const QRegularExpression leftover(QStringLiteral("@[A-Z][A-Z0-9_]*@"));
    const auto m = leftover.match(QString::fromUtf8(out));
    if (m.hasMatch())
        qFatal("template %s: placeholder %s has no value", qPrintable(name), qPrintable(m.captured(0)));
    return out;
}

QByteArray Template::render(const QString &name, const QHash<QString, QString> &values)
{
    return renderText(load(name), values, name);
}

} // namespace Labforge
