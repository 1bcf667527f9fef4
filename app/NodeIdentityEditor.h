// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeSectionEditor.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace Labforge {

// Who the node is: id (renames carry every reference, a duplicate or invalid id is
// refused inline) and role. Its addresses are the interfaces' (InterfacesEditor).
class NodeIdentityEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    explicit NodeIdentityEditor(LabDocument *document, QWidget *parent = nullptr);
    // Shows why the typed id was refused; empty hides it.
    void showIdProblem(const QString &problem);
    QWidget *focusPointer(const QString &pointer) override;

protected:
    void refresh(const Node &node) override;

private:
    void commitId();

    QLineEdit *m_nodeId;
    QLabel *m_idProblem;
    QComboBox *m_role;
};

} // namespace Labforge
