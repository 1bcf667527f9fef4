// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabSectionEditor.h"

class QComboBox;
class QGroupBox;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace Labforge {

// plan.kubernetes: shown only when the lab has one, with "Add Kubernetes plan" when it has
// none and "Remove Kubernetes plan" when it has one (each one undo step). Workers are a
// checklist of the lab's nodes; the CNI combo shows and writes the lab's value.
class KubernetesEditor : public LabSectionEditor
{
    Q_OBJECT
public:
    explicit KubernetesEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QStringList &tokens) override;
    // The CNIs labforge generates.
    static QStringList supportedCnis();

protected:
    void refresh() override;

private:
    void edit(const std::function<void(KubernetesIntent &)> &change);
    void refreshWorkers(const KubernetesIntent &k);

    QPushButton *m_add;
    QGroupBox *m_plan;
    QLineEdit *m_version;
    QComboBox *m_controller;
    QListWidget *m_workers;
    QLineEdit *m_podCidr;
    QLineEdit *m_serviceCidr;
    QComboBox *m_cni;
    QSpinBox *m_ttl;
    QLineEdit *m_mirrors;
};

} // namespace Labforge
