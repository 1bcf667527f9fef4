// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer under QT_QPA_PLATFORM=offscreen: palette drop, link drawing, moves
// with snap (and Alt to bypass it), undo/redo of each, an IP collision shown and
// cleared, delete with undo, and a byte-identical save/reopen.
#include "AssertionListModel.h"
#include "AssertionsDock.h"
#include "BootPlanner.h"
#include "BuildAndBootDialog.h"
#include "BundleGenerator.h"
#include "Catalog.h"
#include "DiagramExporter.h"
#include "EditLabCommand.h"
#include "FeatureModules.h"
#include "FieldMark.h"
#include "HostGroupItem.h"
#include "HostStyle.h"
#include "InterfaceItem.h"
#include "InterfacesEditor.h"
#include "KitTransferDialog.h"
#include "LabDocument.h"
#include "LabReader.h"
#include "LabScene.h"
#include "LabView.h"
#include "LabWriter.h"
#include "LinkItem.h"
#include "LinkPanel.h"
#include "MainWindow.h"
#include "MenuAction.h"
#include "NetworkEdits.h"
#include "NetworkItem.h"
#include "NodeItem.h"
#include "NodePanel.h"
#include "NodeReferences.h"
#include "RemoveNodesCommand.h"
#include "ReviewPanel.h"
#include "RunInventory.h"
#include "RunLock.h"
#include "RunProgressPanel.h"
#include "RunWorkbench.h"
#include "RunnerPaths.h"
#include "Templates.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsSceneDragDropEvent>
#include <QGroupBox>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSemaphore>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QSyntaxHighlighter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocumentFragment>
#include <QTextLayout>
#include <QTimer>
#include <QTranslator>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QWheelEvent>

using namespace Labforge;

