// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabOperations.h"

#include "ConsoleView.h"
#include "LabDocument.h"
#include "LabScene.h"
#include "LinkCommands.h"
#include "NodeCommands.h"
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
#include <QMainWindow>
#include <QMenu>
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
                tr("terminal on %1").arg(node), 1,
                tr("Cannot start %1; set the terminal in the settings (\"terminal\")").arg(command.value(0)));
    });
    // The console works while a run holds the lab (a node stuck in its boot) and SSH does not.
    QAction *console = live->addAction(tr("Serial Console"), this, [this, node] { openConsole(node); });
    console->setEnabled(consoleRefusal().isEmpty());
    console->setToolTip(consoleRefusal());
    add(tr("Stop (ACPI power-off)"), [this, node] { nodeAction(QStringLiteral("stop"), node); });
    add(tr("Start"), [this, node] { nodeAction(QStringLiteral("start"), node); });
    add(tr("Restart"), [this, node] { nodeAction(QStringLiteral("restart"), node); });
    add(tr("Power-cycle"), [this, node] { nodeAction(QStringLiteral("power-cycle"), node); });
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
    const auto add = [&](const QString &text, const QString &action) {
        QAction *a = live->addAction(text, this, [this, action, index] { linkAction(action, index); });
        a->setEnabled(why.isEmpty());
        a->setToolTip(why);
    };
    add(tr("Cut Link"), QStringLiteral("down"));
    add(tr("Restore Link"), QStringLiteral("up"));
    add(tr("Impair Link…"), QStringLiteral("impair"));
    add(tr("Capture…"), QStringLiteral("capture"));
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

void LabOperations::start(const QString &what, const std::function<int(QTextStream &, QTextStream &)> &command)
{
    m_busy = true;
    auto *watcher = new QFutureWatcher<std::pair<int, QString>>(this);
    connect(watcher, &QFutureWatcher<std::pair<int, QString>>::finished, this, [this, watcher, what] {
        const auto [code, output] = watcher->result();
        m_busy = false;
        watcher->deleteLater();
        Q_EMIT finished(what, code, output);
    });
    watcher->setFuture(QtConcurrent::run([command] {
        QString text;
        QTextStream out(&text), err(&text);
        const int code = command(out, err);
        out.flush();
        err.flush();
        return std::make_pair(code, text.trimmed());
    }));
}

void LabOperations::nodeAction(const QString &action, const QString &node)
{
    const QString lab = m_document->lab().name;
    start(QStringLiteral("%1 %2").arg(action, node), [action, lab, node](QTextStream &out, QTextStream &err) {
        return NodeCommands::node({QStringLiteral("labforge node"), action, lab, node}, out, err);
    });
}

void LabOperations::linkAction(const QString &action, int index)
{
    if (index < 0 || index >= m_document->lab().links.size())
        return;
    const Link link = m_document->lab().links.at(index);
    if (action == QLatin1String("capture")) {
        QStringList args {QStringLiteral("labforge capture"),
                          m_document->lab().name,
                          link.from,
                          link.to,
                          QStringLiteral("--network"),
                          link.network};
        if (!captureDialog(link, &args))
            return;
        start(QStringLiteral("capture %1-%2").arg(link.from, link.to),
              [args](QTextStream &out, QTextStream &err) { return LinkCommands::capture(args, out, err); });
        return;
    }
    QStringList args {QStringLiteral("labforge link"), action, m_document->lab().name, link.from, link.to};
    args += {QStringLiteral("--network"), link.network};
    if (action == QLatin1String("impair")) {
        QStringList options;
        if (!impairDialog(&options))
            return;
        args += options;
    }
    start(QStringLiteral("link %1 %2-%3").arg(action, link.from, link.to),
          [args](QTextStream &out, QTextStream &err) { return LinkCommands::link(args, out, err); });
}

bool LabOperations::captureDialog(const Link &link, QStringList *options)
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
        return false;
    *options += {QStringLiteral("-w"), file->text().trimmed(), QStringLiteral("--duration"),
                 QString::number(duration->value())};
    return true;
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

bool LabOperations::impairDialog(QStringList *options)
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
        return false;
    *options = {QStringLiteral("--delay"),        QString::number(delay->value()), QStringLiteral("--jitter"),
                QString::number(jitter->value()), QStringLiteral("--loss"),        QString::number(loss->value()),
                QStringLiteral("--rate"),         QString::number(rate->value())};
    return true;
}

} // namespace Labforge
