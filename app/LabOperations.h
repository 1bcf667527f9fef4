// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QObject>
#include <QTextStream>

#include <functional>

class QMenu;
class QWidget;

namespace Labforge {

class ConsoleView;
class LabDocument;
class LabScene;
struct Link;

// The canvas's actions on the lab that is up: a node's terminal, serial console, stop, start,
// restart and power-cycle; a link cut, restored, impaired or captured; the lab's snapshots. Each runs the command
// line's own implementation (`labforge node`, `labforge link`) off the UI thread, one at a time, and reports what it
// printed; each is refused with the reason when the lab is not up here or a run holds it.
class LabOperations : public QObject
{
    Q_OBJECT
public:
    // Fills the node and link menus of `scene` (LabScene::nodeMenuAboutToShow, linkMenuAboutToShow).
    LabOperations(LabDocument *document, LabScene *scene, QWidget *window);

    // Why nothing can be done on the running lab now; empty when it can.
    QString refusal() const;
    bool isBusy() const { return m_busy; }
    // A "Running Lab" submenu for the node (or the link `index` of the lab) at the end of `menu`.
    void addNodeActions(QMenu *menu, const QString &node);
    void addLinkActions(QMenu *menu, int index);
    // The terminal command that opens `labforge ssh LAB NODE`: the setting "terminal" (a
    // command line with {command} where the ssh command goes), else $TERMINAL -e, else
    // x-terminal-emulator -e.
    QStringList terminalCommand(const QString &node) const;
    // Runs one command line implementation in the background (what: "stop compute-1"); the
    // command's arguments start with its name, as the command line passes them ("labforge node").
    void start(const QString &what, const std::function<int(QTextStream &, QTextStream &)> &command);
    // The node's serial console in a dock (one per node, raised when open), attached at once.
    ConsoleView *openConsole(const QString &node);
    // Run ▸ Snapshots…: the lab's snapshots, saved, restored and deleted in a dialog.
    void showSnapshots();
    // Why the lab's consoles cannot be opened (the lab is not up here); empty when they can.
    QString consoleRefusal() const;

Q_SIGNALS:
    void finished(const QString &what, int exitCode, const QString &output);

private:
    void nodeAction(const QString &action, const QString &node);
    void linkAction(const QString &action, int index);
    bool impairDialog(QStringList *options);
    bool captureDialog(const Link &link, QStringList *options);

    LabDocument *m_document;
    QWidget *m_window;
    bool m_busy = false;
};

} // namespace Labforge
