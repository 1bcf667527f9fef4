#pragma once

#include "CancelToken.h"

#include <QMap>
#include <QString>

namespace Labforge {

class Transport;

// Where each node's boot went, from inside the guest: `systemd-analyze time` (kernel,
// initrd and userspace up to the default target) read over SSH once the node answers.
// The report keeps it beside the run's timeline.
class BootAnalysis
{
public:
    struct Figures
    {
        QString raw; // what systemd-analyze said (or why there is nothing)
        double kernelS = -1;
        double initrdS = -1;
        double userspaceS = -1;

        bool operator==(const Figures &) const = default;
    };

    static QMap<QString, Figures> query(Transport &transport, const QStringList &nodes, const CancelToken &cancel);
    // Parses systemd's "Startup finished in 2.1s (kernel) + 3.4s (initrd) + 1min 5.6s (userspace) = …".
    static Figures parse(const QString &output);
    // "1min 5.600s", "870ms", "12.5s" in seconds; -1 when it is none of these.
    static double seconds(const QString &systemdSpan);
};

} // namespace Labforge
