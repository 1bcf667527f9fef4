#pragma once

#include <QHash>
#include <QString>

namespace Labforge {

struct ValidationContext;

// The versions (and, with the generators, the artifacts) labforge pins. The
// lock file ships compiled in; features read their versions from here, never
// from the lab file.
class PinsLock
{
public:
    static const PinsLock &builtIn();
    static PinsLock fromJson(const QByteArray &json, QString *error = nullptr);

    QString version(const QString &component) const { return m_versions.value(component); }
    QHash<QString, QString> versions() const { return m_versions; }
    ValidationContext validationContext() const;

private:
    QHash<QString, QString> m_versions;
};

} // namespace Labforge
