// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabPanel.h"

#include "HostsEditor.h"
#include "JsonPointer.h"
#include "KubernetesEditor.h"
#include "LabNameEditor.h"
#include "NetworksEditor.h"
#include "ScenarioEditor.h"
#include "WarningsEditor.h"

#include <QVBoxLayout>

namespace Labforge {

LabPanel::LabPanel(LabDocument *document, QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_editors = {new LabNameEditor(document),    new NetworksEditor(document), new HostsEditor(document),
                 new KubernetesEditor(document), new ScenarioEditor(document), new WarningsEditor(document)};
    for (LabSectionEditor *editor : std::as_const(m_editors))
        layout->addWidget(editor);
    layout->addStretch();
}

QWidget *LabPanel::focusPointer(const QString &pointer)
{
    const QStringList tokens = JsonPointer::tokens(pointer);
    for (LabSectionEditor *editor : std::as_const(m_editors)) {
        if (QWidget *field = editor->focusPointer(tokens))
            return field;
    }
    return nullptr;
}

} // namespace Labforge
