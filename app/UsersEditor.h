// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeSectionEditor.h"

class QTableWidget;

namespace Labforge {

// The node's users: name, sudo and SSH (checkboxes).
class UsersEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    explicit UsersEditor(LabDocument *document, QWidget *parent = nullptr);

protected:
    void refresh(const Node &node) override;

private:
    QTableWidget *m_users;
};

} // namespace Labforge
