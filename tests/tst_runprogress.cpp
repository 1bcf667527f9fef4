// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Per-stage and per-node progress derived from the runner's event stream: the
// model behind the designer's progress bars (the widget only draws it).
#include "FeatureModules.h"
#include "RunProgress.h"
#include "TestLabs.h"

#include <QTest>
#include <QTimeZone>

using namespace Labforge;

namespace {

using T = RunEvent::Type;

RunEvent ev(T type, const QString &stage, const QString &node = {}, const QString &message = {}, double progress = -1,
            const QString &state = {})
{
    RunEvent e;
    e.type = type;
    e.stage = stageFromName(stage);
    e.node = node;
    e.message = message;
    e.progress = progress;
    e.assertion = state;
    return e;
}

RunEvent nodeEv(const QString &stage, const QString &node, RunEvent::NodeState state, const QString &message,
                double progress)
{
    RunEvent e = ev(RunEvent::Type::NodeState, stage, node, message, progress);
    e.nodeState = state;
    return e;
}

const RunProgress::Stage &stageOf(const RunProgress &p, const char *name)
{
    const RunProgress::Stage *s = p.stage(stageFromName(QString::fromLatin1(name)));
    if (!s)
        qFatal("no stage %s", name);
    return *s;
}

} // namespace

class TestRunProgress : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    Lab m_lab = TestLabs::builtIn(QStringLiteral("web-lab"));

    QStringList nodeIds() const
    {
        QStringList ids;
        for (const Node &n : m_lab.nodes)
            ids.append(n.id);
        return ids;
    }

