// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LinkOps.h"
#include "NodeOps.h"

#include <QObject>

#include <functional>
#include <optional>

class QMenu;
class QWidget;

namespace Labforge {

class ConsoleView;
class LabDocument;
class LabScene;
struct Link;

// The canvas's actions on the lab that is up: a node's terminal, serial console, stop, start,
// restart and power-cycle; a link cut, restored, impaired or captured; the lab's snapshots. Each
// calls the operations the command line calls too (NodeOps, LinkOps, SnapshotOps) off the UI
// thread, one at a time, and reports their typed outcome in the user's words; each is refused
// with the reason when the lab is not up here or a run holds it.
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
    // What came of an operation, for people: empty errorId when it was done, else the OpError's
    // id; message in the user's language; detail the runner's evidence (timings), for the log.
    struct Shown
    {
        QString errorId;
        QString message;
        QString detail;
    };
    static Shown shown(const OpError &error);
    // Runs `work` (an operation) in the background, titled `what` ("Stop compute-1"); `then`
    // hears its outcome on the UI thread before finished() does, while `context` lives.
    void start(const QString &what, const std::function<Shown()> &work, QObject *context = nullptr,
               const std::function<void(const Shown &)> &then = {});
    // The node's serial console in a dock (one per node, raised when open), attached at once.
    ConsoleView *openConsole(const QString &node);
    // Run ▸ Snapshots…: the lab's snapshots, saved, restored and deleted in a dialog.
    void showSnapshots();
    // Why the lab's consoles cannot be opened (the lab is not up here); empty when they can.
    QString consoleRefusal() const;

Q_SIGNALS:
    // An action is over: `errorId` empty when it was done, else the OpError's id (Shown).
    void finished(const QString &what, const QString &errorId, const QString &message, const QString &detail);

private:
    struct CaptureRequest
    {
        QString file;
        int seconds = 0;
    };
    static QString nodeTitle(NodeOps::Action action, const QString &node);
    static QString nodeDone(NodeOps::Action action, const QString &node);
    static QString impairmentText(const LinkOps::Impairment &impairment);
    void nodeAction(NodeOps::Action action, const QString &node);
    void linkAction(LinkOps::Action action, int index);
    void captureAction(int index);
    std::optional<LinkOps::Impairment> impairDialog();
    std::optional<CaptureRequest> captureDialog(const Link &link);

    LabDocument *m_document;
    QWidget *m_window;
    bool m_busy = false;
};

} // namespace Labforge
