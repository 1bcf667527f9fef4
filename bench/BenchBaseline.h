// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QString>

// The figures a benchmark program produced, printed side by side with the ones of the
// previous run kept in bench/baseline/<program>.json (docs/benchmarks.md is written from
// them by scripts/bench-page.py), each with its goal. `--save-baseline` (or LABFORGE_SAVE_BASELINE=1)
// makes this run the baseline of the next one.
class BenchBaseline
{
public:
    struct Figure
    {
        QString key; // stable name, e.g. "one_vm_boot_s"
        QString what; // what it measures, in words
        double value = 0;
        QString unit {}; // "s", "ms", "×"
        QString goal {}; // e.g. "≤ 40 s", empty for none
        double goalLimit = -1; // the goal as a bound (value ≤ limit), -1 when none
        QString breakdown {}; // where the time went (a table), shown on the page when the goal is missed
    };

    explicit BenchBaseline(QString program);
    void record(const Figure &figure);
    // What the program measures and how, in words, saved with the figures as "description"
    // (the benchmark page's text for it).
    void setDescription(const QString &description) { m_description = description; }
    bool hasFigures() const { return !m_figures.isEmpty(); }
    // The table, and the baseline written when asked for; call once at the end.
    QString table() const;
    void finish(int *argc, char **argv);

    QString baselinePath() const;
    // What guests get on this machine: "KVM", or "TCG (why)".
    static QString accelerator();

private:
    QString m_program;
    QList<Figure> m_figures;
    QString m_description;
};
