// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabSectionEditor.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace Labforge {

// The lab's hosts (a lab spread over several libvirt hosts): name, libvirt URI, the address
// the other hosts' tunnels reach it at, fabric, and the limits of what the lab may take there.
// A value the lab file would refuse (a URI naming a local file or a program, an unknown
// fabric) is refused beside the table with the reason; renaming a host carries the nodes
// placed on it. Test Connection asks the selected host through its URI what it has.
class HostsEditor : public LabSectionEditor
{
    Q_OBJECT
public:
    enum Column { Name, Uri, TunnelAddress, Fabric, MemoryGb, Vcpus, ColumnCount };
    explicit HostsEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QStringList &tokens) override;
    // What the last Test Connection found (or why it could not), once it has answered.
    QString connectionResult() const;

protected:
    void refresh() override;

private:
    void cellChanged(int row, int column);
    // Why `text` cannot go into `column`, or empty when it can.
    static QString refusal(int column, const QString &text);
    void addHost();
    void removeHost();
    void testConnection();

    QTableWidget *m_hosts;
    QLabel *m_connection;
    QPushButton *m_test;
};

} // namespace Labforge
