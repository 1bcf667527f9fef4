// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BuildAndBootDialog.h"

#include "BootPlanner.h"
#include "BundleGenerator.h"
#include "HostCapacity.h"
#include "Lab.h"
#include "PinNowDialog.h"
#include "PlacementPreview.h"
#include "PlanSummaryText.h"
#include "RunnerPaths.h"
#include "WheelGuard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QThread>

namespace Labforge {

BuildAndBootDialog::BuildAndBootDialog(const Lab &lab, QWidget *parent)
    : QDialog(parent)
    , m_lab(lab)
    , m_pins(PinsLock::builtIn())
{
    setObjectName(QStringLiteral("buildAndBoot"));
    setWindowTitle(tr("Build and boot %1").arg(lab.name));
    QSettings settings;
    auto *layout = new QFormLayout(this);
    layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_scale = new QDoubleSpinBox;
    m_scale->setObjectName(QStringLiteral("memoryScale"));
    m_scale->setRange(0.05, 4);
    m_scale->setSingleStep(0.05);
    // Offered at the largest scale this host can take (at most the recipes' own sizes).
    m_scale->setValue(HostCapacity::largestFittingScale(lab));
    layout->addRow(tr("Memory scale"), m_scale);

    m_accel = new QComboBox;
    m_accel->setObjectName(QStringLiteral("accel"));
    m_accel->addItem(tr("automatic (KVM when it works, else TCG)"), QStringLiteral("auto"));
    m_accel->addItem(QStringLiteral("KVM"), QStringLiteral("kvm"));
    m_accel->addItem(tr("TCG (emulation)"), QStringLiteral("tcg"));
    m_accel->setCurrentIndex(std::max(0, m_accel->findData(settings.value(QStringLiteral("run/accel")))));
    layout->addRow(tr("Accelerator"), m_accel);

    m_isolated = new QCheckBox(tr("Isolated network (no forwarding)"));
    m_isolated->setObjectName(QStringLiteral("isolated"));
    layout->addRow(m_isolated);

    m_uri = new QLineEdit(settings.value(QStringLiteral("run/uri"), LabRunner::Options().uri).toString());
    m_uri->setObjectName(QStringLiteral("uri"));
    layout->addRow(tr("libvirt URI"), m_uri);
    if (!lab.hosts.isEmpty()) {
        // A lab with hosts runs on their URIs, not on this one.
        m_uri->setEnabled(false);
        m_uri->setToolTip(tr("The lab names its hosts: each node runs on its host's URI"));
        layout->addRow(tr("Hosts"), new PlacementPreview(lab, [this] { return plan(); }));
    }

    m_jobs = new QSpinBox;
    m_jobs->setObjectName(QStringLiteral("jobs"));
    m_jobs->setRange(1, 64);
    m_jobs->setValue(settings.value(QStringLiteral("run/jobs"), std::max(1, QThread::idealThreadCount())).toInt());
    m_jobs->setToolTip(tr("Node images built at the same time"));
    layout->addRow(tr("Parallel image builds"), m_jobs);

    m_sshTimeout = new QSpinBox;
    m_sshTimeout->setObjectName(QStringLiteral("sshTimeout"));
    m_sshTimeout->setRange(0, 24 * 3600);
    m_sshTimeout->setSuffix(tr(" s"));
    m_sshTimeout->setSpecialValueText(tr("automatic (from the guests per host core)"));
    m_sshTimeout->setValue(settings.value(QStringLiteral("run/sshTimeout"), 0).toInt());
    layout->addRow(tr("SSH wait per node"), m_sshTimeout);

    m_keepOnFailure = new QCheckBox(tr("Keep the VMs of a failed boot for inspection"));
    m_keepOnFailure->setObjectName(QStringLiteral("keepOnFailure"));
    m_keepOnFailure->setChecked(settings.value(QStringLiteral("run/keepOnFailure"), false).toBool());
    layout->addRow(m_keepOnFailure);

    m_pinsFile = new QLineEdit(settings.value(QStringLiteral("run/pinsFile")).toString());
    m_pinsFile->setObjectName(QStringLiteral("pinsFile"));
    m_pinsFile->setPlaceholderText(tr("built-in lock"));
    auto *choose = new QPushButton(tr("Choose…"));
    choose->setAutoDefault(false);
    auto *pinsRow = new QHBoxLayout;
    pinsRow->addWidget(m_pinsFile, 1);
    pinsRow->addWidget(choose);
    layout->addRow(tr("Pins lock"), pinsRow);
    connect(choose, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Pins lock"), m_pinsFile->text(),
                                                          tr("Pins locks (*.json);;All files (*)"));
        if (!file.isEmpty())
            m_pinsFile->setText(file);
    });

    m_summary = new QPlainTextEdit;
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setReadOnly(true);
    m_summary->setMinimumSize(560, 140);
    layout->addRow(m_summary);

    m_refusal = new QLabel;
    m_refusal->setObjectName(QStringLiteral("memoryTooBig"));
    m_refusal->setStyleSheet(QStringLiteral("color: #c62828"));
    m_refusal->setWordWrap(true);
    m_refusal->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addRow(m_refusal);
    // The remedy for unpinned artifacts, here rather than on a command line.
    m_pinNow = new QPushButton(tr("Pin Now…"));
    m_pinNow->setObjectName(QStringLiteral("pinNow"));
    m_pinNow->setAutoDefault(false);
    m_pinNow->setToolTip(tr("Download what the lock has no digest for and pin it (labforge pins lock)"));
    layout->addRow(m_pinNow);
    connect(m_pinNow, &QPushButton::clicked, this, &BuildAndBootDialog::pinNow);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Allocate and boot"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addRow(m_buttons);
    // Allocating is never what Enter does (set once the buttons are in the dialog).
    m_buttons->button(QDialogButtonBox::Ok)->setAutoDefault(false);
    m_buttons->button(QDialogButtonBox::Cancel)->setDefault(true);

    WheelGuard::install(this);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, &BuildAndBootDialog::refresh);
    connect(m_isolated, &QCheckBox::toggled, this, &BuildAndBootDialog::refresh);
    connect(m_uri, &QLineEdit::textChanged, this, &BuildAndBootDialog::refresh);
    connect(m_pinsFile, &QLineEdit::textChanged, this, [this] {
        loadPins();
        refresh();
    });
    loadPins();
    refresh();
}

