// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QWidget>

namespace Labforge {

class LabDocument;
class LabSectionEditor;

// Lab-wide properties (shown when no node is selected), one editor per concern: name,
// networks, plan.kubernetes, scenarios and their steps, warnings. Edits are EditLabCommands.
class LabPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LabPanel(LabDocument *document, QWidget *parent = nullptr);
    // Shows and focuses the field a JSON pointer of the lab file names (a lab-level problem:
    // name, networks, plan.kubernetes, scenario steps, warnings); null when none shows it.
    QWidget *focusPointer(const QString &pointer);

private:
    QList<LabSectionEditor *> m_editors;
};

} // namespace Labforge
