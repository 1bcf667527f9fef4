// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkLayer.h"

#include "Catalog.h"
#include "LinkItem.h"
#include "LinkLayout.h"
#include "NodeItem.h"

#include <QGraphicsScene>
#include <utility>

namespace Labforge {

LinkLayer::LinkLayer(QGraphicsScene *scene)
    : m_scene(scene)
{ }

LinkLayer::~LinkLayer()
{
    clear();
}

void LinkLayer::clear()
{
    // Out of the list first: deleting a selected item tells the scene's selection watchers,
    // who ask this layer what is selected.
    const QList<LinkItem *> items = std::exchange(m_items, {});
    m_drawn.clear();
    qDeleteAll(items);
}

void LinkLayer::sync(const Lab &lab, const QHash<QString, NodeItem *> &nodes, bool cardsChanged)
{
    if (cardsChanged || lab.links != m_drawn) {
        // A link selected before is selected after, if it is still there.
        QList<std::pair<QString, QString>> selected;
        for (const LinkItem *item : std::as_const(m_items)) {
            if (item->isSelected())
                selected.append({item->link().from, item->link().to});
        }
        clear();
        m_drawn = lab.links;
        for (int i = 0; i < lab.links.size(); ++i) {
            const Link &l = lab.links.at(i);
            if (l.from == l.to || !nodes.contains(l.from) || !nodes.contains(l.to))
                continue; // the validator reports it
            auto *item = new LinkItem(i, l);
            item->setVisible(m_visible);
            m_scene->addItem(item);
            m_items.append(item);
            item->setSelected(m_visible && selected.contains(std::pair {l.from, l.to}));
        }
    }
    updateGeometry(nodes);
}

void LinkLayer::updateGeometry(const QHash<QString, NodeItem *> &nodes)
{
    QList<LinkLayout::Route> routes;
    QHash<QString, QRectF> cards;
    for (auto it = nodes.begin(); it != nodes.end(); ++it)
        cards.insert(it.key(), QRectF(it.value()->pos(), Catalog::nodeSize()));
    const auto end = [&nodes](const QString &id) {
        const NodeItem *item = nodes.value(id);
        return LinkLayout::endAt(id, item->pos(), int(item->node().interfaces.size()));
    };
    for (LinkItem *item : std::as_const(m_items))
        routes.append(LinkLayout::Route {end(item->link().from), end(item->link().to)});
    const QList<QList<QPointF>> paths = LinkLayout::paths(routes, cards);
    for (int k = 0; k < m_items.size(); ++k)
        m_items.at(k)->setPath(paths.at(k));
}

void LinkLayer::applyProblems(const Problems &problems)
{
    QHash<int, QString> byLink;
    for (const Problem &p : problems) {
        const QStringList tokens = p.pointer.split(QLatin1Char('/'));
        if (tokens.size() >= 3 && tokens.at(1) == QLatin1String("links")) {
            QString &text = byLink[tokens.at(2).toInt()];
            text += (text.isEmpty() ? QString() : QStringLiteral("\n")) + p.message;
        }
    }
    for (LinkItem *item : std::as_const(m_items))
        item->setProblem(byLink.value(item->index()));
}

void LinkLayer::setVisible(bool visible)
{
    m_visible = visible;
    for (LinkItem *item : std::as_const(m_items)) {
        item->setVisible(visible);
        if (!visible)
            item->setSelected(false);
    }
}

LinkItem *LinkLayer::item(const QString &a, const QString &b) const
{
    for (LinkItem *item : m_items) {
        if (item->link().joins(a, b))
            return item;
    }
    return nullptr;
}

QList<int> LinkLayer::selected() const
{
    QList<int> out;
    for (LinkItem *item : m_items) {
        if (item->isSelected())
            out.append(item->index());
    }
    return out;
}

} // namespace Labforge
