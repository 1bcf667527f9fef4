// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DeleteStepsDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Labforge {

DeleteStepsDialog::DeleteStepsDialog(const QList<DeletedNodeSteps::Step> &steps, const QStringList &targets,
                                     QWidget *parent)
    : QDialog(parent)
    , m_target(new QComboBox)
{
    setWindowTitle(tr("Delete Nodes and Their Steps?"));
    QSet<QString> nodes;
    for (const DeletedNodeSteps::Step &s : steps)
        nodes.insert(s.node);
    auto *intro = new QLabel(tr("%n scenario step(s) run on the node(s) being deleted or act on a link to them "
                                "(%1). Delete them with the node(s), or keep them on a node that stays?",
                                nullptr, int(steps.size()))
                                 .arg(QStringList(nodes.cbegin(), nodes.cend()).join(QStringLiteral(", "))));
    intro->setWordWrap(true);
    auto *table = new QTreeWidget;
    table->setObjectName(QStringLiteral("stepsOfDeletedNodes"));
    table->setRootIsDecorated(false);
    table->setHeaderLabels({tr("Scenario"), tr("Step"), tr("Node"), tr("Gating")});
    for (const DeletedNodeSteps::Step &s : steps)
        table->addTopLevelItem(new QTreeWidgetItem({s.scenario, s.step, s.node, s.gating ? tr("gating") : QString()}));
    table->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setAccessibleName(tr("Steps of the deleted nodes"));

    m_target->setObjectName(QStringLiteral("reassignTarget"));
    m_target->addItems(targets);
    m_target->setAccessibleName(tr("Node to run the steps on"));
    auto *buttons = new QDialogButtonBox;
    QPushButton *remove = buttons->addButton(tr("&Delete the Steps"), QDialogButtonBox::DestructiveRole);
    remove->setObjectName(QStringLiteral("deleteSteps"));
    QPushButton *reassign = buttons->addButton(tr("&Reassign To"), QDialogButtonBox::AcceptRole);
    reassign->setObjectName(QStringLiteral("reassignSteps"));
    reassign->setEnabled(!targets.isEmpty());
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(remove, &QPushButton::clicked, this, [this] {
        m_answer = QString();
        accept();
    });
    connect(reassign, &QPushButton::clicked, this, [this] {
        m_answer = m_target->currentText();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *chooser = new QHBoxLayout;
    auto *label = new QLabel(tr("&Keep them on:"));
    label->setBuddy(m_target);
    chooser->addWidget(label);
    chooser->addWidget(m_target, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(table);
    layout->addLayout(chooser);
    layout->addWidget(buttons);
    resize(560, 360);
}

std::optional<QString> DeleteStepsDialog::ask(QWidget *parent, const QList<DeletedNodeSteps::Step> &steps,
                                              const QStringList &targets)
{
    DeleteStepsDialog dialog(steps, targets, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.answer();
}

} // namespace Labforge
