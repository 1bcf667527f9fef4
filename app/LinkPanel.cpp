// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkPanel.h"

#include "EditLabCommand.h"
#include "FieldText.h"
#include "LabDocument.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QUndoStack>

namespace Labforge {

LinkPanel::LinkPanel(LabDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_ends(new QLabel)
    , m_network(new QComboBox)
    , m_label(new QLineEdit)
    , m_delete(new QPushButton(tr("Delete Link")))
{
    m_ends->setObjectName(QStringLiteral("linkEnds"));
    m_ends->setTextFormat(Qt::PlainText);
    m_network->setObjectName(QStringLiteral("linkNetwork"));
    m_label->setObjectName(QStringLiteral("linkLabel"));
    m_label->setPlaceholderText(tr("what the two talk about, e.g. nfs"));
    m_delete->setObjectName(QStringLiteral("deleteLink"));
    auto *form = new QFormLayout(this);
    form->addRow(tr("Link"), m_ends);
    form->addRow(tr("Network"), m_network);
    form->addRow(tr("Label"), m_label);
    form->addRow(QString(), m_delete);
    connect(m_network, &QComboBox::activated, this, [this] { setNetwork(m_network->currentText()); });
    connect(m_label, &QLineEdit::editingFinished, this, &LinkPanel::setLabel);
    connect(m_delete, &QPushButton::clicked, this, [this] { Q_EMIT deleteRequested(m_index); });
    connect(document, &LabDocument::labChanged, this, &LinkPanel::refresh);
    connect(document, &LabDocument::labReset, this, [this] { showLink(-1); });
}

void LinkPanel::showLink(int index)
{
    m_index = index;
    refresh();
}

void LinkPanel::refresh()
{
    const Lab &lab = m_document->lab();
    const bool valid = m_index >= 0 && m_index < lab.links.size();
    setEnabled(valid);
    const Link link = valid ? lab.links.at(m_index) : Link {};
    m_ends->setText(valid ? tr("%1 – %2").arg(link.from, link.to) : tr("(no link selected)"));
    const QSignalBlocker blockNetwork(m_network);
    m_network->clear();
    for (const Network &n : lab.networks)
        m_network->addItem(n.name);
    if (!link.network.isEmpty() && m_network->findText(link.network) < 0)
        m_network->addItem(link.network); // named but missing: the validator says so
    m_network->setCurrentIndex(m_network->findText(link.network));
    if (!m_label->hasFocus()) {
        const QSignalBlocker blockLabel(m_label);
        FieldText::show(m_label, link.label);
    }
}

void LinkPanel::setNetwork(const QString &network)
{
    const Lab &lab = m_document->lab();
    if (m_index < 0 || m_index >= lab.links.size() || lab.links.at(m_index).network == network)
        return;
    Lab after = lab;
    after.links[m_index].network = network;
    m_document->undoStack()->push(new EditLabCommand(
        m_document, lab, after,
        tr("Link %1 – %2 over %3").arg(lab.links.at(m_index).from, lab.links.at(m_index).to, network)));
}

void LinkPanel::setLabel()
{
    const Lab &lab = m_document->lab();
    const QString label = m_label->text().trimmed();
    if (m_index < 0 || m_index >= lab.links.size() || lab.links.at(m_index).label == label)
        return;
    Lab after = lab;
    after.links[m_index].label = label;
    m_document->undoStack()->push(new EditLabCommand(
        m_document, lab, after, tr("Label link %1 – %2").arg(lab.links.at(m_index).from, lab.links.at(m_index).to)));
}

} // namespace Labforge
