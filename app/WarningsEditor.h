// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabSectionEditor.h"

class QListWidget;

namespace Labforge {

// The lab's warnings: those the features require (word for word, not editable) and free notes.
class WarningsEditor : public LabSectionEditor
{
    Q_OBJECT
public:
    explicit WarningsEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QStringList &tokens) override;

protected:
    void refresh() override;

private:
    QListWidget *m_warnings;
};

} // namespace Labforge
