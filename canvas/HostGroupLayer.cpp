// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostGroupLayer.h"

#include "Catalog.h"
#include "HostGroupItem.h"
#include "HostStyle.h"
#include "NodeItem.h"

#include <QGraphicsScene>
#include <QSet>

namespace Labforge {

HostGroupLayer::HostGroupLayer(QGraphicsScene *scene)
    : m_scene(scene)
{ }

HostGroupLayer::~HostGroupLayer()
{
    clear();
}

void HostGroupLayer::clear()
{
    qDeleteAll(m_items);
    m_items.clear();
}

void HostGroupLayer::update(const Lab &lab, const QHash<QString, NodeItem *> &nodes)
{
    QHash<QString, QList<QRectF>> cards;
    for (auto it = nodes.cbegin(); it != nodes.cend(); ++it) {
        const QString &host = it.value()->node().placementHost;
        it.value()->setHostColour(HostStyle::colourOf(lab, host));
        if (!host.isEmpty())
            cards[host].append(it.value()->mapRectToScene(QRectF(QPointF(0, 0), Catalog::nodeSize())));
    }
    QSet<QString> shown;
    if (m_visible) {
        for (const LabHost &host : lab.hosts) {
            if (!cards.contains(host.name) || shown.contains(host.name))
                continue; // no node there yet, or a duplicate name (the validator reports it)
            shown.insert(host.name);
            HostGroupItem *group = m_items.value(host.name);
            if (!group) {
                group = new HostGroupItem(host.name, HostStyle::colourOf(lab, host.name));
                m_scene->addItem(group);
                m_items.insert(host.name, group);
            }
            group->set(cards.value(host.name), HostStyle::colourOf(lab, host.name), host.uri);
        }
    }
    for (auto it = m_items.begin(); it != m_items.end();) {
        if (shown.contains(it.key())) {
            ++it;
            continue;
        }
        delete it.value();
        it = m_items.erase(it);
    }
}

} // namespace Labforge