QString BuildAndBootDialog::pinsFile() const
{
    return m_pinsFile->text().trimmed();
}

void BuildAndBootDialog::loadPins()
{
    m_pinsError.clear();
    if (pinsFile().isEmpty()) {
        m_pins = PinsLock::builtIn();
        return;
    }
    QString error;
    if (const auto lock = PinsLock::fromFile(pinsFile(), &error))
        m_pins = *lock;
    else
        m_pinsError = tr("Pins lock %1: %2").arg(pinsFile(), error);
}

LabRunner::Options BuildAndBootDialog::options() const
{
    LabRunner::Options o;
    o.memoryScale = m_scale->value();
    o.isolated = m_isolated->isChecked();
    const QString accel = m_accel->currentData().toString();
    o.accel = accel == QLatin1String("kvm") ? BootPlan::Accel::Kvm
        : accel == QLatin1String("tcg")     ? BootPlan::Accel::Tcg
                                            : BootPlan::Accel::Auto;
    o.uri = m_uri->text().trimmed();
    o.jobs = m_jobs->value();
    o.sshTimeoutSeconds = m_sshTimeout->value();
    o.keepOnFailure = m_keepOnFailure->isChecked();
    return o;
}

void BuildAndBootDialog::refresh()
{
    const BootPlan plan = this->plan();
    const QString uri = m_uri->text().trimmed();
    m_summary->setPlainText(PlanSummaryText::text(m_lab, plan, tr("Memory scale"))
                            + (m_pinsError.isEmpty() ? PlanSummaryText::pinNotes(m_lab, m_pins) : QString()));
    // A run this host cannot hold is refused here, naming the field that fixes it.
    QStringList refusals;
    // A lab with hosts is placed on them when the run starts (each host asked, a lab that
    // does not fit refused with the numbers); this host's memory alone says nothing about it.
    if (m_lab.hosts.isEmpty() && !HostCapacity::fitsMemory(plan))
        refusals.append(tr("The guests need %1 MiB, more than %2% of this host's %3 MiB: lower Memory scale.")
                            .arg(plan.totalMemoryMiB())
                            .arg(int(HostCapacity::MemoryShare * 100))
                            .arg(HostCapacity::memoryMiB()));
    if (!m_pinsError.isEmpty())
        refusals.append(m_pinsError);
    // What the image build would refuse after minutes of work is refused before anything
    // starts, with its remedy (Pin Now…) beside it.
    const QStringList unpinned =
        m_pinsError.isEmpty() ? PlanSummaryText::artifacts(m_lab, m_pins, true) : QStringList();
    if (!unpinned.isEmpty())
        refusals.append(tr("The pins lock has no digest for %n artifact(s) the images need (%1): the image build "
                           "refuses them. Pin Now where their registries are reachable, or choose a lock that pins "
                           "them under Pins lock (an imported offline kit's).",
                           nullptr, int(unpinned.size()))
                            .arg(unpinned.mid(0, 4).join(QStringLiteral(", "))
                                 + (unpinned.size() > 4 ? QStringLiteral(", …") : QString())));
    m_pinNow->setVisible(!unpinned.isEmpty());
    if (uri.isEmpty())
        refusals.append(tr("The libvirt URI is empty."));
    m_refusal->setText(refusals.join(QLatin1Char('\n')));
    m_refusal->setVisible(!refusals.isEmpty());
    // A wrapped label's height follows its width, which a form layout does not reserve: the
    // refusal would be drawn over the summary. Reserved for the narrowest the dialog gets
    // (its summary is at least 560 pixels wide).
    m_refusal->setMinimumHeight(refusals.isEmpty() ? 0 : m_refusal->heightForWidth(520));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(refusals.isEmpty());
}

