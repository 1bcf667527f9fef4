// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"
#include "Problem.h"

#include <QHash>
#include <QList>

class QGraphicsScene;

namespace Labforge {

class LinkItem;
class NodeItem;
class LabDocument;

// The links of a lab on the canvas: one LinkItem per entry of links[] whose two ends have
// cards, made again when the links change and moved with the cards (LinkLayout routes
// them). Shown or hidden as one layer of the view.
class LinkLayer
{
public:
    explicit LinkLayer(QGraphicsScene *scene);
    ~LinkLayer();
    LinkLayer(const LinkLayer &) = delete;
    LinkLayer &operator=(const LinkLayer &) = delete;

    // Items for `lab`'s links, made again only when the links or the cards changed.
    void sync(const Lab &lab, const QHash<QString, NodeItem *> &nodes, bool cardsChanged);
    // Every line where the cards are now (also during a drag).
    void updateGeometry(const QHash<QString, NodeItem *> &nodes);
    // Problems whose pointer is under /links/N go to link N's line.
    void applyProblems(const Problems &problems);
    void clear();
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }

    QList<LinkItem *> items() const { return m_items; }
    LinkItem *item(const QString &a, const QString &b) const;
    QList<int> selected() const;

private:
    QGraphicsScene *m_scene;
    QList<LinkItem *> m_items;
    QList<Link> m_drawn;
    bool m_visible = true;
};

} // namespace Labforge
