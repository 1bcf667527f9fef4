// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlanner.h"

#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace Labforge {

struct Lab;

// Build and Boot's view of a lab with hosts: Preview Placement asks every host what it has
// (off the UI thread) and shows where the planner would put each node now, with what each
// host gives, or why the lab does not fit. The run places again when it starts.
class PlacementPreview : public QWidget
{
    Q_OBJECT
public:
    PlacementPreview(const Lab &lab, std::function<BootPlan()> plan, QWidget *parent = nullptr);

    // What the last preview said, once the hosts have answered.
    QString result() const { return m_result; }

private:
    void preview();

    const Lab &m_lab;
    std::function<BootPlan()> m_plan;
    QPushButton *m_button;
    QLabel *m_text;
    QString m_result;
};

} // namespace Labforge
