// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabSectionEditor.h"

class QLineEdit;

namespace Labforge {

// The lab's name and description.
class LabNameEditor : public LabSectionEditor
{
    Q_OBJECT
public:
    explicit LabNameEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QStringList &tokens) override;

protected:
    void refresh() override;

private:
    QLineEdit *m_name;
    QLineEdit *m_description;
};

} // namespace Labforge
