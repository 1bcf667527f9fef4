// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's canvas under QT_QPA_PLATFORM=offscreen, for what joins nodes: the
// reference lab drawn at the specification's coordinates and no built-in lab drawn over
// itself; links drawn, edited and deleted; interfaces drawn to networks (and what boots from
// them); a network's bus dragged; each kind of line a layer of its own.
#include "BootPlanner.h"
#include "BundleGenerator.h"
#include "Catalog.h"
#include "DesignerFixture.h"
#include "EditLabCommand.h"
#include "InterfaceItem.h"
#include "LabView.h"
#include "LabWriter.h"
#include "LinkItem.h"
#include "LinkLayout.h"
#include "LinkPanel.h"
#include "NetworkEdits.h"
#include "NetworkItem.h"
#include "NodeItem.h"
#include "NodeReferences.h"
#include "ReportWriter.h"
#include "Templates.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTest>

using namespace Labforge;

class TestDesignerLinks : public DesignerFixture
{
    Q_OBJECT

private Q_SLOTS:
    void referenceLabOpensAtTheSpecsCoordinates()
    {
        // The specification's canvas pixels ("Six-node topology").
        const QList<std::pair<const char *, QPointF>> spec = {
            {"controller", QPointF(320, 100)}, {"compute-1", QPointF(120, 340)}, {"compute-2", QPointF(520, 340)},
            {"login-ops", QPointF(120, 580)},  {"storage", QPointF(520, 580)},   {"observability", QPointF(320, 820)}};
        for (const auto &[id, at] : spec)
            QCOMPARE(scene()->nodeItem(QString::fromLatin1(id))->pos(), at);
        // The lab network is a bus; each node's one interface is a straight line to it.
        QCOMPARE(scene()->networkItems().size(), 1);
        NetworkItem *bus = scene()->networkItem(QStringLiteral("hpc-lab"));
        QVERIFY(bus);
        QCOMPARE(bus->pos(), QPointF(180, 500));
        QCOMPARE(scene()->interfaceItems().size(), 6);
        for (InterfaceItem *l : scene()->interfaceItems()) {
            QCOMPARE(l->line().x1(), l->line().x2());
            QCOMPARE(l->line().y2(), 500.0);
            QVERIFY(l->line().x1() > bus->bus().x1() && l->line().x1() < bus->bus().x2());
            QCOMPARE(l->label(), QStringLiteral("eth0 ") + doc()->lab().node(l->nodeId())->ip());
        }
        // The eight links, each a line from card to card.
        const QList<std::pair<const char *, const char *>> links = {
            {"controller", "compute-1"},     {"controller", "compute-2"}, {"controller", "login-ops"},
            {"controller", "observability"}, {"storage", "controller"},   {"storage", "compute-1"},
            {"storage", "compute-2"},        {"storage", "login-ops"}};
        QCOMPARE(scene()->linkItems().size(), 8);
        for (const auto &[from, to] : links) {
            LinkItem *link = scene()->linkItem(QString::fromLatin1(from), QString::fromLatin1(to));
            QVERIFY2(link, from);
            const QRectF a(scene()->nodeItem(QString::fromLatin1(from))->pos(), Catalog::nodeSize());
            const QRectF b(scene()->nodeItem(QString::fromLatin1(to))->pos(), Catalog::nodeSize());
            QVERIFY2(onEdge(a, link->line().p1()) && onEdge(b, link->line().p2()), to);
        }
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
    }

    static bool onEdge(const QRectF &card, QPointF p)
    {
        const QRectF outer = card.adjusted(-1, -1, 1, 1);
        const QRectF inner = card.adjusted(1, 1, -1, -1);
        return outer.contains(p) && !inner.contains(p);
    }

    // Nothing of a built-in lab is drawn over anything else: no card on a card, the bus and
    // the labels (the network's, each interface's, each link's) on no card, bus or other
    // label, and no link through a card that is not one of its ends. Measured on the
    // scene's items, as drawn.
    void builtInLabsDrawNothingOverAnything_data()
    {
        QTest::addColumn<QString>("lab");
        for (const QString &name : Templates::names())
            QTest::newRow(qPrintable(name)) << name;
    }

