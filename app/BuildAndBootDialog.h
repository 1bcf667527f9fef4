// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlanner.h"
#include "LabRunner.h"
#include "PinsLock.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace Labforge {

struct Lab;

// The designer's confirmation before a run allocates anything: the same choices as
// `labforge up` (memory scale, accelerator, isolation, libvirt URI, parallel image
// builds, SSH wait, keep on failure, pins lock), what the run will take, and a refusal
// naming the field when the guests do not fit this host. Cancel is the default button.
// The choices other than the memory scale are remembered between runs.
class BuildAndBootDialog : public QDialog
{
    Q_OBJECT
public:
    BuildAndBootDialog(const Lab &lab, QWidget *parent = nullptr);

    // Boot options (without events, cancel and confirmation, which the caller owns).
    LabRunner::Options options() const;
    // The lock the run validates and builds against: the built-in one, or the chosen file.
    PinsLock pins() const { return m_pins; }
    QString pinsFile() const;

    void accept() override;

private:
    void refresh();
    void loadPins();
    // What the run would boot with the dialog's choices now.
    BootPlan plan() const;
    // Runs `pins lock` on the chosen lock (or a lock of this user's) and loads what it wrote.
    void pinNow();
    QString pinNowTarget() const;
    // What the run's summary says about the pins the lab's images need (first-pull, none).

    const Lab &m_lab;
    PinsLock m_pins;
    QString m_pinsError;
    QDoubleSpinBox *m_scale;
    QComboBox *m_accel;
    QCheckBox *m_isolated;
    QLineEdit *m_uri;
    QSpinBox *m_jobs;
    QSpinBox *m_sshTimeout;
    QCheckBox *m_keepOnFailure;
    QLineEdit *m_pinsFile;
    QPlainTextEdit *m_summary;
    QLabel *m_refusal;
    QPushButton *m_pinNow;
    QDialogButtonBox *m_buttons;
};

} // namespace Labforge
