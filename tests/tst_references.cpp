// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Renaming or readdressing a node takes every reference along (NodeReferences): links,
// plan.kubernetes, scenario steps, DNS servers and the service configs, whose features
// know which of their fields name nodes. And the JSON pointer an edit changed, which the
// undo stack uses to merge continuous edits of one field only.
#include "DeletedNodeSteps.h"
#include "FeatureModules.h"
#include "JsonPointer.h"
#include "LabWriter.h"
#include "NodeReferences.h"
#include "PinsLock.h"
#include "StepTextFix.h"
#include "StepVariables.h"
#include "Templates.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Labforge;

namespace {

Problems validate(const Lab &lab)
{
    return Validator::validate(lab, PinsLock::builtIn().validationContext());
}

QStringList rules(const Problems &problems)
{
    QStringList out;
    for (const Problem &p : problems)
        out.append(p.rule + QLatin1Char(' ') + p.pointer);
    return out;
}

// Every string of the lab file equal to `value`, by JSON pointer, but in free text
// (commands, expectations, descriptions, warning texts), which is prose, not a reference.
QStringList occurrences(const QJsonValue &v, const QString &value, const QString &pointer = {})
{
    static const QStringList prose {QStringLiteral("command"), QStringLiteral("expect"), QStringLiteral("description"),
                                    QStringLiteral("text"),    QStringLiteral("name"),   QStringLiteral("role")};
    QStringList out;
    if (v.isString() && v.toString() == value)
        out.append(pointer);
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!prose.contains(it.key()))
                out += occurrences(it.value(), value, JsonPointer::append(pointer, it.key()));
        }
    }
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            out += occurrences(a.at(i), value, JsonPointer::append(pointer, i));
    }
    return out;
}

int servicesWith(const Lab &lab, const QString &key, const QString &value)
{
    int n = 0;
    for (const Node &node : lab.nodes) {
        for (const Service &s : node.recipe.services)
            n += s.config.value(key).toString() == value ? 1 : 0;
    }
    return n;
}

} // namespace

