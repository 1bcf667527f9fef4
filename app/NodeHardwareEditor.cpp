#include "NodeHardwareEditor.h"

#include "Catalog.h"

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
}

QWidget *NodeHardwareEditor::focusPointer(const QString &pointer)
{
    QWidget *field = nullptr;
    if (pointer.contains(QLatin1String("/hardware/min_cpu")))
        field = m_cpu;
    else if (pointer.contains(QLatin1String("/hardware/min_memory_gb")))
        field = m_memory;
    if (field)
        field->setFocus();
    return field;
}

} // namespace Labforge