    void builtInLabsDrawNothingOverAnything()
    {
        QFETCH(QString, lab);
        m_window->openTemplate(lab);
        QStringList overlaps;
        QList<std::pair<QString, QRectF>> cards, labels;
        for (const Node &n : doc()->lab().nodes)
            cards.append({n.id, QRectF(n.position, Catalog::nodeSize())});
        QList<std::pair<QString, QLineF>> buses;
        for (NetworkItem *n : scene()->networkItems()) {
            buses.append({n->name(), n->bus()});
            labels.append({n->name(), n->mapRectToScene(n->labelRect())});
        }
        for (InterfaceItem *i : scene()->interfaceItems())
            labels.append({i->label(), i->labelRect(i->line())});
        for (LinkItem *l : scene()->linkItems()) {
            if (!l->link().label.isEmpty())
                labels.append({l->link().label, l->labelRect()});
        }
        const auto crosses = [](const QLineF &line, const QRectF &rect) {
            QPainterPath path(line.p1());
            path.lineTo(line.p2());
            return path.intersects(rect);
        };
        for (qsizetype i = 0; i < cards.size(); ++i) {
            for (qsizetype j = i + 1; j < cards.size(); ++j) {
                if (cards.at(i).second.intersects(cards.at(j).second))
                    overlaps.append(cards.at(i).first + QStringLiteral(" on ") + cards.at(j).first);
            }
            for (const auto &[name, bus] : buses) {
                if (crosses(bus, cards.at(i).second))
                    overlaps.append(QStringLiteral("bus ") + name + QStringLiteral(" on ") + cards.at(i).first);
            }
            for (const auto &[text, rect] : labels) {
                if (rect.intersects(cards.at(i).second))
                    overlaps.append(text + QStringLiteral(" on ") + cards.at(i).first);
            }
            for (LinkItem *l : scene()->linkItems()) {
                if (!l->link().touches(cards.at(i).first) && crosses(l->line(), cards.at(i).second))
                    overlaps.append(
                        QStringLiteral("link %1-%2 through %3").arg(l->link().from, l->link().to, cards.at(i).first));
            }
        }
        for (qsizetype i = 0; i < labels.size(); ++i) {
            for (qsizetype j = i + 1; j < labels.size(); ++j) {
                if (labels.at(i).second.intersects(labels.at(j).second))
                    overlaps.append(labels.at(i).first + QStringLiteral(" on ") + labels.at(j).first);
            }
            for (const auto &[name, bus] : buses) {
                if (crosses(bus, labels.at(i).second))
                    overlaps.append(QStringLiteral("bus ") + name + QStringLiteral(" on ") + labels.at(i).first);
            }
        }
        QVERIFY2(overlaps.isEmpty(), qPrintable(overlaps.join(QLatin1Char('\n'))));
    }

