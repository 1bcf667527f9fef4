#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// One lab network (the spec's network object, field for field).
struct Network
{
    QString name;
    QString cidr;
    QString gateway;
    QStringList dnsServers;
    bool isDefaultRoute = false;

    bool operator==(const Network &) const = default;
};

} // namespace Labforge
