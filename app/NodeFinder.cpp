// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeFinder.h"

#include "LabDocument.h"
#include "LabScene.h"
#include "LabView.h"
#include "LinkItem.h"
#include "NetworkItem.h"
#include "NodeItem.h"

#include <QCompleter>
#include <QKeyEvent>
#include <QStringListModel>

namespace Labforge {

namespace {

// What the field completes: node ids, network names and link labels.
QStringList names(const Lab &lab)
{
    QStringList names;
    for (const Node &n : lab.nodes)
        names.append(n.id);
    for (const Network &n : lab.networks)
        names.append(n.name);
    for (const Link &l : lab.links) {
        if (!l.label.isEmpty())
            names.append(l.label);
    }
    names.removeDuplicates();
    return names;
}

} // namespace

NodeFinder::NodeFinder(LabDocument *document, LabScene *scene, LabView *view, QWidget *parent)
    : QLineEdit(parent)
    , m_document(document)
    , m_scene(scene)
    , m_view(view)
{
    setObjectName(QStringLiteral("findNode"));
    setPlaceholderText(tr("Find node, network or link (Ctrl+F)"));
    setToolTip(tr("A node's id or address, a network's name or CIDR, a link's label or its two nodes (a – b); "
                  "Shift+Return adds it to the selection"));
    setClearButtonEnabled(true);
    setMaximumWidth(220);
    auto *ids = new QStringListModel(this);
    connect(m_document, &LabDocument::problemsChanged, ids, [this, ids] {
        const QStringList all = names(m_document->lab());
        if (all != ids->stringList())
            ids->setStringList(all);
    });
    auto *completer = new QCompleter(ids, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    setCompleter(completer);
    connect(this, &QLineEdit::returnPressed, this, [this] { find(text()); });
    connect(completer, qOverload<const QString &>(&QCompleter::activated), this,
            [this](const QString &text) { find(text); });
}

NodeFinder::Match NodeFinder::match(const Lab &lab, const QString &text)
{
    const QString wanted = text.trimmed();
    if (wanted.isEmpty())
        return {};
    const auto linkNames = [](const Link &l) {
        return QStringList {l.label, l.from + QStringLiteral(" – ") + l.to, l.from + QStringLiteral(" - ") + l.to};
    };
    // Exact first (a node's id or address, a network's name or CIDR, a link's label or ends),
    // then the first whose id, name or label contains the text.
    for (const Node &n : lab.nodes) {
        if (n.id == wanted || n.ip() == wanted)
            return {Kind::Node, n.id, -1};
    }
    for (const Network &n : lab.networks) {
        if (n.name == wanted || n.cidr == wanted)
            return {Kind::Network, n.name, -1};
    }
    for (int k = 0; k < lab.links.size(); ++k) {
        if (linkNames(lab.links.at(k)).contains(wanted, Qt::CaseInsensitive))
            return {Kind::Link, {}, k};
    }
    for (const Node &n : lab.nodes) {
        if (n.id.contains(wanted, Qt::CaseInsensitive))
            return {Kind::Node, n.id, -1};
    }
    for (const Network &n : lab.networks) {
        if (n.name.contains(wanted, Qt::CaseInsensitive))
            return {Kind::Network, n.name, -1};
    }
    for (int k = 0; k < lab.links.size(); ++k) {
        if (lab.links.at(k).label.contains(wanted, Qt::CaseInsensitive))
            return {Kind::Link, {}, k};
    }
    return {};
}

void NodeFinder::keyPressEvent(QKeyEvent *event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && (event->modifiers() & Qt::ShiftModifier)) {
        event->accept();
        return find(text(), true);
    }
    QLineEdit::keyPressEvent(event);
}

void NodeFinder::find(const QString &text, bool add)
{
    const Match found = match(m_document->lab(), text);
    QGraphicsItem *item = nullptr;
    switch (found.kind) {
    case Kind::None:
        if (!text.trimmed().isEmpty())
            Q_EMIT message(tr("No node, network or link matches \"%1\".").arg(text.trimmed()));
        return;
    case Kind::Node:
        item = m_scene->nodeItem(found.name);
        break;
    case Kind::Network:
        item = m_scene->networkItem(found.name);
        break;
    case Kind::Link:
        for (LinkItem *link : m_scene->linkItems()) {
            if (link->index() == found.link)
                item = link;
        }
        break;
    }
    if (!add)
        m_scene->clearSelection();
    if (item) {
        item->setSelected(true);
        item->setFocus(); // the one the Menu key and F2 are about
        m_view->centerOn(item);
    }
    m_view->setFocus(Qt::OtherFocusReason);
}

} // namespace Labforge
