// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "DeletedNodeSteps.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QTreeWidget;

namespace Labforge {

// Asked before nodes that scenario steps name are deleted: the steps (scenario, step, whether
// the scenario gates), and the choice of deleting them with the nodes or keeping them on a
// node that stays (those of the deleted nodes' role first). A step that would name the chosen
// node twice (a link between it and a deleted node) says so: the delete takes it whatever the
// choice (DeletedNodeSteps::Step::namesTwice). The answer is the canvas's
// CanvasCommands::StepsQuestion: nullopt for Cancel, empty for delete, else the node.
class DeleteStepsDialog : public QDialog
{
    Q_OBJECT
public:
    DeleteStepsDialog(const QList<DeletedNodeSteps::Step> &steps, const QStringList &targets,
                      QWidget *parent = nullptr);
    std::optional<QString> answer() const { return m_answer; }

    static std::optional<QString> ask(QWidget *parent, const QList<DeletedNodeSteps::Step> &steps,
                                      const QStringList &targets);

private:
    // The last column: what becomes of each step on the chosen node.
    void showTarget(const QString &target);

    QList<DeletedNodeSteps::Step> m_steps;
    QTreeWidget *m_table;
    QComboBox *m_target;
    std::optional<QString> m_answer;
};

} // namespace Labforge
