// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CanvasMenu.h"

#include "Catalog.h"
#include "LabDocument.h"
#include "LabScene.h"
#include "LinkDetour.h"
#include "LinkItem.h"
#include "NetworkEdits.h"
#include "NetworkItem.h"
#include "NodeItem.h"

#include <QMenu>

namespace Labforge {

void CanvasMenu::fill(QMenu *menu, LabScene *scene, NodeItem *node, NetworkItem *network, LinkItem *link, QPointF at)
{
    if (link) {
        const int index = link->index();
        if (!link->isSelected()) {
            scene->clearSelection();
            link->setSelected(true);
        }
        menu->addAction(tr("Delete Link"), scene, &LabScene::deleteSelection)->setShortcut(QKeySequence::Delete);
        menu->addSeparator();
        menu->addAction(tr("Properties"), scene, [scene, index] { Q_EMIT scene->linkActivated(index); });
        Q_EMIT scene->linkMenuAboutToShow(index, menu);
    } else if (network) {
        const QString name = network->name();
        if (!network->isSelected())
            scene->selectNetwork(name);
        menu->addAction(tr("Delete Network"), scene, &LabScene::deleteSelection)->setShortcut(QKeySequence::Delete);
        menu->addSeparator();
        menu->addAction(tr("Properties"), scene, [scene, name] { Q_EMIT scene->networkActivated(name); });
    } else if (node) {
        fillNode(menu, scene, node);
    } else {
        menu->addAction(tr("Add Network Here"), scene, [scene, at] { scene->addNetwork(at); });
    }
}

QPointF CanvasMenu::fillForSelection(QMenu *menu, LabScene *scene, QPointF at)
{
    QList<QGraphicsItem *> selected = scene->selectedItems();
    if (QGraphicsItem *focus = scene->focusItem(); focus && focus->isSelected())
        selected.prepend(focus);
    // Nodes before networks before links, as under the pointer.
    for (QGraphicsItem *item : std::as_const(selected)) {
        if (auto *node = dynamic_cast<NodeItem *>(item)) {
            fillNode(menu, scene, node);
            return QRectF(node->pos(), Catalog::nodeSize()).center();
        }
    }
    for (QGraphicsItem *item : std::as_const(selected)) {
        if (auto *network = dynamic_cast<NetworkItem *>(item)) {
            fill(menu, scene, nullptr, network, nullptr, at);
            return network->bus().center();
        }
    }
    for (QGraphicsItem *item : std::as_const(selected)) {
        if (auto *link = dynamic_cast<LinkItem *>(item)) {
            fill(menu, scene, nullptr, nullptr, link, at);
            return LinkDetour::middle(link->path());
        }
    }
    fill(menu, scene, nullptr, nullptr, nullptr, at);
    return at;
}

void CanvasMenu::fillNode(QMenu *menu, LabScene *scene, NodeItem *node)
{
    if (!node->isSelected())
        scene->selectNode(node->nodeId());
    const QString id = node->nodeId();
    const Lab &lab = scene->document()->lab();
    menu->addAction(tr("Copy IP Address"), scene,
                    [scene, id] { Q_EMIT scene->copyIpRequested(scene->document()->lab().node(id)->ip()); })
        ->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    QMenu *linkTo = menu->addMenu(tr("Link To"));
    for (const Node &other : lab.nodes) {
        if (other.id == id)
            continue;
        QAction *a = linkTo->addAction(other.id, scene, [scene, id, other = other.id] { scene->addLink(id, other); });
        a->setEnabled(lab.linkIndex(id, other.id) < 0);
    }
    linkTo->setEnabled(lab.nodes.size() > 1);
    QMenu *attach = menu->addMenu(tr("Add Interface On"));
    for (const Network &net : lab.networks) {
        QString why;
        NetworkEdits::attached(lab, id, net.name, &why);
        QAction *a = attach->addAction(QStringLiteral("%1 (%2)").arg(net.name, net.cidr), scene,
                                       [scene, id, name = net.name] { scene->addLink(id, name); });
        a->setEnabled(why.isEmpty());
    }
    attach->setEnabled(!lab.networks.isEmpty());
    menu->addAction(tr("Duplicate"), scene, &LabScene::duplicateSelection)->setShortcut(QKeySequence(tr("Ctrl+D")));
    menu->addAction(tr("Delete"), scene, &LabScene::deleteSelection)->setShortcut(QKeySequence::Delete);
    menu->addSeparator();
    menu->addAction(tr("Properties"), scene, [scene, id] { Q_EMIT scene->nodeActivated(id); });
    Q_EMIT scene->nodeMenuAboutToShow(id, menu);
}

} // namespace Labforge