private Q_SLOTS:
    void beginListsTheStagesOfTheRun()
    {
        RunProgress p;
        p.begin(m_lab, true, true);
        QStringList names;
        for (const auto &s : p.stages())
            names.append(stageName(s.stage));
        QCOMPARE(names,
                 (QStringList {QStringLiteral("probe"), QStringLiteral("base"), QStringLiteral("image"),
                               QStringLiteral("seed"), QStringLiteral("network"), QStringLiteral("boot"),
                               QStringLiteral("ssh"), QStringLiteral("startup"), QStringLiteral("scenario")}));
        QCOMPARE(p.nodes().size(), m_lab.nodes.size());
        QVERIFY(p.isActive());
        p.begin(m_lab, false, true);
        QCOMPARE(p.stages().size(), 1);
        int steps = 0;
        for (const Scenario &s : m_lab.scenarios)
            steps += s.enabled ? int(s.steps.size()) : 0;
        int perNode = 0;
        for (const auto &n : p.nodes())
            perNode += n.stepsTotal;
        QCOMPARE(perNode, steps);
    }

    // The order LabRunner and ImageBuilder really emit (see tst_orchestration and the VM test
    // for the same model fed by real runs).
    void aSuccessfulBuildAndBoot()
    {
        RunProgress p;
        p.begin(m_lab, true, false);
        const QStringList ids = nodeIds();
        QVERIFY(ids.size() >= 2);
        // The accelerator probe runs beside the image build (LabRunner): neither ends the other.
        p.apply(ev(T::StageStarted, QStringLiteral("probe"), {}, QStringLiteral("checking whether KVM runs")));
        p.apply(ev(T::StageStarted, QStringLiteral("image"), {}, QStringLiteral("building stale images")));
        QCOMPARE(stageOf(p, "image").state, RunProgress::State::Running);
        QCOMPARE(stageOf(p, "probe").state, RunProgress::State::Running);
        QCOMPARE(stageOf(p, "probe").progress, RunProgress::Indeterminate);
        QCOMPARE(stageOf(p, "image").progress, 0.0);
        p.apply(ev(T::StageStarted, QStringLiteral("base"), {}, QStringLiteral("mmdebstrap trixie")));
        QCOMPARE(stageOf(p, "base").progress, RunProgress::Indeterminate);
        QCOMPARE(stageOf(p, "image").state, RunProgress::State::Running); // base sits inside the image stage
        p.apply(ev(T::StageFinished, QStringLiteral("base"), {}, QStringLiteral("base built")));
        QCOMPARE(stageOf(p, "base").state, RunProgress::State::Done);

        p.apply(nodeEv(QStringLiteral("image"), ids[0], RunEvent::NodeState::Building, QStringLiteral("building"), 0));
        p.apply(ev(T::StageProgress, QStringLiteral("image"), ids[0], QStringLiteral("overlay files"), 0.5));
        QCOMPARE(p.node(ids[0])->state, QStringLiteral("building"));
        QCOMPARE(p.node(ids[0])->progress, 0.5);
        QCOMPARE(p.node(ids[0])->message, QStringLiteral("overlay files"));
        QCOMPARE(stageOf(p, "image").progress, 0.5 / ids.size());
        p.apply(nodeEv(QStringLiteral("image"), ids[1], RunEvent::NodeState::Reused,
                       QStringLiteral("unchanged, reused"), 1));
        QCOMPARE(p.node(ids[1])->state, QStringLiteral("reused"));
        QCOMPARE(stageOf(p, "image").progress, 1.5 / ids.size());
        for (const QString &id : ids)
            p.apply(nodeEv(QStringLiteral("image"), id, RunEvent::NodeState::Built, QStringLiteral("built"), 1));
        p.apply(ev(T::StageFinished, QStringLiteral("image"), {}, QStringLiteral("images ready")));
        QCOMPARE(stageOf(p, "image").progress, 1.0);
        QCOMPARE(stageOf(p, "probe").state, RunProgress::State::Running);
        p.apply(ev(T::StageFinished, QStringLiteral("probe"), {}, QStringLiteral("TCG (cached)")));
        QCOMPARE(stageOf(p, "probe").state, RunProgress::State::Done);

        // seed, network and boot announce only their start: the next start completes them.
        p.apply(ev(T::StageStarted, QStringLiteral("seed")));
        QCOMPARE(stageOf(p, "seed").progress, RunProgress::Indeterminate);
        p.apply(ev(T::StageStarted, QStringLiteral("network")));
        QCOMPARE(stageOf(p, "seed").state, RunProgress::State::Done);
        p.apply(ev(T::StageStarted, QStringLiteral("boot")));
        QCOMPARE(stageOf(p, "network").state, RunProgress::State::Done);
        RunEvent booting = nodeEv(QStringLiteral("boot"), ids[0], RunEvent::NodeState::Booting,
                                  QStringLiteral("booting (512 MiB, 1 vCPU)"), 0);
        booting.time = QDateTime(QDate(2026, 11, 30), QTime(6, 0), QTimeZone::utc());
        p.apply(booting);
        QCOMPARE(p.node(ids[0])->state, QStringLiteral("booting"));
        QCOMPARE(p.node(ids[0])->progress, RunProgress::Indeterminate);
        QCOMPARE(p.node(ids[0])->since, booting.time);
        QCOMPARE(stageOf(p, "boot").progress, 1.0 / ids.size());
        for (const QString &id : ids.mid(1))
            p.apply(nodeEv(QStringLiteral("boot"), id, RunEvent::NodeState::Booting,
                           QStringLiteral("booting (512 MiB, 1 vCPU)"), 0));
        p.apply(ev(T::StageStarted, QStringLiteral("ssh")));
        QCOMPARE(stageOf(p, "boot").state, RunProgress::State::Done);
        QCOMPARE(stageOf(p, "ssh").progress, 0.0);
        p.apply(nodeEv(QStringLiteral("ssh"), ids[1], RunEvent::NodeState::Up,
                       QStringLiteral("up: SSH answered after 91 s"), 1));
        QCOMPARE(p.node(ids[1])->state, QStringLiteral("up"));
        QCOMPARE(stageOf(p, "ssh").progress, 1.0 / ids.size());
        for (const QString &id : ids)
            p.apply(nodeEv(QStringLiteral("ssh"), id, RunEvent::NodeState::Up,
                           QStringLiteral("up: SSH answered after 95 s"), 1));
        p.apply(ev(T::StageFinished, QStringLiteral("ssh")));
        p.finish(true);
        QVERIFY(!p.isActive());
        for (const auto &s : p.stages()) {
            QCOMPARE(s.state, RunProgress::State::Done);
            QCOMPARE(s.progress, 1.0);
        }
    }

    void aFailureMarksTheStageAndStopsTheNodes()
    {
        RunProgress p;
        p.begin(m_lab, true, true);
        const QStringList ids = nodeIds();
        p.apply(ev(T::StageStarted, QStringLiteral("image")));
        p.apply(ev(T::StageStarted, QStringLiteral("base")));
        p.apply(ev(T::StageFailed, QStringLiteral("image"), {}, QStringLiteral("mmdebstrap failed")));
        QCOMPARE(stageOf(p, "image").state, RunProgress::State::Failed);
        QCOMPARE(stageOf(p, "image").message, QStringLiteral("mmdebstrap failed"));
        QCOMPARE(stageOf(p, "base").state, RunProgress::State::Failed); // it ran inside the failed stage
        // teardown follows and completes nothing before it
        p.apply(ev(T::StageStarted, QStringLiteral("teardown")));
        QCOMPARE(stageOf(p, "teardown").state, RunProgress::State::Running);
        QCOMPARE(stageOf(p, "image").state, RunProgress::State::Failed);
        p.apply(ev(T::StageFinished, QStringLiteral("teardown")));
        p.finish(false);
        QCOMPARE(stageOf(p, "seed").state, RunProgress::State::Pending); // never reached
        QCOMPARE(stageOf(p, "scenario").state, RunProgress::State::Pending);
    }

    void cancelWhileBootingStopsTheNodes()
    {
        RunProgress p;
        p.begin(m_lab, true, false);
        const QString id = m_lab.nodes.first().id;
        p.apply(ev(T::StageStarted, QStringLiteral("boot")));
        p.apply(nodeEv(QStringLiteral("boot"), id, RunEvent::NodeState::Booting,
                       QStringLiteral("booting (512 MiB, 1 vCPU)"), 0));
        p.finish(false);
        QCOMPARE(p.node(id)->state, QStringLiteral("stopped"));
        QCOMPARE(stageOf(p, "boot").state, RunProgress::State::Failed);
    }

    void scenarioStepsCountPerNode()
    {
        RunProgress p;
        p.begin(m_lab, false, true);
        // Every enabled step of the lab, in order; the first fails.
        QList<std::pair<QString, QString>> steps; // key, node
        for (const Scenario &s : m_lab.scenarios) {
            if (s.enabled) {
                for (const ScenarioStep &st : s.steps)
                    steps.append({s.name + QLatin1Char('/') + st.id, st.node});
            }
        }
        QVERIFY(steps.size() >= 2);
        const QString firstNode = steps.first().second;
        p.apply(ev(T::AssertionStarted, QStringLiteral("scenario"), firstNode, QStringLiteral("waiting"), -1,
                   steps.first().first));
        QCOMPARE(stageOf(p, "scenario").state, RunProgress::State::Running);
        QCOMPARE(p.node(firstNode)->state, QStringLiteral("testing"));
        p.apply(ev(T::AssertionAttempt, QStringLiteral("scenario"), firstNode, QStringLiteral("attempt 1"), -1,
                   steps.first().first));
        p.apply(ev(T::AssertionFailed, QStringLiteral("scenario"), firstNode, QStringLiteral("failed"), -1,
                   steps.first().first));
        // A repeated verdict for the same step does not count twice.
        p.apply(ev(T::AssertionFailed, QStringLiteral("scenario"), firstNode, QStringLiteral("failed"), -1,
                   steps.first().first));
        QCOMPARE(p.node(firstNode)->stepsFailed, 1);
        QCOMPARE(stageOf(p, "scenario").progress, 1.0 / steps.size());
        for (const auto &[key, node] : steps.mid(1)) {
            p.apply(ev(T::AssertionStarted, QStringLiteral("scenario"), node, QString(), -1, key));
            p.apply(ev(T::AssertionPassed, QStringLiteral("scenario"), node, QString(), -1, key));
        }
        QCOMPARE(stageOf(p, "scenario").progress, 1.0);
        QCOMPARE(p.node(firstNode)->state, QStringLiteral("failed"));
        QVERIFY(p.node(firstNode)->failed());
        for (const auto &n : p.nodes()) {
            if (n.stepsTotal > 0 && n.node != firstNode) {
                QCOMPARE(n.state, QStringLiteral("passed"));
                QCOMPARE(n.progress, 1.0);
                QCOMPARE(n.stepsPassed, n.stepsTotal);
            }
        }
    }

    // A node's state is the event's typed field; the words of its message are for people
    // (and may be in any language, or redacted) and change nothing.
    void theNodeStateIsTheTypedFieldNotTheMessage()
    {
        RunProgress p;
        p.begin(m_lab, true, false);
        const QString id = m_lab.nodes.first().id;
        p.apply(nodeEv(QStringLiteral("image"), id, RunEvent::NodeState::Building, QStringLiteral("up and failed"), 0));
        QCOMPARE(p.node(id)->state, QStringLiteral("building"));
        p.apply(nodeEv(QStringLiteral("ssh"), id, RunEvent::NodeState::Failed, QStringLiteral("building"), -1));
        QCOMPARE(p.node(id)->state, QStringLiteral("failed"));
        p.apply(nodeEv(QStringLiteral("ssh"), id, RunEvent::NodeState::None, QStringLiteral("up: SSH answered"), 1));
        QCOMPARE(p.node(id)->state, QStringLiteral("failed"));
    }

    void eventsForUnknownNodesAreIgnored()
    {
        RunProgress p;
        p.begin(m_lab, true, false);
        QVERIFY(!p.apply(nodeEv(QStringLiteral("image"), QStringLiteral("no-such-node"), RunEvent::NodeState::Building,
                                QStringLiteral("building"), 0)));
        QVERIFY(!p.apply(ev(T::Log, QStringLiteral("image"), {}, QStringLiteral("a line"))));
    }
};

QTEST_GUILESS_MAIN(TestRunProgress)
#include "tst_runprogress.moc"
