// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodePanel.h"

#include "DisksEditor.h"
#include "FeaturesEditor.h"
#include "InterfacesEditor.h"
#include "LabDocument.h"
#include "NodeHardwareEditor.h"
#include "NodeIdentityEditor.h"
#include "PackagesEditor.h"
#include "ServicesEditor.h"
#include "UsersEditor.h"

#include <QVBoxLayout>

namespace Labforge {

NodePanel::NodePanel(LabDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    m_identity = new NodeIdentityEditor(document);
    auto *interfaces = new InterfacesEditor(document);
    auto *hardware = new NodeHardwareEditor(document);
    auto *features = new FeaturesEditor(document);
    auto *packages = new PackagesEditor(document);
    auto *users = new UsersEditor(document);
    auto *disks = new DisksEditor(document);
    auto *services = new ServicesEditor(document);
    auto *layout = new QVBoxLayout(this);
    for (NodeSectionEditor *editor : std::initializer_list<NodeSectionEditor *> {
             m_identity, interfaces, hardware, features, packages, users, disks, services})
        layout->addWidget(editor);
    layout->addStretch();
    m_editors = {m_identity, interfaces, features, packages, disks, services, hardware, users};

    connect(document, &LabDocument::labChanged, this, &NodePanel::refresh);
    connect(document, &LabDocument::nodeChanged, this, [this](const QString &oldId, const QString &newId) {
        if (oldId == m_id)
            m_id = newId;
    });
    connect(document, &LabDocument::labReplaced, this,
            [this](const QHash<QString, QString> &renamed) { m_id = renamed.value(m_id, m_id); });
    setEnabled(false);
}

void NodePanel::showNode(const QString &id)
{
    m_identity->showIdProblem({});
    m_id = id;
    refresh();
}

void NodePanel::refresh()
{
    const bool shown = m_document->lab().node(m_id) != nullptr;
    setEnabled(shown);
    if (!shown)
        return;
    for (NodeSectionEditor *editor : std::as_const(m_editors))
        editor->showNode(m_id);
}

QWidget *NodePanel::focusPointer(const QString &pointer)
{
    for (NodeSectionEditor *editor : std::as_const(m_editors)) {
        if (QWidget *field = editor->focusPointer(pointer))
            return field;
    }
    return nullptr;
}

} // namespace Labforge
