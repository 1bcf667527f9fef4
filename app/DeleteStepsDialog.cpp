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
    , m_steps(steps)
    , m_table(new QTreeWidget)
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
    QTreeWidget *table = m_table;
    table->setObjectName(QStringLiteral("stepsOfDeletedNodes"));
    table->setRootIsDecorated(false);
    table->setHeaderLabels({tr("Scenario"), tr("Step"), tr("Node"), tr("Gating"), tr("If Kept")});
    for (const DeletedNodeSteps::Step &s : steps)
        table->addTopLevelItem(new QTreeWidgetItem({s.scenario, s.step, s.node, s.gating ? tr("yes") : tr("no")}));
    table->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setAccessibleName(tr("Steps of the deleted nodes"));

    m_target->setObjectName(QStringLiteral("reassignTarget"));
    m_target->addItems(targets);
    m_target->setAccessibleName(tr("Node to run the steps on"));
    connect(m_target, &QComboBox::currentTextChanged, this, &DeleteStepsDialog::showTarget);
    showTarget(m_target->currentText());
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

void DeleteStepsDialog::showTarget(const QString &target)
{
    for (int i = 0; i < m_table->topLevelItemCount() && i < m_steps.size(); ++i) {
        const bool twice = m_steps.at(i).namesTwice(target);
        QTreeWidgetItem *row = m_table->topLevelItem(i);
        row->setText(4,
                     target.isEmpty() ? QString()
                         : twice      ? tr("would name %1 twice: deleted").arg(target)
                                      : tr("runs on %1").arg(target));
        row->setToolTip(4,
                        twice ? tr("A link step between %1 and a deleted node would have %1 at both ends: it "
                                   "is deleted with the node(s) whatever you choose.")
                                    .arg(target)
                              : QString());
    }
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
