// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunTimeline.h"

#include <QJsonObject>
#include <QMutexLocker>

namespace Labforge {

RunTimeline::Span *RunTimeline::open(RunStage stage, const QString &node)
{
    for (qsizetype i = m_spans.size() - 1; i >= 0; --i) {
        Span &s = m_spans[i];
        if (s.node == node && !s.end.isValid() && (stage == RunStage::None || s.stage == stage))
            return &s;
    }
    return nullptr;
}

void RunTimeline::apply(const RunEvent &e)
{
    using T = RunEvent::Type;
    using N = RunEvent::NodeState;
    QMutexLocker lock(&m_mutex);
    switch (e.type) {
    case T::StageStarted:
        // Seed, network and boot announce only their start: the next stage ends them.
        for (Span &s : m_spans) {
            if (s.node.isEmpty() && !s.end.isValid() && s.stage != e.stage
                && (s.stage == RunStage::Seed || s.stage == RunStage::Network || s.stage == RunStage::Boot))
                s.end = e.time;
        }
        if (!open(e.stage, {}))
            m_spans.append(Span {e.stage, {}, stageName(e.stage), e.time, {}, false});
        return;
    case T::StageFinished:
    case T::StageFailed:
        if (Span *s = open(e.stage, {})) {
            s->end = e.time;
            s->failed = e.type == T::StageFailed;
        }
        return;
    case T::NodeState: {
        if (e.node.isEmpty() || e.nodeState == N::None)
            return;
        // A node is in one phase at a time: a new state ends the one before.
        Span *current = open(RunStage::None, e.node);
        if (current) {
            current->end = e.time;
            current->failed = e.nodeState == N::Failed;
        }
        if (e.nodeState == N::Building || e.nodeState == N::Booting)
            m_spans.append(Span {e.stage, e.node, RunEvent::nodeStateName(e.nodeState), e.time, {}, false});
        else if (e.nodeState == N::Reused || (e.nodeState == N::Failed && !current))
            m_spans.append(
                Span {e.stage, e.node, RunEvent::nodeStateName(e.nodeState), e.time, e.time, e.nodeState == N::Failed});
        return;
    }
    default:
        return;
    }
}

QList<RunTimeline::Span> RunTimeline::spans() const
{
    QMutexLocker lock(&m_mutex);
    return m_spans;
}

QJsonArray RunTimeline::toJson(const QList<Span> &spans)
{
    QJsonArray out;
    for (const Span &s : spans) {
        QJsonObject o {{QStringLiteral("stage"), stageName(s.stage)},
                       {QStringLiteral("what"), s.what},
                       {QStringLiteral("start"), s.start.toString(Qt::ISODateWithMs)}};
        if (!s.node.isEmpty())
            o.insert(QStringLiteral("node"), s.node);
        if (s.end.isValid())
            o.insert(QStringLiteral("end"), s.end.toString(Qt::ISODateWithMs));
        if (s.failed)
            o.insert(QStringLiteral("failed"), true);
        out.append(o);
    }
    return out;
}

QList<RunTimeline::Span> RunTimeline::fromJson(const QJsonArray &json)
{
    QList<Span> out;
    for (const QJsonValue v : json) {
        const QJsonObject o = v.toObject();
        Span s;
        s.stage = stageFromName(o.value(QStringLiteral("stage")).toString());
        s.node = o.value(QStringLiteral("node")).toString();
        s.what = o.value(QStringLiteral("what")).toString();
        s.start = QDateTime::fromString(o.value(QStringLiteral("start")).toString(), Qt::ISODateWithMs);
        s.end = QDateTime::fromString(o.value(QStringLiteral("end")).toString(), Qt::ISODateWithMs);
        s.failed = o.value(QStringLiteral("failed")).toBool();
        out.append(s);
    }
    return out;
}

} // namespace Labforge
