#include "Catalog.h"
#include "FeatureModules.h"
#include "NodeJoin.h"
#include "PinsLock.h"
#include "Templates.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QJsonArray>
#include <QTest>

using namespace Labforge;

namespace {

QString describe(const Problems &problems)
{
    QStringList lines;
    for (const Problem &p : problems)
        lines.append(p.rule + u' ' + p.pointer + u' ' + p.message);
    return lines.join(QLatin1Char('\n'));
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
    Lab lab;
    lab.name = QStringLiteral("new-lab");
    lab.networks.append(
        Network {QStringLiteral("lab-net"), QStringLiteral("10.50.0.0/24"), QStringLiteral("10.50.0.1"), {}, false});
    return lab;
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
};

QTEST_GUILESS_MAIN(TestNodeJoin)
#include "tst_nodejoin.moc"
