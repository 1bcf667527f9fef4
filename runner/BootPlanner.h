#pragma once

#include "BootPlan.h"
#include "ImageBuilder.h"

#include <QMap>

namespace Labforge {

struct Lab;

// Turns a lab and its built images into a BootPlan: names, MACs, bridges, memory
// (min_memory_gb scaled by memoryScale, never under 512 MiB), disks with their
// exact serials, the per-run seed disk, console logs. Pure: no side effects.
class BootPlanner
{
public:
    struct Options
    {
        QString uri = QStringLiteral("qemu:///system");
        BootPlan::Accel accel = BootPlan::Accel::Auto;
        double memoryScale = 1.0;
        bool isolated = false;
        QString runDirectory;
    };
    static BootPlan plan(const Lab &lab, const QMap<QString, ImageBuilder::NodeImage> &images, const Options &options);
    static QString bridgeName(const QString &lab, const QString &network);
    static QString macAddress(const QString &lab, const QString &node, int index);
};

} // namespace Labforge
