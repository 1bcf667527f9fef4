#include "BootAnalysis.h"

#include "Transport.h"

#include <QRegularExpression>

namespace Labforge {

double BootAnalysis::seconds(const QString &span)
{
    static const QRegularExpression part(QStringLiteral("(\\d+(?:\\.\\d+)?)(min|ms|us|s|h)"));
    double total = 0;
    int matched = 0;
    auto it = part.globalMatch(span);
    while (it.hasNext()) {
        const auto m = it.next();
        const double v = m.captured(1).toDouble();
        const QString unit = m.captured(2);
        total += unit == QLatin1String("h") ? v * 3600
            : unit == QLatin1String("min")  ? v * 60
            : unit == QLatin1String("ms")   ? v / 1000
            : unit == QLatin1String("us")   ? v / 1e6
                                            : v;
        ++matched;
    }
    return matched ? total : -1;
}

BootAnalysis::Figures BootAnalysis::parse(const QString &output)
{
    Figures f;
    f.raw = output.trimmed();
    static const QRegularExpression phase(
        QStringLiteral("((?:\\d+(?:\\.\\d+)?(?:h|min|ms|us|s)\\s*)+)\\((kernel|initrd|userspace)\\)"));
    auto it = phase.globalMatch(output);
    while (it.hasNext()) {
        const auto m = it.next();
        const double s = seconds(m.captured(1));
        if (m.captured(2) == QLatin1String("kernel"))
            f.kernelS = s;
        else if (m.captured(2) == QLatin1String("initrd"))
            f.initrdS = s;
        else
            f.userspaceS = s;
    }
    return f;
}

QMap<QString, BootAnalysis::Figures> BootAnalysis::query(Transport &transport, const QStringList &nodes,
                                                         const CancelToken &cancel)
{
    QMap<QString, Figures> out;
    for (const QString &node : nodes) {
        if (cancel.isCancelled())
            break;
        const Transport::Result r = transport.run(node, QStringLiteral("systemd-analyze time 2>&1"), 60000, cancel);
        Figures f = parse(QString::fromUtf8(r.stdoutData));
        if (r.transportFailed || f.raw.isEmpty())
            f.raw =
                r.error.isEmpty() ? QStringLiteral("systemd-analyze gave nothing (exit %1)").arg(r.exitCode) : r.error;
        out.insert(node, f);
    }
    return out;
}

} // namespace Labforge
