#include "PinsLock.h"

#include "ValidationContext.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

static void initPinsResources()
{
    Q_INIT_RESOURCE(pins);
}

namespace Labforge {

const PinsLock &PinsLock::builtIn()
{
    static const PinsLock lock = [] {
        initPinsResources();
        QFile file(QStringLiteral(":/labforge/pins.lock.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("built-in pins lock missing from resources");
        QString error;
        PinsLock l = fromJson(file.readAll(), &error);
        if (!error.isEmpty())
            qFatal("built-in pins lock is invalid: %s", qPrintable(error));
        return l;
    }();
    return lock;
}

PinsLock PinsLock::fromJson(const QByteArray &json, QString *error)
{
    PinsLock lock;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error = QStringLiteral("pins lock is not a JSON object: %1").arg(parseError.errorString());
        return lock;
    }
    const QJsonObject components = doc.object().value(QStringLiteral("components")).toObject();
    for (auto it = components.begin(); it != components.end(); ++it)
        lock.m_versions.insert(it.key(), it.value().toObject().value(QStringLiteral("version")).toString());
    return lock;
}

ValidationContext PinsLock::validationContext() const
{
    return ValidationContext {m_versions};
}

} // namespace Labforge
