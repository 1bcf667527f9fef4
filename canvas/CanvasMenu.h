// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QCoreApplication>
#include <QPointF>

class QMenu;

namespace Labforge {

class LabScene;
class LinkItem;
class NetworkItem;
class NodeItem;

// The canvas's context menu for what is under the pointer: a link, a network, a node (copy
// its address, link it, give it an interface, duplicate, delete, properties, and what acts on
// the running lab) or the empty canvas (add a network there).
class CanvasMenu
{
    Q_DECLARE_TR_FUNCTIONS(CanvasMenu)
public:
    // Fills `menu` for the one item given (or, with none, for the point `at`), selecting it.
    static void fill(QMenu *menu, LabScene *scene, NodeItem *node, NetworkItem *network, LinkItem *link, QPointF at);
    // The menu asked for from the keyboard (the Menu key, Shift+F10): that of the selected
    // node (the one with the focus among several), else the selected network or link, else
    // the empty canvas's at `at`. Returns where it belongs on the canvas (scene coordinates).
    static QPointF fillForSelection(QMenu *menu, LabScene *scene, QPointF at);

private:
    static void fillNode(QMenu *menu, LabScene *scene, NodeItem *node);
};

} // namespace Labforge
