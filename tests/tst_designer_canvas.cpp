// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's canvas under QT_QPA_PLATFORM=offscreen, for nodes: a role dropped from
// the palette, moves with snap (and Alt to bypass it), delete and duplicate with undo, one
// item per node id, hosts' colours and frames, touchpad pan and wheel zoom, and the keyboard
// paths; edits elsewhere keep the canvas's items and run badges.
#include "CanvasMenu.h"
#include "Catalog.h"
#include "DeleteStepsDialog.h"
#include "DesignerFixture.h"
#include "EditLabCommand.h"
#include "FieldMark.h"
#include "HostGroupItem.h"
#include "HostStyle.h"
#include "InterfaceItem.h"
#include "LabView.h"
#include "LabWriter.h"
#include "NetworkItem.h"
#include "NetworkLayout.h"
#include "NodeItem.h"
#include "NodePanel.h"
#include "RemoveNodesCommand.h"
#include "Templates.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QGraphicsSceneDragDropEvent>
#include <QImage>
#include <QJsonArray>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QWheelEvent>

using namespace Labforge;

class TestDesignerCanvas : public DesignerFixture
{
    Q_OBJECT

private Q_SLOTS:
    void dropFromThePaletteAddsANode()
    {
        QMimeData mime;
        mime.setData(QString::fromLatin1(LabScene::RoleMimeType), "compute");
        QGraphicsSceneDragDropEvent drop(QEvent::GraphicsSceneDrop);
        drop.setScenePos(QPointF(900, 400));
        drop.setMimeData(&mime);
        drop.setProposedAction(Qt::CopyAction);
        QApplication::sendEvent(scene(), &drop);
        // It lands valid: numbered after the lab's computes, on the next
        // free address, a worker of plan.kubernetes, listed by every Slinky member, and the
        // lab's warnings worded for seven VMs; one undo step takes all of it back.
        const Node *added = doc()->lab().node(QStringLiteral("compute-3"));
        QVERIFY(added);
        QCOMPARE(added->role, QStringLiteral("compute"));
        QCOMPARE(added->ip(), QStringLiteral("10.103.0.11")); // first free address from .10
        QCOMPARE(added->position, QPointF(820, 360)); // centred on the drop, on the grid
        QVERIFY(added->recipe.hasFeature(QStringLiteral("kubeadm-lab")));
        QVERIFY(doc()->lab().kubernetes->workers.contains(QStringLiteral("compute-3")));
        for (const Node &n : doc()->lab().nodes) {
            if (const Service *s = n.recipe.service(QStringLiteral("openfactory-slinky-slurm")))
                QVERIFY2(
                    s->config.value(QStringLiteral("compute_node_ids")).toArray().contains(QStringLiteral("compute-3")),
                    qPrintable(n.id));
        }
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-3"))->problems().isEmpty());
        // The gates count with {{nodes:role=compute}} and {{count:…}}: they follow the drop, and
        // nothing is left to say.
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Add node compute-3"));
        doc()->undoStack()->undo();
        QVERIFY(!doc()->lab().node(QStringLiteral("compute-3")));
        QVERIFY(!doc()->lab().kubernetes->workers.contains(QStringLiteral("compute-3")));
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        doc()->undoStack()->redo();
        QVERIFY(doc()->lab().node(QStringLiteral("compute-3")));
        QVERIFY(doc()->lab().kubernetes->workers.contains(QStringLiteral("compute-3")));
    }

    // On a blank lab the first compute dropped is compute-1, as the built-in labs name their
    // computes (more of them are expected); the first controller stays controller.
    void firstComputeDroppedIsComputeOne()
    {
        doc()->reset(Templates::blank());
        const auto dropRole = [this](const QByteArray &role, QPointF at) {
            QMimeData mime;
            mime.setData(QString::fromLatin1(LabScene::RoleMimeType), role);
            QGraphicsSceneDragDropEvent drop(QEvent::GraphicsSceneDrop);
            drop.setScenePos(at);
            drop.setMimeData(&mime);
            drop.setProposedAction(Qt::CopyAction);
            QApplication::sendEvent(scene(), &drop);
        };
        dropRole("compute", QPointF(200, 300));
        dropRole("controller", QPointF(500, 100));
        dropRole("compute", QPointF(500, 300));
        QStringList ids;
        for (const Node &n : doc()->lab().nodes)
            ids.append(n.id);
        QCOMPARE(ids,
                 QStringList({QStringLiteral("compute-1"), QStringLiteral("controller"), QStringLiteral("compute-2")}));
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-1")));
        doc()->undoStack()->setClean();
    }

