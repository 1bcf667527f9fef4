// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BenchBaseline.h"

#include "RunnerPaths.h"
#include "TestLabs.h"
#include "TextTable.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSysInfo>
#include <QThread>
#include <cstdio>
#include <cstring>
#include <unistd.h>

// What guests get here: TCG without a usable /dev/kvm, or when labforge's KVM probe (kept in
// the cache) found that KVM hangs guests; KVM otherwise.
QString BenchBaseline::accelerator()
{
    if (access("/dev/kvm", R_OK | W_OK) != 0)
        return QStringLiteral("TCG (no usable /dev/kvm)");
    QFile probe(Labforge::RunnerPaths::accelProbeCache());
    if (probe.open(QIODevice::ReadOnly)
        && QJsonDocument::fromJson(probe.readAll()).object().value(QStringLiteral("accel")).toString() == u"tcg")
        return QStringLiteral("TCG (/dev/kvm is there, but KVM hangs guests: labforge's probe)");
    return QStringLiteral("KVM");
}

namespace {

// The machine a baseline was measured on, for the benchmark page (scripts/bench-page.py).
QJsonObject thisMachine()
{
    QJsonObject m {{QStringLiteral("os"), QSysInfo::prettyProductName()},
                   {QStringLiteral("cores"), QThread::idealThreadCount()},
                   {QStringLiteral("memory_gib"),
                    qRound(double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE)) / (1024.0 * 1024 * 1024))},
                   {QStringLiteral("accelerator"), BenchBaseline::accelerator()}};
    QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
    if (cpuinfo.open(QIODevice::ReadOnly)) {
        static const QRegularExpression model(QStringLiteral("^model name\\s*:\\s*(.+)$"),
                                              QRegularExpression::MultilineOption);
        const auto match = model.match(QString::fromUtf8(cpuinfo.readAll()));
        if (match.hasMatch())
            m.insert(QStringLiteral("cpu"), match.captured(1).trimmed());
    }
    return m;
}

} // namespace

BenchBaseline::BenchBaseline(QString program)
    : m_program(std::move(program))
{ }

QString BenchBaseline::baselinePath() const
{
    return Labforge::TestLabs::sourceDir() + QStringLiteral("/bench/baseline/") + m_program + QStringLiteral(".json");
}

void BenchBaseline::record(const Figure &figure)
{
    for (Figure &f : m_figures) {
        if (f.key == figure.key) {
            f = figure;
            return;
        }
    }
    m_figures.append(figure);
}

QString BenchBaseline::table() const
{
    QFile file(baselinePath());
    const QJsonObject previous =
        file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
    const QJsonObject before = previous.value(QStringLiteral("figures")).toObject();
    const auto number = [](double v, const QString &unit) {
        return QString::number(v, 'f',
                               v < 1        ? 3
                                   : v < 10 ? 2
                                            : 1)
            + (unit.isEmpty() ? QString() : QLatin1Char(' ') + unit);
    };
    QList<QStringList> rows {
        {QStringLiteral("figure"),
         QStringLiteral("previous (%1)").arg(previous.value(QStringLiteral("date")).toString(QStringLiteral("none"))),
         QStringLiteral("now"), QStringLiteral("change"), QStringLiteral("goal")}};
    for (const Figure &f : m_figures) {
        const QJsonValue old = before.value(f.key).toObject().value(QStringLiteral("value"));
        const QString change = old.isDouble() && old.toDouble() > 0
            ? QStringLiteral("%1%2 %")
                  .arg(f.value >= old.toDouble() ? QStringLiteral("+") : QString())
                  .arg(QString::number((f.value / old.toDouble() - 1) * 100, 'f', 0))
            : QStringLiteral("–");
        const QString goal = f.goal.isEmpty() ? QStringLiteral("–")
            : f.goalLimit < 0                 ? f.goal
                              : f.goal + (f.value <= f.goalLimit ? QStringLiteral(" met") : QStringLiteral(" NOT met"));
        rows.append({f.what, old.isDouble() ? number(old.toDouble(), f.unit) : QStringLiteral("–"),
                     number(f.value, f.unit), change, goal});
    }
    return Labforge::TextTable::render(rows, QStringLiteral(" | "));
}

void BenchBaseline::finish(int *argc, char **argv)
{
    bool save = qEnvironmentVariableIntValue("LABFORGE_SAVE_BASELINE") == 1;
    for (int i = 1; i < *argc; ++i) {
        if (std::strcmp(argv[i], "--save-baseline") == 0)
            save = true;
    }
    if (m_figures.isEmpty())
        return;
    std::fputs(
        qPrintable(QStringLiteral("\n%1 against the previous run (%2):\n%3").arg(m_program, baselinePath(), table())),
        stdout);
    if (!save)
        return;
    QJsonObject figures;
    for (const Figure &f : m_figures) {
        QJsonObject figure {
            {QStringLiteral("value"), f.value}, {QStringLiteral("unit"), f.unit}, {QStringLiteral("what"), f.what}};
        if (!f.goal.isEmpty())
            figure.insert(QStringLiteral("goal"), f.goal);
        if (f.goalLimit >= 0)
            figure.insert(QStringLiteral("goal_limit"), f.goalLimit);
        if (!f.breakdown.isEmpty())
            figure.insert(QStringLiteral("breakdown"), f.breakdown);
        figures.insert(f.key, figure);
    }
    QSaveFile out(baselinePath());
    if (!out.open(QIODevice::WriteOnly))
        return;
    QJsonObject document {{QStringLiteral("date"), QDate::currentDate().toString(Qt::ISODate)},
                          {QStringLiteral("machine"), thisMachine()},
                          {QStringLiteral("figures"), figures}};
    if (!m_description.isEmpty())
        document.insert(QStringLiteral("description"), m_description);
    out.write(QJsonDocument(document).toJson());
    if (out.commit())
        std::fputs(qPrintable(QStringLiteral("baseline saved: %1\n").arg(baselinePath())), stdout);
}
