// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeHardwareEditor.h"

#include "Catalog.h"
#include "LabDocument.h"

#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>

namespace Labforge {

NodeHardwareEditor::NodeHardwareEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *form = new QFormLayout(this);
    form->setContentsMargins({});
    m_cpu = new QSpinBox;
    m_cpu->setObjectName(QStringLiteral("minCpu"));
    m_cpu->setRange(1, 256);
    form->addRow(tr("Min vCPUs"), m_cpu);
    m_memory = new QSpinBox;
    m_memory->setObjectName(QStringLiteral("minMemory"));
    m_memory->setRange(1, 1024);
    m_memory->setSuffix(tr(" GB"));
    form->addRow(tr("Min RAM"), m_memory);
    m_baseImage = new QComboBox;
    m_baseImage->addItems(Catalog::baseImages());
    form->addRow(tr("Base image"), m_baseImage);
    m_host = new QComboBox;
    m_host->setObjectName(QStringLiteral("placementHost"));
    m_host->setToolTip(tr("The lab host this node runs on; the planner places nodes without one"));
    form->addRow(tr("Host"), m_host);
    connect(m_host, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (isRefreshing() || index < 0)
            return;
        const QString host = m_host->itemData(index).toString();
        commit(QStringLiteral("placement"), [&](Node &n) { n.placementHost = host; });
    });
    connect(m_cpu, &QSpinBox::valueChanged, this,
            [this](int v) { commit(QStringLiteral("min_cpu"), [&](Node &n) { n.recipe.minCpu = v; }); });
    connect(m_memory, &QSpinBox::valueChanged, this,
            [this](int v) { commit(QStringLiteral("min_memory_gb"), [&](Node &n) { n.recipe.minMemoryGb = v; }); });
    connect(m_baseImage, &QComboBox::currentTextChanged, this, [this](const QString &b) {
        commit(QStringLiteral("base_image"), [&](Node &n) { n.recipe.baseImage = b; });
    });
}

void NodeHardwareEditor::refresh(const Node &node)
{
    m_cpu->setValue(node.recipe.minCpu);
    m_memory->setValue(node.recipe.minMemoryGb);
    m_baseImage->setCurrentText(node.recipe.baseImage);
    // The lab's hosts; a node placed on a host the lab no longer has keeps it, marked.
    m_host->clear();
    m_host->addItem(tr("(placed by the planner)"), QString());
    for (const LabHost &h : document()->lab().hosts)
        m_host->addItem(h.name, h.name);
    if (!node.placementHost.isEmpty() && m_host->findData(node.placementHost) < 0)
        m_host->addItem(tr("%1 (not a host of this lab)").arg(node.placementHost), node.placementHost);
    m_host->setCurrentIndex(std::max(0, int(m_host->findData(node.placementHost))));
    m_host->setEnabled(m_host->count() > 1);
    m_host->setToolTip(m_host->isEnabled()
                           ? tr("The lab host this node runs on; the planner places nodes without one")
                           : tr("The lab has no hosts: it runs on the URI Build and Boot names. Add hosts under "
                                "Hosts in the lab's properties to place nodes on them."));
}

QWidget *NodeHardwareEditor::focusPointer(const QString &pointer)
{
    QWidget *field = nullptr;
    if (pointer.contains(QLatin1String("/hardware/min_cpu")))
        field = m_cpu;
    else if (pointer.contains(QLatin1String("/hardware/min_memory_gb")))
        field = m_memory;
    else if (pointer.contains(QLatin1String("/placement")))
        field = m_host;
    if (field)
        field->setFocus();
    return field;
}

} // namespace Labforge
