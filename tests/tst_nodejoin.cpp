// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Catalog.h"
#include "FeatureModules.h"
#include "FeatureRegistry.h"
#include "Latin1List.h"
#include "NetworkEdits.h"
#include "NetworkLayout.h"
#include "NodeJoin.h"
#include "NodeReferences.h"
#include "PinsLock.h"
#include "ProblemFix.h"
#include "StepVariables.h"
#include "Templates.h"
#include "TestLabs.h"
#include "ValidationContext.h"
#include "Validator.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>
#include <QTranslator>
#include <functional>

using namespace Labforge;

using Break = std::function<void(Lab &)>;
Q_DECLARE_METATYPE(Break)

namespace {

QString describe(const Problems &problems)
{
    QStringList lines;
    for (const Problem &p : problems)
        lines.append(p.rule + u' ' + p.pointer + u' ' + p.message);
    return lines.join(QLatin1Char('\n'));
}

Problems errorsAndWarnings(const Lab &lab)
{
    return Validator::validate(lab, PinsLock::builtIn().validationContext());
}

Problems errors(const Lab &lab)
{
    Problems out;
    for (const Problem &p : Validator::validate(lab, PinsLock::builtIn().validationContext())) {
        if (p.isError())
            out.append(p);
    }
    return out;
}

// File ▸ New Blank Lab.
Lab blankLab()
{
    return Templates::blank();
}

} // namespace

