// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeSectionEditor.h"

class QComboBox;
class QTableWidget;

namespace Labforge {

// The node's network interfaces, one row each as the guest names them (eth0, eth1, …):
// the network (a combo of the lab's networks) and the address. A new address carries the
// references to the old one along (ReaddressNodeCommand); a new network gives the
// interface the next free address there. Add interface attaches the node to the first
// network it is not on yet; each row is a line on the canvas.
class InterfacesEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    enum Column { Name, Network, Address, ColumnCount };
    explicit InterfacesEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QString &pointer) override;

protected:
    void refresh(const Node &node) override;

private:
    QComboBox *networkEditor(int row);
    void addInterface();
    void removeInterface();
    void changeNetwork(int row, const QString &network);
    void changeAddress(int row, const QString &address);

    QTableWidget *m_interfaces;
};

} // namespace Labforge
