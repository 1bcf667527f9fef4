// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeFinder.h"

#include "LabDocument.h"
#include "LabScene.h"
#include "LabView.h"
#include "NodeItem.h"

#include <QCompleter>
#include <QStringListModel>

namespace Labforge {

NodeFinder::NodeFinder(LabDocument *document, LabScene *scene, LabView *view, QWidget *parent)
    : QLineEdit(parent)
    , m_document(document)
    , m_scene(scene)
    , m_view(view)
{
    setObjectName(QStringLiteral("findNode"));
    setPlaceholderText(tr("Find node (Ctrl+F)"));
    setClearButtonEnabled(true);
    setMaximumWidth(220);
    auto *ids = new QStringListModel(this);
    connect(m_document, &LabDocument::problemsChanged, ids, [this, ids] {
        QStringList names;
        for (const Node &n : m_document->lab().nodes)
            names.append(n.id);
        if (names != ids->stringList())
            ids->setStringList(names);
    });
    auto *completer = new QCompleter(ids, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    setCompleter(completer);
    connect(this, &QLineEdit::returnPressed, this, [this] { find(text()); });
    connect(completer, qOverload<const QString &>(&QCompleter::activated), this, &NodeFinder::find);
}

void NodeFinder::find(const QString &text)
{
    const QString wanted = text.trimmed();
    if (wanted.isEmpty())
        return;
    QString found;
    for (const Node &n : m_document->lab().nodes) {
        if (n.id == wanted || n.ip() == wanted) {
            found = n.id;
            break;
        }
        if (found.isEmpty() && n.id.contains(wanted, Qt::CaseInsensitive))
            found = n.id;
    }
    if (found.isEmpty()) {
        Q_EMIT message(tr("No node matches \"%1\".").arg(wanted));
        return;
    }
    m_scene->selectNode(found);
    if (QGraphicsItem *item = m_scene->nodeItem(found))
        m_view->centerOn(item);
    m_view->setFocus(Qt::OtherFocusReason);
}

} // namespace Labforge
