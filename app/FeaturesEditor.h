// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeSectionEditor.h"

class QCheckBox;
class QGroupBox;

namespace Labforge {

// The node's features, one checkbox each; only those the role allows can be switched on.
class FeaturesEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    explicit FeaturesEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QString &pointer) override;

protected:
    void refresh(const Node &node) override;

private:
    QGroupBox *m_box;
    QList<QCheckBox *> m_features;
};

} // namespace Labforge
