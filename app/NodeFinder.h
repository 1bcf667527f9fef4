// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QLineEdit>

namespace Labforge {

class LabDocument;
class LabScene;
class LabView;

// The toolbar's Find field: completes node ids, network names and link labels as typed and,
// on Return, selects and centres what the text names: a node by id or address, a network by
// name or CIDR, a link by label or by its two nodes ("a – b"); else the first node, network
// or link whose id, name or label contains the text. Shift+Return adds what it names to the
// selection instead (two nodes for Link Selection, by keyboard).
class NodeFinder : public QLineEdit
{
    Q_OBJECT
public:
    NodeFinder(LabDocument *document, LabScene *scene, LabView *view, QWidget *parent = nullptr);

    enum class Kind { None, Node, Network, Link };
    struct Match
    {
        Kind kind = Kind::None;
        QString name; // the node's id or the network's name
        int link = -1; // index into the lab's links
    };
    static Match match(const Lab &lab, const QString &text);

    // Selects what `text` names (added to the selection when `add`) and centres it.
    void find(const QString &text, bool add = false);

Q_SIGNALS:
    void message(const QString &text);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    LabDocument *m_document;
    LabScene *m_scene;
    LabView *m_view;
};

} // namespace Labforge
