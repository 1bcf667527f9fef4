// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Node.h"
#include "Problem.h"

#include <QColor>
#include <QGraphicsObject>

namespace Labforge {

// The canvas picture of one node. It holds the node's id and a copy of what it
// draws; the document is the only owner of the data.
class NodeItem : public QGraphicsObject
{
    Q_OBJECT
public:
    enum { Type = UserType + 1 };
    explicit NodeItem(const Node &node);

    int type() const override { return Type; }
    QString nodeId() const { return m_node.id; }
    const Node &node() const { return m_node; }
    void setNode(const Node &node);
    void setProblems(const Problems &problems);
    // Run state shown on the item: empty, "building", "booting", "up", "failed".
    void setRunState(const QString &state);
    void setTally(int passed, int failed);
    // The colour of the node's host (HostStyle), shown as a tag with the host's name on the
    // card; invalid for a host the lab does not list (the tag is grey then).
    void setHostColour(const QColor &colour);
    QColor hostColour() const { return m_hostColour; }
    // A progress bar along the node's foot during a run: 0..1, NoProgress to hide it, or a
    // negative value for "busy, no measure" (booting); text replaces the status line.
    void setRunProgress(double progress, const QString &text);
    double runProgress() const { return m_runProgress; }
    QString runText() const { return m_runText; }
    static constexpr double NoProgress = -2;
    const Problems &problems() const { return m_problems; }
    QString runState() const { return m_runState; }
    int passed() const { return m_passed; }
    int failed() const { return m_failed; }
    bool snapping() const;

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    static constexpr qreal Grid = 20;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    // Draws the card again in every view (see the cache mode in the constructor).
    void repaint();
    void updateToolTip();

    Node m_node;
    Problems m_problems;
    QString m_runState;
    double m_runProgress = NoProgress;
    QString m_runText;
    int m_passed = 0;
    int m_failed = 0;
    QColor m_hostColour;
};

} // namespace Labforge
