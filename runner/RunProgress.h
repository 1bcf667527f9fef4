// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunEvent.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace Labforge {

struct Lab;

// Where a run stands, stage by stage and node by node, derived from its event
// stream alone (the same events the CLI prints). The designer draws its progress
// bars from this; it is plain data so that it is tested without a window.
class RunProgress
{
public:
    enum class State { Pending, Running, Done, Failed };
    static constexpr double Indeterminate = -1;

    struct Stage
    {
        RunStage stage = RunStage::None;
        State state = State::Pending;
        double progress = 0; // 0..1, or Indeterminate while running without a measure
        QString message;
        QDateTime started;
        QDateTime finished;
    };
    struct NodeProgress
    {
        QString node;
        RunStage stage = RunStage::None; // the stage this node is in
        QString state; // building, built, reused, booting, up, testing, passed, failed, …
        double progress = 0;
        QString message;
        QDateTime since; // when the node entered its current state
        int stepsTotal = 0; // scenario steps that run on this node
        int stepsPassed = 0;
        int stepsFailed = 0;
        bool failed() const { return state == QLatin1String("failed") || stepsFailed > 0; }
    };

    // Starts a new run of the lab: building and booting (boot) and/or its enabled scenarios.
    void begin(const Lab &lab, bool boot, bool scenarios);
    // Applies one event; true when something shown changed.
    bool apply(const RunEvent &event);
    // The run is over: what still runs is done (ok) or failed.
    void finish(bool ok, const QDateTime &when = QDateTime::currentDateTimeUtc());

    const QList<Stage> &stages() const { return m_stages; }
    const Stage *stage(RunStage stage) const;
    QList<NodeProgress> nodes() const;
    const NodeProgress *node(const QString &id) const;
    bool isActive() const { return m_active; }

private:
    Stage *stageNamed(RunStage stage);
    void startStage(RunStage name, const QString &message, const QDateTime &when);
    bool endStage(RunStage name, State state, const QString &message, const QDateTime &when);
    void recompute(RunStage stage);
    void setNodeState(NodeProgress &n, const RunEvent &e);

    QList<Stage> m_stages;
    QStringList m_order; // node ids in lab order
    QHash<QString, NodeProgress> m_nodes;
    QHash<QString, QString> m_stepNode; // "scenario/step" -> node
    QHash<QString, State> m_steps; // "scenario/step" -> state
    bool m_active = false;
};

} // namespace Labforge
