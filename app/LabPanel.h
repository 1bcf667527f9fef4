#pragma once

#include <QWidget>

namespace Labforge {

class LabDocument;

// Lab-wide properties (shown when no node is selected), one editor per concern: name,
// networks, plan.kubernetes, scenarios and their steps, warnings. Edits are EditLabCommands.
class LabPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LabPanel(LabDocument *document, QWidget *parent = nullptr);
};

} // namespace Labforge
