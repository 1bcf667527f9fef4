// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeSectionEditor.h"

class QComboBox;
class QSpinBox;

namespace Labforge {

// The node's minimum hardware (vCPUs, RAM) and its base image.
class NodeHardwareEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    explicit NodeHardwareEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QString &pointer) override;

protected:
    void refresh(const Node &node) override;

private:
    QSpinBox *m_cpu;
    QSpinBox *m_memory;
    QComboBox *m_baseImage;
    QComboBox *m_host; // the lab host it runs on (format 3), or the planner's choice
};

} // namespace Labforge
