// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabOperations.h"

#include "ConsoleView.h"
#include "LabDocument.h"
#include "LabScene.h"
#include "RunLock.h"
#include "RunnerPaths.h"
#include "SnapshotsDialog.h"
#include "SshConfig.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QtConcurrent>

namespace Labforge {

LabOperations::LabOperations(LabDocument *document, LabScene *scene, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_window(window)
{
    connect(scene, &LabScene::nodeMenuAboutToShow, this,
            [this](const QString &id, QMenu *menu) { addNodeActions(menu, id); });
    connect(scene, &LabScene::linkMenuAboutToShow, this,
            [this](int index, QMenu *menu) { addLinkActions(menu, index); });
}

QString LabOperations::consoleRefusal() const
{
    const QString lab = m_document->lab().name;
    QString error;
    const QString run = RunnerPaths::run(lab, &error);
    if (run.isEmpty() || !QFile::exists(SshConfig::path(run)))
        return tr("Lab %1 is not up here: Build and Boot it first.").arg(lab);
    return {};
}

QString LabOperations::refusal() const
{
    const QString lab = m_document->lab().name;
    if (QString why = consoleRefusal(); !why.isEmpty())
        return why;
    if (RunLock::isHeld(lab))
        return tr("A run of lab %1 is going; wait for it or cancel it.").arg(lab);
    if (m_busy)
        return tr("Another action on the lab is still going.");
    return {};
}

void LabOperations::addNodeActions(QMenu *menu, const QString &node)
{
    const QString why = refusal();
    menu->addSeparator();
    QMenu *live = menu->addMenu(tr("Running Lab"));
    live->setObjectName(QStringLiteral("runningLabMenu"));
    live->setToolTipsVisible(true);
    const auto add = [&](const QString &text, const std::function<void()> &act) {
        QAction *a = live->addAction(text, this, act);
        a->setEnabled(why.isEmpty());
        a->setToolTip(why);
    };
    add(tr("Open Terminal"), [this, node] {
        const QStringList command = terminalCommand(node);
        if (!QProcess::startDetached(command.value(0), command.mid(1)))
            Q_EMIT finished(
                tr("terminal on %1").arg(node), QStringLiteral("terminal.unavailable"),
                tr("Cannot start %1; set the terminal in the settings (\"terminal\")").arg(command.value(0)), {});
    });
    // The console works while a run holds the lab (a node stuck in its boot) and SSH does not.
    QAction *console = live->addAction(tr("Serial Console"), this, [this, node] { openConsole(node); });
    console->setEnabled(consoleRefusal().isEmpty());
    console->setToolTip(consoleRefusal());
    add(tr("Stop (ACPI power-off)"), [this, node] { nodeAction(NodeOps::Action::Stop, node); });
    add(tr("Start"), [this, node] { nodeAction(NodeOps::Action::Start, node); });
    add(tr("Restart"), [this, node] { nodeAction(NodeOps::Action::Restart, node); });
    add(tr("Power-cycle"), [this, node] { nodeAction(NodeOps::Action::PowerCycle, node); });
    if (!why.isEmpty())
        live->setToolTip(why);
}

void LabOperations::addLinkActions(QMenu *menu, int index)
{
    const QString why = refusal();
    menu->addSeparator();
    QMenu *live = menu->addMenu(tr("Running Lab"));
    live->setObjectName(QStringLiteral("runningLabMenu"));
    live->setToolTipsVisible(true);
    const auto add = [&](const QString &text, const std::function<void()> &act) {
        QAction *a = live->addAction(text, this, act);
        a->setEnabled(why.isEmpty());
        a->setToolTip(why);
    };
    add(tr("Cut Link"), [this, index] { linkAction(LinkOps::Action::Down, index); });
    add(tr("Restore Link"), [this, index] { linkAction(LinkOps::Action::Up, index); });
    add(tr("Impair Link…"), [this, index] { linkAction(LinkOps::Action::Impair, index); });
    add(tr("Capture…"), [this, index] { captureAction(index); });
}

QStringList LabOperations::terminalCommand(const QString &node) const
{
    const QString binary = QCoreApplication::applicationFilePath();
    const QString ssh = QStringLiteral("%1 ssh %2 %3").arg(binary, m_document->lab().name, node);
    const QString configured = QSettings().value(QStringLiteral("terminal")).toString();
    if (!configured.isEmpty()) {
        QStringList parts = QProcess::splitCommand(configured);
        for (QString &p : parts)
            p.replace(QStringLiteral("{command}"), ssh);
        return parts;
    }
    const QString terminal = qEnvironmentVariable("TERMINAL", QStringLiteral("x-terminal-emulator"));
    return {terminal, QStringLiteral("-e"), binary, QStringLiteral("ssh"), m_document->lab().name, node};
}

void LabOperations::start(const QString &what, const std::function<Shown()> &work, QObject *context,
                          const std::function<void(const Shown &)> &then)
{
    m_busy = true;
    auto *watcher = new QFutureWatcher<Shown>(this);
    connect(watcher, &QFutureWatcher<Shown>::finished, this, [this, watcher, what, then, hearer = QPointer(context)] {
        const Shown shown = watcher->result();
        m_busy = false;
        watcher->deleteLater();
        if (then && hearer)
            then(shown);
        Q_EMIT finished(what, shown.errorId, shown.message, shown.detail);
    });
    watcher->setFuture(QtConcurrent::run(work));
}

LabOperations::Shown LabOperations::shown(const OpError &error)
{
    return {error.id(), error.message(), {}};
}

QString LabOperations::nodeTitle(NodeOps::Action action, const QString &node)
{
    switch (action) {
    case NodeOps::Action::Stop:
        return tr("Stop %1").arg(node);
    case NodeOps::Action::Start:
        return tr("Start %1").arg(node);
    case NodeOps::Action::Restart:
        return tr("Restart %1").arg(node);
    case NodeOps::Action::PowerCycle:
        break;
    }
    return tr("Power-cycle %1").arg(node);
}

QString LabOperations::nodeDone(NodeOps::Action action, const QString &node)
{
    switch (action) {
    case NodeOps::Action::Stop:
        return tr("Node %1 is stopped.").arg(node);
    case NodeOps::Action::Start:
        return tr("Node %1 is started.").arg(node);
    case NodeOps::Action::Restart:
        return tr("Node %1 restarted.").arg(node);
    case NodeOps::Action::PowerCycle:
        break;
    }
    return tr("Node %1 was power-cycled.").arg(node);
}

void LabOperations::nodeAction(NodeOps::Action action, const QString &node)
{
    const QString lab = m_document->lab().name;
    start(nodeTitle(action, node), [lab, action, node] {
        const Outcome<NodeOps::Done> done = NodeOps::run(lab, action, node, {}, CancelToken());
        if (!done)
            return shown(done.error());
        return Shown {{}, nodeDone(done->action, done->node), done->runnerWords};
    });
}

QString LabOperations::impairmentText(const LinkOps::Impairment &impairment)
{
    QStringList parts;
    if (impairment.delayMs > 0)
        parts.append(impairment.jitterMs > 0
                         ? tr("delay %1 ms ± %2 ms").arg(impairment.delayMs).arg(impairment.jitterMs)
                         : tr("delay %1 ms").arg(impairment.delayMs));
    if (impairment.lossPercent > 0)
        parts.append(tr("loss %1 %").arg(QLocale().toString(impairment.lossPercent)));
    if (impairment.rateMbit > 0)
        parts.append(tr("rate %1 Mbit/s").arg(QLocale().toString(impairment.rateMbit)));
    return parts.isEmpty() ? tr("as the lab draws them") : parts.join(QStringLiteral(", "));
}

void LabOperations::linkAction(LinkOps::Action action, int index)
{
    if (index < 0 || index >= m_document->lab().links.size())
        return;
    const Link drawn = m_document->lab().links.at(index);
    const LinkOps::Link link {drawn.from, drawn.to, drawn.network};
    LinkOps::Impairment impairment;
    if (action == LinkOps::Action::Impair) {
        const auto asked = impairDialog();
        if (!asked)
            return;
        impairment = *asked;
    }
    const QString title = action == LinkOps::Action::Down ? tr("Cut link %1 – %2")
        : action == LinkOps::Action::Up                   ? tr("Restore link %1 – %2")
                                                          : tr("Impair link %1 – %2");
    const QString lab = m_document->lab().name;
    start(title.arg(link.a, link.b), [lab, action, link, impairment] {
        const Outcome<LinkOps::Change> change = LinkOps::change(lab, action, link, impairment);
        if (!change)
            return shown(change.error());
        switch (change->action) {
        case LinkOps::Action::Down:
            return Shown {{}, tr("Link %1 – %2 is cut.").arg(link.a, link.b), {}};
        case LinkOps::Action::Up:
            return Shown {{}, tr("Link %1 – %2 is as the lab draws it.").arg(link.a, link.b), {}};
        case LinkOps::Action::Impair:
            break;
        }
        return Shown {{}, tr("Frames from %1 to %2: %3.").arg(link.a, link.b, impairmentText(change->impairment)), {}};
    });
}

void LabOperations::captureAction(int index)
{
    if (index < 0 || index >= m_document->lab().links.size())
        return;
    const Link drawn = m_document->lab().links.at(index);
    const auto asked = captureDialog(drawn);
    if (!asked)
        return;
    const LinkOps::Link link {drawn.from, drawn.to, drawn.network};
    const QString lab = m_document->lab().name;
    const CaptureRequest &request = *asked;
    start(tr("Capture %1 – %2").arg(link.a, link.b), [lab, link, request] {
        const Outcome<LinkOps::Capture> capture = LinkOps::capture(lab, link, request.file, request.seconds);
        if (!capture)
            return shown(capture.error());
        return Shown {
            {},
            tr("Wrote %1 (%2 s of the link %3 – %4).").arg(capture->file).arg(capture->seconds).arg(link.a, link.b),
            {}};
    });
}

std::optional<LabOperations::CaptureRequest> LabOperations::captureDialog(const Link &link)
{
    QDialog dialog(m_window);
    dialog.setWindowTitle(tr("Capture %1 – %2").arg(link.from, link.to));
    auto *form = new QFormLayout(&dialog);
    auto *file = new QLineEdit(QDir::home().filePath(QStringLiteral("%1-%2.pcap").arg(link.from, link.to)));
    auto *browse = new QPushButton(tr("Browse…"));
    auto *row = new QHBoxLayout;
    row->addWidget(file, 1);
    row->addWidget(browse);
    connect(browse, &QPushButton::clicked, &dialog, [&dialog, file] {
        const QString chosen =
            QFileDialog::getSaveFileName(&dialog, tr("Capture to"), file->text(), tr("Packet captures (*.pcap)"));
        if (!chosen.isEmpty())
            file->setText(chosen);
    });
    auto *duration = new QSpinBox;
    duration->setRange(1, 3600);
    duration->setValue(30);
    duration->setSuffix(tr(" s"));
    form->addRow(tr("File"), row);
    form->addRow(tr("Duration"), duration);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted || file->text().trimmed().isEmpty())
        return std::nullopt;
    return CaptureRequest {file->text().trimmed(), duration->value()};
}

ConsoleView *LabOperations::openConsole(const QString &node)
{
    auto *window = qobject_cast<QMainWindow *>(m_window);
    const QString name = QStringLiteral("consoleDock-") + node;
    auto *dock = m_window->findChild<QDockWidget *>(name);
    if (!dock && window) {
        dock = new QDockWidget(tr("Console: %1").arg(node), window);
        dock->setObjectName(name);
        dock->setAttribute(Qt::WA_DeleteOnClose);
        dock->setWidget(new ConsoleView(QCoreApplication::applicationFilePath(), m_document->lab().name, node));
        window->addDockWidget(Qt::BottomDockWidgetArea, dock);
        if (auto *log = window->findChild<QDockWidget *>(QStringLiteral("logDock")))
            window->tabifyDockWidget(log, dock);
    }
    if (!dock)
        return nullptr;
    auto *view = qobject_cast<ConsoleView *>(dock->widget());
    dock->show();
    dock->raise();
    view->attach(false);
    return view;
}

void LabOperations::showSnapshots()
{
    auto *dialog = m_window->findChild<SnapshotsDialog *>();
    if (!dialog) {
        dialog = new SnapshotsDialog(this, m_document->lab().name, m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    dialog->refresh();
    dialog->show();
    dialog->raise();
}

std::optional<LinkOps::Impairment> LabOperations::impairDialog()
{
    QDialog dialog(m_window);
    dialog.setWindowTitle(tr("Impair Link"));
    auto *form = new QFormLayout(&dialog);
    auto *delay = new QSpinBox;
    delay->setRange(0, 60000);
    delay->setSuffix(tr(" ms"));
    delay->setValue(100);
    auto *jitter = new QSpinBox;
    jitter->setRange(0, 60000);
    jitter->setSuffix(tr(" ms"));
    auto *loss = new QDoubleSpinBox;
    loss->setRange(0, 100);
    loss->setSuffix(tr(" %"));
    auto *rate = new QDoubleSpinBox;
    rate->setRange(0, 100000);
    rate->setSuffix(tr(" Mbit/s"));
    rate->setSpecialValueText(tr("no limit"));
    form->addRow(tr("Delay"), delay);
    form->addRow(tr("Jitter"), jitter);
    form->addRow(tr("Loss"), loss);
    form->addRow(tr("Rate"), rate);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    // As `labforge link impair` takes them: whole milliseconds.
    return LinkOps::Impairment {delay->value(), jitter->value(), loss->value(), rate->value()};
}

} // namespace Labforge
