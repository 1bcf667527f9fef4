// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabSectionEditor.h"

class QTableWidget;

namespace Labforge {

// The lab's networks: name, CIDR, gateway, default route (a checkbox) and DNS servers.
// A CIDR or gateway that does not parse is refused with the reason beside the table; the
// cell goes back to the value in the lab.
class NetworksEditor : public LabSectionEditor
{
    Q_OBJECT
public:
    enum Column { Name, Cidr, Gateway, DefaultRoute, DnsServers, ColumnCount };
    explicit NetworksEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QStringList &tokens) override;

protected:
    void refresh() override;

private:
    void cellChanged(int row, int column);
    // Why `text` cannot go into `column`, or empty when it can.
    static QString refusal(int column, const QString &text);

    QTableWidget *m_networks;
};

} // namespace Labforge