class TestDesigner : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_home;

    LabDocument *doc() { return m_window->document(); }
    LabScene *scene() { return m_window->scene(); }
    QPoint viewPoint(QPointF scenePos) { return m_window->view()->mapFromScene(scenePos); }
    QPointF centreOf(const QString &id) { return scene()->nodeItem(id)->sceneBoundingRect().center() + QPointF(0, 10); }

    QTableWidget *disksOf(const QString &node)
    {
        scene()->selectNode(node);
        return m_window->nodePanel()->findChild<QTableWidget *>(QStringLiteral("disks"));
    }

    void drag(QPointF from, QPointF to, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget *vp = m_window->view()->viewport();
        QTest::mousePress(vp, Qt::LeftButton, modifiers, viewPoint(from));
        // Several moves, as a hand would make them.
        for (int i = 1; i <= 5; ++i) {
            const QPointF p = from + (to - from) * (i / 5.0);
            QMouseEvent move(QEvent::MouseMove, viewPoint(p), vp->mapToGlobal(viewPoint(p)), Qt::NoButton,
                             Qt::LeftButton, modifiers);
            QApplication::sendEvent(vp, &move);
        }
        QTest::mouseRelease(vp, Qt::LeftButton, modifiers, viewPoint(to));
    }

    // Activates the Problems panel's row of `rule` (at `pointer` when given), as a double-click does.
    bool activateProblem(const QString &rule, const QString &pointer)
    {
        for (int i = 0; i < m_window->problemsList()->topLevelItemCount(); ++i) {
            QTreeWidgetItem *item = m_window->problemsList()->topLevelItem(i);
            if (item->text(1) == rule && (pointer.isEmpty() || item->data(2, Qt::UserRole).toString() == pointer)) {
                Q_EMIT m_window->problemsList()->itemActivated(item, 0);
                return true;
            }
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        QStandardPaths::setTestModeEnabled(true);
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->openTemplate(QStringLiteral("slurm-hpc"));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->view()->resetTransform();
        m_window->view()->centerOn(QPointF(400, 450));
    }

    void cleanup()
    {
        doc()->undoStack()->setClean(); // no "save changes?" question
        m_window.reset();
    }

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

    int countProblems() { return int(doc()->problems().size()); }

    // A format 1 file with links through the designer: opened, edited, saved, every link is
    // there in the current format; the exported picture draws them in the links' colour.
    void aFormatOneFileKeepsItsLinksThroughTheDesigner()
    {
        const QString old = m_home.filePath(QStringLiteral("old.lab.json"));
        const QJsonObject lab =
            TestLabs::asFormatOne(QJsonDocument::fromJson(LabWriter::toBytes(doc()->lab())).object());
        QFile file(old);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(lab).toJson());
        file.close();
        QVERIFY(m_window->openFile(old));
        QCOMPARE(scene()->linkItems().size(), 8);
        scene()->selectNode(QStringLiteral("storage"));
        scene()->nudgeSelection(QPointF(20, 0));
        QVERIFY(m_window->saveTo(old));
        const auto saved = LabReader::readFile(old);
        QVERIFY2(saved.ok(), qPrintable(saved.errors.value(0).toString()));
        QCOMPARE(saved.version, 4);
        QCOMPARE(saved.lab->links, TestLabs::builtIn(QStringLiteral("slurm-hpc")).links);
        QCOMPARE(saved.lab->node(QStringLiteral("storage"))->position, QPointF(540, 580));
        // The PNG export draws each link: the middle of storage - login-ops is the links' blue.
        const QString png = m_home.filePath(QStringLiteral("lab.png"));
        QString error;
        QVERIFY2(DiagramExporter::exportTo(scene(), png, &error), qPrintable(error));
        const QImage image(png);
        const QRectF source = scene()->contentRect();
        const QPointF middle =
            scene()->linkItem(QStringLiteral("storage"), QStringLiteral("login-ops"))->line().center();
        const QPoint at = ((middle - source.topLeft()) * 2).toPoint();
        QCOMPARE(image.pixelColor(at).rgb(), LinkItem::colour().rgb());
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

    // Types an address into the selected node's interface table, as a user would.
    void typeAddress(int row, const QString &address)
    {
        auto *table = m_window->nodePanel()->findChild<QTableWidget *>(QStringLiteral("interfaces"));
        QVERIFY(table);
        QVERIFY(row < table->rowCount());
        table->item(row, InterfacesEditor::Address)->setText(address);
    }

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
        QCOMPARE(eth1->line().y2(), 260.0);
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

    // Every problem leads to its field, lab-level ones included, and the
    // field shows the message until the next edit.
    void problemsNavigateToTheirField()
    {
        const auto activate = [this](const QString &rule, const QString &pointer) {
            return activateProblem(rule, pointer);
        };
        // A scenario step naming a node that is not there: the step, its node field.
        Lab lab = doc()->lab();
        lab.scenarios[0].steps[1].node = QStringLiteral("nowhere");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(activate(QStringLiteral("scenario.node-unknown"), {}));
        QVERIFY(scene()->selectedNodeIds().isEmpty());
        QCOMPARE(m_window->findChild<QListWidget *>(QStringLiteral("steps"))->currentRow(), 1);
        QWidget *field = FieldMark::current();
        QCOMPARE(field, m_window->findChild<QComboBox *>(QStringLiteral("stepNode")));
        QVERIFY(field->toolTip().contains(QStringLiteral("nowhere")));
        QVERIFY(field->styleSheet().contains(QStringLiteral("#c62828")));
        doc()->undoStack()->undo(); // the next edit takes the mark away
        QVERIFY(!FieldMark::current());
        QVERIFY(!field->styleSheet().contains(QStringLiteral("#c62828")));

        // A network's CIDR: its cell in the networks table.
        lab = doc()->lab();
        lab.networks[0].cidr = QStringLiteral("10.103.0.0/33");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(m_window->problemsList()->topLevelItemCount() > 0);
        const QString rule = m_window->problemsList()->topLevelItem(0)->text(1);
        QVERIFY2(rule.startsWith(QStringLiteral("network.")), qPrintable(rule));
        QVERIFY(activate(rule, QStringLiteral("/networks/0/cidr")));
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        QCOMPARE(FieldMark::current(), networks);
        QCOMPARE(networks->currentRow(), 0);
        QCOMPARE(networks->currentColumn(), 1);
        doc()->undoStack()->undo();

        // plan.kubernetes: a worker that is not a node.
        lab = doc()->lab();
        lab.kubernetes->workers.append(QStringLiteral("ghost"));
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(activate(QStringLiteral("kubernetes.member-unknown"), {}));
        QCOMPARE(FieldMark::current(), m_window->findChild<QListWidget *>(QStringLiteral("k8sWorkers")));
        doc()->undoStack()->undo();

        // A node's problem: the node is selected and its field marked.
        scene()->clearSelection();
        Node changed = *doc()->lab().node(QStringLiteral("compute-2"));
        changed.recipe.minCpu = 0;
        lab = doc()->lab();
        *lab.node(QStringLiteral("compute-2")) = changed;
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QVERIFY(activate(m_window->problemsList()->topLevelItem(0)->text(1), {}));
        QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("compute-2")});
        QCOMPARE(FieldMark::current(), m_window->nodePanel()->findChild<QSpinBox *>(QStringLiteral("minCpu")));
        doc()->undoStack()->undo();
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

    void anIpCollisionShowsAndClears()
    {
        scene()->selectNode(QStringLiteral("compute-2"));
        typeAddress(0, QStringLiteral("10.103.0.21"));
        QCOMPARE(doc()->lab().node(QStringLiteral("compute-2"))->ip(), QStringLiteral("10.103.0.21"));
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-2"))->problems().size(), 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-2"))->problems().first().rule,
                 QStringLiteral("node.ip-duplicate"));
        // Both parties of the conflict are badged.
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->problems().size(), 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->problems().first().rule,
                 QStringLiteral("node.ip-duplicate"));
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 2);
        QCOMPARE(m_window->problemsList()->topLevelItem(0)->text(1), QStringLiteral("node.ip-duplicate"));
        // The Problems panel offers the obvious remedy: one undo step.
        const auto fix = m_window->problemFix(0);
        QVERIFY(fix);
        QVERIFY2(fix->label.contains(QStringLiteral("free address")), qPrintable(fix->label));
        QVERIFY(m_window->fixProblem(0));
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        QVERIFY(doc()->undoStack()->undoText().endsWith(fix->label));
        doc()->undoStack()->undo();
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 2);
        typeAddress(0, QStringLiteral("10.103.0.22"));
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-2"))->problems().isEmpty());
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-1"))->problems().isEmpty());
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        doc()->undoStack()->undo();
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 2);
    }

    void deleteTakesLinksAndUndoRestoresThem()
    {
        const Lab before = doc()->lab();
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
        scene()->selectNode(QStringLiteral("compute-2"));
        scene()->deleteSelection();
        QVERIFY(!doc()->lab().kubernetes->workers.contains(QStringLiteral("compute-2")));
        QVERIFY2(said.contains(QStringLiteral("hpc-lab-measurements/iperf3-server")), qPrintable(said));
        for (const Problem &p : doc()->problems())
            QVERIFY2(!p.isError(), qPrintable(p.rule + QLatin1Char(' ') + p.message));
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab() == before);
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

    void recordedRunFillsTheAssertionsDockAndBadges()
    {
        auto event = [](RunEvent::Type type, const char *node, const char *key, const QString &message,
                        RunEvent::NodeState state = RunEvent::NodeState::None) {
            RunEvent e;
            e.nodeState = state;
            e.type = type;
            e.stage = RunStage::Scenario;
            e.node = QString::fromLatin1(node);
            e.assertion = QString::fromLatin1(key);
            e.message = message;
            if (type == RunEvent::Type::AssertionStarted) {
                e.description = message; // the panel shows the step's description, not the log line
                e.message = QStringLiteral("waiting: ") + message;
            }
            return e;
        };
        using T = RunEvent::Type;
        const QList<RunEvent> recorded {
            event(T::NodeState, "storage", "", QStringLiteral("booting (1024 MiB, 1 vCPU)"),
                  RunEvent::NodeState::Booting),
            event(T::NodeState, "storage", "", QStringLiteral("up: SSH answered after 64 s"), RunEvent::NodeState::Up),
            event(T::AssertionStarted, "controller", "acc/1a", QStringLiteral("five nodes Ready")),
            event(T::AssertionStarted, "storage", "acc/8", QStringLiteral("NFS serves")),
            event(T::AssertionAttempt, "controller", "acc/1a", QStringLiteral("attempt 1")),
            event(T::AssertionAttempt, "controller", "acc/1a", QStringLiteral("attempt 2")),
            event(T::AssertionPassed, "controller", "acc/1a", QStringLiteral("passed after 2 attempt(s)")),
            event(T::AssertionAttempt, "storage", "acc/8", QStringLiteral("attempt 1")),
        };
        for (const RunEvent &e : recorded)
            m_window->handleRunEvent(e);
        AssertionListModel *model = m_window->assertions();
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->result(0).state, AssertionResult::State::Passed);
        QCOMPARE(model->result(0).description, QStringLiteral("five nodes Ready"));
        QCOMPARE(model->result(1).state, AssertionResult::State::Running);
        QVERIFY(model->data(model->index(1, AssertionListModel::StateColumn), Qt::DisplayRole)
                    .toString()
                    .startsWith(QStringLiteral("running (attempt 1")));
        QTest::qWait(250); // the canvas follows on the batching timer
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runState(), QStringLiteral("testing"));
        m_window->handleRunEvent(
            event(T::AssertionFailed, "storage", "acc/8", QStringLiteral("failed after 1 attempt(s)")));
        QCOMPARE(model->result(1).state, AssertionResult::State::Failed);
        QCOMPARE(scene()->nodeItem(QStringLiteral("controller"))->passed(), 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->failed(), 1);
        m_window->assertionsDock()->failedOnly()->setChecked(true);
        QCOMPARE(m_window->assertionsDock()->visibleRows(), 1);
        // A long stream of log lines is batched, not painted line by line.
        for (int i = 0; i < 5000; ++i)
            m_window->handleRunEvent(event(T::Log, "controller", "", QStringLiteral("line %1").arg(i)));
        QTest::qWait(250);
        QVERIFY(m_window->findChild<QPlainTextEdit *>(QStringLiteral("log"))
                    ->toPlainText()
                    .contains(QStringLiteral("line 4999")));
    }

    void recordedBuildAndBootShowsProgressBars()
    {
        auto event = [](RunEvent::Type type, const char *stage, const char *node, const QString &message,
                        double progress = -1, RunEvent::NodeState state = RunEvent::NodeState::None) {
            RunEvent e;
            e.nodeState = state;
            e.type = type;
            e.stage = stageFromName(QString::fromLatin1(stage));
            e.node = QString::fromLatin1(node);
            e.message = message;
            e.progress = progress;
            return e;
        };
        using T = RunEvent::Type;
        m_window->runs()->beginProgress(true, true);
        RunProgressPanel *panel = m_window->progressPanel();
        QVERIFY(panel->stageBar(RunStage::Image));
        QVERIFY(panel->nodeBar(QStringLiteral("storage")));
        QVERIFY(!panel->stageBar(RunStage::Teardown));
        for (const RunEvent &e :
             {event(T::StageStarted, "image", "", QStringLiteral("building stale images")),
              event(T::StageFinished, "base", "", QStringLiteral("base reused from the cache")),
              event(T::NodeState, "image", "storage", QStringLiteral("building"), 0, RunEvent::NodeState::Building),
              event(T::StageProgress, "image", "storage", QStringLiteral("overlay files"), 0.5),
              event(T::NodeState, "image", "controller", QStringLiteral("unchanged, reused"), 1,
                    RunEvent::NodeState::Reused)})
            m_window->handleRunEvent(e);
        QTest::qWait(250); // the batching timer paints
        QCOMPARE(panel->stageBar(RunStage::Base)->value(), 1000);
        QCOMPARE(panel->nodeBar(QStringLiteral("storage"))->value(), 500);
        QVERIFY2(panel->nodeText(QStringLiteral("storage")).contains(QStringLiteral("overlay files")),
                 qPrintable(panel->nodeText(QStringLiteral("storage"))));
        const int nodes = int(doc()->lab().nodes.size());
        QCOMPARE(panel->stageBar(RunStage::Image)->value(), int(1.5 / nodes * 1000));
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runProgress(), 0.5);
        QCOMPARE(scene()->nodeItem(QStringLiteral("controller"))->runProgress(), 1.0);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->runProgress(), NodeItem::NoProgress);

        m_window->handleRunEvent(event(T::StageStarted, "boot", "", QStringLiteral("6 VM(s)")));
        m_window->handleRunEvent(event(T::NodeState, "boot", "storage", QStringLiteral("booting (1024 MiB, 1 vCPU)"), 0,
                                       RunEvent::NodeState::Booting));
        QTest::qWait(250);
        QCOMPARE(panel->stageBar(RunStage::Image)->value(), 1000); // completed by the next stage
        QCOMPARE(panel->nodeBar(QStringLiteral("storage"))->maximum(), 0); // busy: nothing measures a boot
        QVERIFY(panel->nodeText(QStringLiteral("storage")).startsWith(QStringLiteral("booting for ")));
        QVERIFY(scene()->nodeItem(QStringLiteral("storage"))->runProgress() < 0);
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runText(), QStringLiteral("booting"));
        // For looking at it as a user: LABFORGE_TEST_SHOTS=DIR keeps a picture of the window here.
        if (const QString shots = qEnvironmentVariable("LABFORGE_TEST_SHOTS"); !shots.isEmpty()) {
            m_window->resize(1600, 1000);
            QTest::qWait(250);
            QVERIFY(m_window->grab().save(shots + QStringLiteral("/progress-while-booting.png")));
        }

        m_window->handleRunEvent(event(T::StageStarted, "ssh", "", QStringLiteral("waiting for SSH")));
        m_window->handleRunEvent(event(T::NodeState, "ssh", "storage", QStringLiteral("up: SSH answered after 64 s"), 1,
                                       RunEvent::NodeState::Up));
        m_window->handleRunEvent(
            event(T::StageFailed, "ssh", "", QStringLiteral("node controller did not answer SSH")));
        m_window->handleRunEvent(event(T::StageStarted, "teardown", "", QStringLiteral("removing what this run made")));
        QTest::qWait(250);
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runText(), QStringLiteral("up"));
        QVERIFY(panel->stageBar(RunStage::Teardown)); // a row appears for the clean-up
        QVERIFY(panel->stageText(RunStage::Ssh).contains(QStringLiteral("did not answer SSH")));
        QCOMPARE(panel->stageBar(RunStage::Ssh)->palette().color(QPalette::Highlight), QColor(0xc6, 0x28, 0x28));
        QVERIFY(panel->stageText(RunStage::Scenario).startsWith(QStringLiteral("waiting")));
        m_window->runs()->beginProgress(false, true); // the next run starts clean
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runProgress(), NodeItem::NoProgress);
    }

    void reviewShowsWhatTheGeneratorsMake()
    {
        scene()->selectNode(QStringLiteral("storage"));
        QTreeWidget *tree = m_window->reviewPanel()->tree();
        QTreeWidgetItem *guard = nullptr;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            if ((*it)->text(0) == QLatin1String("hpc-disk-guard"))
                guard = *it;
        }
        QVERIFY(guard);
        QCOMPARE(guard->text(1), QStringLiteral("0755"));
        tree->setCurrentItem(guard);
        QVERIFY(m_window->reviewPanel()->currentText().contains(QStringLiteral("REFUSE")));
    }

    // Review and the two code editors (a service's JSON config, a scenario step's command)
    // highlight what they show, through CodeHighlighting (tst_highlighting checks its choices).
    void reviewAndEditorsHighlight()
    {
        auto formatted = [](const QTextDocument *d) {
            for (QTextBlock b = d->begin(); b.isValid(); b = b.next()) {
                if (!b.layout()->formats().isEmpty())
                    return true;
            }
            return false;
        };
        scene()->selectNode(QStringLiteral("storage"));
        QTreeWidget *tree = m_window->reviewPanel()->tree();
        auto *view = m_window->reviewPanel()->findChild<QPlainTextEdit *>();
        QVERIFY(view);
        for (const char *name : {"plan.json", "openfactory-hpc-nfs.service", "hpc-disk-guard"}) {
            QTreeWidgetItem *file = nullptr;
            for (QTreeWidgetItemIterator it(tree); *it; ++it) {
                if ((*it)->text(0) == QLatin1String(name))
                    file = *it;
            }
            QVERIFY2(file, name);
            tree->setCurrentItem(file);
            QVERIFY2(!view->toPlainText().isEmpty(), name);
            QCOMPARE(view->document()->findChildren<QSyntaxHighlighter *>().size(), 1);
            QVERIFY2(formatted(view->document()), name);
        }
        for (const char *editor : {"serviceConfig", "stepCommand"}) {
            auto *edit = m_window->findChild<QPlainTextEdit *>(QLatin1String(editor));
            QVERIFY2(edit, editor);
            QCOMPARE(edit->document()->findChildren<QSyntaxHighlighter *>().size(), 1);
        }
    }

    // A value that looks like a template placeholder, typed into fields the Review panel
    // renders into templates (lab name, pod subnet), stays text: no abort, nothing lost.
    void placeholderLikeValuesAreText()
    {
        scene()->clearSelection();
        auto *name = m_window->findChild<QLineEdit *>(QStringLiteral("labName"));
        auto *pod = m_window->findChild<QLineEdit *>(QStringLiteral("podCidr"));
        QVERIFY(name && pod);
        name->setText(QStringLiteral("hpc@X@lab"));
        Q_EMIT name->editingFinished();
        pod->setText(QStringLiteral("10.244.0.0/16@SERVICE_CIDR@"));
        Q_EMIT pod->editingFinished();
        QCOMPARE(doc()->lab().name, QStringLiteral("hpc@X@lab"));
        scene()->selectNode(QStringLiteral("controller"));
        QTest::qWait(50);
        QTreeWidget *tree = m_window->reviewPanel()->tree();
        QTreeWidgetItem *config = nullptr;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            if ((*it)->text(0) == QLatin1String("kubeadm-controller.yaml"))
                config = *it;
        }
        QVERIFY(config);
        tree->setCurrentItem(config);
        QVERIFY2(m_window->reviewPanel()->currentText().contains(QStringLiteral("10.244.0.0/16@SERVICE_CIDR@")),
                 qPrintable(m_window->reviewPanel()->currentText()));
        QVERIFY(std::any_of(doc()->problems().begin(), doc()->problems().end(),
                            [](const Problem &p) { return p.rule == QLatin1String("lab.name-invalid"); }));
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    void usersExpectationsAndWarningsAreEditable()
    {
        scene()->selectNode(QStringLiteral("storage"));
        auto *users = m_window->nodePanel()->findChild<QTableWidget *>(QStringLiteral("users"));
        QVERIFY(users);
        QCOMPARE(users->rowCount(), 1);
        users->item(0, 1)->setCheckState(Qt::Unchecked); // ops loses sudo
        QVERIFY(!doc()->lab().node(QStringLiteral("storage"))->recipe.users.first().sudo);
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab().node(QStringLiteral("storage"))->recipe.users.first().sudo);
        users->item(0, 2)->setCheckState(Qt::Unchecked); // no SSH user left: the validator says so
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->problems().first().rule,
                 QStringLiteral("user.ssh-missing"));
        doc()->undoStack()->undo();

        // The step editor sets one expectation kind at a time.
        scene()->clearSelection();
        auto *kind = m_window->findChild<QComboBox *>();
        Q_UNUSED(kind);
        Lab lab = doc()->lab();
        ScenarioStep &first = lab.scenarios[0].steps[0];
        QVERIFY(first.assertion.expect.equals);
        auto *value = m_window->findChild<QLineEdit *>(QStringLiteral("stepExpect"));
        QVERIFY(value);
        QCOMPARE(value->text(), QStringLiteral("ready=5 total=5"));
        value->setText(QStringLiteral("ready=5"));
        Q_EMIT value->editingFinished();
        QCOMPARE(*doc()->lab().scenarios[0].steps[0].assertion.expect.equals, QStringLiteral("ready=5"));
        doc()->undoStack()->undo();
        QCOMPARE(*doc()->lab().scenarios[0].steps[0].assertion.expect.equals, QStringLiteral("ready=5 total=5"));
    }

    void addServiceRebuildsTheSharedConfig()
    {
        const Lab before = doc()->lab();
        scene()->selectNode(QStringLiteral("compute-2"));
        QPushButton *remove = nullptr;
        QPushButton *add = m_window->nodePanel()->findChild<QPushButton *>(QStringLiteral("addService"));
        for (QPushButton *b : m_window->nodePanel()->findChildren<QPushButton *>()) {
            if (b->text() == QLatin1String("Remove service"))
                remove = b;
        }
        QVERIFY(add && remove);
        remove->click();
        QVERIFY(doc()->lab().node(QStringLiteral("compute-2"))->recipe.services.isEmpty());
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 1); // service.missing
        add->click();
        QVERIFY2(doc()->lab() == before,
                 "the re-added service carries the members' shared config with this node's role");
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
    }

    void scenarioAndNetworkFieldsAreEditable()
    {
        scene()->clearSelection();
        auto *name = m_window->findChild<QLineEdit *>(QStringLiteral("scenarioName"));
        auto *stepId = m_window->findChild<QLineEdit *>(QStringLiteral("stepId"));
        QVERIFY(name && stepId);
        QCOMPARE(name->text(), QStringLiteral("real-hpc-acceptance"));
        QCOMPARE(stepId->text(), QStringLiteral("1a-nodes-ready"));
        stepId->setText(QStringLiteral("1a-ready"));
        Q_EMIT stepId->editingFinished();
        QCOMPARE(doc()->lab().scenarios[0].steps[0].id, QStringLiteral("1a-ready"));
        name->setText(QStringLiteral("acceptance"));
        Q_EMIT name->editingFinished();
        QCOMPARE(doc()->lab().scenarios[0].name, QStringLiteral("acceptance"));
        auto *networks = m_window->findChildren<QTableWidget *>().constFirst();
        for (QTableWidget *t : m_window->findChildren<QTableWidget *>()) {
            if (t->columnCount() == 5)
                networks = t;
        }
        QCOMPARE(networks->item(0, 4)->text(), QStringLiteral("1.1.1.1, 8.8.8.8"));
        networks->item(0, 4)->setText(QStringLiteral("9.9.9.9"));
        QCOMPARE(doc()->lab().networks[0].dnsServers, QStringList {QStringLiteral("9.9.9.9")});
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // The step editor offers every assertion type and every integer comparison the format
    // knows; a step that acts on the lab (power_cycle) has no command or expectation to edit.
    void stepEditorOffersEveryTypeAndComparison()
    {
        scene()->clearSelection();
        auto *type = m_window->findChild<QComboBox *>(QStringLiteral("stepType"));
        auto *kind = m_window->findChild<QComboBox *>(QStringLiteral("stepExpectKind"));
        auto *command = m_window->findChild<QPlainTextEdit *>(QStringLiteral("stepCommand"));
        QVERIFY(type && kind && command);
        QStringList types, kinds;
        for (int i = 0; i < type->count(); ++i)
            types.append(type->itemText(i));
        for (int i = 0; i < kind->count(); ++i)
            kinds.append(kind->itemText(i));
        QCOMPARE(types, Assertion::typeNames());
        for (const QString &op : Expectation::integerOperators())
            QVERIFY2(kinds.contains(QStringLiteral("integer ") + op), qPrintable(op));
        QVERIFY(command->isEnabled());
        type->setCurrentText(QStringLiteral("power_cycle"));
        QCOMPARE(doc()->lab().scenarios[0].steps[0].assertion.type, Assertion::Type::PowerCycle);
        QVERIFY(!command->isEnabled());
        QVERIFY(!kind->isEnabled());
        doc()->undoStack()->undo();
        QVERIFY(command->isEnabled());
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // Run ▸ Down asks first, names what the last run recorded, and defaults to Cancel;
    // cancelling removes nothing. While a run holds the lab, Down is refused.
    void downAsksFirstAndNamesWhatItRemoves()
    {
        QTemporaryDir cache;
        qputenv("LABFORGE_CACHE_DIR", cache.path().toUtf8());
        QString error;
        RunInventory inventory(RunnerPaths::run(QStringLiteral("slurm-hpc"), &error));
        inventory.lab = QStringLiteral("slurm-hpc");
        inventory.uri = QStringLiteral("test:///default");
        inventory.domains.append(
            {QStringLiteral("labforge-slurm-hpc-controller"), QStringLiteral("controller"), {}, 0, {}, {}, {}});
        inventory.networks.append(QStringLiteral("labforge-slurm-hpc-hpc-lab"));
        QVERIFY(inventory.save(&error));
        QAction *down = menuAction(m_window.get(), "&Down");
        QVERIFY(down);
        QString asked;
        bool cancelIsDefault = false;
        QTimer::singleShot(200, this, [&] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            asked = box->text();
            cancelIsDefault = box->defaultButton() == box->button(QMessageBox::Cancel);
            box->button(QMessageBox::Cancel)->click();
        });
        down->trigger();
        QVERIFY2(asked.contains(QStringLiteral("labforge-slurm-hpc-controller"))
                     && asked.contains(QStringLiteral("labforge-slurm-hpc-hpc-lab")),
                 qPrintable(asked));
        QVERIFY(cancelIsDefault);
        QVERIFY(QFile::exists(inventory.path())); // nothing removed

        RunLock holder(QStringLiteral("slurm-hpc"));
        QVERIFY(holder.acquire(&error));
        QString refused;
        QTimer::singleShot(200, this, [&] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                refused = box->text();
                box->accept();
            }
        });
        down->trigger();
        QVERIFY2(refused.contains(QStringLiteral("being run")), qPrintable(refused));
        holder.release();
        qunsetenv("LABFORGE_CACHE_DIR");
    }

    // Typing another node's id into Node id used to crash the canvas (two items, one id):
    // it is refused beside the field, and nothing changes.
    void aDuplicateOrInvalidNodeIdIsRefusedInline()
    {
        scene()->selectNode(QStringLiteral("compute-2"));
        auto *id = m_window->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        auto *problem = m_window->findChild<QLabel *>(QStringLiteral("nodeIdProblem"));
        QVERIFY(id && problem);
        const QByteArray before = LabWriter::toBytes(doc()->lab());
        for (const QString &typed : {QStringLiteral("compute-1"), QStringLiteral("Compute_3"), QString()}) {
            id->setText(typed);
            Q_EMIT id->editingFinished();
            QCOMPARE(LabWriter::toBytes(doc()->lab()), before);
            QVERIFY2(!problem->isHidden() && !problem->text().isEmpty(), qPrintable(typed));
            QCOMPARE(scene()->nodeItem(QStringLiteral("compute-2"))->nodeId(), QStringLiteral("compute-2"));
            QTest::qWait(20); // a paint with both items still there
        }
        QVERIFY(problem->text().contains(QStringLiteral("host name")));
        id->setText(QStringLiteral("compute-3"));
        Q_EMIT id->editingFinished();
        QVERIFY(problem->isHidden());
        QVERIFY(doc()->lab().node(QStringLiteral("compute-3")));
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-3")));
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), before);
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
        QTest::qWait(20);
        const Lab edited = doc()->lab();
        lab.name = QStringLiteral("renamed-lab");
        doc()->undoStack()->push(new EditLabCommand(doc(), edited, lab, QStringLiteral("lab name")));
        QCOMPARE(nodeItems(), int(lab.nodes.size()) - 1);
        scene()->selectNode(QStringLiteral("compute-1"));
        scene()->deleteSelection();
        QCOMPARE(doc()->lab().nodes.size(), lab.nodes.size() - 1);
        QCOMPARE(nodeItems(), int(lab.nodes.size()) - 1); // the second compute-1 is drawn now
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->pos(), lab.nodes[2].position);
        QTest::qWait(20);
        doc()->undoStack()->undo();
        QCOMPARE(nodeItems(), int(lab.nodes.size()) - 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->pos(), lab.nodes[1].position);
        QTest::qWait(20);
    }

    // The issue: a rename reached the links but not the plan, the service configs or the
    // scenario steps. From the Node id field, every reference follows in one undo step,
    // the lab stays valid, and the node keeps its item (and its badges).
    void renamingANodeTakesEveryReferenceInOneUndoStep()
    {
        scene()->selectNode(QStringLiteral("compute-1"));
        NodeItem *item = scene()->nodeItem(QStringLiteral("compute-1"));
        scene()->setTally(QStringLiteral("compute-1"), 3, 0);
        auto *id = m_window->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        QVERIFY(id);
        const int steps = doc()->undoStack()->count();
        id->setText(QStringLiteral("cn-1"));
        Q_EMIT id->editingFinished();
        const Lab &lab = doc()->lab();
        QVERIFY(!lab.node(QStringLiteral("compute-1")));
        QVERIFY(lab.kubernetes->workers.contains(QStringLiteral("cn-1")));
        int configs = 0, onStep = 0;
        for (const Node &n : lab.nodes) {
            for (const Service &s : n.recipe.services)
                configs += s.config.value(QStringLiteral("compute_node_ids"))
                               .toArray()
                               .contains(QJsonValue(QStringLiteral("cn-1")));
        }
        for (const Scenario &sc : lab.scenarios) {
            for (const ScenarioStep &st : sc.steps)
                onStep += st.node == QLatin1String("cn-1") ? 1 : 0;
        }
        QCOMPARE(configs, 5);
        QCOMPARE(onStep, 2);
        QCOMPARE(doc()->problems().size(), 0);
        QCOMPARE(m_window->problemsList()->topLevelItemCount(), 0);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QVERIFY(scene()->nodeItem(QStringLiteral("cn-1")) == item); // the same item, not a new one
        QVERIFY(item->isSelected());
        QCOMPARE(item->passed(), 3);
        QCOMPARE(m_window->nodePanel()->nodeId(), QStringLiteral("cn-1"));
        QCOMPARE(scene()->interfaceItems().size(), 6);
        QCOMPARE(scene()->interfaceItem(QStringLiteral("cn-1"), 0)->nodeItem(), item);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        QVERIFY(scene()->nodeItem(QStringLiteral("compute-1")) == item);
        QCOMPARE(m_window->nodePanel()->nodeId(), QStringLiteral("compute-1"));
        QCOMPARE(id->text(), QStringLiteral("compute-1"));
        doc()->undoStack()->redo();
        QVERIFY(doc()->lab().node(QStringLiteral("cn-1")));
    }

    // The issue: readdressing the storage node broke nfs_server in five service configs.
    void readdressingStorageMovesNfsServerInOneUndoStep()
    {
        scene()->selectNode(QStringLiteral("storage"));
        const int steps = doc()->undoStack()->count();
        typeAddress(0, QStringLiteral("10.103.0.44"));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->ip(), QStringLiteral("10.103.0.44"));
        int following = 0;
        for (const Node &n : doc()->lab().nodes) {
            for (const Service &s : n.recipe.services) {
                if (s.config.contains(QStringLiteral("nfs_server"))) {
                    QCOMPARE(s.config.value(QStringLiteral("nfs_server")).toString(), QStringLiteral("10.103.0.44"));
                    ++following;
                }
            }
        }
        QCOMPARE(following, 5);
        QCOMPARE(doc()->problems().size(), 0);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // Edits with one label ("Kubernetes plan", "scenario step") merged into one undo step
    // even when they changed different fields; only continuous edits of one field merge.
    void differentLabFieldsAreSeparateUndoSteps()
    {
        scene()->clearSelection();
        auto *version = m_window->findChild<QLineEdit *>(QStringLiteral("k8sVersion"));
        auto *pod = m_window->findChild<QLineEdit *>(QStringLiteral("podCidr"));
        auto *stepId = m_window->findChild<QLineEdit *>(QStringLiteral("stepId"));
        auto *expect = m_window->findChild<QLineEdit *>(QStringLiteral("stepExpect"));
        auto *command = m_window->findChild<QPlainTextEdit *>(QStringLiteral("stepCommand"));
        QVERIFY(version && pod && stepId && expect && command);
        const int steps = doc()->undoStack()->count();
        version->setText(QStringLiteral("v1.36.4"));
        Q_EMIT version->editingFinished();
        pod->setText(QStringLiteral("10.245.0.0/16"));
        Q_EMIT pod->editingFinished();
        QCOMPARE(doc()->undoStack()->count(), steps + 2);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().kubernetes->podCidr, QStringLiteral("10.244.0.0/16"));
        QCOMPARE(doc()->lab().kubernetes->version, QStringLiteral("v1.36.4"));
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));

        // Keystrokes in one step's command are one step; the step's id after them is another.
        QListWidget *stepList = nullptr;
        for (QListWidget *l : m_window->findChildren<QListWidget *>()) {
            if (l->count() && l->item(0)->text() == QLatin1String("1a-nodes-ready @ controller"))
                stepList = l;
        }
        QVERIFY(stepList);
        stepList->setCurrentRow(2);
        command->window()->activateWindow();
        command->setFocus();
        QVERIFY(command->hasFocus());
        command->moveCursor(QTextCursor::End);
        QTest::keyClicks(command, QStringLiteral("true"));
        QTest::keyClick(command, Qt::Key_Return);
        const QString typed = doc()->lab().scenarios[0].steps[2].assertion.command;
        QVERIFY2(typed.endsWith(QStringLiteral("true\n")), qPrintable(typed));
        QCOMPARE(stepList->currentRow(), 2); // the editor stays on the step typed into
        QCOMPARE(doc()->lab().scenarios[0].steps[0],
                 Templates::load(QStringLiteral("slurm-hpc")).lab->scenarios[0].steps[0]);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        m_window->view()->setFocus();
        stepId->setText(QStringLiteral("1a-ready"));
        Q_EMIT stepId->editingFinished();
        QCOMPARE(doc()->undoStack()->count(), steps + 2);
        expect->setText(QStringLiteral("ready=5"));
        Q_EMIT expect->editingFinished();
        QCOMPARE(doc()->undoStack()->count(), steps + 3);
        // Typing in another step's command is another step.
        stepList->setCurrentRow(3);
        command->setFocus();
        QTest::keyClicks(command, QStringLiteral("#"));
        QCOMPARE(doc()->undoStack()->count(), steps + 4);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().scenarios[0].steps[2].assertion.command, typed);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().scenarios[0].steps[2].assertion.command, typed);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // The issue: every keystroke in a step's command rebuilt every canvas item and cleared
    // the run state. Lab-wide edits now touch only what changed on the canvas.
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

    void theWheelChangesOnlyAFocusedField()
    {
        scene()->clearSelection();
        auto *ttl = m_window->findChild<QSpinBox *>(QStringLiteral("tokenTtl"));
        QVERIFY(ttl);
        ttl->window()->activateWindow();
        m_window->view()->setFocus();
        const int before = ttl->value();
        const int undoBefore = doc()->undoStack()->count();
        auto wheel = [&](QWidget *target) {
            const QPoint at = target->rect().center();
            QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(target, &e);
        };
        wheel(ttl);
        QCOMPARE(ttl->value(), before);
        QCOMPARE(doc()->undoStack()->count(), undoBefore);
        QVERIFY(!ttl->hasFocus());
        ttl->setFocus();
        QVERIFY(ttl->hasFocus());
        wheel(ttl);
        QVERIFY(ttl->value() != before); // focused: the wheel is for the field
        doc()->undoStack()->undo();
        QCOMPARE(ttl->value(), before);
    }

    // Inputs never change what was typed.
    // A disk's size is a spin box: letters cannot go in, so "twenty" never becomes 0.
    void diskSizeIsASpinBoxThatRefusesLetters()
    {
        QTableWidget *disks = disksOf(QStringLiteral("storage"));
        QVERIFY(disks);
        QCOMPARE(disks->rowCount(), 1);
        auto *size = qobject_cast<QSpinBox *>(disks->cellWidget(0, 1));
        QVERIFY(size);
        const int before = doc()->lab().node(QStringLiteral("storage"))->disks.first().sizeGb;
        QCOMPARE(size->value(), before);
        const int steps = doc()->undoStack()->count();
        size->window()->activateWindow();
        size->setFocus();
        size->selectAll();
        QTest::keyClicks(size, QStringLiteral("twenty"));
        QTest::keyClick(size, Qt::Key_Return);
        QCOMPARE(size->value(), before);
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->disks.first().sizeGb, before);
        QCOMPARE(doc()->undoStack()->count(), steps);
        // Digits are one edit, committed with Return.
        size->selectAll();
        QTest::keyClicks(size, QStringLiteral("25"));
        QTest::keyClick(size, Qt::Key_Return);
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->disks.first().sizeGb, 25);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        QCOMPARE(qobject_cast<QSpinBox *>(disks->cellWidget(0, 1))->value(), before);
    }

    // A disk's bus is a combo of the catalog's buses, not free text.
    void diskBusIsAComboOfTheCatalogsBuses()
    {
        QTableWidget *disks = disksOf(QStringLiteral("storage"));
        QVERIFY(disks);
        auto *bus = qobject_cast<QComboBox *>(disks->cellWidget(0, 2));
        QVERIFY(bus);
        QVERIFY(!bus->isEditable());
        QStringList offered;
        for (int i = 0; i < bus->count(); ++i)
            offered.append(bus->itemText(i));
        QCOMPARE(offered, Catalog::diskBuses());
        QCOMPARE(bus->currentText(), doc()->lab().node(QStringLiteral("storage"))->disks.first().bus);
        const int steps = doc()->undoStack()->count();
        bus->setCurrentText(QStringLiteral("scsi"));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->disks.first().bus, QStringLiteral("scsi"));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        QCOMPARE(qobject_cast<QComboBox *>(disks->cellWidget(0, 2))->currentText(), QStringLiteral("virtio"));
    }

    // On a 1024x700 screen a first start fits the screen and leaves the
    // canvas more than half of the window's width and height, the lab fitted in view; the
    // review of generated files is a tab beside the canvas, at the canvas's full size.
    void usableAt1024x700()
    {
        QSettings().remove(QStringLiteral("window"));
        MainWindow small;
        small.resize(1024, 700);
        small.openTemplate(QStringLiteral("slurm-hpc"));
        small.show();
        QVERIFY(QTest::qWaitForWindowExposed(&small));
        QTest::qWait(50); // the first-start dock sizes are set once the event loop runs
        small.resize(1024, 700);
        const auto share = [&] {
            return double(small.view()->viewport()->width()) * small.view()->viewport()->height()
                / (double(small.width()) * small.height());
        };
        QTRY_VERIFY2(share() > 0.3,
                     qPrintable(QStringLiteral("canvas %1x%2 of 1024x700")
                                    .arg(small.view()->viewport()->width())
                                    .arg(small.view()->viewport()->height())));
        // The whole lab is in view.
        const QRectF shown = small.view()->mapToScene(small.view()->viewport()->rect()).boundingRect();
        QVERIFY(shown.contains(small.scene()->contentRect().adjusted(30, 30, -30, -30)));
        auto *tabs = small.findChild<QTabWidget *>(QStringLiteral("centralTabs"));
        QVERIFY(tabs);
        QCOMPARE(tabs->count(), 2);
        QCOMPARE(tabs->widget(1), static_cast<QWidget *>(small.reviewPanel()));
        QAction *showReview = menuAction(&small, "&Review of Generated Files");
        QVERIFY(showReview);
        showReview->trigger();
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(small.reviewPanel()));
        QCOMPARE(small.reviewPanel()->width(), tabs->width());
        small.document()->undoStack()->setClean();
    }

    // In a 1024x700 window the serial column is in view, whole, without scrolling sideways.
    void diskSerialIsVisibleWithinThePanel()
    {
        m_window->resize(1024, 700);
        QTableWidget *disks = disksOf(QStringLiteral("storage"));
        QVERIFY(disks);
        QTest::qWait(50);
        QApplication::processEvents();
        auto *scroll = qobject_cast<QScrollArea *>(m_window->nodePanel()->parentWidget()->parentWidget());
        QVERIFY(scroll);
        QWidget *area = scroll->viewport();
        QCOMPARE(disks->horizontalScrollBar()->maximum(), 0);
        const QRect cell = disks->visualRect(disks->model()->index(0, 3));
        // Left and right edges inside the panel as it is shown (the panel scrolls only vertically).
        const int left = disks->viewport()->mapTo(area, cell.topLeft()).x();
        QVERIFY2(left >= 0 && left + cell.width() <= area->width(),
                 qPrintable(QStringLiteral("serial column at %1..%2 in a %3 px panel")
                                .arg(left)
                                .arg(left + cell.width())
                                .arg(area->width())));
        QVERIFY(disks->viewport()->rect().contains(cell));
        const QString serial = disks->item(0, 3)->text();
        QCOMPARE(serial, QStringLiteral("OPENFACTORY_HPC_DATA"));
        // Id, size and bus take what they need; the serial keeps the rest (the whole of it in
        // the tooltip when the panel is narrower than the serial).
        QVERIFY2(cell.width() >= 100, qPrintable(QStringLiteral("%1 px for the serial").arg(cell.width())));
        QCOMPARE(disks->item(0, 3)->toolTip(), serial);
    }

    // A network's default route is a checkbox, bound both ways (lab to box, box to lab).
    void defaultRouteIsACheckboxBoundBothWays()
    {
        scene()->clearSelection();
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        QVERIFY(networks);
        QTableWidgetItem *route = networks->item(0, 3);
        QVERIFY(route->flags() & Qt::ItemIsUserCheckable);
        QVERIFY(doc()->lab().networks[0].isDefaultRoute);
        QCOMPARE(route->checkState(), Qt::Checked);
        const int steps = doc()->undoStack()->count();
        route->setCheckState(Qt::Unchecked);
        QVERIFY(!doc()->lab().networks[0].isDefaultRoute);
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo(); // the lab changes: the box follows
        QVERIFY(doc()->lab().networks[0].isDefaultRoute);
        QCOMPARE(networks->item(0, 3)->checkState(), Qt::Checked);
        Lab lab = doc()->lab();
        lab.networks[0].isDefaultRoute = false;
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("networks")));
        QCOMPARE(networks->item(0, 3)->checkState(), Qt::Unchecked);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // A CIDR or gateway that does not parse is refused with the reason beside the table.
    void networkAddressesThatDoNotParseAreRefusedInline()
    {
        scene()->clearSelection();
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        auto *problem = m_window->findChild<QLabel *>(QStringLiteral("networksProblem"));
        QVERIFY(networks && problem);
        const QString cidr = doc()->lab().networks[0].cidr, gateway = doc()->lab().networks[0].gateway;
        const int steps = doc()->undoStack()->count();
        networks->item(0, 1)->setText(QStringLiteral("ten.103.0.0/24"));
        QCOMPARE(doc()->lab().networks[0].cidr, cidr);
        QCOMPARE(networks->item(0, 1)->text(), cidr);
        QVERIFY(!problem->isHidden());
        QVERIFY2(problem->text().contains(QStringLiteral("ten.103.0.0/24")), qPrintable(problem->text()));
        networks->item(0, 2)->setText(QStringLiteral("yes"));
        QCOMPARE(doc()->lab().networks[0].gateway, gateway);
        QCOMPARE(networks->item(0, 2)->text(), gateway);
        QCOMPARE(doc()->undoStack()->count(), steps);
        networks->item(0, 2)->setText(QStringLiteral("10.103.0.254"));
        QCOMPARE(doc()->lab().networks[0].gateway, QStringLiteral("10.103.0.254"));
        QVERIFY(problem->isHidden());
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // A network's name is refused inline when another network has it (the two would merge:
    // renaming one back took every node's interface with it) or it is not a valid name; a
    // rename that is taken moves the network's interfaces with it, in one undo step.
    void aNetworkRenameToATakenNameIsRefusedInline()
    {
        scene()->clearSelection();
        auto *networks = m_window->findChild<QTableWidget *>(QStringLiteral("networks"));
        auto *problem = m_window->findChild<QLabel *>(QStringLiteral("networksProblem"));
        QVERIFY(networks && problem);
        QString name, why;
        Lab lab = NetworkEdits::withNewNetwork(doc()->lab(), QPointF(0, 600), &name);
        lab = NetworkEdits::attached(lab, QStringLiteral("storage"), name, &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        const Lab before = doc()->lab();
        const int steps = doc()->undoStack()->count();
        QCOMPARE(networks->rowCount(), 2);
        const QString first = before.networks[0].name;
        for (const QString &refused : {first, QStringLiteral("Not A Name"), QString()}) {
            networks->item(1, 0)->setText(refused);
            QCOMPARE(LabWriter::toBytes(doc()->lab()), LabWriter::toBytes(before));
            QCOMPARE(networks->item(1, 0)->text(), name);
            QVERIFY(!problem->isHidden());
            QVERIFY2(problem->text().endsWith(QStringLiteral("the name is unchanged.")), qPrintable(problem->text()));
            QCOMPARE(doc()->undoStack()->count(), steps);
        }
        QVERIFY2(problem->text().contains(QStringLiteral("network name")), qPrintable(problem->text()));
        networks->item(1, 0)->setText(QStringLiteral("storage-net"));
        QVERIFY(problem->isHidden());
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QCOMPARE(doc()->lab().networks[1].name, QStringLiteral("storage-net"));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->interfaces.last().network,
                 QStringLiteral("storage-net"));
        QCOMPARE(doc()->lab().node(QStringLiteral("storage"))->interfaces.first().network, first);
        QCOMPARE(doc()->lab().node(QStringLiteral("controller"))->interfaces.first().network, first);
        doc()->undoStack()->undo();
        // A lab that already names two networks alike (a file with that error): renaming the
        // second renames only it, and the interfaces stay on the name the first keeps.
        Lab twins = doc()->lab();
        twins.networks[1].name = first;
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), twins, QStringLiteral("test")));
        networks->item(1, 0)->setText(QStringLiteral("storage-net"));
        QCOMPARE(doc()->lab().networks[0].name, first);
        QCOMPARE(doc()->lab().networks[1].name, QStringLiteral("storage-net"));
        QVERIFY(doc()->lab().nodes == twins.nodes);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
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

    // A service config with a key twice is not committed (one value would be dropped
    // without a word): the reason is shown beside it.
    void aServiceConfigWithAKeyTwiceIsNotCommitted()
    {
        scene()->selectNode(QStringLiteral("storage"));
        m_window->nodePanel()->showNode(QStringLiteral("storage"));
        auto *config = m_window->nodePanel()->findChild<QPlainTextEdit *>(QStringLiteral("serviceConfig"));
        auto *error = m_window->nodePanel()->findChild<QLabel *>(QStringLiteral("serviceConfigError"));
        QVERIFY(config && error);
        const QString original = config->toPlainText();
        QVERIFY(!original.isEmpty());
        const int steps = doc()->undoStack()->count();
        config->setPlainText(QStringLiteral("{\n  \"export\": \"/a\",\n  \"export\": \"/b\"\n}"));
        QCOMPARE(doc()->undoStack()->count(), steps);
        QVERIFY2(error->text().contains(QStringLiteral("\"export\" appears twice")), qPrintable(error->text()));
        QVERIFY2(error->text().contains(QStringLiteral("line 3")), qPrintable(error->text()));
        // A syntax error is placed by line and column, as an editor counts them.
        config->setPlainText(QStringLiteral("{\n  \"export\": \"/a\",\n  \"mode\" \"x\"\n}"));
        QCOMPARE(doc()->undoStack()->count(), steps);
        QVERIFY2(error->text().contains(QStringLiteral("line 3, column")), qPrintable(error->text()));
        // Another node shown and this one again: the draft is still there, with its error.
        const QString draft = config->toPlainText();
        scene()->selectNode(QStringLiteral("controller"));
        m_window->nodePanel()->showNode(QStringLiteral("controller"));
        QVERIFY(config->toPlainText() != draft);
        scene()->selectNode(QStringLiteral("storage"));
        m_window->nodePanel()->showNode(QStringLiteral("storage"));
        QCOMPARE(config->toPlainText(), draft);
        QVERIFY2(error->text().contains(QStringLiteral("line 3, column")), qPrintable(error->text()));
        config->setPlainText(original);
        QVERIFY(error->text().isEmpty());
        while (doc()->undoStack()->count() > steps)
            doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
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

    // The Kubernetes section is there only when the lab has plan.kubernetes; adding and
    // removing the plan are one undo step each.
    void kubernetesSectionOnlyWhenTheLabHasAPlan()
    {
        scene()->clearSelection();
        auto *plan = m_window->findChild<QWidget *>(QStringLiteral("kubernetesPlan"));
        auto *add = m_window->findChild<QPushButton *>(QStringLiteral("addKubernetesPlan"));
        auto *remove = m_window->findChild<QPushButton *>(QStringLiteral("removeKubernetesPlan"));
        QVERIFY(plan && add && remove);
        QVERIFY(doc()->lab().kubernetes);
        QVERIFY(!plan->isHidden());
        QVERIFY(add->isHidden());

        m_window->openTemplate(QStringLiteral("slurm-native"));
        QVERIFY(!doc()->lab().kubernetes);
        QVERIFY(plan->isHidden());
        QVERIFY(!add->isHidden());
        const Lab native = doc()->lab();
        const int steps = doc()->undoStack()->count();
        add->click();
        QVERIFY(doc()->lab().kubernetes);
        QCOMPARE(*doc()->lab().kubernetes, KubernetesIntent {});
        QVERIFY(!plan->isHidden());
        QVERIFY(add->isHidden());
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        remove->click();
        QVERIFY(!doc()->lab().kubernetes);
        QVERIFY(plan->isHidden());
        QCOMPARE(doc()->undoStack()->count(), steps + 2);
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab().kubernetes);
        doc()->undoStack()->undo();
        QVERIFY(doc()->lab() == native);
        QVERIFY(plan->isHidden());
    }

    // Workers are a checklist of the lab's nodes; a tick is one undo step on plan.kubernetes.
    void kubernetesWorkersAreAChecklistOfNodes()
    {
        scene()->clearSelection();
        auto *workers = m_window->findChild<QListWidget *>(QStringLiteral("k8sWorkers"));
        QVERIFY(workers);
        const KubernetesIntent k = *doc()->lab().kubernetes;
        QCOMPARE(workers->count(), doc()->lab().nodes.size());
        QString outside;
        for (int i = 0; i < workers->count(); ++i) {
            const QString id = workers->item(i)->text();
            QCOMPARE(id, doc()->lab().nodes.at(i).id);
            QCOMPARE(workers->item(i)->checkState() == Qt::Checked, k.workers.contains(id));
            if (!k.workers.contains(id) && id != k.controller && outside.isEmpty())
                outside = id;
        }
        QVERIFY(!outside.isEmpty());
        const int steps = doc()->undoStack()->count();
        auto itemFor = [&](const QString &id) {
            for (int i = 0; i < workers->count(); ++i) {
                if (workers->item(i)->text() == id)
                    return workers->item(i);
            }
            return static_cast<QListWidgetItem *>(nullptr);
        };
        itemFor(outside)->setCheckState(Qt::Checked);
        QCOMPARE(doc()->lab().kubernetes->workers, k.workers + QStringList {outside});
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        itemFor(k.workers.first())->setCheckState(Qt::Unchecked);
        QVERIFY(!doc()->lab().kubernetes->workers.contains(k.workers.first()));
        QCOMPARE(doc()->undoStack()->count(), steps + 2);
        doc()->undoStack()->undo();
        QCOMPARE(itemFor(k.workers.first())->checkState(), Qt::Checked);
        doc()->undoStack()->undo();
        QCOMPARE(itemFor(outside)->checkState(), Qt::Unchecked);
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // The CNI combo shows the file's value (even one labforge does not generate) and writes it.
    void kubernetesCniIsBoundToTheFile()
    {
        scene()->clearSelection();
        auto *cni = m_window->findChild<QComboBox *>(QStringLiteral("k8sCni"));
        QVERIFY(cni);
        QCOMPARE(cni->currentText(), doc()->lab().kubernetes->cni);
        Lab lab = doc()->lab();
        lab.kubernetes->cni = QStringLiteral("calico");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("Kubernetes plan")));
        QCOMPARE(cni->currentText(), QStringLiteral("calico"));
        const int steps = doc()->undoStack()->count();
        cni->setCurrentText(QStringLiteral("flannel"));
        QCOMPARE(doc()->lab().kubernetes->cni, QStringLiteral("flannel"));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->lab().kubernetes->cni, QStringLiteral("calico"));
        QCOMPARE(cni->currentText(), QStringLiteral("calico"));
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
    }

    // The wheel guard covers the editors inside the disks table too.
    void theWheelChangesOnlyAFocusedDiskField()
    {
        QTableWidget *disks = disksOf(QStringLiteral("storage"));
        QVERIFY(disks);
        auto *size = qobject_cast<QSpinBox *>(disks->cellWidget(0, 1));
        auto *bus = qobject_cast<QComboBox *>(disks->cellWidget(0, 2));
        QVERIFY(size && bus);
        size->window()->activateWindow();
        m_window->view()->setFocus();
        const int steps = doc()->undoStack()->count();
        for (QWidget *target : {static_cast<QWidget *>(size), static_cast<QWidget *>(bus)}) {
            const QPoint at = target->rect().center();
            QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(target, &e);
        }
        QCOMPARE(doc()->undoStack()->count(), steps);
        QCOMPARE(LabWriter::toBytes(doc()->lab()), Templates::bytes(QStringLiteral("slurm-hpc")));
        size->setFocus();
        const QPoint at = size->rect().center();
        QWheelEvent e(at, size->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(size, &e);
        QCOMPARE(doc()->undoStack()->count(), steps + 1); // focused: the wheel is for the field
        doc()->undoStack()->undo();
    }

    // Build and Boot: Cancel is the default button; the memory scale is offered at what this
    // host can hold, and a scale that does not fit disables "Allocate and boot" with the field named.
    void buildAndBootRefusesWhatTheHostCannotHold()
    {
        m_window->openTemplate(QStringLiteral("slurm-native")); // every artifact of its images pinned
        bool checked = false, cancelDefault = false, fitsAtOffer = false, refusedAtFour = false;
        QString why;
        QTimer::singleShot(300, this, [&] {
            auto *dialog = m_window->findChild<QDialog *>(QStringLiteral("buildAndBoot"));
            if (!dialog)
                return;
            auto *buttons = dialog->findChild<QDialogButtonBox *>();
            auto *scale = dialog->findChild<QDoubleSpinBox *>(QStringLiteral("memoryScale"));
            auto *tooBig = dialog->findChild<QLabel *>(QStringLiteral("memoryTooBig"));
            checked = buttons && scale && tooBig;
            if (checked) {
                cancelDefault = buttons->button(QDialogButtonBox::Cancel)->isDefault()
                    && !buttons->button(QDialogButtonBox::Ok)->isDefault();
                fitsAtOffer = buttons->button(QDialogButtonBox::Ok)->isEnabled() && tooBig->isHidden();
                scale->setValue(4);
                refusedAtFour = !buttons->button(QDialogButtonBox::Ok)->isEnabled() && !tooBig->isHidden();
                why = tooBig->text();
            }
            dialog->reject();
        });
        QAction *buildAndBoot = menuAction(m_window.get(), "&Build and Boot");
        QVERIFY(buildAndBoot);
        buildAndBoot->trigger();
        QVERIFY(checked);
        QVERIFY(cancelDefault);
        QVERIFY(fitsAtOffer);
        QVERIFY(refusedAtFour);
        QVERIFY2(why.contains(QStringLiteral("Memory scale")), qPrintable(why));
        QVERIFY(!m_window->runProgress().isActive()); // cancelled: no run started
    }

    // The dialog offers what `labforge up` offers (URI, jobs, SSH wait, keep on failure,
    // pins lock) and hands it to the run; a pins lock that does not load is refused with
    // its error; the choices are remembered for the next run.
    void buildAndBootOffersTheRunOptionsOfUp()
    {
        QSettings().remove(QStringLiteral("run"));
        QTemporaryDir dir;
        const QString goodLock = dir.filePath(QStringLiteral("pins.lock.json"));
        QVERIFY(QFile::copy(TestLabs::sourceDir() + QStringLiteral("/generators/pins.lock.json"), goodLock));
        const Lab native = TestLabs::builtIn(QStringLiteral("slurm-native")); // its images' artifacts all pinned
        {
            BuildAndBootDialog dialog(native);
            auto *buttons = dialog.findChild<QDialogButtonBox *>();
            auto *refusal = dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"));
            dialog.findChild<QLineEdit *>(QStringLiteral("uri"))
                ->setText(QStringLiteral("qemu+ssh://root@host/system"));
            dialog.findChild<QSpinBox *>(QStringLiteral("jobs"))->setValue(3);
            dialog.findChild<QSpinBox *>(QStringLiteral("sshTimeout"))->setValue(1200);
            dialog.findChild<QCheckBox *>(QStringLiteral("keepOnFailure"))->setChecked(true);
            auto *accel = dialog.findChild<QComboBox *>(QStringLiteral("accel"));
            accel->setCurrentIndex(accel->findData(QStringLiteral("tcg")));
            auto *pins = dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"));
            pins->setText(dir.filePath(QStringLiteral("missing.json")));
            QVERIFY(!buttons->button(QDialogButtonBox::Ok)->isEnabled());
            QVERIFY2(refusal->text().contains(QStringLiteral("missing.json")), qPrintable(refusal->text()));
            pins->setText(goodLock);
            QVERIFY2(buttons->button(QDialogButtonBox::Ok)->isEnabled(), qPrintable(refusal->text()));
            const LabRunner::Options o = dialog.options();
            QCOMPARE(o.uri, QStringLiteral("qemu+ssh://root@host/system"));
            QCOMPARE(o.jobs, 3);
            QCOMPARE(o.sshTimeoutSeconds, 1200);
            QVERIFY(o.keepOnFailure);
            QCOMPARE(o.accel, BootPlan::Accel::Tcg);
            QCOMPARE(dialog.pinsFile(), goodLock);
            QCOMPARE(dialog.pins().toJson(), PinsLock::fromFile(goodLock)->toJson());
            QVERIFY(dialog.findChild<QPlainTextEdit *>(QStringLiteral("planSummary"))
                        ->toPlainText()
                        .contains(QStringLiteral("qemu+ssh://root@host/system")));
            dialog.accept();
        }
        BuildAndBootDialog again(native);
        QCOMPARE(again.options().uri, QStringLiteral("qemu+ssh://root@host/system"));
        QCOMPARE(again.options().jobs, 3);
        QCOMPARE(again.options().sshTimeoutSeconds, 1200);
        QCOMPARE(again.pinsFile(), goodLock);
        QSettings().remove(QStringLiteral("run"));
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
        m_window->view()->setFocus();
        QTest::keyClick(vp, Qt::Key_Delete);
        QVERIFY(!doc()->lab().node(QStringLiteral("login-ops")));
    }

    // View > Panels lists every dock; Reset Layout brings closed ones back; the window's
    // layout is remembered from one start to the next; docks do not float off.
    void panelsResetLayoutAndRememberedState()
    {
        QMenu *panels = m_window->findChild<QMenu *>(QStringLiteral("panelsMenu"));
        QVERIFY(panels);
        Q_EMIT panels->aboutToShow();
        const QList<QDockWidget *> docks = m_window->findChildren<QDockWidget *>();
        QCOMPARE(panels->actions().size(), docks.size());
        for (QDockWidget *dock : docks)
            QVERIFY2(!(dock->features() & QDockWidget::DockWidgetFloatable), qPrintable(dock->objectName()));
        auto *log = m_window->findChild<QDockWidget *>(QStringLiteral("logDock"));
        QVERIFY(log);
        log->toggleViewAction()->trigger();
        QVERIFY(log->isHidden());
        m_window->close(); // clean document: closes, and keeps the layout
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        log = m_window->findChild<QDockWidget *>(QStringLiteral("logDock"));
        QTRY_VERIFY(log->isHidden());
        m_window->resetLayout();
        QVERIFY(!log->isHidden());
        for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
            QVERIFY2(!dock->isHidden(), qPrintable(dock->objectName()));
        QSettings().remove(QStringLiteral("window"));
    }

    // The run's confirmation names the artifacts and images the lock pins only by a first pull,
    // and those it has no digest for (the built-in lock: the Slinky charts and every image).
    void buildAndBootMarksFirstPullPins()
    {
        QSettings().remove(QStringLiteral("run"));
        {
            BuildAndBootDialog dialog(doc()->lab());
            const QString summary = dialog.findChild<QPlainTextEdit *>(QStringLiteral("planSummary"))->toPlainText();
            QVERIFY2(summary.contains(QStringLiteral("No digest in the pins lock for "))
                         && summary.contains(QStringLiteral("slinky/slurm-operator-crds, slinky/slurm-operator, "
                                                            "slinky/slurm"))
                         && summary.contains(QStringLiteral("slurm/slurmctld"))
                         && summary.contains(QStringLiteral("kubernetes/kube-apiserver")),
                     qPrintable(summary));
            QVERIFY(!summary.contains(QStringLiteral("FIRST PULL")));
        }
        auto lock = PinsLock::builtIn();
        QString error;
        for (const PinsLock::Component &c : PinsLock::builtIn().components()) {
            for (const PinnedArtifact &a : c.artifacts) {
                if (a.sha256.isEmpty())
                    QVERIFY(lock.pinFirstPull(c.name, a.name, QString(64, QLatin1Char('a')),
                                              QStringLiteral("first pull"), &error));
            }
        }
        QTemporaryDir dir;
        const QString lockFile = dir.filePath(QStringLiteral("pins.lock.json"));
        QFile f(lockFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lock.toJson());
        f.close();
        BuildAndBootDialog dialog(doc()->lab());
        dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->setText(lockFile);
        const QString summary = dialog.findChild<QPlainTextEdit *>(QStringLiteral("planSummary"))->toPlainText();
        QVERIFY2(summary.contains(QStringLiteral("FIRST PULL: upstream publishes no digest for "))
                     && summary.contains(QStringLiteral("slinky/slurm-operator-crds, slinky/slurm-operator, "
                                                        "slinky/slurm"))
                     && summary.contains(QStringLiteral("slurm/slurmd")),
                 qPrintable(summary));
        QVERIFY(!summary.contains(QStringLiteral("No digest in the pins lock")));
        QSettings().remove(QStringLiteral("run"));
    }

    // What the image build would refuse is refused by the dialog: the reference lab's images
    // need artifacts the built-in lock has no digest for (Slinky's charts, Kubernetes' images),
    // so "Allocate and boot" is off, naming them and where a lock that pins them comes from.
    void buildAndBootRefusesUnpinnedArtifacts()
    {
        BuildAndBootDialog dialog(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
        auto *refusal = dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"));
        QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY2(refusal->text().contains(QStringLiteral("no digest for"))
                     && refusal->text().contains(QStringLiteral("Pins lock")),
                 qPrintable(refusal->text()));
    }

    // A lab with hosts is not measured against this machine's memory alone: the
    // dialog offers the recipes' sizes and says the hosts are asked when the run starts.
    void buildAndBootLeavesAHostLabToItsHosts()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        for (Node &n : lab.nodes)
            n.recipe.minMemoryGb = 64; // 384 GB: no single machine here holds it
        BuildAndBootDialog local(lab);
        QVERIFY(local.findChild<QDoubleSpinBox *>(QStringLiteral("memoryScale"))->value() < 0.2); // shrunk to fit here
        lab.hosts = {LabHost {QStringLiteral("here"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1")},
                     LabHost {QStringLiteral("rack2"), QStringLiteral("qemu+ssh://root@rack2/system"),
                              QStringLiteral("10.0.0.2")}};
        BuildAndBootDialog spread(lab);
        QCOMPARE(spread.findChild<QDoubleSpinBox *>(QStringLiteral("memoryScale"))->value(), 1.0);
        const QString summary = spread.findChild<QPlainTextEdit *>(QStringLiteral("planSummary"))->toPlainText();
        QVERIFY2(summary.contains(QStringLiteral("placed on the lab's 2 host(s) when the run starts")),
                 qPrintable(summary));
        QVERIFY(!summary.contains(QStringLiteral("more than 85%")));
        QVERIFY(spread.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    }

    // File offers the offline kit both ways; the transfer runs off the UI thread, streams its
    // lines, cannot be closed half-way, and says when nothing was written or imported.
    void offlineKitTransferShowsProgress()
    {
        QVERIFY(m_window->findChild<QAction *>(QStringLiteral("exportKitAction")));
        QVERIFY(m_window->findChild<QAction *>(QStringLiteral("importKitAction")));
        QSemaphore release;
        KitTransferDialog dialog(QStringLiteral("Import offline kit"),
                                 [&release](const KitTransferDialog::Log &log, QString *error) {
                                     log(QStringLiteral("verified: 2 artifacts"));
                                     release.acquire(); // hold the job until the test has tried to close
                                     log(QStringLiteral("image hello → cache"));
                                     *error = QStringLiteral("kit.tar: a .deb does not match Debian's index");
                                     return false;
                                 });
        dialog.show();
        dialog.start();
        auto *log = dialog.findChild<QPlainTextEdit *>(QStringLiteral("kitLog"));
        QTRY_VERIFY(log->toPlainText().contains(QStringLiteral("verified: 2 artifacts")));
        dialog.reject(); // refused while the job runs
        QVERIFY(dialog.isVisible());
        QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Close)->isEnabled());
        release.release();
        QTRY_VERIFY(dialog.finished());
        QVERIFY(!dialog.succeeded());
        QVERIFY(log->toPlainText().contains(QStringLiteral("image hello → cache")));
        QVERIFY(log->toPlainText().contains(QStringLiteral("a .deb does not match")));
        // The cause is said in the dialog itself, not "see the last line", under an empty bar.
        bool said = false;
        for (const QLabel *label : dialog.findChildren<QLabel *>())
            said = said || label->text().contains(QStringLiteral("Failed: kit.tar: a .deb does not match"));
        QVERIFY(said);
        QCOMPARE(dialog.findChild<QProgressBar *>()->value(), 0);
        QVERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Close)->isEnabled());
        dialog.reject();
        QVERIFY(!dialog.isVisible());
    }

    void germanTranslationIsCompiledIn()
    {
        QTranslator german;
        QVERIFY(german.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                            QStringLiteral(":/i18n")));
        QCOMPARE(german.translate("Labforge::MainWindow", "&File"), QStringLiteral("&Datei"));
        QCOMPARE(german.translate("Labforge::InterfacesEditor", "IP address"), QStringLiteral("IP-Adresse"));
        // Validator messages too, with the rule id untouched: the
        // Problems panel of a German designer reads German.
        QCoreApplication::installTranslator(&german);
        Lab lab = doc()->lab();
        lab.node(QStringLiteral("compute-2"))->interfaces[0].ip = QStringLiteral("10.103.0.21");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QCoreApplication::removeTranslator(&german);
        QVERIFY(m_window->problemsList()->topLevelItemCount() > 0);
        QTreeWidgetItem *first = m_window->problemsList()->topLevelItem(0);
        QCOMPARE(first->text(1), QStringLiteral("node.ip-duplicate"));
        QVERIFY2(first->text(3).contains(QStringLiteral("wird schon von Knoten")), qPrintable(first->text(3)));
        doc()->undoStack()->undo();
    }

    // Every text a user reads in a window: labels, buttons, group titles, headers, tree
    // cells, in widget order (so that two languages give lists of the same shape).
    static QStringList visibleTexts(QWidget *root)
    {
        QStringList out;
        auto addPlain = [&out](const QString &plain) {
            for (const QString &line : plain.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                out.append(line.trimmed());
        };
        auto add = [&addPlain](const QString &text) {
            addPlain(Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText()
                                               : QString(text).remove(QLatin1Char('&')));
        };
        add(root->windowTitle());
        for (QWidget *w : root->findChildren<QWidget *>()) {
            if (!w->isVisibleTo(root))
                continue;
            if (auto *label = qobject_cast<QLabel *>(w))
                add(label->text());
            else if (auto *button = qobject_cast<QAbstractButton *>(w))
                add(button->text());
            else if (auto *group = qobject_cast<QGroupBox *>(w))
                add(group->title());
            else if (auto *plain = qobject_cast<QPlainTextEdit *>(w))
                addPlain(plain->toPlainText());
            else if (auto *rich = qobject_cast<QTextEdit *>(w))
                addPlain(rich->toPlainText());
            else if (auto *dock = qobject_cast<QDockWidget *>(w))
                add(dock->windowTitle());
            else if (auto *tree = qobject_cast<QTreeWidget *>(w)) {
                for (int c = 0; c < tree->columnCount(); ++c)
                    add(tree->headerItem()->text(c));
                for (int r = 0; r < tree->topLevelItemCount(); ++r) {
                    for (int c = 0; c < tree->columnCount(); ++c)
                        add(tree->topLevelItem(r)->text(c));
                }
            }
        }
        return out;
    }

    // What the German UI still shows in English: texts equal in both languages that hold a
    // word, after the lab's own values and words German shares are taken out.
    static QStringList englishLeft(const QStringList &english, const QStringList &german, const Lab &lab)
    {
        QSet<QString> same {QStringLiteral("OK"),         QStringLiteral("Name"),   QStringLiteral("Gateway"),
                            QStringLiteral("GiB"),        QStringLiteral("MiB"),    QStringLiteral("vCPU"),
                            QStringLiteral("vCPUs"),      QStringLiteral("RAM"),    QStringLiteral("SSH"),
                            QStringLiteral("URI"),        QStringLiteral("KVM"),    QStringLiteral("TCG"),
                            QStringLiteral("qemu"),       QStringLiteral("system"), QStringLiteral("auto"),
                            QStringLiteral("labforge"),   QStringLiteral("Slinky"), QStringLiteral("Slurm"),
                            QStringLiteral("Kubernetes"), QStringLiteral("NFS"),    QStringLiteral("Flannel"),
                            QStringLiteral("Problem"),    QStringLiteral("Details")};
        for (const Node &n : lab.nodes)
            same.insert(n.id);
        for (const Network &n : lab.networks)
            same.insert(n.name);
        for (const LabWarning &w : lab.warnings)
            same.insert(w.text); // quoted from the lab file, as the dialog says
        same.insert(lab.name);
        QStringList left;
        for (int i = 0; i < std::min(english.size(), german.size()); ++i) {
            if (english.at(i) != german.at(i))
                continue;
            QString text = german.at(i);
            // Longest first: a quoted warning goes whole before a word inside it does.
            QStringList values(same.begin(), same.end());
            std::sort(values.begin(), values.end(), [](const QString &a, const QString &b) {
                return a.size() != b.size() ? a.size() > b.size() : a < b;
            });
            for (const QString &value : std::as_const(values))
                text.replace(value, QStringLiteral(" "));
            static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z-]{2,}"));
            for (auto it = word.globalMatch(text); it.hasNext();) {
                const QString w = it.next().captured();
                // Rule ids and pointers name places, not words (node.ip-duplicate, /nodes/1/…).
                if (!same.contains(w) && !german.at(i).contains(QLatin1Char('.') + w)
                    && !german.at(i).contains(w + QLatin1Char('.')) && !german.at(i).startsWith(QLatin1Char('/'))) {
                    left.append(german.at(i));
                    break;
                }
            }
        }
        return left;
    }

    // The German UI has no English text left in the Build and Boot
    // dialog and the Problems panel.
    void germanBuildAndBootAndProblemsHaveNoEnglishLeft()
    {
        // A lab with problems of several kinds: a duplicate address, an unknown network, a
        // feature without its service, a lab-level one (a plan worker that is no node).
        Lab lab = doc()->lab();
        lab.node(QStringLiteral("compute-2"))->interfaces[0].ip = QStringLiteral("10.103.0.21");
        lab.node(QStringLiteral("storage"))
            ->interfaces.append(NodeInterface {QStringLiteral("ghost-net"), QStringLiteral("10.9.0.5")});
        lab.kubernetes->workers.append(QStringLiteral("ghost"));
        lab.node(QStringLiteral("observability"))->recipe.services.clear();
        auto texts = [&lab] {
            MainWindow window;
            window.document()->reset(lab);
            window.show();
            QStringList problems = visibleTexts(window.problemsList()->parentWidget());
            BuildAndBootDialog dialog(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
            dialog.show();
            QTest::qWait(20);
            if (const QString dir = qEnvironmentVariable("LABFORGE_SCREENSHOT_DIR"); !dir.isEmpty()) {
                dialog.grab().save(dir + QStringLiteral("/build-and-boot-%1.png").arg(QLocale().name()));
                window.problemsList()->parentWidget()->grab().save(
                    dir + QStringLiteral("/problems-%1.png").arg(QLocale().name()));
            }
            return std::pair {problems, visibleTexts(&dialog)};
        };
        const auto english = texts();
        QTranslator labforge, qt;
        QVERIFY(labforge.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                              QStringLiteral(":/i18n")));
        // Qt's own buttons (Cancel, OK) come from Qt's translations (qt6-translations-l10n).
        QVERIFY2(qt.load(QLocale(QLocale::German), QStringLiteral("qtbase"), QStringLiteral("_"),
                         QLibraryInfo::path(QLibraryInfo::TranslationsPath)),
                 "qtbase_de.qm is missing: scripts/deps.sh installs qt6-translations-l10n");
        QCoreApplication::installTranslator(&labforge);
        QCoreApplication::installTranslator(&qt);
        QLocale::setDefault(QLocale(QLocale::German));
        const auto german = texts();
        QLocale::setDefault(QLocale::c());
        QCoreApplication::removeTranslator(&qt);
        QCoreApplication::removeTranslator(&labforge);
        QVERIFY(english.first.size() > 8 && english.second.size() > 8);
        QCOMPARE(german.first.size(), english.first.size());
        QCOMPARE(german.second.size(), english.second.size());
        QVERIFY(english.first.join(QLatin1Char(' ')).contains(QStringLiteral("already used by node")));
        QVERIFY(english.second.join(QLatin1Char(' ')).contains(QStringLiteral("Cancel")));
        const QStringList left =
            englishLeft(english.first, german.first, lab) + englishLeft(english.second, german.second, lab);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(" | "))));
    }

    void saveAndReopenAreByteIdentical()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hpc.lab.json"));
        QVERIFY(m_window->saveTo(path));
        QVERIFY(doc()->undoStack()->isClean());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray saved = f.readAll();
        QCOMPARE(saved, Templates::bytes(QStringLiteral("slurm-hpc")));
        MainWindow other;
        QVERIFY(other.openFile(path));
        QCOMPARE(LabWriter::toBytes(other.document()->lab()), saved);
    }
};

QTEST_MAIN(TestDesigner)
#include "tst_designer.moc"
