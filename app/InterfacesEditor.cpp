// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "InterfacesEditor.h"
#include "RowsFit.h"

#include "EditLabCommand.h"
#include "LabDocument.h"
#include "NetworkEdits.h"
#include "NodeJoin.h"
#include "ReaddressNodeCommand.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Labforge {

namespace {

const char RowProperty[] = "interfaceRow";

} // namespace

InterfacesEditor::InterfacesEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    auto *box = new QGroupBox(tr("Interfaces"));
    outer->addWidget(box);
    auto *layout = new QVBoxLayout(box);
    m_interfaces = new QTableWidget(0, ColumnCount);
    m_interfaces->setObjectName(QStringLiteral("interfaces"));
    m_interfaces->setHorizontalHeaderLabels({tr("Name"), tr("Network"), tr("IP address")});
    QHeaderView *header = m_interfaces->horizontalHeader();
    header->setSectionResizeMode(Name, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Network, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Address, QHeaderView::Stretch);
    m_interfaces->verticalHeader()->hide();
    RowsFit::install(m_interfaces, 2, 5);
    layout->addWidget(m_interfaces);
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add interface"));
    add->setObjectName(QStringLiteral("addInterface"));
    auto *remove = new QPushButton(tr("Remove interface"));
    remove->setObjectName(QStringLiteral("removeInterface"));
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    layout->addLayout(buttons);

    connect(add, &QPushButton::clicked, this, &InterfacesEditor::addInterface);
    connect(remove, &QPushButton::clicked, this, &InterfacesEditor::removeInterface);
    connect(m_interfaces, &QTableWidget::cellChanged, this, [this](int row, int column) {
        if (!isRefreshing() && column == Address)
            changeAddress(row, m_interfaces->item(row, column)->text().trimmed());
    });
}

void InterfacesEditor::addInterface()
{
    const Lab &lab = document()->lab();
    const Node *n = node();
    if (!n)
        return;
    for (const Labforge::Network &net : lab.networks) {
        QString why;
        const Lab after = NetworkEdits::attached(lab, n->id, net.name, &why);
        if (!why.isEmpty())
            continue;
        document()->undoStack()->push(
            new EditLabCommand(document(), lab, after, tr("Attach %1 to %2").arg(n->id, net.name)));
        return;
    }
}

void InterfacesEditor::removeInterface()
{
    const int row = m_interfaces->currentRow();
    const Node *n = node();
    if (!n || row < 0 || row >= n->interfaces.size())
        return;
    const Lab &lab = document()->lab();
    document()->undoStack()->push(new EditLabCommand(document(), lab, NetworkEdits::detached(lab, n->id, row),
                                                     tr("Remove eth%1 of %2").arg(row).arg(n->id)));
}

void InterfacesEditor::changeNetwork(int row, const QString &network)
{
    const Node *n = node();
    if (isRefreshing() || !n || row < 0 || row >= n->interfaces.size() || n->interfaces.at(row).network == network)
        return;
    // The old address means nothing on the other network: the next free one there.
    const QString address = NodeJoin::freeAddress(document()->lab(), network);
    commit(QStringLiteral("interfaces"), [&](Node &node) {
        node.interfaces[row].network = network;
        if (!address.isEmpty())
            node.interfaces[row].ip = address;
    });
}

void InterfacesEditor::changeAddress(int row, const QString &address)
{
    const Node *n = node();
    if (!n || row < 0 || row >= n->interfaces.size())
        return;
    const QString old = n->interfaces.at(row).ip;
    if (address == old)
        return;
    if (!old.isEmpty()) {
        // The service configs and DNS entries naming the old address follow.
        document()->undoStack()->push(new ReaddressNodeCommand(document(), n->id, old, address));
        return;
    }
    commit(QStringLiteral("interfaces"), [&](Node &node) { node.interfaces[row].ip = address; });
}

QComboBox *InterfacesEditor::networkEditor(int row)
{
    if (auto *combo = qobject_cast<QComboBox *>(m_interfaces->cellWidget(row, Network)))
        return combo;
    auto *combo = new QComboBox;
    combo->setObjectName(QStringLiteral("interfaceNetwork"));
    combo->setFrame(false);
    connect(combo, &QComboBox::currentTextChanged, this,
            [this, combo](const QString &network) { changeNetwork(combo->property(RowProperty).toInt(), network); });
    m_interfaces->setCellWidget(row, Network, combo);
    return combo;
}

void InterfacesEditor::refresh(const Node &node)
{
    m_interfaces->setRowCount(int(node.interfaces.size()));
    for (int r = 0; r < node.interfaces.size(); ++r) {
        const NodeInterface &i = node.interfaces.at(r);
        auto *name = new QTableWidgetItem(QStringLiteral("eth%1").arg(r));
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        m_interfaces->setItem(r, Name, name);
        QTableWidgetItem *address = m_interfaces->item(r, Address);
        if (!address || (address->text() != i.ip && !m_interfaces->isPersistentEditorOpen(address))) {
            address = new QTableWidgetItem(i.ip);
            m_interfaces->setItem(r, Address, address);
        }
        QComboBox *network = networkEditor(r);
        network->setProperty(RowProperty, r);
        network->clear();
        for (const Labforge::Network &net : document()->lab().networks)
            network->addItem(net.name);
        if (network->findText(i.network) < 0)
            network->addItem(i.network); // an unknown network is shown as the file has it
        network->setCurrentText(i.network);
    }
}

QWidget *InterfacesEditor::focusPointer(const QString &pointer)
{
    static const QRegularExpression row(QStringLiteral("/interfaces/(\\d+)(/(network|ip))?"));
    const auto match = row.match(pointer);
    if (!match.hasMatch() && !pointer.endsWith(QLatin1String("/interfaces")))
        return nullptr;
    m_interfaces->setFocus();
    const int r = match.hasMatch() ? match.captured(1).toInt() : 0;
    if (r < m_interfaces->rowCount()) {
        if (match.captured(3) == QLatin1String("network")) {
            m_interfaces->setCurrentCell(r, Network);
            if (QWidget *combo = m_interfaces->cellWidget(r, Network)) {
                combo->setFocus();
                return combo;
            }
        }
        m_interfaces->setCurrentCell(r, Address);
    }
    return m_interfaces;
}

} // namespace Labforge