    // The Link tool between two nodes draws a link (attaching one to the other's network when
    // they share none, in the same undo step); a link is selectable, shows its ends, network
    // and label in Properties, and Delete removes it. Deleting a node takes its links along,
    // in one undo step; renaming one carries them.
    void linksAreDrawnEditedAndDeleted()
    {
        const QByteArray original = LabWriter::toBytes(doc()->lab());
        scene()->setTool(LabScene::Tool::Link);
        drag(centreOf(QStringLiteral("compute-1")), centreOf(QStringLiteral("compute-2")));
        QCOMPARE(doc()->lab().links.size(), 9);
        QCOMPARE(doc()->lab().links.last(),
                 (Link {QStringLiteral("compute-1"), QStringLiteral("compute-2"), QStringLiteral("hpc-lab"), {}}));
        QVERIFY(doc()->undoStack()->undoText().endsWith(QStringLiteral("Link compute-1 and compute-2")));
        QVERIFY(scene()->linkItem(QStringLiteral("compute-2"), QStringLiteral("compute-1")));
        // A pair already linked is refused, as is a node linked to itself.
        drag(centreOf(QStringLiteral("storage")), centreOf(QStringLiteral("login-ops")));
        drag(centreOf(QStringLiteral("storage")), centreOf(QStringLiteral("storage")));
        QCOMPARE(doc()->lab().links.size(), 9);
        // A click on the line selects the link; Properties show it and edit its label.
        scene()->setTool(LabScene::Tool::Select);
        LinkItem *link = scene()->linkItem(QStringLiteral("compute-1"), QStringLiteral("compute-2"));
        QTest::mouseClick(m_window->view()->viewport(), Qt::LeftButton, {}, viewPoint(link->line().pointAt(0.3)));
        QCOMPARE(scene()->selectedLinks(), QList<int>({8}));
        auto *ends = m_window->linkPanel()->findChild<QLabel *>(QStringLiteral("linkEnds"));
        QVERIFY(ends && ends->isVisible());
        QCOMPARE(ends->text(), QStringLiteral("compute-1 – compute-2"));
        QCOMPARE(m_window->linkPanel()->findChild<QComboBox *>(QStringLiteral("linkNetwork"))->currentText(),
                 QStringLiteral("hpc-lab"));
        auto *label = m_window->linkPanel()->findChild<QLineEdit *>(QStringLiteral("linkLabel"));
        label->setFocus();
        label->setText(QStringLiteral("mpi"));
        QTest::keyClick(label, Qt::Key_Return);
        QCOMPARE(doc()->lab().links.last().label, QStringLiteral("mpi"));
        QVERIFY(!scene()->linkItem(QStringLiteral("compute-1"), QStringLiteral("compute-2"))->labelRect().isEmpty());
        // Delete removes the selected link.
        scene()->linkItem(QStringLiteral("compute-1"), QStringLiteral("compute-2"))->setSelected(true);
        m_window->view()->setFocus();
        scene()->deleteSelection();
        QCOMPARE(doc()->lab().links.size(), 8);
        QVERIFY(!scene()->linkItem(QStringLiteral("compute-1"), QStringLiteral("compute-2")));
        // Renaming a node carries its links; deleting it takes them, in one undo step.
        doc()->undoStack()->push(
            new EditLabCommand(doc(), doc()->lab(),
                               NodeReferences::renamed(doc()->lab(), QStringLiteral("storage"), QStringLiteral("nas")),
                               QStringLiteral("rename")));
        QVERIFY(scene()->linkItem(QStringLiteral("nas"), QStringLiteral("login-ops")));
        QCOMPARE(doc()->lab().links.at(4).from, QStringLiteral("nas"));
        const int steps = doc()->undoStack()->count();
        answerStepsQuestion(QStringLiteral("deleteSteps"));
        scene()->selectNode(QStringLiteral("nas"));
        scene()->deleteSelection();
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QCOMPARE(doc()->lab().links.size(), 4);
        QCOMPARE(scene()->linkItems().size(), 4);
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), countProblems());
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().links.size(), 8);
        QCOMPARE(scene()->linkItems().size(), 8);
        while (doc()->undoStack()->canUndo())
            doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), original);
    }

    // Two nodes without a network in common: the Link tool attaches the first to a network
    // of the second and links them, one undo step.
    void linkingNodesWithoutASharedNetworkAttachesOne()
    {
        const QString net = scene()->addNetwork(QPointF(140, 260));
        scene()->setTool(LabScene::Tool::Link);
        drag(centreOf(QStringLiteral("storage")), QPointF(160, 260));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->interfaces.size(), 2);
        // storage and compute-2 share hpc-lab: move compute-2 off it by a new lab without the
        // link, then link compute-1 (hpc-lab only) to a node only on net-2.
        Lab lab = doc()->lab();
        lab.links.clear();
        lab.node(QStringLiteral("storage"))->interfaces.removeFirst();
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("storage on net-2 only")));
        const int steps = doc()->undoStack()->count();
        drag(centreOf(QStringLiteral("compute-1")), centreOf(QStringLiteral("storage")));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QCOMPARE(doc()->lab().links.size(), 1);
        QCOMPARE(doc()->lab().links.at(0).network, net);
        QCOMPARE(doc()->lab().node(QStringLiteral("compute-1"))->interfaces.value(1).network, net);
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab().links.isEmpty());
        QCOMPARE(doc()->lab().node(QStringLiteral("compute-1"))->interfaces.size(), 1);
    }

    // Each kind of line is a layer the View menu shows or hides, remembered for the next start.
    void viewTogglesEachLayerAndRemembersIt()
    {
        QAction *links = m_window->findChild<QAction *>(QStringLiteral("show-links"));
        QAction *interfaces = m_window->findChild<QAction *>(QStringLiteral("show-interfaces"));
        QVERIFY(links && interfaces && links->isChecked() && interfaces->isChecked());
        links->trigger();
        QVERIFY(!scene()->layerVisible(LabScene::Layer::Links));
        for (LinkItem *l : scene()->linkItems())
            QVERIFY(!l->isVisible());
        QVERIFY(scene()->interfaceItems().first()->isVisible());
        interfaces->trigger();
        QVERIFY(!scene()->interfaceItems().first()->isVisible());
        m_window.reset();
        init();
        QVERIFY(!scene()->layerVisible(LabScene::Layer::Links));
        QVERIFY(!scene()->layerVisible(LabScene::Layer::Interfaces));
        QVERIFY(!scene()->linkItems().first()->isVisible());
        m_window->findChild<QAction *>(QStringLiteral("show-links"))->trigger();
        m_window->findChild<QAction *>(QStringLiteral("show-interfaces"))->trigger();
        QVERIFY(scene()->linkItems().first()->isVisible() && scene()->interfaceItems().first()->isVisible());
    }

    // A link problem's row in the Problems panel selects the link and shows it.
    void aLinkProblemLeadsToTheLink()
    {
        Lab lab = doc()->lab();
        lab.links[3].network.clear();
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("break")));
        QVERIFY(activateProblem(QStringLiteral("link.network-missing"), QStringLiteral("/links/3/network")));
        QCOMPARE(scene()->selectedLinks(), QList<int>({3}));
        QCOMPARE(m_window->linkPanel()->link(), 3);
        QVERIFY(scene()
                    ->linkItem(QStringLiteral("controller"), QStringLiteral("observability"))
                    ->problem()
                    .contains(QStringLiteral("names no network")));
    }

    // A line from a node to a network is an interface on it, and what is drawn is what boots.
    void drawsInterfacesToNetworks()
    {
        const QByteArray original = LabWriter::toBytes(doc()->lab());
        // A second network, below the lab: the next free /24, its .1 as gateway.
        QCOMPARE(scene()->addNetwork(QPointF(140, 260)), QStringLiteral("net-2"));
        const Network *net = doc()->lab().network(QStringLiteral("net-2"));
        QVERIFY(net);
        QCOMPARE(net->cidr, QStringLiteral("10.103.1.0/24"));
        QCOMPARE(net->gateway, QStringLiteral("10.103.1.1"));
        QCOMPARE(net->position, std::optional<QPointF>(QPointF(140, 260)));
        QVERIFY(scene()->networkItem(QStringLiteral("net-2")));
        // The link tool: storage to the new bus gives storage eth1 there.
        scene()->setTool(LabScene::Tool::Link);
        drag(centreOf(QStringLiteral("storage")), QPointF(160, 260));
        const Node *storage = doc()->lab().node(QStringLiteral("storage"));
        QCOMPARE(storage->interfaces.size(), 2);
        QCOMPARE(storage->interfaces.at(1), (NodeInterface {QStringLiteral("net-2"), QStringLiteral("10.103.1.10")}));
        InterfaceItem *eth1 = scene()->interfaceItem(QStringLiteral("storage"), 1);
        QVERIFY(eth1);
        QCOMPARE(eth1->label(), QStringLiteral("eth1 10.103.1.10"));
        QCOMPARE(eth1->route().constLast().y(), 260.0); // on the bus, around compute-1 on the way
        QVERIFY(eth1->line().x1() != scene()->interfaceItem(QStringLiteral("storage"), 0)->line().x1()); // side by side
        // From a node to the bus of net-2 again: compute-1 gets its eth1 there.
        drag(centreOf(QStringLiteral("compute-1")), QPointF(160, 260));
        QCOMPARE(doc()->lab().node(QStringLiteral("compute-1"))->interfaces.value(1),
                 (NodeInterface {QStringLiteral("net-2"), QStringLiteral("10.103.1.11")}));
        const int lines = int(scene()->interfaceItems().size());
        QCOMPARE(lines, 8);
        drag(centreOf(QStringLiteral("storage")), QPointF(160, 260));
        QCOMPARE(scene()->interfaceItems().size(), lines); // already on it: refused
        drag(centreOf(QStringLiteral("compute-2")), centreOf(QStringLiteral("compute-2")));
        QCOMPARE(scene()->interfaceItems().size(), lines); // itself: refused
        // Esc cancels a line in progress.
        QWidget *vp = m_window->view()->viewport();
        QTest::mousePress(vp, Qt::LeftButton, {}, viewPoint(centreOf(QStringLiteral("login-ops"))));
        QTest::keyClick(vp, Qt::Key_Escape);
        QTest::mouseRelease(vp, Qt::LeftButton, {}, viewPoint(QPointF(160, 260)));
        QCOMPARE(scene()->interfaceItems().size(), lines);
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        // What boots: storage's image configures eth1 on net-2, its domain has two NICs.
        const Bundle bundle = BundleGenerator::generate(doc()->lab(), PinsLock::builtIn());
        QVERIFY2(bundle.ok(), qPrintable(bundle.errors.join(QLatin1Char('\n'))));
        QByteArray unit;
        for (const GeneratedFile &f : bundle.node(QStringLiteral("storage"))->output.files)
            unit = f.path == QLatin1String("/etc/systemd/network/11-net-2.network") ? f.content : unit;
        QVERIFY2(unit.contains("Name=eth1\n") && unit.contains("Address=10.103.1.10/24\n"), unit.constData());
        const BootPlan plan = BootPlanner::plan(doc()->lab(), {}, {});
        QCOMPARE(plan.networks.size(), 2);
        for (const BootPlan::Domain &d : plan.domains) {
            if (d.node == QLatin1String("storage")) {
                QCOMPARE(d.interfaces.size(), 2);
                QCOMPARE(d.interfaces.at(1).ip, QStringLiteral("10.103.1.10"));
                QCOMPARE(d.interfaces.at(1).network, plan.prefix() + QStringLiteral("net-2"));
            }
        }
        // Deleting a line takes the interface; deleting the network takes every line to it.
        scene()->setTool(LabScene::Tool::Select);
        scene()->clearSelection();
        scene()->interfaceItem(QStringLiteral("compute-1"), 1)->setSelected(true);
        scene()->deleteSelection();
        QCOMPARE(doc()->lab().node(QStringLiteral("compute-1"))->interfaces.size(), 1);
        scene()->selectNetwork(QStringLiteral("net-2"));
        scene()->deleteSelection();
        QVERIFY(!doc()->lab().network(QStringLiteral("net-2")));
        QVERIFY(!scene()->networkItem(QStringLiteral("net-2")));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->interfaces.size(), 1);
        QCOMPARE(scene()->interfaceItems().size(), 6);
        // Each gesture was one undo step.
        for (int i = 0; i < 5; ++i)
            doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), original);
        QCOMPARE(scene()->interfaceItems().size(), 6);
        QCOMPARE(scene()->networkItems().size(), 1);
    }

    void draggingABusMovesTheNetworkInOneStep()
    {
        scene()->setTool(LabScene::Tool::Select);
        drag(QPointF(240, 500), QPointF(240, 541));
        QCOMPARE(doc()->lab().network(QStringLiteral("hpc-lab"))->position,
                 std::optional<QPointF>(QPointF(180, 540))); // on the grid
        QCOMPARE(doc()->undoStack()->count(), 1);
        // The lines end on the bus where it is now.
        for (InterfaceItem *l : scene()->interfaceItems())
            QCOMPARE(l->line().y2(), 540.0);
        doc()->undoStack()->undo();
        QCOMPARE(scene()->networkItem(QStringLiteral("hpc-lab"))->pos(), QPointF(180, 500));
        // Arrow keys move a selected bus too, with the nodes selected beside it, in one step.
        scene()->selectNetwork(QStringLiteral("hpc-lab"));
        scene()->nodeItem(QStringLiteral("storage"))->setSelected(true);
        m_window->view()->setFocus();
        QTest::keyClick(m_window->view()->viewport(), Qt::Key_Right);
        QCOMPARE(doc()->lab().network(QStringLiteral("hpc-lab"))->position, std::optional<QPointF>(QPointF(200, 500)));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->position, QPointF(540, 580));
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Move selection"));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().network(QStringLiteral("hpc-lab"))->position, std::optional<QPointF>(QPointF(180, 500)));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->position, QPointF(520, 580));
    }

    // A link whose straight line would pass through a card it does not join goes around that
    // card (on the canvas, in hit-testing and in the report's diagram), its label on its way;
    // a link whose straight line passes through no card stays that very line.
    void aLinkGoesAroundTheCardsItDoesNotJoin()
    {
        const QList<QLineF> straight = LinkLayout::lines(doc()->lab());
        QCOMPARE(scene()->linkItems().size(), 8);
        for (LinkItem *l : scene()->linkItems()) {
            QCOMPARE(l->path().size(), 2);
            QCOMPARE(l->line(), straight.at(l->index()));
        }
        // The controller above compute-1, login-ops below it: one column of three cards.
        Lab lab = doc()->lab();
        lab.node(QStringLiteral("controller"))->position = QPointF(120, 100);
        const auto joins = [](const Link &l) {
            return l.joins(QStringLiteral("controller"), QStringLiteral("login-ops"));
        };
        const auto at = std::find_if(lab.links.begin(), lab.links.end(), joins);
        QVERIFY(at != lab.links.end());
        at->label = QStringLiteral("ssh");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        LinkItem *link = scene()->linkItem(QStringLiteral("controller"), QStringLiteral("login-ops"));
        QVERIFY(link);
        const QPolygonF way = link->path();
        QVERIFY2(way.size() > 2, "a detour");
        const QRectF compute1(scene()->nodeItem(QStringLiteral("compute-1"))->pos(), Catalog::nodeSize());
        QVERIFY(segmentThrough(QLineF(link->line()), compute1)); // the straight line would
        for (const Node &n : doc()->lab().nodes) {
            const QRectF card(n.position, Catalog::nodeSize());
            for (qsizetype i = 1; i < way.size(); ++i) {
                // Its own cards are left at their sides, not run through.
                const bool own = n.id == QLatin1String("controller") || n.id == QLatin1String("login-ops");
                QVERIFY2(!segmentThrough(QLineF(way.at(i - 1), way.at(i)), own ? card.adjusted(1, 1, -1, -1) : card),
                         qPrintable(n.id));
            }
            for (qsizetype i = 1; i + 1 < way.size(); ++i)
                QVERIFY2(!card.contains(way.at(i)), qPrintable(n.id));
        }
        for (qsizetype i = 1; i < way.size(); ++i) // runs across and along, no slants
            QVERIFY(way.at(i).x() == way.at(i - 1).x() || way.at(i).y() == way.at(i - 1).y());
        const QRectF a(doc()->lab().node(QStringLiteral("controller"))->position, Catalog::nodeSize());
        const QRectF b(doc()->lab().node(QStringLiteral("login-ops"))->position, Catalog::nodeSize());
        QVERIFY(onEdge(a, way.first()) && onEdge(b, way.last()));
        QVERIFY(onWay(way, link->labelRect().center()));
        // Hit-testing follows the way: a point on the detour picks the link, a point of the
        // straight line (where it would run through compute-1) does not.
        QPointF side;
        for (qsizetype i = 1; i < way.size(); ++i) {
            if (way.at(i).x() == way.at(i - 1).x() && QLineF(way.at(i - 1), way.at(i)).length() > 40)
                side = QLineF(way.at(i - 1), way.at(i)).pointAt(0.25);
        }
        QVERIFY(!side.isNull());
        QVERIFY(link->shape().contains(link->mapFromScene(side)));
        const QPointF gap = QLineF(link->line()).pointAt((compute1.center().y() - a.bottom()) / (b.top() - a.bottom()));
        QVERIFY(!link->shape().contains(link->mapFromScene(gap)));
        // A click on the detour where nothing is drawn over it (an interface line going around
        // compute-1 may share a run) selects the link.
        QPointF free;
        for (qsizetype i = 2; i + 1 < way.size() && free.isNull(); ++i) {
            const QPointF p = QLineF(way.at(i - 1), way.at(i)).center();
            if (scene()->itemAt(p, m_window->view()->transform()) == link)
                free = p;
        }
        QVERIFY(!free.isNull());
        scene()->clearSelection();
        m_window->view()->centerOn(free);
        QTest::mouseClick(m_window->view()->viewport(), Qt::LeftButton, {}, viewPoint(free));
        QVERIFY(link->isSelected());
        // The report's diagram takes the same way.
        const QString svg = ReportWriter::diagramSvg(doc()->lab(), nullptr);
        QCOMPARE(svg.count(QStringLiteral("<polyline class='link'")), detoured());
        QCOMPARE(svg.count(QStringLiteral("class='link'")), 8);
        QCOMPARE(QPolygonF(LinkLayout::paths(doc()->lab()).at(link->index())), way);
        // Back in its place, every link is a straight line again.
        doc()->undoStack()->undo();
        for (LinkItem *l : scene()->linkItems())
            QCOMPARE(l->path(), QPolygonF({straight.at(l->index()).p1(), straight.at(l->index()).p2()}));
    }

    int detoured()
    {
        int n = 0;
        for (LinkItem *l : scene()->linkItems())
            n += l->path().size() > 2;
        return n;
    }

    // Whether the segment runs through the inside of `rect` (sampled along it).
    static bool segmentThrough(const QLineF &segment, const QRectF &rect)
    {
        for (int i = 1; i < 200; ++i) {
            const QPointF p = segment.pointAt(i / 200.0);
            if (p.x() > rect.left() && p.x() < rect.right() && p.y() > rect.top() && p.y() < rect.bottom())
                return true;
        }
        return false;
    }

    static bool onWay(const QPolygonF &way, QPointF p)
    {
        for (qsizetype i = 1; i < way.size(); ++i) {
            const QLineF piece(way.at(i - 1), way.at(i));
            const QRectF box = QRectF(piece.p1(), piece.p2()).normalized().adjusted(-0.5, -0.5, 0.5, 0.5);
            if (box.contains(p))
                return true;
        }
        return false;
    }

    // A line's drawn area holds its label, whatever its interface (eth1's is a row further
    // out), and the line keeps its old place until it is told to follow its node: what
    // prepareGeometryChange() needs to have the scene repaint where the line and label were.
    void aLinksAreaHoldsItsLabelAndMovesOnlyWhenTold()
    {
        QString name, why;
        Lab lab = NetworkEdits::withNewNetwork(doc()->lab(), QPointF(0, 700), &name);
        lab = NetworkEdits::attached(lab, QStringLiteral("storage"), name, &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        for (int index : {0, 1}) {
            InterfaceItem *link = scene()->interfaceItem(QStringLiteral("storage"), index);
            QVERIFY(link);
            QVERIFY2(link->boundingRect().contains(link->labelRect(link->line())), qPrintable(link->label()));
        }
        InterfaceItem *link = scene()->interfaceItem(QStringLiteral("storage"), 1);
        NodeItem *node = scene()->nodeItem(QStringLiteral("storage"));
        const QLineF before = link->line();
        const QPointF at = node->pos();
        node->setPos(at + QPointF(120, 0));
        QCOMPARE(link->line(), before);
        link->updateGeometry();
        QCOMPARE(link->line(), before.translated(120, 0));
        node->setPos(at);
        link->updateGeometry();
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }
};

QTEST_MAIN(TestDesignerLinks)
#include "tst_designer_links.moc"
