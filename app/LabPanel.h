#pragma once

#include "Lab.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;

namespace Labforge {

class LabDocument;

// Lab-wide properties (shown when no node is selected): name, networks,
// plan.kubernetes, scenarios and their steps, warnings. Edits are EditLabCommands.
class LabPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LabPanel(LabDocument *document, QWidget *parent = nullptr);

private:
    void refresh();
    void commit(const QString &what, const std::function<void(Lab &)> &change);
    void showStep();

    LabDocument *m_document;
    bool m_refreshing = false;
    QLineEdit *m_name;
    QLineEdit *m_description;
    QTableWidget *m_networks;
    QLineEdit *m_k8sVersion;
    QComboBox *m_k8sController;
    QLineEdit *m_k8sWorkers;
    QLineEdit *m_podCidr;
    QLineEdit *m_serviceCidr;
    QSpinBox *m_ttl;
    QComboBox *m_cni;
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
    QListWidget *m_warnings;
};

} // namespace Labforge