// A node added from the Palette lands valid: numbered, addressed, in the plan and the
// shared configs its role implies, with the lab's warnings worded for its new size.
class TestNodeJoin : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private Q_SLOTS:
    void everyRoleLandsValidInEveryLab_data()
    {
        QTest::addColumn<QString>("lab");
        QTest::addColumn<QString>("role");
        for (const QString &lab : Templates::names() + QStringList {QStringLiteral("blank")}) {
            for (const QString &role : Catalog::roles())
                QTest::newRow(qPrintable(lab + u' ' + role)) << lab << role;
        }
    }
    void everyRoleLandsValidInEveryLab()
    {
        QFETCH(QString, lab);
        QFETCH(QString, role);
        Lab start = lab == QLatin1String("blank") ? blankLab() : TestLabs::builtIn(lab);
        QVERIFY(errors(start).isEmpty());
        // Three drops in a row, each on the lab the last one left.
        for (int i = 0; i < 3; ++i) {
            QString id;
            const Lab grown =
                NodeJoin::withNewNode(start, role, QPointF(100 * i, 400), PinsLock::builtIn().validationContext(), &id);
            QCOMPARE(grown.nodes.size(), start.nodes.size() + 1);
            QVERIFY(!id.isEmpty() && !start.node(id));
            QVERIFY2(errors(grown).isEmpty(), qPrintable(id + u'\n' + describe(errors(grown))));
            QVERIFY(!grown.node(id)->ip().isEmpty());
            start = grown;
        }
    }

    // What is left out of a dropped node is found by pointers and rule ids, not by words:
    // with every validator message translated into something else, drops still land valid.
    void dropsDoNotReadMessages()
    {
        class Scrambler : public QTranslator
        {
        public:
            QString translate(const char *context, const char *, const char *, int) const override
            {
                return QLatin1String(context) == QLatin1String("Labforge::Validator") ? QStringLiteral("?") : QString();
            }
            bool isEmpty() const override { return false; }
        } scrambler;
        QCoreApplication::installTranslator(&scrambler);
        for (const QString &name : Templates::names() + QStringList {QStringLiteral("blank")}) {
            const Lab lab = name == QLatin1String("blank") ? blankLab() : TestLabs::builtIn(name);
            for (const QString &role : Catalog::roles()) {
                QString id;
                const Lab grown = NodeJoin::withNewNode(lab, role, {}, PinsLock::builtIn().validationContext(), &id);
                QVERIFY2(errors(grown).isEmpty(), qPrintable(name + u' ' + role));
            }
        }
        QCoreApplication::removeTranslator(&scrambler);
    }

    // Duplicate and Paste go through the same join as a drop: every node of every built-in
    // lab, copied onto itself, lands valid, in free space, in its clusters' member lists.
    void everyNodeCopiesValid_data()
    {
        QTest::addColumn<QString>("lab");
        QTest::addColumn<QString>("node");
        for (const QString &lab : Templates::names()) {
            for (const Node &n : TestLabs::builtIn(lab).nodes)
                QTest::newRow(qPrintable(lab + u' ' + n.id)) << lab << n.id;
        }
    }
    void everyNodeCopiesValid()
    {
        QFETCH(QString, lab);
        QFETCH(QString, node);
        const Lab start = TestLabs::builtIn(lab);
        const Node &source = *start.node(node);
        QString id;
        const QPointF at = NodeJoin::freePosition(start, source.position, 20);
        const Lab grown = NodeJoin::withCopiedNode(start, source, at, PinsLock::builtIn().validationContext(), &id);
        QVERIFY(!start.node(id));
        QVERIFY2(errors(grown).isEmpty(), qPrintable(id + u'\n' + describe(errors(grown))));
        const Node &copy = *grown.node(id);
        QCOMPARE(copy.role, source.role);
        const QRectF card(copy.position, Catalog::nodeSize());
        for (const Node &n : start.nodes)
            QVERIFY2(!card.intersects(QRectF(n.position, Catalog::nodeSize())), qPrintable(n.id));
        if (start.kubernetes && start.kubernetes->workers.contains(node))
            QVERIFY(grown.kubernetes->workers.contains(id));
        // A Slurm compute copy is in every member's compute list.
        for (const Node &n : grown.nodes) {
            for (const Service &s : n.recipe.services) {
                for (const QString &key : {QStringLiteral("compute_node_ids"), QStringLiteral("login_node_ids")}) {
                    const QJsonArray list = s.config.value(key).toArray();
                    if (list.contains(node))
                        QVERIFY2(list.contains(id), qPrintable(n.id + u' ' + key));
                }
            }
        }
    }

    // A node pasted from another lab takes this lab's network and a free address, and what
    // cannot work here is left out, not left failing.
    void aNodeFromAnotherLabJoinsThisOnesNetwork()
    {
        const Lab web = TestLabs::builtIn(QStringLiteral("web-lab"));
        const Lab hpc = TestLabs::builtIn(QStringLiteral("slurm-native"));
        QString id;
        const Lab grown = NodeJoin::withCopiedNode(web, *hpc.node(QStringLiteral("compute-1")), {400, 400},
                                                   PinsLock::builtIn().validationContext(), &id);
        QCOMPARE(id, QStringLiteral("compute-1"));
        const Node &copy = *grown.node(id);
        QCOMPARE(copy.interfaces.size(), 1);
        QCOMPARE(copy.interfaces.first().network, QStringLiteral("web-net"));
        QVERIFY(copy.ip().startsWith(QStringLiteral("192.168.60.")));
        QVERIFY2(errors(grown).isEmpty(), qPrintable(describe(errors(grown))));
    }

    // The designer's finding: a Slinky compute pasted into slurm-native arrived bare and
    // outside Slurm, a native one pasted into slurm-hpc brought native Slurm, MUNGE, SSSD and
    // chrony with no server for any of them, both with no error. Paste now takes the lab's
    // recipe for the role, as a drop does; keeping the copy's own recipe is a choice, and
    // what it leaves outside a cluster is said.
    void pasteTakesTheLabsRecipeForTheRole_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("cluster");
        QTest::newRow("Slinky compute into native") << "slurm-hpc"
                                                    << "slurm-native"
                                                    << "slurm-native";
        QTest::newRow("native compute into Slinky") << "slurm-native"
                                                    << "slurm-hpc"
                                                    << "slinky-slurm";
    }
    void pasteTakesTheLabsRecipeForTheRole()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, cluster);
        const ValidationContext context = PinsLock::builtIn().validationContext();
        const Lab lab = TestLabs::builtIn(to);
        const Lab source = TestLabs::builtIn(from);
        const Node &copy = *source.node(QStringLiteral("compute-1"));
        QVERIFY(NodeJoin::recipeFromAnotherLab(lab, copy));
        QString id;
        const Lab labs = NodeJoin::withCopiedNode(lab, copy, NodeJoin::freePosition(lab, {}, 20), context, &id,
                                                  NodeJoin::Recipe::Labs);
        QVERIFY2(errors(labs).isEmpty(), qPrintable(describe(errors(labs))));
        QCOMPARE(labs.node(id)->recipe.features, lab.node(QStringLiteral("compute-2"))->recipe.features);
        for (const Node &n : labs.nodes) {
            if (const Service *s = n.recipe.services.isEmpty() ? nullptr : &n.recipe.services.first();
                s && n.recipe.hasFeature(cluster))
                QVERIFY2(s->config.value(QStringLiteral("compute_node_ids")).toArray().contains(id), qPrintable(n.id));
        }
        QVERIFY(!NodeJoin::recipeFromAnotherLab(labs, *labs.node(id)));
        // Kept as it was, the copy is outside the lab's cluster: a warning, not silence.
        const Lab own = NodeJoin::withCopiedNode(lab, copy, NodeJoin::freePosition(lab, {}, 20), context, &id,
                                                 NodeJoin::Recipe::Own);
        QVERIFY(!own.node(id)->recipe.hasFeature(cluster));
        const Problems problems = errorsAndWarnings(own);
        QVERIFY2(std::any_of(problems.begin(), problems.end(),
                             [&](const Problem &p) { return p.nodeId == id && p.rule == u"feature.left-off"; }),
                 qPrintable(describe(problems)));
    }

    // The designer's finding: from a blank lab, the six roles dropped controller first gave a
    // lab where only the last node ran Slurm. Whatever the order, the features a drop left off
    // (and said why) are turned on once the lab can hold them, and the lab ends the same.
    void dropOrderDoesNotDecideTheLab()
    {
        const QStringList roles {QStringLiteral("controller"), QStringLiteral("compute"),
                                 QStringLiteral("compute"),    QStringLiteral("login"),
                                 QStringLiteral("storage"),    QStringLiteral("observability")};
        QList<QStringList> orders {roles};
        orders.append(QStringList(roles.crbegin(), roles.crend()));
        orders.append({roles.at(4), roles.at(1), roles.at(3), roles.at(0), roles.at(5), roles.at(2)});
        QHash<QString, QStringList> first;
        for (const QStringList &order : std::as_const(orders)) {
            Lab lab = blankLab();
            QList<NodeJoin::LeftOff> leftOff;
            for (int i = 0; i < order.size(); ++i) {
                QString id;
                lab = NodeJoin::withNewNode(lab, order.at(i), QPointF(220 * i, 300),
                                            PinsLock::builtIn().validationContext(), &id, &leftOff);
            }
            for (const NodeJoin::LeftOff &l : std::as_const(leftOff))
                QVERIFY2(!l.why.isEmpty(), qPrintable(l.node + u' ' + l.feature));
            QList<NodeJoin::LeftOff> enabled;
            lab = NodeJoin::withFeaturesEnabled(lab, leftOff, PinsLock::builtIn().validationContext(), &enabled);
            QVERIFY2(errors(lab).isEmpty(), qPrintable(order.join(u' ') + u'\n' + describe(errors(lab))));
            QHash<QString, QStringList> features;
            for (const Node &n : lab.nodes) {
                QStringList f = n.recipe.features;
                f.sort();
                features.insert(n.id, f);
            }
            if (first.isEmpty())
                first = features;
            for (auto it = first.cbegin(); it != first.cend(); ++it)
                QVERIFY2(features.value(it.key()) == it.value(),
                         qPrintable(order.join(u' ') + QStringLiteral(": ") + it.key() + QStringLiteral(": ")
                                    + features.value(it.key()).join(u' ') + QStringLiteral(" vs ")
                                    + it.value().join(u' ')));
        }
        // Every node runs what its role does in the reference lab (Slinky on all but storage).
        for (auto it = first.cbegin(); it != first.cend(); ++it)
            QVERIFY2(it.value().contains(QStringLiteral("slinky-slurm"))
                         != it.key().startsWith(QLatin1String("storage")),
                     qPrintable(it.key() + u' ' + it.value().join(u' ')));
    }

    // The designer's finding: six drops in a natural order gave Slinky on the observability
    // node only, or a plan without workers and Slurm's compute list naming nodes outside
    // Kubernetes, and the lab was called Valid. Whatever the order, no cluster names a node
    // that does not run it, and a node its cluster left out is a warning whose fix (Turn On,
    // found from the lab alone: after save and reopen too) puts it in.
    void dropsNeverLeaveAClusterHalfSetUp_data()
    {
        QTest::addColumn<QStringList>("order");
        const auto row = [](const char *name, const char *roles) {
            QTest::newRow(name) << QString::fromLatin1(roles).split(u' ');
        };
        row("palette order", "controller compute compute login storage observability");
        row("computes first", "compute compute controller login storage observability");
        row("reversed", "observability storage login compute compute controller");
        row("storage first", "storage compute login controller observability compute");
        row("observability last but one", "compute login storage controller observability compute");
    }
    void dropsNeverLeaveAClusterHalfSetUp()
    {
        QFETCH(QStringList, order);
        const ValidationContext context = PinsLock::builtIn().validationContext();
        Lab lab = blankLab();
        for (int i = 0; i < order.size(); ++i) {
            QString id;
            lab = NodeJoin::withNewNode(lab, order.at(i), QPointF(220 * i, 300), context, &id);
            QVERIFY2(errors(lab).isEmpty(), qPrintable(id + u'\n' + describe(errors(lab))));
        }
        // Every node of a role that runs Slinky somewhere runs it, or is told it does not.
        const Problems problems = errorsAndWarnings(lab);
        for (const Node &n : lab.nodes) {
            if (n.role == QLatin1String("storage") || n.recipe.hasFeature(QStringLiteral("slinky-slurm")))
                continue;
            QVERIFY2(std::any_of(problems.begin(), problems.end(),
                                 [&](const Problem &p) { return p.rule == u"feature.left-off" && p.nodeId == n.id; }),
                     qPrintable(n.id + u' ' + n.recipe.features.join(u' ') + u'\n' + describe(problems)));
        }
        // Turn On on each warning until none is left: every node but storage runs Slinky.
        for (int round = 0; round < 12; ++round) {
            const Problems now = errorsAndWarnings(lab);
            const auto it =
                std::find_if(now.begin(), now.end(), [](const Problem &p) { return p.rule == u"feature.left-off"; });
            if (it == now.end())
                break;
            const auto fix = ProblemFix::of(lab, *it, context);
            QVERIFY2(fix, qPrintable(it->message));
            lab = fix->lab;
        }
        QVERIFY2(errors(lab).isEmpty(), qPrintable(describe(errors(lab))));
        for (const Node &n : lab.nodes)
            QVERIFY2(n.recipe.hasFeature(QStringLiteral("slinky-slurm")) != (n.role == QLatin1String("storage")),
                     qPrintable(n.id + u' ' + n.recipe.features.join(u' ') + u'\n' + describe(errorsAndWarnings(lab))));
        QCOMPARE(lab.kubernetes->workers.size(), 4);
    }

    // Random edits (drops, deletes, pastes from the other HPC lab with either recipe, renames),
    // seeded: whenever the lab has no error, every node a Slurm config or plan.kubernetes
    // names runs that cluster's feature (a Slinky compute is a worker), and every gating
    // step whose text names a node the lab no longer has, or whose expectation holds a count
    // of compute or Kubernetes nodes from before a delete, is warned about.
    void randomEditsKeepClustersWhole_data()
    {
        QTest::addColumn<QString>("lab");
        QTest::addColumn<quint32>("seed");
        for (const char *lab : {"slurm-hpc", "slurm-native"}) {
            for (quint32 seed : {1u, 2u, 3u})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(lab)).arg(seed)))
                    << QString::fromLatin1(lab) << seed;
        }
    }
    void randomEditsKeepClustersWhole()
    {
        QFETCH(QString, lab);
        QFETCH(quint32, seed);
        const ValidationContext context = PinsLock::builtIn().validationContext();
        const Lab start = TestLabs::builtIn(lab);
        const Lab other =
            TestLabs::builtIn(lab == u"slurm-hpc" ? QStringLiteral("slurm-native") : QStringLiteral("slurm-hpc"));
        QRandomGenerator random(seed);
        Lab current = start;
        QStringList history;
        for (int edit = 0; edit < 8; ++edit) {
            const int what = int(random.bounded(4));
            const QString role = Catalog::roles().at(int(random.bounded(qsizetype(Catalog::roles().size()))));
            const Node victim = current.nodes.at(int(random.bounded(qsizetype(current.nodes.size()))));
            QString id;
            if (what == 0) {
                current = NodeJoin::withNewNode(current, role, {}, context, &id);
                history.append(QStringLiteral("drop ") + id);
            } else if (what == 1 && victim.role != u"controller" && victim.role != u"storage") {
                history.append(QStringLiteral("delete ") + victim.id);
                current = NodeReferences::withoutNodes(current, {victim.id});
            } else if (what == 2) {
                const Node &copy = other.nodes.at(int(random.bounded(qsizetype(other.nodes.size()))));
                const auto recipe = random.bounded(2) ? NodeJoin::Recipe::Labs : NodeJoin::Recipe::Own;
                current = NodeJoin::withCopiedNode(current, copy, NodeJoin::freePosition(current, {}, 20), context, &id,
                                                   recipe);
                history.append(QStringLiteral("paste ") + copy.id
                               + (recipe == NodeJoin::Recipe::Own ? QStringLiteral(" own") : QStringLiteral(" lab's")));
            } else if (what == 3 && victim.role != u"controller") {
                history.append(QStringLiteral("rename ") + victim.id);
                current = NodeReferences::renamed(current, victim.id, victim.id + QStringLiteral("-x"));
            }
            const QString trail = history.join(QStringLiteral(", "));
            const Problems problems = errorsAndWarnings(current);
            if (Validator::hasErrors(problems))
                continue;
            // Members run their cluster.
            for (const Node &n : current.nodes) {
                for (const Service &s : n.recipe.services) {
                    const FeatureDefinition *f = FeatureRegistry::instance().owningService(s.name);
                    if (!f || !f->membersShareConfig())
                        continue;
                    for (auto it = s.config.begin(); it != s.config.end(); ++it) {
                        if (!it.key().endsWith(QLatin1String("_node_id"))
                            && !it.key().endsWith(QLatin1String("_node_ids")))
                            continue;
                        const QJsonArray ids = it.value().isArray() ? it.value().toArray() : QJsonArray {it.value()};
                        for (const QJsonValue v : ids) {
                            const Node *member = current.node(v.toString());
                            QVERIFY2(member && member->recipe.hasFeature(f->name()),
                                     qPrintable(trail + QStringLiteral(": ") + n.id + u' ' + it.key() + u' '
                                                + v.toString()));
                            if (f->info().requiresFeatures.contains(QStringLiteral("kubeadm-lab"))
                                && member->role == u"compute")
                                QVERIFY2(current.kubernetes->workers.contains(member->id), qPrintable(trail));
                        }
                    }
                }
            }
            if (current.kubernetes) {
                for (const QString &m : current.kubernetes->members())
                    QVERIFY2(current.node(m) && current.node(m)->recipe.hasFeature(QStringLiteral("kubeadm-lab")),
                             qPrintable(trail + QStringLiteral(": plan member ") + m));
            }
            // No gating step names a node of the first lab that is gone, or a count that changed,
            // without a warning on it.
            const auto countOf = [](const Lab &l, const auto &pick) {
                return QString::number(std::count_if(l.nodes.cbegin(), l.nodes.cend(), pick));
            };
            const auto compute = [](const Node &n) {
                return n.role == u"compute";
            };
            const auto kube = [](const Node &n) {
                return n.recipe.hasFeature(QStringLiteral("kubeadm-lab"));
            };
            for (int sc = 0; sc < current.scenarios.size(); ++sc) {
                if (!current.scenarios.at(sc).gating)
                    continue;
                for (int t = 0; t < current.scenarios.at(sc).steps.size(); ++t) {
                    const ScenarioStep step = StepVariables::expanded(current.scenarios.at(sc).steps.at(t), current);
                    const QString text =
                        step.assertion.command + u'\n' + step.assertion.expect.equals.value_or(QString());
                    QStringList gone;
                    for (const Node &n : start.nodes) {
                        const QRegularExpression word(
                            QStringLiteral("(?<![A-Za-z0-9_.-])%1(?![A-Za-z0-9_-])").arg(n.id));
                        if (!current.node(n.id) && word.match(text).hasMatch())
                            gone.append(n.id);
                    }
                    const QString expect =
                        current.scenarios.at(sc).steps.at(t).assertion.expect.equals.value_or(QString());
                    for (const auto &[pick, name] :
                         {std::pair {std::function<bool(const Node &)>(compute), "compute"},
                          std::pair {std::function<bool(const Node &)>(kube), "kubernetes"}}) {
                        const QString was = countOf(start, pick), now = countOf(current, pick);
                        const QRegularExpression number(QStringLiteral("(?<![0-9.])%1(?![0-9]|\\.[0-9])").arg(was));
                        if (now.toInt() < was.toInt() && number.match(expect).hasMatch())
                            gone.append(QLatin1String(name) + QStringLiteral(" count ") + was);
                    }
                    if (gone.isEmpty())
                        continue;
                    const QString prefix = QStringLiteral("/scenarios/%1/steps/%2/").arg(sc).arg(t);
                    QVERIFY2(std::any_of(problems.begin(), problems.end(),
                                         [&](const Problem &p) {
                                             return p.rule.startsWith(QLatin1String("scenario.stale-"))
                                                 && p.pointer.startsWith(prefix);
                                         }),
                             qPrintable(trail + QStringLiteral(": ") + current.scenarios.at(sc).steps.at(t).id
                                        + QStringLiteral(" names ") + gone.join(u',')));
                }
            }
        }
    }

    void aComputeJoinsTheReferenceLabsClusterAndSlurm()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        QString id;
        const Lab grown =
            NodeJoin::withNewNode(lab, QStringLiteral("compute"), {}, PinsLock::builtIn().validationContext(), &id);
        QCOMPARE(id, QStringLiteral("compute-3"));
        const Node &node = *grown.node(id);
        QCOMPARE(node.recipe.features, lab.node(QStringLiteral("compute-1"))->recipe.features);
        QVERIFY(grown.kubernetes->workers.contains(id));
        // Every member of the Slinky cluster now lists the new compute node.
        int members = 0;
        for (const Node &n : grown.nodes) {
            if (const Service *s = n.recipe.service(QStringLiteral("openfactory-slinky-slurm"))) {
                ++members;
                QVERIFY2(s->config.value(QStringLiteral("compute_node_ids")).toArray().contains(id), qPrintable(n.id));
                QCOMPARE(s->config.value(QStringLiteral("role")).toString(), n.role);
            }
        }
        QCOMPARE(members, 6);
        // The address is the next free one, not one in use.
        for (const Node &n : lab.nodes)
            QVERIFY(n.ip() != node.ip());
    }

    void aSeventhNodeRewordsTheWarningsThatCountNodes()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        QString id;
        const Lab grown =
            NodeJoin::withNewNode(lab, QStringLiteral("login"), {}, PinsLock::builtIn().validationContext(), &id);
        QCOMPARE(id, QStringLiteral("login")); // the lab's login node is login-ops
        bool found = false;
        for (const LabWarning &w : grown.warnings) {
            if (w.id == QLatin1String("cloud-not-included")) {
                found = true;
                QVERIFY2(w.text.contains(QStringLiteral("seven-VM")), qPrintable(w.text));
            }
        }
        QVERIFY(found);
    }

    void aControllerInABlankLabStartsAPlan()
    {
        QString id;
        const Lab grown = NodeJoin::withNewNode(blankLab(), QStringLiteral("controller"), {},
                                                PinsLock::builtIn().validationContext(), &id);
        QCOMPARE(id, QStringLiteral("controller"));
        QVERIFY(grown.kubernetes);
        QCOMPARE(grown.kubernetes->controller, id);
        QCOMPARE(grown.kubernetes->version, PinsLock::builtIn().version(QStringLiteral("kubernetes")));
        QVERIFY(grown.node(id)->recipe.hasFeature(QStringLiteral("kubeadm-lab")));
        // A compute dropped next joins that plan as a worker.
        QString compute;
        const Lab two = NodeJoin::withNewNode(grown, QStringLiteral("compute"), {},
                                              PinsLock::builtIn().validationContext(), &compute);
        QVERIFY2(two.kubernetes->workers.contains(compute), qPrintable(describe(errors(two))));
    }

    void aStorageNodeBringsItsDataDisk()
    {
        QString id;
        const Lab grown = NodeJoin::withNewNode(blankLab(), QStringLiteral("storage"), {},
                                                PinsLock::builtIn().validationContext(), &id);
        const Node &node = *grown.node(id);
        QVERIFY(node.recipe.hasFeature(QStringLiteral("hpc-nfs")));
        QCOMPARE(node.disks.size(), 1);
        QCOMPARE(
            node.recipe.service(QStringLiteral("openfactory-hpc-nfs"))->config.value(QStringLiteral("disk_serial")),
            node.disks.first().serial);
        // A second one gets a serial of its own.
        const Lab two =
            NodeJoin::withNewNode(grown, QStringLiteral("storage"), {}, PinsLock::builtIn().validationContext(), &id);
        QVERIFY(two.node(id)->disks.first().serial != node.disks.first().serial);
    }

    // A problem with an obvious remedy: the fix removes it and adds no
    // error; every built-in lab broken the ways a user breaks it.
    void fixesRemoveTheirProblem_data()
    {
        using Break = std::function<void(Lab &)>;
        QTest::addColumn<QString>("lab");
        QTest::addColumn<Break>("breakIt");
        QTest::addColumn<QString>("rule");
        QTest::newRow("duplicate address") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.node(QStringLiteral("compute-2"))->interfaces[0].ip = QStringLiteral("10.103.0.21");
        }) << QStringLiteral("node.ip-duplicate");
        QTest::newRow("duplicate address, NFS server") << QStringLiteral("slurm-native") << Break([](Lab &l) {
            l.node(QStringLiteral("storage"))->interfaces[0].ip = l.node(QStringLiteral("login-ops"))->ip();
        }) << QStringLiteral("node.ip-duplicate");
        QTest::newRow("warning reworded")
            << QStringLiteral("slurm-hpc") << Break([](Lab &l) { l.warnings[0].text += QStringLiteral(" (edited)"); })
            << QStringLiteral("warning.altered");
        QTest::newRow("warning removed") << QStringLiteral("slurm-native")
                                         << Break([](Lab &l) { l.warnings.removeFirst(); })
                                         << QStringLiteral("warning.missing");
        QTest::newRow("member left out of the plan") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.kubernetes->workers.removeAll(QStringLiteral("compute-2"));
        }) << QStringLiteral("kubernetes.feature-not-member");
        QTest::newRow("worker that is no node") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.kubernetes->workers.append(QStringLiteral("ghost"));
        }) << QStringLiteral("kubernetes.member-unknown");
        QTest::newRow("service removed") << QStringLiteral("slurm-native") << Break([](Lab &l) {
            l.node(QStringLiteral("compute-1"))->recipe.services.clear();
        }) << QStringLiteral("service.missing");
        QTest::newRow("shared config edited on one member") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.node(QStringLiteral("login-ops"))
                ->recipe.services[0]
                .config.insert(QStringLiteral("slurm_version"), QStringLiteral("24.05.0"));
        }) << QStringLiteral("service.config-inconsistent");
        // A node a cluster's member list names runs its feature (and is a worker where it needs
        // Kubernetes): turned on, or added as a worker.
        QTest::newRow("Slinky compute without Slinky") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            Node *n = l.node(QStringLiteral("compute-1"));
            n->recipe.features.removeAll(QStringLiteral("slinky-slurm"));
            n->recipe.services.clear();
        }) << QStringLiteral("service.member-not-running");
        QTest::newRow("native compute without Slurm") << QStringLiteral("slurm-native") << Break([](Lab &l) {
            Node *n = l.node(QStringLiteral("compute-2"));
            n->recipe.features.removeAll(QStringLiteral("slurm-native"));
            n->recipe.services.clear();
        }) << QStringLiteral("service.member-not-running");
        QTest::newRow("Slinky compute no worker") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.kubernetes->workers.removeAll(QStringLiteral("compute-1"));
        }) << QStringLiteral("service.member-not-worker");
        QTest::newRow("compute left out of Slurm") << QStringLiteral("slurm-native") << Break([](Lab &l) {
            Node *n = l.node(QStringLiteral("compute-2"));
            n->recipe.features.removeAll(QStringLiteral("slurm-native"));
            n->recipe.services.clear();
            for (Node &m : l.nodes) {
                for (Service &s : m.recipe.services)
                    s.config.insert(QStringLiteral("compute_node_ids"), QJsonArray {QStringLiteral("compute-1")});
            }
        }) << QStringLiteral("feature.left-off");
        QTest::newRow("duplicate serial") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.node(QStringLiteral("compute-1"))->disks.append(l.node(QStringLiteral("storage"))->disks.first());
            l.node(QStringLiteral("compute-1"))->disks.last().id = QStringLiteral("scratch");
        }) << QStringLiteral("disk.serial-duplicate");
        // A Kubernetes member without kubeadm-lab: turned on where the role runs it, else the
        // node out of the plan; a feature that needs another: that one turned on.
        QTest::newRow("member without kubeadm-lab") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.node(QStringLiteral("compute-2"))->recipe.features.removeAll(QStringLiteral("kubeadm-lab"));
        }) << QStringLiteral("kubernetes.member-without-feature");
        QTest::newRow("storage in the plan") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.kubernetes->workers.append(QStringLiteral("storage"));
        }) << QStringLiteral("kubernetes.member-without-feature");
        QTest::newRow("Slinky without kubeadm-lab") << QStringLiteral("slurm-hpc") << Break([](Lab &l) {
            l.node(QStringLiteral("observability"))->recipe.features.removeAll(QStringLiteral("kubeadm-lab"));
        }) << QStringLiteral("feature.requires");
        QTest::newRow("Slurm without MUNGE") << QStringLiteral("slurm-native") << Break([](Lab &l) {
            l.node(QStringLiteral("compute-1"))->recipe.features.removeAll(QStringLiteral("munge"));
        }) << QStringLiteral("feature.requires");
        QTest::newRow("HPCC without Open MPI") << QStringLiteral("slurm-native") << Break([](Lab &l) {
            l.node(QStringLiteral("login-ops"))->recipe.features.removeAll(QStringLiteral("openmpi"));
        }) << QStringLiteral("feature.requires");
    }
    void fixesRemoveTheirProblem()
    {
        using Break = std::function<void(Lab &)>;
        QFETCH(QString, lab);
        QFETCH(Break, breakIt);
        QFETCH(QString, rule);
        Lab broken = TestLabs::builtIn(lab);
        breakIt(broken);
        // Fix one problem of the rule at a time until none is left (a duplicate has two parties).
        Lab current = broken;
        int fixes = 0;
        for (;;) {
            const Problems problems = errorsAndWarnings(current);
            const auto it =
                std::find_if(problems.begin(), problems.end(), [&](const Problem &p) { return p.rule == rule; });
            if (it == problems.end())
                break;
            const auto fix = ProblemFix::of(current, *it, PinsLock::builtIn().validationContext());
            QVERIFY2(fix, qPrintable(it->message));
            QVERIFY(!fix->label.isEmpty());
            current = fix->lab;
            QVERIFY(++fixes <= 3);
        }
        QVERIFY(fixes >= 1);
        // No error the broken lab did not have.
        Problems added;
        const Problems before = errors(broken);
        for (const Problem &p : errors(current)) {
            if (!std::any_of(before.begin(), before.end(),
                             [&](const Problem &b) { return b.rule == p.rule && b.pointer == p.pointer; }))
                added.append(p);
        }
        QVERIFY2(added.isEmpty(), qPrintable(describe(added)));
    }

    // A new network lands in free space, as a new node does: asked for on top of a card or on
    // the lab's bus, its bus goes to the nearest place below that crosses no card and no
    // bus; asked for in free space, it stays where it was asked for.
    void newNetworksLandInFreeSpace()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        const auto crossesNothing = [&](const Lab &after, const QString &name) {
            const int k = int(after.networks.size()) - 1;
            if (after.networks.at(k).name != name)
                return false;
            const QLineF bus = NetworkLayout::bus(NetworkLayout::position(after, k), {});
            const QRectF band(bus.x1(), bus.y1() - 20, bus.length(), 40);
            for (const Node &n : after.nodes) {
                if (NetworkLayout::nodeBox(n).intersects(band))
                    return false;
            }
            const QList<QLineF> buses = NetworkLayout::buses(after);
            for (int other = 0; other < k; ++other) {
                const QLineF o = buses.at(other);
                if (std::abs(o.y1() - bus.y1()) < 20 && o.x1() < bus.x2() && bus.x1() < o.x2())
                    return false;
            }
            return true;
        };
        const Node *controller = lab.node(QStringLiteral("controller"));
        QString name;
        const QPointF onCard = controller->position + QPointF(10, 20);
        Lab after = NetworkEdits::withNewNetwork(lab, onCard, &name);
        QVERIFY(crossesNothing(after, name));
        QCOMPARE(after.networks.constLast().position->x(), onCard.x());
        QVERIFY(after.networks.constLast().position->y() > onCard.y());
        const QPointF onBus = NetworkLayout::position(lab, 0) + QPointF(40, 0);
        after = NetworkEdits::withNewNetwork(lab, onBus, &name);
        QVERIFY(crossesNothing(after, name));
        QVERIFY(*after.networks.constLast().position != onBus);
        const QPointF clear(-900, -900);
        after = NetworkEdits::withNewNetwork(lab, clear, &name);
        QCOMPARE(*after.networks.constLast().position, clear);
    }

    void idsAreNumberedAfterTheLabsOwn()
    {
        Lab lab = blankLab();
        QCOMPARE(NodeJoin::nextId(lab, QStringLiteral("compute")), QStringLiteral("compute"));
        lab.nodes.append(TestLabs::genericNode(QStringLiteral("compute"), QStringLiteral("lab-net"),
                                               QStringLiteral("10.50.0.10"), {}));
        QCOMPARE(NodeJoin::nextId(lab, QStringLiteral("compute")), QStringLiteral("compute-2"));
        lab.nodes.append(TestLabs::genericNode(QStringLiteral("compute-7"), QStringLiteral("lab-net"),
                                               QStringLiteral("10.50.0.11"), {}));
        QCOMPARE(NodeJoin::nextId(lab, QStringLiteral("compute")), QStringLiteral("compute-8"));
        QCOMPARE(NodeJoin::nextId(lab, QStringLiteral("compute-1")), QStringLiteral("compute-1"));
    }

    // The first node of a role of which several are usual is numbered as the built-in labs
    // number them (compute-1, then compute-2); one of a role a lab has once keeps the stem.
    void firstOfANumberedRoleIsNumberOne()
    {
        const ValidationContext context = PinsLock::builtIn().validationContext();
        Lab lab = blankLab();
        QStringList ids;
        for (const char *role : {"compute", "controller", "storage", "compute", "login", "observability"}) {
            QString id;
            lab = NodeJoin::withNewNode(lab, QString::fromLatin1(role), QPointF(220 * ids.size(), 300), context, &id);
            ids.append(id);
        }
        QCOMPARE(ids, Latin1List::of({"compute-1", "controller", "storage", "compute-2", "login", "observability"}));
        QCOMPARE(NodeJoin::nextId(blankLab(), QStringLiteral("compute"), true), QStringLiteral("compute-1"));
    }
};

QTEST_GUILESS_MAIN(TestNodeJoin)
#include "tst_nodejoin.moc"
