// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QHash>

class QGraphicsScene;

namespace Labforge {

class HostGroupItem;
class NodeItem;

// The hosts of a lab on the canvas: each card tinted in its host's colour and, while shown,
// one frame per host around its nodes' cards, where they are now (also during a drag).
class HostGroupLayer
{
public:
    explicit HostGroupLayer(QGraphicsScene *scene);
    ~HostGroupLayer();
    HostGroupLayer(const HostGroupLayer &) = delete;
    HostGroupLayer &operator=(const HostGroupLayer &) = delete;

    void update(const Lab &lab, const QHash<QString, NodeItem *> &nodes);
    void clear();
    // Off, only the cards' host tags remain.
    void setVisible(bool visible) { m_visible = visible; }
    bool isVisible() const { return m_visible; }

    HostGroupItem *item(const QString &host) const { return m_items.value(host); }
    QList<HostGroupItem *> items() const { return m_items.values(); }

private:
    QGraphicsScene *m_scene;
    QHash<QString, HostGroupItem *> m_items;
    bool m_visible = true;
};

} // namespace Labforge
