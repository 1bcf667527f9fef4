// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunEvent.h"

#include <QJsonArray>
#include <QList>
#include <QMutex>

namespace Labforge {

// When each part of a run happened, taken from its typed events: the stages (probe,
// image, seed, network, boot, ssh, scenario, …) and each node's phases (building its
// image, booting until SSH answers). The report keeps it and draws it; events may
// arrive from several threads.
class RunTimeline
{
public:
    struct Span
    {
        RunStage stage = RunStage::None;
        QString node; // empty for a stage of the whole run
        QString what; // the stage's name, or the node's phase ("building", "booting", …)
        QDateTime start;
        QDateTime end; // invalid while it lasts (the run ended first)
        bool failed = false;

        bool operator==(const Span &) const = default;
    };

    void apply(const RunEvent &event);
    QList<Span> spans() const;

    static QJsonArray toJson(const QList<Span> &spans);
    static QList<Span> fromJson(const QJsonArray &json);

private:
    Span *open(RunStage stage, const QString &node);

    mutable QMutex m_mutex;
    QList<Span> m_spans;
};

} // namespace Labforge