    // A pasted node lands in free canvas space: on no card, no bus and no bus label (the
    // copy of a node beside the bus is wanted where the label is).
    void pastedNodesLandClearOfBusesAndLabels()
    {
        const QStringList originals = [this] {
            QStringList ids;
            for (const Node &n : doc()->lab().nodes)
                ids.append(n.id);
            return ids;
        }();
        for (const QString &id : originals) {
            scene()->selectNode(id);
            scene()->paste(scene()->copySelection());
            const QStringList pasted = scene()->selectedNodeIds();
            QCOMPARE(pasted.size(), 1);
            const QRectF card = NetworkLayout::nodeBox(*doc()->lab().node(pasted.first()));
            for (const QLineF &bus : NetworkLayout::buses(doc()->lab())) {
                QVERIFY2(!card.intersects(NetworkLayout::label(bus)), qPrintable(pasted.first()));
                QVERIFY2(!card.intersects(NetworkLayout::area(bus)), qPrintable(pasted.first()));
            }
            for (const Node &n : doc()->lab().nodes)
                QVERIFY2(n.id == pasted.first() || !card.intersects(NetworkLayout::nodeBox(n)), qPrintable(n.id));
        }
        doc()->undoStack()->setClean();
    }

    void movesSnapToTheGridAndAltBypassesIt()
    {
        scene()->setTool(LabScene::Tool::Select);
        const QPointF start = doc()->lab().node(QStringLiteral("storage"))->position;
        drag(centreOf(QStringLiteral("storage")), centreOf(QStringLiteral("storage")) + QPointF(53, 27));
        const QPointF snapped = doc()->lab().node(QStringLiteral("storage"))->position;
        QCOMPARE(snapped, start + QPointF(60, 20));
        QCOMPARE(doc()->undoStack()->count(), 1); // one drag, one step
        drag(centreOf(QStringLiteral("storage")), centreOf(QStringLiteral("storage")) + QPointF(7, 3), Qt::AltModifier);
        const QPointF free = doc()->lab().node(QStringLiteral("storage"))->position;
        QVERIFY2(int(free.x()) % 20 != 0 || int(free.y()) % 20 != 0,
                 qPrintable(QStringLiteral("%1,%2").arg(free.x()).arg(free.y())));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->position, snapped);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->position, start);
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->pos(), start);
    }

    // A node moves to another lab host from its properties, in one undo step, and
    // its card says where it runs; a placement the lab has no host for leads to this field.
    void aNodeMovesToAnotherHost()
    {
        Lab lab = doc()->lab();
        lab.hosts = {LabHost {QStringLiteral("here"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1")},
                     LabHost {QStringLiteral("rack2"), QStringLiteral("qemu+ssh://root@rack2/system"),
                              QStringLiteral("10.0.0.2")}};
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("hosts")));
        scene()->selectNode(QStringLiteral("storage"));
        auto *host = m_window->nodePanel()->findChild<QComboBox *>(QStringLiteral("placementHost"));
        QVERIFY(host);
        QCOMPARE(host->count(), 3);
        QCOMPARE(host->currentIndex(), 0); // the planner's choice
        host->setCurrentIndex(host->findData(QStringLiteral("rack2")));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->placementHost, QStringLiteral("rack2"));
        QVERIFY(Validator::validate(doc()->lab()).isEmpty());
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab().node(QStringLiteral("storage"))->placementHost.isEmpty());
        QCOMPARE(host->currentIndex(), 0);
        // A host the lab does not have: shown as such, and the problem leads here.
        Lab stray = doc()->lab();
        stray.node(QStringLiteral("storage"))->placementHost = QStringLiteral("gone");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), stray, QStringLiteral("stray")));
        QVERIFY(host->currentText().contains(QStringLiteral("gone")));
        QVERIFY(activateProblem(QStringLiteral("node.placement-host-unknown"), {}));
        QCOMPARE(FieldMark::current(), host);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab().hosts.isEmpty());
    }

    // With hosts, each card carries its host's colour and the nodes of a host sit
    // in a frame of that colour that follows them; View > Group Nodes by Host hides the frames.
    void nodesAreColouredAndGroupedByHost()
    {
        Lab lab = doc()->lab();
        lab.hosts = {LabHost {QStringLiteral("here"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1")},
                     LabHost {QStringLiteral("rack2"), QStringLiteral("qemu+ssh://root@rack2/system"),
                              QStringLiteral("10.0.0.2")}};
        lab.node(QStringLiteral("storage"))->placementHost = QStringLiteral("here");
        lab.node(QStringLiteral("compute-1"))->placementHost = QStringLiteral("rack2");
        lab.node(QStringLiteral("compute-2"))->placementHost = QStringLiteral("rack2");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("hosts")));
        const auto card = [this](const QString &id) {
            return scene()->nodeItem(id)->mapRectToScene(QRectF(QPointF(0, 0), Catalog::nodeSize()));
        };
        QCOMPARE(scene()->hostGroupItems().size(), 2);
        HostGroupItem *rack2 = scene()->hostGroupItem(QStringLiteral("rack2"));
        HostGroupItem *here = scene()->hostGroupItem(QStringLiteral("here"));
        QVERIFY(rack2 && here);
        QCOMPARE(rack2->nodeCount(), 2);
        QCOMPARE(here->nodeCount(), 1);
        QVERIFY(rack2->area().contains(card(QStringLiteral("compute-1"))));
        QVERIFY(rack2->area().contains(card(QStringLiteral("compute-2"))));
        QVERIFY(here->area().contains(card(QStringLiteral("storage"))));
        // Only its own cards: no other card's middle is inside a host's area.
        for (const QString &other :
             {QStringLiteral("controller"), QStringLiteral("compute-1"), QStringLiteral("compute-2")})
            QVERIFY2(!here->area().contains(card(other).center()), qPrintable(other));
        QCOMPARE(here->colour(), HostStyle::colour(0));
        QCOMPARE(rack2->colour(), HostStyle::colour(1));
        QVERIFY(HostStyle::colour(0) != HostStyle::colour(1));
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->hostColour(), HostStyle::colour(0));
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->hostColour(), HostStyle::colour(1));
        QVERIFY(!scene()->nodeItem(QStringLiteral("controller"))->hostColour().isValid()); // the planner's
        QVERIFY(rack2->zValue() < scene()->nodeItem(QStringLiteral("compute-1"))->zValue());
        QVERIFY(scene()->contentRect().contains(rack2->area().boundingRect()));
        // The frame follows a moved card.
        scene()->selectNode(QStringLiteral("compute-1"));
        scene()->nudgeSelection(QPointF(400, 300));
        QVERIFY(rack2->area().contains(card(QStringLiteral("compute-1"))));
        // A node moved to another host from its properties changes frame and colour.
        scene()->selectNode(QStringLiteral("compute-2"));
        auto *host = m_window->nodePanel()->findChild<QComboBox *>(QStringLiteral("placementHost"));
        host->setCurrentIndex(host->findData(QStringLiteral("here")));
        QCOMPARE(rack2->nodeCount(), 1);
        QCOMPARE(here->nodeCount(), 2);
        QVERIFY(here->area().contains(card(QStringLiteral("compute-2"))));
        QVERIFY(!rack2->area().contains(card(QStringLiteral("compute-2")).center()));
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-2"))->hostColour(), HostStyle::colour(0));
        // Drawn without trouble, frames and tags included.
        QImage picture(scene()->sceneRect().size().toSize(), QImage::Format_ARGB32);
        picture.fill(Qt::white);
        QPainter painter(&picture);
        scene()->render(&painter);
        painter.end();
        // The frames can be hidden; the tags stay.
        QAction *groups = m_window->findChild<QAction *>(QStringLiteral("groupByHost"));
        QVERIFY(groups && groups->isChecked());
        groups->trigger();
        QVERIFY(scene()->hostGroupItems().isEmpty());
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->hostColour(), HostStyle::colour(0));
        groups->trigger();
        QCOMPARE(scene()->hostGroupItems().size(), 2);
        // Without hosts, nothing of it is left.
        doc()->undoStack()->undo(); // the host change
        doc()->undoStack()->undo(); // the nudge
        doc()->undoStack()->undo(); // the hosts
        QVERIFY(doc()->lab().hosts.isEmpty());
        QVERIFY(scene()->hostGroupItems().isEmpty());
        QVERIFY(!scene()->nodeItem(QStringLiteral("storage"))->hostColour().isValid());
    }

    void deleteTakesLinksAndUndoRestoresThem()
    {
        const Lab before = doc()->lab();
        answerStepsQuestion(QStringLiteral("deleteSteps"));
        scene()->selectNode(QStringLiteral("storage"));
        scene()->deleteSelection();
        QVERIFY(!doc()->lab().node(QStringLiteral("storage")));
        QVERIFY(!scene()->nodeItem(QStringLiteral("storage")));
        QCOMPARE(scene()->interfaceItems().size(), 5); // its line went with it
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab() == before);
        QCOMPARE(scene()->interfaceItems().size(), 6);
        // A compute node leaves the Kubernetes plan, the Slurm member lists and the gate's
        // steps with it, in one undo step, naming the steps: no error is left behind.
        QString said;
        connect(scene(), &LabScene::message, this, [&](const QString &text) { said = text; });
        answerStepsQuestion(QStringLiteral("deleteSteps"));
        scene()->selectNode(QStringLiteral("compute-2"));
        scene()->deleteSelection();
        QVERIFY(!doc()->lab().kubernetes->workers.contains(QStringLiteral("compute-2")));
        QVERIFY2(said.contains(QStringLiteral("hpc-lab-measurements/iperf3-server")), qPrintable(said));
        for (const Problem &p : doc()->problems())
            QVERIFY2(!p.isError(), qPrintable(p.rule + QLatin1Char(' ') + p.message));
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab() == before);
    }

    // Deleting a node that scenario steps name asks first: the steps listed (scenario, step,
    // gating), deleted with it or kept on a node that stays (its role's first), or nothing
    // done. Either choice is one undo step with the delete; Edit ▸ Delete (the Delete key's
    // action) and the node's context menu both ask.
    void deletingANodeAsksWhatBecomesOfItsSteps()
    {
        // A gating step on compute-2 too (the built-in lab's are on other nodes).
        Lab gated = doc()->lab();
        gated.scenarios[0].steps[3].node = QStringLiteral("compute-2");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), gated, QStringLiteral("test")));
        const Lab before = doc()->lab();
        const int commands = doc()->undoStack()->count();
        const auto stepsOn = [this](const QString &node) {
            int n = 0;
            for (const Scenario &s : doc()->lab().scenarios)
                n += int(std::count_if(s.steps.cbegin(), s.steps.cend(),
                                       [&](const ScenarioStep &step) { return step.node == node; }));
            return n;
        };
        const int onCompute1 = stepsOn(QStringLiteral("compute-1"));
        const int onCompute2 = stepsOn(QStringLiteral("compute-2"));
        QVERIFY(onCompute2 > 0);
        // Cancel: nothing is deleted, nothing is on the undo stack.
        QStringList listed;
        answerStepsQuestion(QString(), QString(), &listed);
        scene()->selectNode(QStringLiteral("compute-2"));
        scene()->deleteSelection();
        QVERIFY(doc()->lab() == before);
        QCOMPARE(doc()->undoStack()->count(), commands);
        // The Gating column says yes or no, never blank.
        QVERIFY2(listed.contains(QStringLiteral("hpc-lab-measurements/iperf3-server/compute-2/no")),
                 qPrintable(listed.join(u' ')));
        QVERIFY2(listed.contains(QStringLiteral("real-hpc-acceptance/1d-token-revoked/compute-2/yes")),
                 qPrintable(listed.join(u' ')));
        // Delete the steps, from Edit ▸ Delete: they go with the node, one undo brings all back.
        answerStepsQuestion(QStringLiteral("deleteSteps"));
        scene()->selectNode(QStringLiteral("compute-2"));
        QAction *editDelete = nullptr;
        for (QAction *a : m_window->findChildren<QAction *>())
            editDelete = a->text() == QLatin1String("&Delete") ? a : editDelete;
        QVERIFY(editDelete);
        editDelete->trigger();
        QVERIFY(!doc()->lab().node(QStringLiteral("compute-2")));
        QCOMPARE(stepsOn(QStringLiteral("compute-2")), 0);
        QCOMPARE(stepsOn(QStringLiteral("compute-1")), onCompute1);
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab() == before);
        // Reassign, from the node's context menu: the steps run on compute-1 (offered first:
        // compute-2's role), the node is gone, one undo brings the lab back.
        QStringList offered;
        answerStepsQuestion(QStringLiteral("reassignSteps"), QStringLiteral("compute-1"));
        QTimer::singleShot(0, this, [&] {
            const QWidget *modal = QApplication::activeModalWidget();
            if (const auto *combo = modal ? modal->findChild<QComboBox *>(QStringLiteral("reassignTarget")) : nullptr)
                for (int i = 0; i < combo->count(); ++i)
                    offered.append(combo->itemText(i));
        });
        QMenu menu;
        CanvasMenu::fill(&menu, scene(), scene()->nodeItem(QStringLiteral("compute-2")), nullptr, nullptr, {});
        QAction *menuDelete = nullptr;
        for (QAction *a : menu.actions())
            menuDelete = a->text() == QLatin1String("Delete") ? a : menuDelete;
        QVERIFY(menuDelete);
        menuDelete->trigger();
        QVERIFY(!doc()->lab().node(QStringLiteral("compute-2")));
        QCOMPARE(stepsOn(QStringLiteral("compute-1")), onCompute1 + onCompute2);
        QCOMPARE(doc()->undoStack()->count(), commands + 1);
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Delete node compute-2"));
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab() == before);
        QCOMPARE(offered.value(0), QStringLiteral("compute-1")); // compute-2's role first
        QVERIFY(!offered.contains(QStringLiteral("compute-2")));
    }

    // The undo history says what changed: the feature turned on or off and where, the node
    // deleted or how many things, the section edited.
    void undoHistorySaysWhatChanged()
    {
        scene()->selectNode(QStringLiteral("login-ops"));
        auto *helm = m_window->nodePanel()->findChild<QCheckBox *>(QStringLiteral("feature-helm"));
        QVERIFY(helm && helm->isChecked());
        helm->click();
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Turn off feature helm on login-ops"));
        helm->click();
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Turn on feature helm on login-ops"));
        // Two nodes and a network: a count of the items.
        answerStepsQuestion(QStringLiteral("deleteSteps"));
        scene()->selectNode(QStringLiteral("compute-2"));
        scene()->nodeItem(QStringLiteral("storage"))->setSelected(true);
        scene()->networkItem(QStringLiteral("hpc-lab"))->setSelected(true);
        scene()->deleteSelection();
        QVERIFY(!doc()->lab().node(QStringLiteral("storage")));
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Delete 3 item(s)"));
        doc()->undoStack()->undo();
        // A lab-wide field, and a fix from the Problems panel: what they say, no "Edit" before it.
        scene()->clearSelection();
        auto *name = m_window->findChild<QLineEdit *>(QStringLiteral("labName"));
        name->setText(QStringLiteral("renamed-lab"));
        Q_EMIT name->editingFinished();
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Edit lab name"));
        Lab lab = doc()->lab();
        lab.node(QStringLiteral("compute-2"))->recipe.features.removeAll(QStringLiteral("kubeadm-lab"));
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        for (int row = 0; row < doc()->problems().size(); ++row) {
            if (doc()->problems().at(row).rule == u"kubernetes.member-without-feature") {
                QVERIFY(m_window->fixProblem(row));
                break;
            }
        }
        QVERIFY2(doc()->undoStack()->undoText().startsWith(QLatin1String("Turn on kubeadm-lab on node")),
                 qPrintable(doc()->undoStack()->undoText()));
        doc()->undoStack()->setClean();
    }

    // Reassigning onto the other end of a link step would give that step one node at both
    // ends: the dialog says it is deleted with the node for that choice (not for another), and
    // the delete takes it; the rest run on the node chosen and nothing names a node twice.
    void reassigningOntoALinksOtherEndDeletesThatStep()
    {
        const QStringList gone {QStringLiteral("compute-1")};
        const Lab native = TestLabs::builtIn(QStringLiteral("slurm-native"));
        DeleteStepsDialog dialog(DeletedNodeSteps::of(native, gone), DeletedNodeSteps::targets(native, gone));
        auto *table = dialog.findChild<QTreeWidget *>(QStringLiteral("stepsOfDeletedNodes"));
        auto *target = dialog.findChild<QComboBox *>(QStringLiteral("reassignTarget"));
        QTreeWidgetItem *cut = nullptr;
        for (int i = 0; i < table->topLevelItemCount(); ++i)
            cut = table->topLevelItem(i)->text(1) == u"r1-cut-compute-1" ? table->topLevelItem(i) : cut;
        QVERIFY(cut);
        target->setCurrentText(QStringLiteral("controller"));
        QCOMPARE(cut->text(4), QStringLiteral("would name controller twice: deleted"));
        QCOMPARE(table->topLevelItem(0)->text(1) == u"r1-cut-compute-1" ? table->topLevelItem(1)->text(4)
                                                                        : table->topLevelItem(0)->text(4),
                 QStringLiteral("runs on controller"));
        target->setCurrentText(QStringLiteral("compute-2"));
        QCOMPARE(cut->text(4), QStringLiteral("runs on compute-2"));

        m_window->openTemplate(QStringLiteral("slurm-native"));
        answerStepsQuestion(QStringLiteral("reassignSteps"), QStringLiteral("controller"));
        scene()->selectNode(QStringLiteral("compute-1"));
        scene()->deleteSelection();
        QVERIFY(!doc()->lab().node(QStringLiteral("compute-1")));
        int onController = 0;
        for (const Scenario &s : doc()->lab().scenarios) {
            for (const ScenarioStep &step : s.steps) {
                QVERIFY2(step.node != step.assertion.link.peer && step.id != u"r1-cut-compute-1", qPrintable(step.id));
                onController += step.node == u"controller" ? 1 : 0;
            }
        }
        QVERIFY(onController > 0);
        for (const Problem &p : doc()->problems())
            QVERIFY2(p.rule != u"scenario.peer-self", qPrintable(p.message));
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab().node(QStringLiteral("compute-1")));
    }

    void duplicateMakesAValidCopy()
    {
        scene()->selectNode(QStringLiteral("compute-2"));
        scene()->duplicateSelection();
        const Node *copy = doc()->lab().node(QStringLiteral("compute-3")); // the lab's next compute
        QVERIFY(copy);
        QVERIFY(copy->ip() != QStringLiteral("10.103.0.22"));
        doc()->undoStack()->undo();
        QVERIFY(!doc()->lab().node(QStringLiteral("compute-3")));
    }

    // A lab whose file carries one id twice (the validator reports it) gets one item per id:
    // the scene's item map is never overwritten, so no item is left behind unowned, and
    // removing the first node of the pair hands the item to the second.
    void aDuplicateIdInTheLabNeverOverwritesAnItem()
    {
        auto nodeItems = [this] {
            int n = 0;
            for (QGraphicsItem *item : scene()->items())
                n += item->type() == NodeItem::Type ? 1 : 0;
            return n;
        };
        Lab lab = doc()->lab();
        lab.nodes[2].id = lab.nodes[1].id; // compute-2 becomes a second compute-1
        lab.nodes[2].position += QPointF(0, 400);
        doc()->reset(lab);
        QCOMPARE(nodeItems(), int(lab.nodes.size()) - 1);
        QVERIFY(canvasPainted());
        const Lab edited = doc()->lab();
        lab.name = QStringLiteral("renamed-lab");
        doc()->undoStack()->push(new EditLabCommand(doc(), edited, lab, QStringLiteral("lab name")));
        QCOMPARE(nodeItems(), int(lab.nodes.size()) - 1);
        answerStepsQuestion(QStringLiteral("deleteSteps"));
        scene()->selectNode(QStringLiteral("compute-1"));
        scene()->deleteSelection();
        QCOMPARE(doc()->lab().nodes.size(), lab.nodes.size() - 1);
        QCOMPARE(nodeItems(), int(lab.nodes.size()) - 1); // the second compute-1 is drawn now
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->pos(), lab.nodes[2].position);
        QVERIFY(canvasPainted());
        doc()->undoStack()->undo();
        QCOMPARE(nodeItems(), int(lab.nodes.size()) - 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->pos(), lab.nodes[1].position);
        QVERIFY(canvasPainted());
    }

    // A keystroke in a step's command is a lab-wide edit that touches only what changed on
    // the canvas: every item stays (same objects) and keeps its run-state badges.
    void aKeystrokeInAStepCommandKeepsTheCanvasAndItsBadges()
    {
        scene()->clearSelection();
        QHash<QString, NodeItem *> items;
        for (const Node &n : doc()->lab().nodes)
            items.insert(n.id, scene()->nodeItem(n.id));
        const QList<InterfaceItem *> links = scene()->interfaceItems();
        scene()->setRunState(QStringLiteral("storage"), QStringLiteral("up"));
        scene()->setTally(QStringLiteral("controller"), 4, 1);
        scene()->setRunProgress(QStringLiteral("compute-2"), 0.5, QStringLiteral("overlay files"));
        auto *command = m_window->findChild<QPlainTextEdit *>(QStringLiteral("stepCommand"));
        QVERIFY(command);
        command->window()->activateWindow();
        command->setFocus();
        command->moveCursor(QTextCursor::End);
        QTest::keyClicks(command, QStringLiteral("echo"));
        QVERIFY(doc()->lab().scenarios[0].steps[0].assertion.command.endsWith(QStringLiteral("echo")));
        for (auto it = items.cbegin(); it != items.cend(); ++it)
            QVERIFY(scene()->nodeItem(it.key()) == it.value());
        QVERIFY(scene()->interfaceItems() == links);
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runState(), QStringLiteral("up"));
        QCOMPARE(scene()->nodeItem(QStringLiteral("controller"))->passed(), 4);
        QCOMPARE(scene()->nodeItem(QStringLiteral("controller"))->failed(), 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-2"))->runProgress(), 0.5);
        // One undo step takes the keystrokes back, and the badges stay.
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runState(), QStringLiteral("up"));
    }

    // Scrolling the Properties panel over a spin box or combo box scrolls the panel; the
    // value changes only when the field has focus (clicked or tabbed into).
    // On the canvas the mouse wheel zooms, a touchpad's two-finger scroll (pixel deltas) and
    // Shift+wheel pan; the toolbar's Undo keeps its short name whatever it would undo.
    void aTouchpadPansAndTheWheelZooms()
    {
        LabView *view = m_window->view();
        view->resize(400, 300);
        const qreal zoom = view->transform().m11();
        const int y = view->verticalScrollBar()->value(), x = view->horizontalScrollBar()->value();
        const QPointF at(100, 100);
        auto send = [&](QPoint pixels, QPoint angle, Qt::KeyboardModifiers modifiers) {
            QWheelEvent e(at, view->viewport()->mapToGlobal(at), pixels, angle, Qt::NoButton, modifiers,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(view->viewport(), &e);
        };
        send(QPoint(0, -40), QPoint(0, -120), Qt::NoModifier); // touchpad
        QCOMPARE(view->transform().m11(), zoom);
        QVERIFY(view->verticalScrollBar()->value() > y);
        send(QPoint(), QPoint(0, -120), Qt::ShiftModifier);
        QVERIFY(view->horizontalScrollBar()->value() > x);
        QCOMPARE(view->transform().m11(), zoom);
        send(QPoint(), QPoint(0, 120), Qt::NoModifier); // a mouse wheel
        QVERIFY(view->transform().m11() > zoom);

        auto *undo = m_window->findChild<QAction *>(QStringLiteral("toolUndo"));
        QVERIFY(undo && !undo->isEnabled());
        scene()->selectNode(QStringLiteral("compute-2"));
        scene()->duplicateSelection();
        QVERIFY(undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("Undo"));
        QVERIFY2(undo->toolTip().contains(QStringLiteral("Paste")), qPrintable(undo->toolTip()));
        undo->trigger();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // Deleting a node gives the required warnings the text of the smaller lab (as adding
    // one does): no "warning.altered" the user did not cause; undo puts the text back.
    void deletingANodeKeepsTheRequiredWarningsTrue()
    {
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        const auto cloud = [this] {
            for (const LabWarning &w : doc()->lab().warnings) {
                if (w.id == QLatin1String("cloud-not-included"))
                    return w.text;
            }
            return QString();
        };
        QVERIFY2(cloud().contains(QStringLiteral("six-VM")), qPrintable(cloud()));
        doc()->undoStack()->push(new RemoveNodesCommand(doc(), {QStringLiteral("storage")}));
        QVERIFY(!doc()->lab().node(QStringLiteral("storage")));
        QVERIFY2(cloud().contains(QStringLiteral("five-VM")), qPrintable(cloud()));
        for (const Problem &p : doc()->problems())
            QVERIFY2(p.rule != QLatin1String("warning.altered"), qPrintable(p.message));
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        doc()->undoStack()->redo();
        QVERIFY2(cloud().contains(QStringLiteral("five-VM")), qPrintable(cloud()));
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // Keyboard paths: redo by Ctrl+Y as well, add a node, link two, rename (F2) and find
    // (Ctrl+F) without the mouse; Delete in a table deletes a row's text, never a node.
    void keyboardPathsAndScopedShortcuts()
    {
        QWidget *vp = m_window->view()->viewport();
        const int nodes = int(doc()->lab().nodes.size());
        // Add a node from the Edit menu (as Alt+E, N, role would), then undo and redo it by keys.
        QMenu *addMenu = m_window->findChild<QMenu *>(QStringLiteral("addNodeMenu"));
        QVERIFY(addMenu);
        QAction *addCompute = nullptr;
        for (QAction *a : addMenu->actions())
            addCompute = a->text() == QLatin1String("compute") ? a : addCompute;
        QVERIFY(addCompute);
        addCompute->trigger();
        QCOMPARE(doc()->lab().nodes.size(), nodes + 1);
        const QString added = doc()->lab().nodes.last().id;
        QCOMPARE(scene()->selectedNodeIds(), QStringList {added});
        m_window->view()->setFocus();
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc()->lab().nodes.size(), nodes);
        QTest::keyClick(vp, Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(doc()->lab().nodes.size(), nodes + 1);

        // A network by keys (Ctrl+Alt+N), then the new node on it: select both, Ctrl+Shift+L.
        QTest::keyClick(vp, Qt::Key_N, Qt::ControlModifier | Qt::AltModifier);
        QCOMPARE(scene()->selectedNetworks(), QStringList {QStringLiteral("net-2")});
        scene()->nodeItem(added)->setSelected(true);
        QTest::keyClick(vp, Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(doc()->lab().node(added)->interfaces.value(1).network, QStringLiteral("net-2"));
        QVERIFY(scene()->interfaceItem(added, 1));

        // F2 puts the cursor in the selected node's id, all selected, ready to type.
        scene()->selectNode(QStringLiteral("login-ops"));
        QTest::keyClick(vp, Qt::Key_F2);
        auto *id = m_window->nodePanel()->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        QVERIFY(id && id->hasFocus());
        QCOMPARE(id->selectedText(), QStringLiteral("login-ops"));

        // Ctrl+F: type part of a name, Enter: that node is selected.
        m_window->view()->setFocus();
        QTest::keyClick(vp, Qt::Key_F, Qt::ControlModifier);
        auto *find = m_window->findChild<QLineEdit *>(QStringLiteral("findNode"));
        QVERIFY(find && find->hasFocus());
        QVERIFY(find->completer()->model()->rowCount() >= 6); // the lab's node ids complete
        QTest::keyClicks(find, QStringLiteral("observ"));
        QTest::keyClick(find, Qt::Key_Return);
        QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("observability")});

        // Delete in a table of the Properties panel is the table's; on the canvas it deletes.
        scene()->selectNode(QStringLiteral("login-ops"));
        m_window->nodePanel()->showNode(QStringLiteral("login-ops"));
        auto *users = m_window->nodePanel()->findChild<QTableWidget *>(QStringLiteral("users"));
        QVERIFY(users);
        users->setFocus();
        QTest::keyClick(users, Qt::Key_Delete);
        QVERIFY(doc()->lab().node(QStringLiteral("login-ops")));
        answerStepsQuestion(QStringLiteral("deleteSteps"));
        m_window->view()->setFocus();
        QTest::keyClick(vp, Qt::Key_Delete);
        QVERIFY(!doc()->lab().node(QStringLiteral("login-ops")));
    }
};

QTEST_MAIN(TestDesignerCanvas)
#include "tst_designer_canvas.moc"