BootPlan BuildAndBootDialog::plan() const
{
    BootPlanner::Options po;
    po.memoryScale = m_scale->value();
    po.isolated = m_isolated->isChecked();
    po.uri = m_uri->text().trimmed();
    QString error;
    po.runDirectory = RunnerPaths::run(m_lab.name, &error);
    return BootPlanner::plan(m_lab, {}, po);
}

QString BuildAndBootDialog::pinNowTarget() const
{
    // The chosen lock is written in place; with the built-in one, a lock of this user's.
    if (!pinsFile().isEmpty())
        return pinsFile();
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/pins.lock.json");
}

void BuildAndBootDialog::pinNow()
{
    const QString target = pinNowTarget();
    // What `pins lock` starts from: the target as it is, or the built-in lock it copies.
    const bool existed = QFile::exists(target);
    const auto start = existed ? PinsLock::fromFile(target) : std::optional<PinsLock>(PinsLock::builtIn());
    const QByteArray before = start ? start->toJson() : QByteArray();
    auto *dialog = new PinNowDialog(target, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PinNowDialog::finished, this, [this, target, existed, before] {
        // Nothing pinned (cancelled, or every artifact failed): the lab keeps its lock, and a
        // copy of the built-in lock made for this goes again.
        const auto written = PinsLock::fromFile(target);
        if (!written || (!before.isEmpty() && written->toJson() == before)) {
            if (!existed && target != pinsFile())
                QFile::remove(target);
            return;
        }
        if (m_pinsFile->text() != target)
            m_pinsFile->setText(target); // loads it
        else {
            loadPins();
            refresh();
        }
    });
    dialog->open();
}

void BuildAndBootDialog::accept()
{
    QSettings settings;
    settings.setValue(QStringLiteral("run/accel"), m_accel->currentData());
    settings.setValue(QStringLiteral("run/uri"), m_uri->text().trimmed());
    settings.setValue(QStringLiteral("run/jobs"), m_jobs->value());
    settings.setValue(QStringLiteral("run/sshTimeout"), m_sshTimeout->value());
    settings.setValue(QStringLiteral("run/keepOnFailure"), m_keepOnFailure->isChecked());
    settings.setValue(QStringLiteral("run/pinsFile"), pinsFile());
    QDialog::accept();
}

} // namespace Labforge
