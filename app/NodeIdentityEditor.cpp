#include "NodeIdentityEditor.h"

#include "Catalog.h"
#include "LabDocument.h"
#include "ReaddressNodeCommand.h"
#include "RenameNodeCommand.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace Labforge {

NodeIdentityEditor::NodeIdentityEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *form = new QFormLayout(this);
    form->setContentsMargins({});
    m_nodeId = new QLineEdit;
    m_nodeId->setObjectName(QStringLiteral("nodeId"));
    form->addRow(tr("Node id"), m_nodeId);
    m_idProblem = new QLabel;
    m_idProblem->setObjectName(QStringLiteral("nodeIdProblem"));
    m_idProblem->setStyleSheet(QStringLiteral("color: #c62828"));
    m_idProblem->setWordWrap(true);
    m_idProblem->hide();
    form->addRow(QString(), m_idProblem);
    m_role = new QComboBox;
    m_role->setObjectName(QStringLiteral("role"));
    m_role->addItems(Catalog::roles());
    form->addRow(tr("Role"), m_role);
    m_network = new QComboBox;
    form->addRow(tr("Network"), m_network);
    m_ip = new QLineEdit;
    m_ip->setObjectName(QStringLiteral("ip"));
    form->addRow(tr("IP address"), m_ip);

    connect(m_nodeId, &QLineEdit::editingFinished, this, &NodeIdentityEditor::commitId);
    connect(m_role, &QComboBox::currentTextChanged, this,
            [this](const QString &role) { commit(QStringLiteral("role"), [&](Node &n) { n.role = role; }); });
    connect(m_network, &QComboBox::currentTextChanged, this, [this](const QString &net) {
        commit(QStringLiteral("network"), [&](Node &n) {
            if (n.interfaces.isEmpty())
                n.interfaces.append(NodeInterface {});
            n.interfaces[0].network = net;
        });
    });
    connect(m_ip, &QLineEdit::editingFinished, this, &NodeIdentityEditor::commitIp);
}

void NodeIdentityEditor::commitId()
{
    const QString id = m_nodeId->text().trimmed();
    if (id == nodeId())
        return showIdProblem({});
    // Refused here, with the reason beside the field: a duplicate id would make two
    // canvas items claim one node.
    const QString problem = document()->lab().nodeIdProblem(id, nodeId());
    showIdProblem(problem);
    if (problem.isEmpty() && !isRefreshing() && node())
        document()->undoStack()->push(new RenameNodeCommand(document(), nodeId(), id)); // references follow
}

void NodeIdentityEditor::commitIp()
{
    const Node *n = node();
    const QString ip = m_ip->text().trimmed();
    if (!isRefreshing() && n && !n->interfaces.isEmpty() && !n->interfaces.first().ip.isEmpty()) {
        // The service configs naming the old address follow (ReaddressNodeCommand).
        if (ip != n->interfaces.first().ip)
            document()->undoStack()->push(new ReaddressNodeCommand(document(), nodeId(), n->interfaces.first().ip, ip));
        return;
    }
    commit(QStringLiteral("ip"), [&](Node &n) {
        if (n.interfaces.isEmpty())
            n.interfaces.append(NodeInterface {m_network->currentText(), {}});
        n.interfaces[0].ip = m_ip->text().trimmed();
    });
}

void NodeIdentityEditor::showIdProblem(const QString &problem)
{
    m_idProblem->setText(problem);
    m_idProblem->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        m_nodeId->setStyleSheet(QStringLiteral("border: 1px solid #c62828"));
    else
        m_nodeId->setStyleSheet(QString());
}

void NodeIdentityEditor::refresh(const Node &node)
{
    if (!m_nodeId->hasFocus())
        m_nodeId->setText(node.id);
    m_role->setCurrentText(node.role);
    m_network->clear();
    for (const Network &net : document()->lab().networks)
        m_network->addItem(net.name);
    m_network->setCurrentText(node.interfaces.value(0).network);
    if (!m_ip->hasFocus())
        m_ip->setText(node.ip());
}

QWidget *NodeIdentityEditor::focusPointer(const QString &pointer)
{
    QWidget *field = nullptr;
    if (pointer.contains(QLatin1String("/ip")))
        field = m_ip;
    else if (pointer.contains(QLatin1String("/node_id")))
        field = m_nodeId;
    if (field)
        field->setFocus();
    return field;
}

} // namespace Labforge
