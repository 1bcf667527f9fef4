// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BootAnalysis.h"

#include "TextTable.h"
#include "Transport.h"

#include <QElapsedTimer>
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
    // "multi-user.target reached after 41.2s in userspace."
    static const QRegularExpression target(
        QStringLiteral("multi-user\\.target reached after ((?:\\d+(?:\\.\\d+)?(?:h|min|ms|us|s)\\s*)+)in userspace"));
    if (const auto m = target.match(output); m.hasMatch() && f.kernelS >= 0)
        f.multiUserS = f.kernelS + std::max(0.0, f.initrdS) + seconds(m.captured(1));
    return f;
}

QString BootAnalysis::script(int waitSeconds)
{
    // Wait (bounded) until startup has finished, so systemd-analyze has its figures.
    return QStringLiteral("timeout %1 systemctl is-system-running --wait >/dev/null 2>&1\n")
               .arg(std::max(1, waitSeconds))
        + QStringLiteral("systemd-analyze time 2>&1\n"
                         "echo @@sshd\n"
                         "systemctl show -p ActiveEnterTimestampMonotonic --value ssh.service 2>&1\n"
                         "echo @@blame\n"
                         "systemd-analyze blame --no-pager 2>&1 | head -n 8\n"
                         "echo @@chain\n"
                         "systemd-analyze critical-chain --no-pager multi-user.target 2>&1 | head -n 14\n");
}

BootAnalysis::Figures BootAnalysis::parseAnswer(const QString &answer)
{
    const auto section = [&](const QString &name) {
        const QString start = QStringLiteral("@@") + name + QLatin1Char('\n');
        const qsizetype from = answer.indexOf(start);
        if (from < 0)
            return QString();
        const qsizetype body = from + start.size();
        const qsizetype next = answer.indexOf(QStringLiteral("\n@@"), body - 1);
        return answer.mid(body, next < 0 ? -1 : next - body + 1).trimmed();
    };
    const qsizetype firstSection = answer.indexOf(QStringLiteral("@@sshd\n"));
    Figures f = parse(firstSection < 0 ? answer : answer.left(firstSection));
    bool ok = false;
    const qint64 sshdUs = section(QStringLiteral("sshd")).toLongLong(&ok);
    if (ok && sshdUs > 0)
        f.sshdS = double(sshdUs) / 1e6;
    f.blame = section(QStringLiteral("blame"));
    f.criticalChain = section(QStringLiteral("chain"));
    return f;
}

QMap<QString, BootAnalysis::Figures> BootAnalysis::query(Transport &transport, const QStringList &nodes,
                                                         const CancelToken &cancel, int waitSeconds)
{
    QMap<QString, Figures> out;
    // One bound for all: a node asked after others waited has had that time to finish too.
    QElapsedTimer clock;
    clock.start();
    for (const QString &node : nodes) {
        if (cancel.isCancelled())
            break;
        const int left = waitSeconds - int(clock.elapsed() / 1000);
        const Transport::Result r = transport.run(node, script(left), 180000, cancel);
        Figures f = parseAnswer(QString::fromUtf8(r.stdoutData));
        if (r.transportFailed || f.raw.isEmpty())
            f.raw =
                r.error.isEmpty() ? QStringLiteral("systemd-analyze gave nothing (exit %1)").arg(r.exitCode) : r.error;
        out.insert(node, f);
    }
    return out;
}

void BootAnalysis::addHostSide(QMap<QString, Figures> *figures, const QMap<QString, qint64> &defineMs,
                               const QMap<QString, double> &firstCommandUptimeS)
{
    for (auto it = figures->begin(); it != figures->end(); ++it) {
        if (defineMs.contains(it.key()))
            it->defineS = double(defineMs.value(it.key())) / 1000;
        it->firstCommandS = firstCommandUptimeS.value(it.key(), -1);
    }
}

QString BootAnalysis::table(const QMap<QString, Figures> &figures)
{
    const QStringList head {QStringLiteral("node"),     QStringLiteral("define"),     QStringLiteral("kernel"),
                            QStringLiteral("initrd"),   QStringLiteral("multi-user"), QStringLiteral("sshd"),
                            QStringLiteral("first cmd")};
    QList<QStringList> rows {head};
    const auto s = [](double v) {
        return v < 0 ? QStringLiteral("–") : QString::number(v, 'f', 1) + QLatin1Char('s');
    };
    for (auto it = figures.cbegin(); it != figures.cend(); ++it)
        rows.append({it.key(), s(it->defineS), s(it->kernelS), s(it->initrdS), s(it->multiUserS), s(it->sshdS),
                     s(it->firstCommandS)});
    return TextTable::render(rows);
}

} // namespace Labforge
