// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QObject>
#include <QTextStream>

#include <functional>

class QMenu;
class QWidget;

namespace Labforge {

class LabDocument;
class LabScene;

// The canvas's actions on the lab that is up: a node's terminal, stop, start and restart; a
// link cut, restored or impaired. Each runs the command line's own implementation (`labforge
// node`, `labforge link`) off the UI thread, one at a time, and reports what it printed;
// each is refused with the reason when the lab is not up here or a run holds it.
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
    // Runs one command line implementation in the background (what: "stop compute-1").
    void start(const QString &what, const std::function<int(QTextStream &, QTextStream &)> &command);

Q_SIGNALS:
    void finished(const QString &what, int exitCode, const QString &output);

private:
    void nodeAction(const QString &action, const QString &node);
    void linkAction(const QString &action, int index);
    bool impairDialog(QStringList *options);

    LabDocument *m_document;
    QWidget *m_window;
    bool m_busy = false;
};

} // namespace Labforge
