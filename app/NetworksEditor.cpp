// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NetworksEditor.h"
#include "RowsFit.h"

#include "Cidr.h"
#include "Ipv4.h"
#include "NetworkEdits.h"
#include "NodeReferences.h"

#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Labforge {

NetworksEditor::NetworksEditor(LabDocument *document, QWidget *parent)
    : LabSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    auto *nets = new QGroupBox(tr("Networks"));
    outer->addWidget(nets);
    auto *netLayout = new QVBoxLayout(nets);
    m_networks = new QTableWidget(0, ColumnCount);
    m_networks->setObjectName(QStringLiteral("networks"));
    // As tall as its rows (up to five): a lab's second network is in view, not behind a scroll.
    RowsFit::install(m_networks, 1, 5);
    m_networks->setHorizontalHeaderLabels(
        {tr("Name"), tr("CIDR"), tr("Gateway"), tr("Default route"), tr("DNS servers")});
    m_networks->horizontalHeader()->setStretchLastSection(true);
    netLayout->addWidget(m_networks);
    netLayout->addWidget(problemLabel(QStringLiteral("networksProblem")));
    connect(m_networks, &QTableWidget::cellChanged, this, &NetworksEditor::cellChanged);
    NetworksEditor::refresh(); // this class's own, as it is constructed
}

QString NetworksEditor::refusal(int column, const QString &text)
{
    if (column == Cidr) {
        QString error;
        if (!Cidr::parse(text, &error))
            return tr("\"%1\" is not a network in CIDR notation such as 10.50.0.0/24 (%2); the CIDR is unchanged.")
                .arg(text, error);
    } else if (column == Gateway) {
        if (!text.isEmpty() && !Ipv4::parse(text))
            return tr("\"%1\" is not an IPv4 address such as 10.50.0.1; the gateway is unchanged.").arg(text);
    }
    return {};
}

void NetworksEditor::cellChanged(int row, int column)
{
    if (isRefreshing())
        return;
    QTableWidgetItem *item = m_networks->item(row, column);
    const QString text = item->text().trimmed();
    QString problem = refusal(column, text);
    if (problem.isEmpty() && column == Name && row < lab().networks.size()) {
        NetworkEdits::renamed(lab(), row, text, &problem);
        if (!problem.isEmpty())
            problem = tr("%1; the name is unchanged.").arg(problem);
    }
    if (!problem.isEmpty()) {
        showProblem(problem);
        refresh(); // the cell shows the lab's value again
        return;
    }
    showProblem({});
    QString notMoved;
    commit(tr("networks"), [&](Lab &l) {
        if (row >= l.networks.size())
            return;
        Network &n = l.networks[row];
        switch (column) {
        case Name:
            l = NetworkEdits::renamed(l, row, text, nullptr); // interfaces follow
            break;
        case Cidr:
            // Everything on the network moves with it (gateway, addresses, references), in one
            // undo step; what cannot move leaves the addresses as they are, for the validator.
            if (const Lab renumbered = NodeReferences::renumbered(l, n.name, text, &notMoved); notMoved.isEmpty())
                l = renumbered;
            else
                n.cidr = text;
            break;
        case Gateway:
            n.gateway = text;
            break;
        case DefaultRoute:
            n.isDefaultRoute = item->checkState() == Qt::Checked;
            break;
        default:
            n.dnsServers = text.split(QRegularExpression(QStringLiteral("[ ,]+")), Qt::SkipEmptyParts);
        }
    });
    if (!notMoved.isEmpty())
        showProblem(tr("The addresses on the network stay as they were: %1").arg(notMoved));
}

void NetworksEditor::refresh()
{
    setRefreshing(true);
    m_networks->setRowCount(int(lab().networks.size()));
    for (int r = 0; r < lab().networks.size(); ++r) {
        const Network &n = lab().networks.at(r);
        const QStringList cells {n.name, n.cidr, n.gateway, QString(), n.dnsServers.join(QStringLiteral(", "))};
        for (int c = 0; c < ColumnCount; ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            if (c == DefaultRoute) {
                item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
                item->setCheckState(n.isDefaultRoute ? Qt::Checked : Qt::Unchecked);
                item->setToolTip(tr("The nodes' default route goes through this network's gateway."));
            }
            m_networks->setItem(r, c, item);
        }
    }
    setRefreshing(false);
}

QWidget *NetworksEditor::focusPointer(const QStringList &tokens)
{
    if (tokens.value(0) != QLatin1String("networks"))
        return nullptr;
    static const QStringList columns {QStringLiteral("name"), QStringLiteral("cidr"), QStringLiteral("gateway"),
                                      QStringLiteral("default_route"), QStringLiteral("dns")};
    const int row = tokens.value(1).toInt();
    if (row >= 0 && row < m_networks->rowCount())
        m_networks->setCurrentCell(row, std::max(0, int(columns.indexOf(tokens.value(2)))));
    m_networks->setFocus();
    return m_networks;
}

} // namespace Labforge
