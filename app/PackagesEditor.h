// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeSectionEditor.h"

class QLineEdit;

namespace Labforge {

// The node's extra Debian packages.
class PackagesEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    explicit PackagesEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QString &pointer) override;

protected:
    void refresh(const Node &node) override;

private:
    QLineEdit *m_packages;
};

} // namespace Labforge
