#pragma once

#include "BootPlan.h"

#include <QByteArray>

namespace Labforge {

// libvirt XML for the plan's networks and domains (see vm-notes: direct kernel
// boot, TCG tuning, virtio rng, serial console logged to a file). Written with
// QXmlStreamWriter, so no value from a lab file can change the document's shape.
// Each object gets a fresh UUID: defining it when another object of the same name
// exists then fails instead of redefining that object.
class LibvirtXml
{
public:
    // The namespace of the metadata labforge writes into each domain (lab, node, run).
    static QString metadataNamespace() { return QStringLiteral("urn:labforge:run:1"); }
    static QByteArray network(const BootPlan::Network &network);
    static QByteArray domain(const BootPlan::Domain &domain, BootPlan::Accel accel, const QString &labName,
                             const QString &runId);
};

} // namespace Labforge
