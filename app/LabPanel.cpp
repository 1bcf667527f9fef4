#include "LabPanel.h"

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
    layout->addWidget(new LabNameEditor(document));
    layout->addWidget(new NetworksEditor(document));
    layout->addWidget(new KubernetesEditor(document));
    layout->addWidget(new ScenarioEditor(document));
    layout->addWidget(new WarningsEditor(document));
    layout->addStretch();
}

} // namespace Labforge
