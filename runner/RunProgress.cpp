// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunProgress.h"

#include "Lab.h"

namespace Labforge {

namespace {

// The stages of a run in the order they happen; others (teardown) are appended as they come.
const QList<RunStage> BootStages = {RunStage::Base,    RunStage::Image, RunStage::Seed,
                                    RunStage::Network, RunStage::Boot,  RunStage::Ssh};
// The accelerator check runs beside the image build: shown first, never completed by
// another stage's start, and completing none.
constexpr RunStage ProbeStage = RunStage::Probe;

// Stages with no measure of their own: a busy bar while they run.
bool unmeasured(RunStage stage)
{
    switch (stage) {
    case RunStage::Image:
    case RunStage::Boot:
    case RunStage::Ssh:
    case RunStage::Scenario:
        return false;
    default:
        return true;
    }
}

bool finishedStep(RunProgress::State s)
{
    return s == RunProgress::State::Done || s == RunProgress::State::Failed;
}

} // namespace

void RunProgress::begin(const Lab &lab, bool boot, bool scenarios)
{
    m_stages.clear();
    m_nodes.clear();
    m_order.clear();
    m_stepNode.clear();
    m_steps.clear();
    QList<RunStage> names;
    if (boot)
        names = QList<RunStage> {ProbeStage} + BootStages;
    if (boot && scenarios)
        names.append(RunStage::Startup); // the scenarios of a booted lab wait for its startup first
    if (scenarios)
        names.append(RunStage::Scenario);
    for (const RunStage name : std::as_const(names))
        m_stages.append(Stage {name, State::Pending, 0, {}, {}, {}});
    for (const Node &n : lab.nodes) {
        m_order.append(n.id);
        m_nodes.insert(n.id, NodeProgress {n.id, {}, {}, 0, {}, {}, 0, 0, 0});
    }
    if (scenarios) {
        for (const Scenario &s : lab.scenarios) {
            if (!s.enabled)
                continue;
            for (const ScenarioStep &step : s.steps) {
                const QString key = s.name + QLatin1Char('/') + step.id;
                m_stepNode.insert(key, step.node);
                m_steps.insert(key, State::Pending);
                if (m_nodes.contains(step.node))
                    m_nodes[step.node].stepsTotal++;
            }
        }
    }
    m_active = true;
}

RunProgress::Stage *RunProgress::stageNamed(RunStage name)
{
    for (Stage &s : m_stages) {
        if (s.stage == name)
            return &s;
    }
    if (name == RunStage::None)
        return nullptr;
    m_stages.append(Stage {name, State::Pending, 0, {}, {}, {}});
    return &m_stages.last();
}

const RunProgress::Stage *RunProgress::stage(RunStage name) const
{
    for (const Stage &s : m_stages) {
        if (s.stage == name)
            return &s;
    }
    return nullptr;
}

QList<RunProgress::NodeProgress> RunProgress::nodes() const
{
    QList<NodeProgress> list;
    for (const QString &id : m_order)
        list.append(m_nodes.value(id));
    return list;
}

const RunProgress::NodeProgress *RunProgress::node(const QString &id) const
{
    const auto it = m_nodes.constFind(id);
    return it == m_nodes.cend() ? nullptr : &*it;
}

void RunProgress::startStage(RunStage name, const QString &message, const QDateTime &when)
{
    Stage *s = stageNamed(name);
    if (!s)
        return;
    // Starting a stage of the run's sequence completes those before it (seed, network and
    // boot announce only their start). Teardown completes nothing: it follows a failure.
    const int index = int(BootStages.indexOf(name));
    if (index > 0 || name == RunStage::Scenario) {
        for (Stage &earlier : m_stages) {
            const int at = int(BootStages.indexOf(earlier.stage));
            if (earlier.state == State::Running && at >= 0 && (index < 0 || at < index)) {
                earlier.state = State::Done;
                earlier.progress = 1;
                earlier.finished = when;
            }
        }
    }
    s->state = State::Running;
    s->started = when;
    s->message = message;
    s->progress = unmeasured(name) ? Indeterminate : 0;
    recompute(name);
}

bool RunProgress::endStage(RunStage name, State state, const QString &message, const QDateTime &when)
{
    Stage *s = stageNamed(name);
    if (!s)
        return false;
    if (!s->started.isValid())
        s->started = when; // announced only by its end (a base reused from the cache)
    s->state = state;
    if (state == State::Done)
        s->progress = 1;
    s->finished = when;
    s->message = message;
    return true;
}

void RunProgress::recompute(RunStage stage)
{
    // A lookup, not stageNamed(): node events of a stage this run does not show add no row.
    auto *s = const_cast<Stage *>(this->stage(stage));
    if (!s || s->state != State::Running || unmeasured(stage) || m_order.isEmpty())
        return;
    double sum = 0;
    if (stage == RunStage::Image) {
        for (const NodeProgress &n : std::as_const(m_nodes)) {
            if (n.stage == RunStage::Image)
                sum += std::max(0.0, n.progress);
            else if (n.stage != RunStage::None)
                sum += 1;
        }
        s->progress = sum / double(m_order.size());
    } else if (stage == RunStage::Boot || stage == RunStage::Ssh) {
        for (const NodeProgress &n : std::as_const(m_nodes)) {
            if (stage == RunStage::Boot ? (n.stage == RunStage::Boot || n.stage == RunStage::Ssh)
                                        : n.state == QLatin1String("up"))
                sum += 1;
        }
        s->progress = sum / double(m_order.size());
    } else if (stage == RunStage::Scenario) {
        for (const State st : std::as_const(m_steps))
            sum += finishedStep(st) ? 1 : 0;
        s->progress = m_steps.isEmpty() ? Indeterminate : sum / double(m_steps.size());
    }
}

void RunProgress::setNodeState(NodeProgress &n, const RunEvent &e)
{
    const QString state = RunEvent::nodeStateName(e.nodeState);
    if (state.isEmpty())
        return; // a node event that says no state changes none
    if (state != n.state)
        n.since = e.time;
    n.state = state;
    n.stage = e.stage;
    n.message = e.message;
    if (e.nodeState == RunEvent::NodeState::Booting)
        n.progress = Indeterminate; // nothing measures a boot; the panel shows the time since
    else if (e.progress >= 0)
        n.progress = e.progress;
}

bool RunProgress::apply(const RunEvent &e)
{
    using T = RunEvent::Type;
    switch (e.type) {
    case T::StageStarted:
        startStage(e.stage, e.message, e.time);
        return true;
    case T::StageFinished:
        return endStage(e.stage, State::Done, e.message, e.time);
    case T::StageFailed:
        // What ran inside the failed stage failed with it (the base inside the images).
        for (Stage &s : m_stages) {
            if (s.state == State::Running) {
                s.state = State::Failed;
                s.finished = e.time;
            }
        }
        endStage(e.stage, State::Failed, e.message, e.time);
        return true;
    case T::StageProgress: {
        if (e.node.isEmpty()) {
            Stage *s = stageNamed(e.stage);
            if (s && e.progress >= 0)
                s->progress = e.progress;
            return s != nullptr;
        }
        const auto it = m_nodes.find(e.node);
        if (it == m_nodes.end())
            return false;
        it->stage = e.stage;
        it->message = e.message;
        if (e.progress >= 0)
            it->progress = e.progress;
        recompute(e.stage);
        return true;
    }
    case T::NodeState: {
        const auto it = m_nodes.find(e.node);
        if (it == m_nodes.end())
            return false;
        setNodeState(*it, e);
        recompute(e.stage);
        return true;
    }
    case T::AssertionStarted:
    case T::AssertionAttempt:
    case T::AssertionPassed:
    case T::AssertionFailed:
    case T::AssertionSkipped: {
        if (Stage *s = stageNamed(RunStage::Scenario); s && s->state == State::Pending)
            startStage(RunStage::Scenario, QString(), e.time);
        State &step = m_steps[e.assertion];
        const State before = step;
        if (e.type == T::AssertionPassed || e.type == T::AssertionSkipped)
            step = State::Done;
        else if (e.type == T::AssertionFailed)
            step = State::Failed;
        else if (!finishedStep(step))
            step = State::Running;
        const QString nodeId = m_stepNode.value(e.assertion, e.node);
        const auto it = m_nodes.find(nodeId);
        if (it != m_nodes.end()) {
            NodeProgress &n = *it;
            if (!finishedStep(before) && e.type == T::AssertionPassed)
                n.stepsPassed++;
            if (!finishedStep(before) && e.type == T::AssertionFailed)
                n.stepsFailed++;
            int done = 0, total = 0;
            for (auto s = m_steps.cbegin(); s != m_steps.cend(); ++s) {
                if (m_stepNode.value(s.key(), nodeId) != nodeId)
                    continue;
                ++total;
                done += finishedStep(s.value()) ? 1 : 0;
            }
            n.stepsTotal = std::max(n.stepsTotal, total);
            const QString state = done < n.stepsTotal ? QStringLiteral("testing")
                : n.stepsFailed > 0                   ? QStringLiteral("failed")
                                                      : QStringLiteral("passed");
            if (state != n.state)
                n.since = e.time;
            n.state = state;
            n.stage = RunStage::Scenario;
            n.progress = n.stepsTotal ? double(done) / n.stepsTotal : 1;
            n.message = e.message;
        }
        recompute(RunStage::Scenario);
        return true;
    }
    case T::Log:
    case T::Notice:
        return false;
    }
    return false;
}

void RunProgress::finish(bool ok, const QDateTime &when)
{
    for (Stage &s : m_stages) {
        if (s.state != State::Running)
            continue;
        s.state = ok ? State::Done : State::Failed;
        if (ok)
            s.progress = 1;
        s.finished = when;
    }
    if (!ok) {
        for (NodeProgress &n : m_nodes) {
            if (n.state == QLatin1String("building") || n.state == QLatin1String("booting")
                || n.state == QLatin1String("testing")) {
                n.state = QStringLiteral("stopped");
                n.since = when;
                if (n.progress < 0)
                    n.progress = 0;
            }
        }
    }
    m_active = false;
}

} // namespace Labforge
