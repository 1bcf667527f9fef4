#pragma once

#include "BootPlan.h"

#include <QByteArray>

namespace Labforge {

// libvirt XML for the plan's networks and domains (see vm-notes: direct kernel
// boot, TCG tuning, virtio rng, serial console logged to a file).
class LibvirtXml
{
public:
    static QByteArray network(const BootPlan::Network &network);
    static QByteArray domain(const BootPlan::Domain &domain, BootPlan::Accel accel, const QString &labName);
    static QString escape(const QString &text);
};

} // namespace Labforge