class TestReferences : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }
private Q_SLOTS:
    // Every node of every built-in lab renamed in turn: nothing names the old id any more,
    // the lab validates exactly as before, and renaming back gives the same lab.
    void everyNodeOfEveryBuiltInLabRenames_data()
    {
        QTest::addColumn<QString>("lab");
        QTest::addColumn<QString>("node");
        for (const QString &name : Templates::names()) {
            for (const Node &n : TestLabs::builtIn(name).nodes)
                QTest::addRow("%s/%s", qPrintable(name), qPrintable(n.id)) << name << n.id;
        }
    }
    void everyNodeOfEveryBuiltInLabRenames()
    {
        QFETCH(QString, lab);
        QFETCH(QString, node);
        const Lab before = TestLabs::builtIn(lab);
        const QString newId = QStringLiteral("renamed-") + node;
        const Lab after = NodeReferences::renamed(before, node, newId);
        QVERIFY(after.node(newId));
        QVERIFY(!after.node(node));
        QCOMPARE(occurrences(LabWriter::toJson(after), node), QStringList());
        // Where the old id was, the new one is now: no reference lost either.
        QStringList moved = occurrences(LabWriter::toJson(before), node);
        QCOMPARE(occurrences(LabWriter::toJson(after), newId), moved);
        QCOMPARE(rules(validate(after)), rules(validate(before)));
        QCOMPARE(after.nodes.size(), before.nodes.size());
        QVERIFY(NodeReferences::renamed(after, newId, node) == before);
    }

    // In step text, a rename and a readdress reach whole names and addresses only (compute-1
    // is not in compute-10, 10.103.0.40 not in 10.103.0.401), and the steps changed are named.
    void stepTextFollowsRenameAndReaddress()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        ScenarioStep &step = lab.scenarios[0].steps[0];
        step.assertion.command = QStringLiteral("set -euo pipefail\nssh compute-1 true; ssh compute-10 true; "
                                                "ping -c1 10.103.0.40; ping -c1 10.103.0.401; echo xcompute-1");
        step.assertion.expect = {};
        step.assertion.expect.equals = QStringLiteral("nodes=compute-1,compute-2");
        QStringList hits;
        const Lab renamed = NodeReferences::renamed(lab, QStringLiteral("compute-1"), QStringLiteral("gpu-1"), &hits);
        const ScenarioStep &r = renamed.scenarios[0].steps[0];
        QCOMPARE(r.assertion.command,
                 QStringLiteral("set -euo pipefail\nssh gpu-1 true; ssh compute-10 true; ping -c1 10.103.0.40; "
                                "ping -c1 10.103.0.401; echo xcompute-1"));
        QCOMPARE(*r.assertion.expect.equals, QStringLiteral("nodes=gpu-1,compute-2"));
        QVERIFY2(hits.contains(lab.scenarios[0].name + u'/' + step.id), qPrintable(hits.join(u' ')));
        hits.clear();
        const Lab moved = NodeReferences::readdressed(lab, QStringLiteral("storage"), QStringLiteral("10.103.0.40"),
                                                      QStringLiteral("10.103.0.41"), &hits);
        QVERIFY2(moved.scenarios[0].steps[0].assertion.command.contains(
                     QStringLiteral("ping -c1 10.103.0.41; ping -c1 10.103.0.401;")),
                 qPrintable(moved.scenarios[0].steps[0].assertion.command));
        QVERIFY(hits.contains(lab.scenarios[0].name + u'/' + step.id));
    }

    // Deleting a node takes every list reference to it (plan workers, links, Slurm member
    // lists) and the steps that ran on it or on a link to it; what names only it (a
    // controller field) is left for the validator.
    void everyNodeOfEveryBuiltInLabLeaves_data() { everyNodeOfEveryBuiltInLabRenames_data(); }
    void everyNodeOfEveryBuiltInLabLeaves()
    {
        QFETCH(QString, lab);
        QFETCH(QString, node);
        const Lab before = TestLabs::builtIn(lab);
        QStringList removed;
        const Lab after = NodeReferences::withoutNodes(before, {node}, &removed);
        QVERIFY(!after.node(node));
        QCOMPARE(after.nodes.size(), before.nodes.size() - 1);
        for (const QString &pointer : occurrences(LabWriter::toJson(after), node))
            QVERIFY2(pointer.endsWith(QLatin1String("/controller")) || pointer.endsWith(QLatin1String("_node_id"))
                         || pointer.startsWith(QLatin1String("/designer/former_node_ids/")),
                     qPrintable(pointer));
        QStringList expected;
        for (const Scenario &sc : before.scenarios) {
            for (const ScenarioStep &step : sc.steps) {
                if (step.node == node || step.assertion.link.peer == node)
                    expected.append(sc.name + u'/' + step.id);
            }
        }
        QCOMPARE(removed, expected);
    }

    // The designer's finding: deleting compute-2 left seven dangling references (a plan
    // worker, four Slurm configs, two steps). Now the lab is left without an error.
    void deletingAComputeNodeLeavesAValidLab_data()
    {
        QTest::addColumn<QString>("lab");
        QTest::newRow("slurm-hpc") << QStringLiteral("slurm-hpc");
        QTest::newRow("slurm-native") << QStringLiteral("slurm-native");
    }
    void deletingAComputeNodeLeavesAValidLab()
    {
        QFETCH(QString, lab);
        const Lab after = NodeReferences::withoutNodes(TestLabs::builtIn(lab), {QStringLiteral("compute-2")});
        QStringList errors;
        for (const Problem &p : validate(after)) {
            if (p.isError())
                errors.append(p.rule + u' ' + p.pointer + u' ' + p.message);
        }
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
    }

    // The designer's finding: deleting compute-1 from slurm-hpc gave no error and one warning
    // while four gating steps were bound to fail (ready=5 total=5, 5/5, a compute list still
    // naming compute-1, lines=2). Each is now a warning that names the step.
    // The built-in gates count with variables: on the built-in lab they expand to the checks
    // they always made, and a delete leaves them right. Written out as numbers and lists (as
    // they were, and as a lab made from them may be), each is flagged after the delete.
    void deletingANodeFlagsTheStepsThatCountIt()
    {
        const Lab hpc = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        const Lab native = TestLabs::builtIn(QStringLiteral("slurm-native"));
        const auto expect = [](const Lab &lab, const char *step) {
            for (const ScenarioStep &s : lab.scenarios.first().steps) {
                if (s.id == QLatin1String(step))
                    return StepVariables::expanded(s, lab).assertion.expect.equals.value_or(QString());
            }
            return QString();
        };
        QCOMPARE(expect(hpc, "1a-nodes-ready"), QStringLiteral("ready=5 total=5"));
        QCOMPARE(expect(hpc, "1c-flannel-ready"), QStringLiteral("5/5"));
        QCOMPARE(expect(hpc, "2-sinfo-two-nodes"), QStringLiteral("count=2 nodes=compute-1,compute-2 Default=YES"));
        QCOMPARE(expect(hpc, "3-srun-two-hosts"), QStringLiteral("lines=2 distinct=2"));
        QCOMPARE(expect(hpc, "4-shared-home"), QStringLiteral("hosts_reading_marker=2"));
        QCOMPARE(expect(native, "2-sinfo-two-nodes"),
                 QStringLiteral("count=2 nodes=compute-1,compute-2 states=idle Default=YES local-slurmd=inactive"));
        QCOMPARE(expect(native, "3-srun-two-hosts"), QStringLiteral("lines=2 hosts=compute-1,compute-2"));
        QCOMPARE(expect(native, "4-shared-home"), QStringLiteral("hosts_reading_marker=compute-1,compute-2"));
        const Lab kept = NodeReferences::withoutNodes(hpc, {QStringLiteral("compute-1")});
        for (const Problem &p : validate(kept))
            QVERIFY2(!p.rule.startsWith(QLatin1String("scenario.stale-")) || !p.pointer.startsWith(u"/scenarios/0/"),
                     qPrintable(p.message));
        QCOMPARE(expect(kept, "1a-nodes-ready"), QStringLiteral("ready=4 total=4"));

        Lab written = hpc;
        for (ScenarioStep &s : written.scenarios.first().steps)
            s = StepVariables::expanded(s, written);
        const Lab after = NodeReferences::withoutNodes(written, {QStringLiteral("compute-1")});
        QSet<QString> steps;
        for (const Problem &p : validate(after)) {
            if (p.rule.startsWith(QLatin1String("scenario.stale-"))) {
                const QStringList tokens = JsonPointer::tokens(p.pointer);
                steps.insert(after.scenarios.at(tokens.at(1).toInt()).steps.at(tokens.at(3).toInt()).id);
            }
        }
        for (const char *gate : {"1a-nodes-ready", "1c-flannel-ready", "2-sinfo-two-nodes", "3-srun-two-hosts"})
            QVERIFY2(steps.contains(QLatin1String(gate)),
                     qPrintable(QStringList(steps.cbegin(), steps.cend()).join(u' ')));
    }

    // A node whose id has no number (storage, login-ops) named in another node's step is
    // flagged once it is deleted or renamed away, as compute-3 always was.
    void deletedIdsAreFlaggedWhateverTheyLookLike()
    {
        const Lab after = NodeReferences::withoutNodes(TestLabs::builtIn(QStringLiteral("slurm-native")),
                                                       {QStringLiteral("storage")});
        bool found = false;
        for (const Problem &p : validate(after)) {
            if (p.rule == u"scenario.stale-node-name" && p.message.contains(QLatin1String("storage")))
                found = true;
        }
        QVERIFY(found);
        // A rename records the old id too: step text written later with it is flagged.
        Lab renamed = NodeReferences::renamed(TestLabs::builtIn(QStringLiteral("slurm-native")),
                                              QStringLiteral("login-ops"), QStringLiteral("login"));
        renamed.scenarios[0].steps[0].assertion.command += QStringLiteral("\nssh login-ops true");
        const Problems problems = validate(renamed);
        QVERIFY(std::any_of(problems.begin(), problems.end(), [](const Problem &p) {
            return p.rule == u"scenario.stale-node-name" && p.message.contains(QLatin1String("login-ops"));
        }));
    }

    // A step naming an id a rename took away is offered the id it became, whole words only,
    // through a chain of renames; renamed back, or the node deleted, there is none to offer.
    void renamedIdsAreOfferedTheirNewId()
    {
        const auto fixOf = [](const Lab &lab) -> std::optional<ProblemFix::Fix> {
            for (const Problem &p : validate(lab)) {
                if (p.rule == u"scenario.stale-node-name"
                    && p.pointer.startsWith(QLatin1String("/scenarios/0/steps/0/")))
                    return StepTextFix::of(lab, p);
            }
            return std::nullopt;
        };
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        const QString id = lab.scenarios[0].steps[0].id;
        lab = NodeReferences::renamed(lab, QStringLiteral("login-ops"), QStringLiteral("login"));
        lab = NodeReferences::renamed(lab, QStringLiteral("login"), QStringLiteral("head"));
        lab.scenarios[0].steps[0].assertion.command = QStringLiteral("ssh login-ops true; ls /srv/login-ops2");
        std::optional<ProblemFix::Fix> fix = fixOf(lab);
        QVERIFY(fix);
        QCOMPARE(fix->label, QStringLiteral("Replace login-ops with head in step \"%1\"").arg(id));
        QCOMPARE(fix->lab.scenarios[0].steps[0].assertion.command,
                 QStringLiteral("ssh head true; ls /srv/login-ops2")); // a whole word only
        QVERIFY(!fixOf(fix->lab));
        // Renamed back: the old id is a node again, nothing is stale.
        const Lab back = NodeReferences::renamed(lab, QStringLiteral("head"), QStringLiteral("login-ops"));
        QVERIFY(back.renamedTo(QStringLiteral("login-ops")).isEmpty());
        QVERIFY(back.renamedTo(QStringLiteral("login")) == QStringLiteral("login-ops"));
        // Deleted since: today's warning, without a fix.
        const Lab gone = NodeReferences::withoutNodes(lab, {QStringLiteral("head")});
        QVERIFY(gone.renamedNodeIds.isEmpty());
        const Problems problems = validate(gone);
        QVERIFY(std::any_of(problems.cbegin(), problems.cend(),
                            [](const Problem &p) { return p.rule == u"scenario.stale-node-name"; }));
        QVERIFY(!fixOf(gone));
    }

    // The steps a delete would take, and the other choice: kept on a node that stays (its
    // role's first), so that the delete takes none of them.
    void deletedNodesStepsCanBeReassigned()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        const QStringList gone {QStringLiteral("compute-2")};
        const QList<DeletedNodeSteps::Step> steps = DeletedNodeSteps::of(lab, gone);
        QVERIFY(steps.contains(DeletedNodeSteps::Step {QStringLiteral("hpc-lab-measurements"),
                                                       QStringLiteral("iperf3-server"),
                                                       QStringLiteral("compute-2"),
                                                       lab.scenario(QStringLiteral("hpc-lab-measurements"))->gating,
                                                       {},
                                                       false}));
        const QStringList targets = DeletedNodeSteps::targets(lab, gone);
        QCOMPARE(targets.value(0), QStringLiteral("compute-1"));
        QVERIFY(!targets.contains(QStringLiteral("compute-2")));
        QCOMPARE(targets.size(), lab.nodes.size() - 1);
        int before = 0;
        for (const Scenario &s : lab.scenarios)
            before += int(s.steps.size());
        QStringList removed;
        const Lab after =
            NodeReferences::withoutNodes(DeletedNodeSteps::reassigned(lab, gone, targets.first()), gone, &removed);
        QVERIFY2(removed.isEmpty(), qPrintable(removed.join(u' ')));
        int kept = 0;
        for (const Scenario &s : after.scenarios) {
            kept += int(s.steps.size());
            for (const ScenarioStep &step : s.steps)
                QVERIFY(step.node != u"compute-2" && step.assertion.link.peer != u"compute-2");
        }
        QCOMPARE(kept, before);
        QVERIFY(DeletedNodeSteps::of(after, {QStringLiteral("compute-1")}).size() > steps.size());
        // Nowhere to go: no node, or one being deleted.
        QVERIFY(DeletedNodeSteps::reassigned(lab, gone, QStringLiteral("compute-2")) == lab);
        QVERIFY(DeletedNodeSteps::reassigned(lab, gone, QStringLiteral("nowhere")) == lab);
    }

    // A step's description follows its node: renamed, it names the new id (whole words only);
    // reassigned from a deleted node, the node it runs on now.
    void stepDescriptionsFollowRenameAndReassign()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        const auto description = [](const Lab &l, const char *step) {
            for (const ScenarioStep &s : l.scenario(QStringLiteral("hpc-lab-measurements"))->steps) {
                if (s.id == QLatin1String(step))
                    return s.description;
            }
            return QString();
        };
        QVERIFY(description(lab, "iperf3-server").contains(QLatin1String("on compute-2 ")));
        QStringList hits;
        const Lab renamed = NodeReferences::renamed(lab, QStringLiteral("compute-2"), QStringLiteral("gpu-b"), &hits);
        QVERIFY2(description(renamed, "iperf3-server").contains(QLatin1String("on gpu-b ")),
                 qPrintable(description(renamed, "iperf3-server")));
        QVERIFY2(description(renamed, "iperf3-vm-to-vm").contains(QLatin1String("compute-1 -> gpu-b")),
                 qPrintable(description(renamed, "iperf3-vm-to-vm")));
        QVERIFY(hits.contains(QStringLiteral("hpc-lab-measurements/iperf3-server")));
        const Lab kept = DeletedNodeSteps::reassigned(lab, {QStringLiteral("compute-2")}, QStringLiteral("login-ops"));
        QVERIFY2(description(kept, "iperf3-server").contains(QLatin1String("on login-ops ")),
                 qPrintable(description(kept, "iperf3-server")));
    }

    // Reassigned onto the other end of a link step, that step would name one node twice
    // (scenario.peer-self): it is left to the delete, the others are kept; a node every step
    // would name twice is not offered.
    void reassigningNeverNamesANodeTwice()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        const QStringList gone {QStringLiteral("compute-1")};
        const QList<DeletedNodeSteps::Step> steps = DeletedNodeSteps::of(lab, gone);
        const auto cut = std::find_if(steps.cbegin(), steps.cend(),
                                      [](const DeletedNodeSteps::Step &s) { return s.step == u"r1-cut-compute-1"; });
        QVERIFY(cut != steps.cend());
        QCOMPARE(cut->otherEnd, QStringLiteral("controller"));
        QVERIFY(cut->namesTwice(QStringLiteral("controller")) && !cut->namesTwice(QStringLiteral("compute-2")));
        QVERIFY(DeletedNodeSteps::targets(lab, gone).contains(QStringLiteral("controller")));
        QStringList removed;
        const Lab after = NodeReferences::withoutNodes(
            DeletedNodeSteps::reassigned(lab, gone, QStringLiteral("controller")), gone, &removed);
        QVERIFY2(removed.contains(QStringLiteral("native-resilience/r1-cut-compute-1")),
                 qPrintable(removed.join(u' ')));
        QCOMPARE(removed.size(), std::count_if(steps.cbegin(), steps.cend(), [](const DeletedNodeSteps::Step &s) {
                     return s.namesTwice(QStringLiteral("controller"));
                 }));
        const QString problems = rules(validate(after)).join(u'\n');
        QVERIFY2(!problems.contains(QLatin1String("scenario.peer-self")), qPrintable(problems));
        int onController = 0;
        for (const Scenario &s : after.scenarios)
            onController += int(std::count_if(s.steps.cbegin(), s.steps.cend(),
                                              [](const ScenarioStep &step) { return step.node == u"controller"; }));
        QVERIFY(onController > 0);
        // Only the link step: the controller keeps nothing, it is not offered.
        for (Scenario &s : lab.scenarios)
            s.steps.removeIf([](const ScenarioStep &step) { return step.id != u"r1-cut-compute-1"; });
        QVERIFY(!DeletedNodeSteps::targets(lab, gone).contains(QStringLiteral("controller")));
        QVERIFY(DeletedNodeSteps::targets(lab, gone).contains(QStringLiteral("compute-2")));
        // Both ends deleted: no node can keep it.
        const QStringList both {QStringLiteral("compute-1"), QStringLiteral("controller")};
        QVERIFY(DeletedNodeSteps::of(lab, both).first().otherEndGoes);
        QVERIFY(DeletedNodeSteps::targets(lab, both).isEmpty());
    }

    // A list of Slurm's compute nodes is advised by membership, not role: a compute node that
    // runs no Slurm is not one the list misses, and {{nodes:role=compute}} would include it.
    void staleListAdviceFollowsMembership()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        Node outsider = *lab.node(QStringLiteral("compute-2"));
        outsider.id = QStringLiteral("compute-9");
        outsider.recipe.features = {QStringLiteral("headless"), QStringLiteral("ssh")};
        lab.nodes.append(outsider);
        ScenarioStep step = lab.scenarios.first().steps.first();
        step.assertion.command = QStringLiteral("sinfo -h -n compute-1,compute-2");
        QVERIFY(StepVariables::incompleteNodeLists(step, lab).isEmpty()); // every Slurm compute node
        Node third = *lab.node(QStringLiteral("compute-2"));
        third.id = QStringLiteral("compute-3");
        lab.nodes.append(third);
        QList<StepVariables::NodeList> lists = StepVariables::incompleteNodeLists(step, lab);
        QCOMPARE(lists.size(), 1);
        QCOMPARE(lists.first().selector, QStringLiteral("role=compute,feature=slurm-native"));
        QCOMPARE(lists.first().now,
                 QStringList({QStringLiteral("compute-1"), QStringLiteral("compute-2"), QStringLiteral("compute-3")}));
        ScenarioStep advised = step;
        advised.assertion.command = QStringLiteral("sinfo -h -n {{nodes:%1}}").arg(lists.first().selector);
        QStringList errors;
        QCOMPARE(StepVariables::expanded(advised, lab, &errors).assertion.command,
                 QStringLiteral("sinfo -h -n compute-1,compute-2,compute-3"));
        QVERIFY(errors.isEmpty());
        lab.scenarios[0].steps[0] = step;
        const Problems problems = validate(lab);
        QVERIFY(std::any_of(problems.begin(), problems.end(), [](const Problem &p) {
            return p.rule == u"scenario.stale-node-list"
                && p.message.contains(QLatin1String("{{nodes:role=compute,feature=slurm-native}}"));
        }));
        // Slurm on the compute nodes only: its members are the advice, as feature=slurm-native.
        for (Node &n : lab.nodes) {
            if (n.role != u"compute")
                n.recipe.features.removeAll(QStringLiteral("slurm-native"));
        }
        QCOMPARE(StepVariables::incompleteNodeLists(step, lab).first().selector,
                 QStringLiteral("feature=slurm-native"));
        // Role and membership agree (no outsider): the role says it, as before.
        lab.nodes.removeIf([](const Node &n) { return n.id == u"compute-9"; });
        QCOMPARE(StepVariables::incompleteNodeLists(step, lab).first().selector, QStringLiteral("role=compute"));
    }

    // A count a delete changed is stale in a step's command too (srun -N2 after one of two
    // compute nodes went), as a whole number alone or an option's value, never inside a name,
    // a size or a time; and only a count the delete changed.
    void staleCountsInCommands()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        ScenarioStep &step = lab.scenarios.first().steps.first();
        step.assertion.expect = Expectation {};
        step.assertion.expect.contains = QStringLiteral("ok");
        const Lab after = NodeReferences::withoutNodes(lab, {QStringLiteral("compute-1")});
        const auto counts = [&after](const QString &command) {
            ScenarioStep s = after.scenarios.first().steps.first();
            s.assertion.command = command;
            QStringList out;
            for (const StepVariables::StaleCount &c : StepVariables::staleCounts(s, after))
                out.append(QStringLiteral("%1:%2>%3%4")
                               .arg(c.selector)
                               .arg(c.was)
                               .arg(c.now)
                               .arg(c.inCommand ? QStringLiteral(" command") : QString()));
            return out;
        };
        for (const char *command :
             {"srun -N2 hostname", "srun --nodes=2 hostname", "sinfo -h | grep -c 2", "test $(sinfo -h | wc -l) -eq 2"})
            QVERIFY2(counts(QLatin1String(command)).contains(QStringLiteral("role=compute:2>1 command")), command);
        for (const char *command :
             {"ssh compute-2 true", "sleep 2s", "ip link show ens2", "free -g | grep 2G", "ping -c1 10.0.0.2",
              "srun -N1 hostname", "date +%Y-02", "awk '$2 == 1'", "ls 2>/dev/null", "echo x >&2", "printf '%2d' 7",
              "cat /proc/2/status", "sleep 2", "timeout 2 true"})
            QVERIFY2(counts(QLatin1String(command)).isEmpty(), command);
        Lab flagged = after;
        flagged.scenarios.first().steps.first().assertion.command = QStringLiteral("srun -N2 hostname");
        const Problems problems = validate(flagged);
        QVERIFY(std::any_of(problems.begin(), problems.end(), [](const Problem &p) {
            return p.rule == u"scenario.stale-count" && p.pointer.endsWith(u"/command")
                && p.message.contains(QLatin1String("runs with 2"));
        }));
    }

    // A network's CIDR changed: everything on it moves along in one edit (gateway, the nodes'
    // addresses and what names them, export_network), and the lab is as valid as before.
    void renumberingANetworkMovesEverythingOnIt_data()
    {
        QTest::addColumn<QString>("lab");
        for (const QString &name : Templates::names())
            QTest::newRow(qPrintable(name)) << name;
    }
    void renumberingANetworkMovesEverythingOnIt()
    {
        QFETCH(QString, lab);
        const Lab before = TestLabs::builtIn(lab);
        Lab after = before;
        for (int k = 0; k < before.networks.size(); ++k) {
            QString why;
            const QString newCidr = QStringLiteral("10.%1.0.0/24").arg(200 + k);
            after = NodeReferences::renumbered(after, before.networks.at(k).name, newCidr, &why);
            QVERIFY2(why.isEmpty(), qPrintable(why));
            QCOMPARE(after.networks.at(k).cidr, newCidr);
        }
        QCOMPARE(rules(validate(after)), rules(validate(before)));
        // No old address or CIDR is left anywhere but in prose.
        for (const Network &n : before.networks) {
            QCOMPARE(occurrences(LabWriter::toJson(after), n.cidr), QStringList());
            if (!n.gateway.isEmpty())
                QCOMPARE(occurrences(LabWriter::toJson(after), n.gateway), QStringList());
        }
        for (const Node &n : before.nodes) {
            for (const NodeInterface &i : n.interfaces)
                QCOMPARE(occurrences(LabWriter::toJson(after), i.ip), QStringList());
        }
    }

    void renumberingRefusesWhatDoesNotFit()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        QString why;
        QVERIFY(NodeReferences::renumbered(lab, QStringLiteral("hpc-lab"), QStringLiteral("10.103.7.0/28"), &why)
                == lab);
        QVERIFY2(why.contains(QStringLiteral("has no place")), qPrintable(why));
        QVERIFY(NodeReferences::renumbered(lab, QStringLiteral("hpc-lab"), QStringLiteral("not-a-cidr"), &why) == lab);
        QVERIFY(!why.isEmpty());
        const Lab renumbered =
            NodeReferences::renumbered(lab, QStringLiteral("hpc-lab"), QStringLiteral("172.20.0.0/16"), &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QCOMPARE(renumbered.node(QStringLiteral("storage"))->ip(), QStringLiteral("172.20.0.40"));
        QCOMPARE(renumbered.networks.first().gateway, QStringLiteral("172.20.0.1"));
    }

    void renameFollowsPlanStepsAndConfigs()
    {
        const Lab before = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        const Lab after = NodeReferences::renamed(before, QStringLiteral("compute-1"), QStringLiteral("cn-1"));
        QCOMPARE(after.kubernetes->workers,
                 QStringList({QStringLiteral("cn-1"), QStringLiteral("compute-2"), QStringLiteral("login-ops"),
                              QStringLiteral("observability")}));
        int steps = 0;
        for (const Scenario &s : after.scenarios) {
            for (const ScenarioStep &step : s.steps)
                steps += step.node == QLatin1String("cn-1") ? 1 : 0;
        }
        QCOMPARE(steps, 2);
        for (const Node &n : after.nodes) {
            for (const Service &s : n.recipe.services) {
                if (s.name == QLatin1String("openfactory-slinky-slurm"))
                    QCOMPARE(s.config.value(QStringLiteral("compute_node_ids")).toArray(),
                             QJsonArray({QStringLiteral("cn-1"), QStringLiteral("compute-2")}));
            }
        }
        const Lab controller = NodeReferences::renamed(before, QStringLiteral("controller"), QStringLiteral("head"));
        QCOMPARE(controller.kubernetes->controller, QStringLiteral("head"));
        QCOMPARE(servicesWith(controller, QStringLiteral("controller_node_id"), QStringLiteral("head")), 5);
        // Free text is left alone: "slurm-controller-0" is a pod, not the node.
        QVERIFY(LabWriter::toBytes(controller).contains("slurm-controller-0"));
    }

    void renameRefusesADuplicateOrAMissingNode()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        QVERIFY(NodeReferences::renamed(lab, QStringLiteral("compute-2"), QStringLiteral("compute-1")) == lab);
        QVERIFY(NodeReferences::renamed(lab, QStringLiteral("nobody"), QStringLiteral("somebody")) == lab);
        QVERIFY(NodeReferences::renamed(lab, QStringLiteral("storage"), QStringLiteral("storage")) == lab);
    }

    // Readdressing the NFS server's node moves nfs_server in every service config that names
    // its address.
    void readdressingTheNfsServerMovesNfsServer_data()
    {
        QTest::addColumn<QString>("lab");
        QTest::addColumn<int>("configs");
        QTest::addRow("slurm-hpc") << QStringLiteral("slurm-hpc") << 5;
        QTest::addRow("slurm-native") << QStringLiteral("slurm-native") << 4;
    }
    void readdressingTheNfsServerMovesNfsServer()
    {
        QFETCH(QString, lab);
        QFETCH(int, configs);
        const Lab before = TestLabs::builtIn(lab);
        const QString oldIp = QStringLiteral("10.103.0.40"), newIp = QStringLiteral("10.103.0.44");
        QCOMPARE(servicesWith(before, QStringLiteral("nfs_server"), oldIp), configs);
        const Lab after = NodeReferences::readdressed(before, QStringLiteral("storage"), oldIp, newIp);
        QCOMPARE(after.node(QStringLiteral("storage"))->ip(), newIp);
        QCOMPARE(servicesWith(after, QStringLiteral("nfs_server"), oldIp), 0);
        QCOMPARE(servicesWith(after, QStringLiteral("nfs_server"), newIp), configs);
        QCOMPARE(rules(validate(after)), QStringList());
        QVERIFY(NodeReferences::readdressed(after, QStringLiteral("storage"), newIp, oldIp) == before);
    }

    // Every node of every built-in lab moved to a free address validates as before.
    void everyNodeOfEveryBuiltInLabReaddresses_data() { everyNodeOfEveryBuiltInLabRenames_data(); }
    void everyNodeOfEveryBuiltInLabReaddresses()
    {
        QFETCH(QString, lab);
        QFETCH(QString, node);
        const Lab before = TestLabs::builtIn(lab);
        const QString oldIp = before.node(node)->ip();
        QString newIp = oldIp;
        newIp.replace(QRegularExpression(QStringLiteral("\\.\\d+$")), QStringLiteral(".199"));
        const Lab after = NodeReferences::readdressed(before, node, oldIp, newIp);
        QCOMPARE(after.node(node)->ip(), newIp);
        QCOMPARE(occurrences(LabWriter::toJson(after), oldIp), QStringList());
        QCOMPARE(rules(validate(after)), rules(validate(before)));
    }

    // nfs_server names the NFS server's address; another node that had it (a collision)
    // does not take the config along, and a DNS server on the node does follow.
    void readdressFollowsOnlyTheNodesOwnReferences()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        lab.networks[0].dnsServers = {QStringLiteral("10.103.0.40"), QStringLiteral("1.1.1.1")};
        lab.node(QStringLiteral("compute-1"))->interfaces[0].ip = QStringLiteral("10.103.0.40");
        const Lab moved = NodeReferences::readdressed(lab, QStringLiteral("compute-1"), QStringLiteral("10.103.0.40"),
                                                      QStringLiteral("10.103.0.21"));
        QCOMPARE(servicesWith(moved, QStringLiteral("nfs_server"), QStringLiteral("10.103.0.40")), 5);
        const Lab storage = NodeReferences::readdressed(lab, QStringLiteral("storage"), QStringLiteral("10.103.0.40"),
                                                        QStringLiteral("10.103.0.41"));
        QCOMPARE(storage.networks[0].dnsServers,
                 QStringList({QStringLiteral("10.103.0.41"), QStringLiteral("1.1.1.1")}));
        QVERIFY(NodeReferences::readdressed(lab, QStringLiteral("storage"), QStringLiteral("10.9.9.9"),
                                            QStringLiteral("10.103.0.41"))
                == lab); // no interface there
    }

    void enclosingDifferenceNamesTheChangedField()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        Lab typed = lab;
        typed.scenarios[1].steps[2].assertion.command += QLatin1Char('x');
        QCOMPARE(JsonPointer::enclosingDifference(LabWriter::toJson(lab), LabWriter::toJson(typed)),
                 std::optional<QString>(QStringLiteral("/scenarios/1/steps/2/assertion/params/command")));
        Lab two = typed;
        two.name = QStringLiteral("other");
        QCOMPARE(JsonPointer::enclosingDifference(LabWriter::toJson(lab), LabWriter::toJson(two)),
                 std::optional<QString>(QString())); // two fields: the whole lab
        Lab added = lab;
        added.scenarios[0].steps.removeLast();
        QCOMPARE(JsonPointer::enclosingDifference(LabWriter::toJson(lab), LabWriter::toJson(added)),
                 std::optional<QString>(QStringLiteral("/scenarios/0/steps")));
        Lab ttl = lab;
        ttl.kubernetes->bootstrapTokenTtlSeconds = 600;
        QCOMPARE(JsonPointer::enclosingDifference(LabWriter::toJson(lab), LabWriter::toJson(ttl)),
                 std::optional<QString>(QStringLiteral("/plan/kubernetes/bootstrap_token_ttl_seconds")));
        QCOMPARE(JsonPointer::enclosingDifference(LabWriter::toJson(lab), LabWriter::toJson(lab)), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestReferences)
#include "tst_references.moc"
