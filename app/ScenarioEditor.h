// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabSectionEditor.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;

namespace Labforge {

// The lab's scenarios (enabled, gating, name) and the steps of the current one: the node
// a step runs on, its assertion type, timeout, expectation and command.
class ScenarioEditor : public LabSectionEditor
{
    Q_OBJECT
public:
    explicit ScenarioEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QStringList &tokens) override;

protected:
    void refresh() override;

private:
    // The scenario's and the step's fields, and what each edit commits.
    QFormLayout *buildStepForm();
    void connectFields();
    // Applies one ScenarioEdits edit as an undo step and selects the row it names (a
    // scenario, or with `stepRow` a step of the current scenario).
    void editScenarios(const QString &what, const std::function<Lab(const Lab &, int *)> &edit, bool stepRow = false);
    void addScenario();
    void duplicateScenario();
    void removeScenario();
    void addStep();
    void duplicateStep();
    void removeStep();
    void moveStep(int by);
    // Empties and disables the step's fields (no step selected), or enables them.
    void setStepFormEnabled(bool enabled);
    void showScenario();
    void showStep();
    // The step as it runs on this lab, when it has topology variables (hidden otherwise).
    void showExpanded(const ScenarioStep &step);
    void showExpandedLines(const QStringList &lines, bool shown);
    // The first other node on a network `node` is on (a new link step's peer).
    QString firstNeighbour(const QString &node) const;
    void commitStep(const std::function<void(ScenarioStep &)> &change);
    void commitExpectation();

    QListWidget *m_scenarios;
    QListWidget *m_steps;
    QLineEdit *m_scenarioName;
    QCheckBox *m_scenarioGating;
    QLineEdit *m_stepId;
    QLineEdit *m_stepDescription;
    QComboBox *m_stepNode;
    QComboBox *m_stepType;
    QSpinBox *m_stepTimeout;
    QComboBox *m_stepExpectKind;
    QLineEdit *m_stepExpect;
    QPlainTextEdit *m_stepCommand;
    QLabel *m_stepExpanded;
    QComboBox *m_stepPeer;
    QComboBox *m_stepLinkNetwork;
    QSpinBox *m_stepDelay;
    QSpinBox *m_stepJitter;
    QDoubleSpinBox *m_stepLoss;
    QDoubleSpinBox *m_stepRate;
    QList<QWidget *> m_stepFields;
};

} // namespace Labforge
