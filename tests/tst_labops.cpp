// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The canvas's Running Lab menus (LabOperations): refused with the reason while the lab is
// not up; once a run is recorded, each action calls the operation the command line calls
// (NodeOps, LinkOps, SnapshotOps) off the UI thread and reports its typed outcome. The actions'
// effect on real VMs is the operations', proven through the command line by tst_vm_livelab. And the status
// bar's offer of the features a Palette drop left off (LeftOffOffer).
#include "ConsoleKeys.h"
#include "ConsoleView.h"
#include "FeatureModules.h"
#include "LabDocument.h"
#include "LabOperations.h"
#include "LabScene.h"
#include "LeftOffOffer.h"
#include "Libvirt.h"
#include "MainWindow.h"
#include "ReportWriter.h"
#include "RunInventory.h"
#include "RunOwner.h"
#include "RunWorkbench.h"
#include "RunnerPaths.h"
#include "RunningLabsPanel.h"
#include "RunsDialog.h"
#include "SnapshotsDialog.h"
#include "Templates.h"
#include "TestLabs.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <QTreeWidget>
#include <QUndoStack>

using namespace Labforge;

class TestLabOps : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QTemporaryDir m_home;

    static QMenu *runningLab(QMenu &menu) { return menu.findChild<QMenu *>(QStringLiteral("runningLabMenu")); }
    static QAction *action(QMenu *menu, const QString &prefix)
    {
        for (QAction *a : menu->actions()) {
            if (a->text().startsWith(prefix))
                return a;
        }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        qputenv("XDG_CONFIG_HOME", m_home.path().toUtf8());
        qputenv("LABFORGE_CACHE_DIR", (m_home.path() + QStringLiteral("/cache")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
    }

    // Node and link menus carry a Running Lab submenu; while the lab is not up every action in
    // it is off, with the reason as its tooltip.
    void menusAreRefusedWhileTheLabIsNotUp()
    {
        MainWindow window;
        window.openTemplate(QStringLiteral("slurm-native"));
        QMenu nodeMenu, linkMenu;
        Q_EMIT window.scene()->nodeMenuAboutToShow(QStringLiteral("compute-1"), &nodeMenu);
        Q_EMIT window.scene()->linkMenuAboutToShow(0, &linkMenu);
        for (QMenu *menu : {runningLab(nodeMenu), runningLab(linkMenu)}) {
            QVERIFY(menu);
            QVERIFY(!menu->actions().isEmpty());
            for (QAction *a : menu->actions()) {
                QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
                QVERIFY2(a->toolTip().contains(QStringLiteral("not up")), qPrintable(a->toolTip()));
            }
        }
        for (const char *text : {"Open Terminal", "Serial Console", "Stop", "Start", "Restart", "Power-cycle"})
            QVERIFY2(action(runningLab(nodeMenu), QString::fromLatin1(text)), text);
        for (const char *text : {"Cut Link", "Restore Link", "Impair Link", "Capture"})
            QVERIFY2(action(runningLab(linkMenu), QString::fromLatin1(text)), text);
        window.document()->undoStack()->setClean();
    }

    // With a run recorded, the actions are on; one calls LinkOps in the background and its typed
    // outcome (here: node.unknown, the run has no VM for the link's end) comes back, the window
    // staying responsive meanwhile.
    void actionsCallTheOperations()
    {
        MainWindow window;
        window.openTemplate(QStringLiteral("slurm-native"));
        QString error;
        const QString run = RunnerPaths::run(QStringLiteral("slurm-native"), &error);
        QVERIFY2(!run.isEmpty(), qPrintable(error));
        RunInventory inventory(run);
        inventory.lab = QStringLiteral("slurm-native");
        inventory.uri = QStringLiteral("test:///default");
        QVERIFY(inventory.save(&error));
        QFile config(run + QStringLiteral("/ssh_config"));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("Host controller\n  HostName 10.103.0.10\nHost compute-1\n  HostName 10.103.0.21\n");
        config.close();

        LabOperations *ops = window.findChild<LabOperations *>();
        QVERIFY(ops);
        QVERIFY2(ops->refusal().isEmpty(), qPrintable(ops->refusal()));
        QMenu linkMenu;
        Q_EMIT window.scene()->linkMenuAboutToShow(0, &linkMenu);
        QAction *cut = action(runningLab(linkMenu), QStringLiteral("Cut Link"));
        QVERIFY(cut && cut->isEnabled());
        QSignalSpy done(ops, &LabOperations::finished);
        cut->trigger();
        QVERIFY(ops->isBusy());
        QVERIFY(!ops->refusal().isEmpty()); // one at a time
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().at(0).toString(), QString::fromUtf8("Cut link controller – compute-1"));
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("node.unknown"));
        // The operation's own answer on this run (no VM for the link's end), in the user's words.
        QCOMPARE(done.first().at(2).toString(), QStringLiteral("the run has no VM for node controller"));
        QVERIFY(!ops->isBusy());
        // The German designer shows the outcome in German: the title and the operation's message.
        QTranslator german;
        QVERIFY(german.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                            QStringLiteral(":/i18n")));
        QCoreApplication::installTranslator(&german);
        cut->trigger();
        QVERIFY(done.wait(30000));
        QCoreApplication::removeTranslator(&german);
        QCOMPARE(done.at(1).at(0).toString(), QString::fromUtf8("Verbindung controller – compute-1 trennen"));
        QCOMPARE(done.at(1).at(1).toString(), QStringLiteral("node.unknown"));
        QCOMPARE(done.at(1).at(2).toString(), QString::fromUtf8("der Lauf hat keine VM für Knoten controller"));
        QVERIFY2(window.statusBar()->currentMessage().contains(QString::fromUtf8("keine VM für Knoten controller")),
                 qPrintable(window.statusBar()->currentMessage()));

        // The terminal: the setting wins, with {command} standing for `labforge ssh LAB NODE`.
        QSettings().setValue(QStringLiteral("terminal"), QStringLiteral("myterm --title lab -x {command}"));
        const QStringList terminal = ops->terminalCommand(QStringLiteral("login-ops"));
        QCOMPARE(terminal.mid(0, 4),
                 (QStringList {QStringLiteral("myterm"), QStringLiteral("--title"), QStringLiteral("lab"),
                               QStringLiteral("-x")}));
        QVERIFY2(terminal.value(4).endsWith(QStringLiteral(" ssh slurm-native login-ops")),
                 qPrintable(terminal.value(4)));
        QSettings().remove(QStringLiteral("terminal"));
        window.document()->undoStack()->setClean();
    }

    // A compute dropped into a blank lab has no plan to join: added without Kubernetes and
    // Slinky, said in the status bar. The controller makes Kubernetes possible: the status
    // bar's button offers it and turns it on in one undo step.
    void featuresLeftOffAreOfferedOnceTheLabCanHoldThem()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *offer = window.findChild<LeftOffOffer *>();
        QVERIFY(offer);
        QVERIFY(offer->button()->isHidden());
        const QString compute = window.scene()->addNodeOfRole(QStringLiteral("compute"), {100, 300});
        QVERIFY(!window.document()->lab().node(compute)->recipe.hasFeature(QStringLiteral("kubeadm-lab")));
        QCOMPARE(window.document()->leftOff().size(), 2);
        QVERIFY(offer->possible().isEmpty());
        QVERIFY(offer->button()->isHidden());
        window.scene()->addNodeOfRole(QStringLiteral("storage"), {400, 500});
        QVERIFY(offer->button()->isHidden());
        // The controller starts the plan: the compute's Kubernetes can be had now (its Slinky
        // not yet: the cluster has no login node to name).
        window.scene()->addNodeOfRole(QStringLiteral("controller"), {400, 100});
        QVERIFY(!offer->button()->isHidden());
        QVERIFY2(offer->button()->toolTip().contains(QStringLiteral("kubeadm-lab on ") + compute),
                 qPrintable(offer->button()->toolTip()));
        QVERIFY(!offer->button()->toolTip().contains(QStringLiteral("slinky-slurm on ") + compute));
        const int steps = window.document()->undoStack()->count();
        offer->enable(offer->possible());
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
        const Node &node = *window.document()->lab().node(compute);
        QVERIFY(node.recipe.hasFeature(QStringLiteral("kubeadm-lab")));
        QVERIFY(window.document()->lab().kubernetes->workers.contains(compute));
        QVERIFY(offer->button()->isHidden());
        for (const Problem &p : window.document()->problems())
            QVERIFY2(!p.isError(), qPrintable(p.rule + u' ' + p.message));
        window.document()->undoStack()->setClean();
    }

    // The Running Labs panel lists what `labforge status` does, gathered off the UI thread: a
    // recorded run with its nodes; Down asks for that lab, Open Report needs a report.
    void runningLabsListsRecordedRuns()
    {
        MainWindow window;
        QString error;
        const QString run = RunnerPaths::run(QStringLiteral("web-lab"), &error);
        RunInventory inventory(run);
        inventory.runId = QStringLiteral("f00dfeed-0000");
        inventory.lab = QStringLiteral("web-lab");
        inventory.uri = QStringLiteral("test:///default");
        inventory.domains.append(
            {QStringLiteral("labforge-web-lab-web"), QStringLiteral("web"), {}, 0, {}, {}, QStringLiteral("generic")});
        QVERIFY(inventory.save(&error));
        QSettings().setValue(QStringLiteral("run/uri"), QStringLiteral("test:///default"));
        RunningLabsPanel *panel = window.runs()->runningLabs();
        QVERIFY(panel);
        panel->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isGathering(), 30000);
        QTreeWidgetItem *row = nullptr;
        for (int i = 0; i < panel->tree()->topLevelItemCount(); ++i) {
            if (panel->tree()->topLevelItem(i)->text(0) == QLatin1String("web-lab"))
                row = panel->tree()->topLevelItem(i);
        }
        QVERIFY(row);
        QCOMPARE(row->text(3), QStringLiteral("f00dfeed"));
        QCOMPARE(row->childCount(), 1);
        QCOMPARE(row->child(0)->text(0), QStringLiteral("web"));
        panel->tree()->setCurrentItem(row);
        auto *down = panel->findChild<QPushButton *>(QStringLiteral("runningLabsDown"));
        auto *report = panel->findChild<QPushButton *>(QStringLiteral("runningLabsReport"));
        QVERIFY(down->isEnabled());
        QVERIFY(!report->isEnabled()); // no report yet
        disconnect(panel, &RunningLabsPanel::downRequested, nullptr, nullptr); // no modal question here
        QSignalSpy asked(panel, &RunningLabsPanel::downRequested);
        down->click();
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().at(0).toString(), QStringLiteral("web-lab"));
        QVERIFY(inventory.remove(&error));
        QSettings().remove(QStringLiteral("run/uri"));
        window.document()->undoStack()->setClean();
    }

    // A run of another cache root or user (by its domains' metadata) is shown as theirs: not
    // "No lab is up here", not among the orphans, and Down is not offered for it.
    void runningLabsShowsRunsOfAnotherCacheRootOrUser()
    {
        MainWindow window;
        Libvirt host(QStringLiteral("test:///default")); // keeps the simulated host's domains
        QVERIFY(host.isOpen());
        QString error;
        for (const auto &[name, lab, who] :
             {std::tuple {QStringLiteral("labforge-far-web"), QStringLiteral("far"),
                          QStringLiteral("cache='/srv/elsewhere' user='%1'").arg(RunOwner::here().user)},
              std::tuple {QStringLiteral("labforge-ann-db"), QStringLiteral("ann"),
                          QStringLiteral("cache='%1' user='ann'").arg(RunOwner::here().cacheRoot)}})
            QVERIFY2(host.defineDomain(TestLabs::labforgeDomain(name, lab, who), &error), qPrintable(error));
        QSettings().setValue(QStringLiteral("run/uri"), QStringLiteral("test:///default"));
        RunningLabsPanel *panel = window.runs()->runningLabs();
        panel->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isGathering(), 30000);
        QTreeWidget *tree = panel->tree();
        QStringList top;
        QTreeWidgetItem *theirs = nullptr;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            top.append(tree->topLevelItem(i)->text(0));
            if (top.last() == QLatin1String("Runs of another cache root or user"))
                theirs = tree->topLevelItem(i);
        }
        QVERIFY2(theirs && !top.contains(QStringLiteral("No lab is up here."))
                     && !top.contains(QStringLiteral("In no recorded run")),
                 qPrintable(top.join(QStringLiteral(" | "))));
        QCOMPARE(theirs->childCount(), 2);
        QCOMPARE(theirs->child(0)->text(0), QStringLiteral("labforge-ann-db"));
        QCOMPARE(theirs->child(0)->toolTip(0), QStringLiteral("another user's run (ann)"));
        QCOMPARE(theirs->child(1)->text(0), QStringLiteral("labforge-far-web"));
        QCOMPARE(theirs->child(1)->toolTip(0), QStringLiteral("run of another cache root (/srv/elsewhere)"));
        tree->setCurrentItem(theirs->child(1));
        QVERIFY(!panel->findChild<QPushButton *>(QStringLiteral("runningLabsDown"))->isEnabled());
        QVERIFY(host.destroyDomain(QStringLiteral("labforge-far-web"), &error));
        QVERIFY(host.destroyDomain(QStringLiteral("labforge-ann-db"), &error));
        QSettings().remove(QStringLiteral("run/uri"));
        window.document()->undoStack()->setClean();
    }

    // libvirt that cannot be reached (nothing listens on port 1) is what the panel says, with
    // the URI and libvirt's error: not "No lab is up here", which it cannot know.
    void runningLabsSaysWhenLibvirtCannotBeReached()
    {
        MainWindow window;
        const QString nowhere = QStringLiteral("qemu+tcp://127.0.0.1:1/system");
        QSettings().setValue(QStringLiteral("run/uri"), nowhere);
        RunningLabsPanel *panel = window.runs()->runningLabs();
        panel->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isGathering(), 30000);
        QTreeWidget *tree = panel->tree();
        QStringList top;
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            top.append(tree->topLevelItem(i)->text(0) + u'|' + tree->topLevelItem(i)->text(1));
        QVERIFY2(!top.isEmpty()
                     && top.first().startsWith(QLatin1String("libvirt could not be reached|") + nowhere + u':')
                     && top.first().contains(QLatin1String("127.0.0.1:1"))
                     && !top.join(u'\n').contains(QLatin1String("No lab is up here")),
                 qPrintable(top.join(u'\n')));
        QVERIFY(!panel->findChild<QPushButton *>(QStringLiteral("runningLabsDown"))->isEnabled());
        QSettings().remove(QStringLiteral("run/uri"));
        window.document()->undoStack()->setClean();
    }

    // Console output made readable: escape sequences, carriage returns and bells dropped, a
    // backspace taking its character, a sequence or a UTF-8 character cut between two reads
    // completed by the next.
    void consoleOutputIsMadeReadable()
    {
        QByteArray pending;
        QCOMPARE(ConsoleView::printable(&pending, "\x1b[?2004hops@login-ops:~$ ls\r\n\x1b[0;32mok\x1b[0m\r\n"),
                 QStringLiteral("ops@login-ops:~$ ls\nok\n"));
        QCOMPARE(ConsoleView::printable(&pending, "abcx\bd\x07"), QStringLiteral("abcd"));
        QCOMPARE(ConsoleView::printable(&pending, "before\x1b[1"), QStringLiteral("before"));
        QCOMPARE(ConsoleView::printable(&pending, ";31mred\x1b]0;title\x07 end"), QStringLiteral("red end"));
        QCOMPARE(ConsoleView::printable(&pending, "caf\xc3"), QStringLiteral("caf"));
        QCOMPARE(ConsoleView::printable(&pending, "\xa9 login:"), QString::fromUtf8("caf\xc3\xa9 login:").mid(3));
        QVERIFY(pending.isEmpty());
    }

    // Character mode sends each key as a terminal does: characters as UTF-8, Return as CR,
    // Backspace as DEL, Ctrl+letter as its control byte, arrows and editing keys as VT sequences.
    void consoleKeysAreTerminalBytes()
    {
        using K = ConsoleKeys;
        QCOMPARE(K::bytes(Qt::Key_A, Qt::NoModifier, QStringLiteral("a")), QByteArray("a"));
        QCOMPARE(K::bytes(Qt::Key_unknown, Qt::NoModifier, QString::fromUtf8("é")), QByteArray("\xc3\xa9"));
        QCOMPARE(K::bytes(Qt::Key_Return, Qt::NoModifier, QStringLiteral("\r")), QByteArray("\r"));
        QCOMPARE(K::bytes(Qt::Key_Enter, Qt::KeypadModifier, QStringLiteral("\r")), QByteArray("\r"));
        QCOMPARE(K::bytes(Qt::Key_Backspace, Qt::NoModifier, QStringLiteral("\b")), QByteArray("\x7f"));
        QCOMPARE(K::bytes(Qt::Key_Tab, Qt::NoModifier, QStringLiteral("\t")), QByteArray("\t"));
        QCOMPARE(K::bytes(Qt::Key_Backtab, Qt::ShiftModifier, {}), QByteArray("\x1b[Z"));
        QCOMPARE(K::bytes(Qt::Key_Escape, Qt::NoModifier, {}), QByteArray("\x1b"));
        QCOMPARE(K::bytes(Qt::Key_C, Qt::ControlModifier, {}), QByteArray("\x03"));
        QCOMPARE(K::bytes(Qt::Key_D, Qt::ControlModifier, QStringLiteral("\x04")), QByteArray("\x04"));
        QCOMPARE(K::bytes(Qt::Key_BracketRight, Qt::ControlModifier, {}), QByteArray("\x1d"));
        QCOMPARE(K::bytes(Qt::Key_Space, Qt::ControlModifier, {}), QByteArray(1, '\0'));
        QCOMPARE(K::bytes(Qt::Key_Up, Qt::NoModifier, {}), QByteArray("\x1b[A"));
        QCOMPARE(K::bytes(Qt::Key_Down, Qt::NoModifier, {}), QByteArray("\x1b[B"));
        QCOMPARE(K::bytes(Qt::Key_Right, Qt::NoModifier, {}), QByteArray("\x1b[C"));
        QCOMPARE(K::bytes(Qt::Key_Left, Qt::NoModifier, {}), QByteArray("\x1b[D"));
        QCOMPARE(K::bytes(Qt::Key_Home, Qt::NoModifier, {}), QByteArray("\x1b[H"));
        QCOMPARE(K::bytes(Qt::Key_Delete, Qt::NoModifier, {}), QByteArray("\x1b[3~"));
        QCOMPARE(K::bytes(Qt::Key_PageDown, Qt::NoModifier, {}), QByteArray("\x1b[6~"));
        QCOMPARE(K::bytes(Qt::Key_F1, Qt::NoModifier, {}), QByteArray("\x1bOP"));
        QCOMPARE(K::bytes(Qt::Key_Shift, Qt::ShiftModifier, {}), QByteArray());
    }

    // Typed on the console's screen in character mode (the default), each key goes to the
    // console as typed: Tab and Ctrl+C too, not taken by the window; line mode sends a line.
    void consoleViewSendsKeysAsTyped()
    {
        QTemporaryDir dir;
        const QString typed = dir.filePath(QStringLiteral("typed"));
        const QString program = dir.filePath(QStringLiteral("console"));
        QFile script(program);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\nexec cat > '" + typed.toUtf8() + "'\n");
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        ConsoleView view(program, QStringLiteral("slurm-native"), QStringLiteral("login-ops"));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.isCharacterMode());
        view.attach(false);
        QTRY_VERIFY(view.isAttached());
        auto *screen = view.findChild<QPlainTextEdit *>(QStringLiteral("consoleScreen"));
        QVERIFY(screen);
        QVERIFY(!view.findChild<QLineEdit *>(QStringLiteral("consoleInput"))->isVisible());
        const auto content = [&typed] {
            QFile f(typed);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        QTest::keyClicks(screen, QStringLiteral("ls"));
        QTest::keyClick(screen, Qt::Key_Tab);
        QTest::keyClick(screen, Qt::Key_Backspace);
        QTest::keyClick(screen, Qt::Key_Up);
        QTest::keyClick(screen, Qt::Key_C, Qt::ControlModifier);
        QTest::keyClick(screen, Qt::Key_Return);
        QTRY_COMPARE(content(), QByteArray("ls\t\x7f\x1b[A\x03\r"));
        // Line mode: the line below, sent with a return.
        view.setCharacterMode(false);
        auto *input = view.findChild<QLineEdit *>(QStringLiteral("consoleInput"));
        QVERIFY(input->isVisible());
        QTest::keyClicks(input, QStringLiteral("uptime"));
        QTest::keyClick(input, Qt::Key_Return);
        QTRY_COMPARE(content(), QByteArray("ls\t\x7f\x1b[A\x03\ruptime\r"));
        QTest::keyClicks(screen, QStringLiteral("x")); // not sent: the screen is for reading now
        QTest::qWait(100);
        QCOMPARE(content(), QByteArray("ls\t\x7f\x1b[A\x03\ruptime\r"));
    }

    // The console dock runs `labforge console` itself: for a lab that is not up, its own
    // refusal is what the dock shows; with a run recorded but no VM for the node, the command
    // line's answer word for word.
    void consoleViewRunsTheCommandLinesConsole()
    {
        const QString program = qEnvironmentVariable("LABFORGE_BINARY");
        QVERIFY2(QFileInfo(program).isExecutable(), "LABFORGE_BINARY names no program");
        ConsoleView notUp(program, QStringLiteral("nfs-pair"), QStringLiteral("storage"));
        QSignalSpy ended(&notUp, &ConsoleView::ended);
        notUp.attach(false);
        QVERIFY(ended.wait(30000));
        QCOMPARE(ended.first().at(0).toInt(), 2);
        QVERIFY2(notUp.screenText().contains(QStringLiteral("lab nfs-pair is not up here")),
                 qPrintable(notUp.screenText()));

        const QString run = recordRun(QStringLiteral("slurm-native"));
        ConsoleView view(program, QStringLiteral("slurm-native"), QStringLiteral("compute-1"));
        QSignalSpy viewEnded(&view, &ConsoleView::ended);
        view.attach(false);
        QVERIFY(view.isAttached());
        QVERIFY(viewEnded.wait(30000));
        QVERIFY2(view.screenText().contains(QStringLiteral("the run has no VM for node compute-1")),
                 qPrintable(view.screenText()));
        QVERIFY(!view.isAttached());
        QDir(run).removeRecursively();
    }

    // Run ▸ Snapshots…: the lab's snapshots as SnapshotOps lists them; Delete calls SnapshotOps
    // off the UI thread and the list follows; Save on a run without VMs comes back with the
    // runner's refusal.
    void snapshotsDialogListsAndDeletes()
    {
        MainWindow window;
        window.openTemplate(QStringLiteral("slurm-native"));
        const QString run = recordRun(QStringLiteral("slurm-native"));
        const QString kept = run + QStringLiteral("/snapshots/known-good");
        QVERIFY(QDir().mkpath(kept));
        QFile copy(kept + QStringLiteral("/compute-1-root.qcow2"));
        QVERIFY(copy.open(QIODevice::WriteOnly));
        copy.write(QByteArray(8192, 'x'));
        copy.close();
        QFile manifest(kept + QStringLiteral("/manifest.json"));
        QVERIFY(manifest.open(QIODevice::WriteOnly));
        manifest.write(
            QStringLiteral("{\"lab\": \"slurm-native\", \"run\": \"f00dfeed-0000\", \"taken\": "
                           "\"2026-01-02T03:04:05.000Z\", \"paused_seconds\": 2.5, \"nodes\": [{\"node\": "
                           "\"compute-1\", \"domain\": \"labforge-slurm-native-compute-1\", \"running\": true, "
                           "\"disks\": [{\"file\": \"%1/vm/compute-1-root.qcow2\", \"copy\": "
                           "\"compute-1-root.qcow2\"}]}]}")
                .arg(run)
                .toUtf8());
        manifest.close();
        auto *ops = window.findChild<LabOperations *>();
        QVERIFY(ops);
        QAction *menuEntry = nullptr;
        for (QAction *a : window.runs()->runMenu()->actions()) {
            if (a->text().remove(u'&').startsWith(QStringLiteral("Snapshots")))
                menuEntry = a;
        }
        QVERIFY(menuEntry);
        menuEntry->trigger();
        auto *dialog = window.findChild<SnapshotsDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->table()->topLevelItemCount(), 1);
        QTreeWidgetItem *row = dialog->table()->topLevelItem(0);
        QCOMPARE(row->text(0), QStringLiteral("known-good"));
        QCOMPARE(row->text(2), QStringLiteral("1 (1 running)"));
        row->setSelected(true);
        QSignalSpy done(ops, &LabOperations::finished);
        dialog->act(SnapshotsDialog::Act::Delete, QStringLiteral("known-good"));
        QVERIFY(done.wait(30000));
        QVERIFY2(done.first().at(1).toString().isEmpty(), qPrintable(done.first().at(2).toString()));
        QCOMPARE(dialog->table()->topLevelItemCount(), 0);
        QVERIFY(!QFileInfo::exists(kept));
        QCOMPARE(dialog->stateText(), QStringLiteral("Snapshot known-good of lab slurm-native deleted."));
        dialog->act(SnapshotsDialog::Act::Save, QStringLiteral("again"));
        QVERIFY(done.wait(30000));
        QCOMPARE(done.at(1).at(1).toString(), QStringLiteral("snapshot.failed"));
        QVERIFY2(dialog->stateText().contains(QStringLiteral("has no VM")), qPrintable(dialog->stateText()));
        dialog->close();
        QDir(run).removeRecursively();
        window.document()->undoStack()->setClean();
    }

    // Run ▸ Runs…: the lab's kept reports newest first with their verdicts; two compared side by
    // side, the step whose verdict changed first and bold, the times' change beside; a report
    // of another lab opened is said to be one.
    void runsDialogListsAndComparesPastRuns()
    {
        MainWindow window;
        window.openTemplate(QStringLiteral("slurm-native"));
        QString error;
        const QString reports = RunnerPaths::run(QStringLiteral("slurm-native"), &error) + QStringLiteral("/reports");
        const auto report = [&](const QString &name, int minutes, AssertionResult::State second, qint64 ms) {
            RunReport r;
            r.lab = QStringLiteral("slurm-native");
            r.started = QDateTime(QDate(2026, 3, 1), QTime(10, minutes), Qt::UTC);
            r.finished = r.started.addSecs(300);
            r.runInfo = QStringLiteral("TCG, memory × 0.25, host qemu:///system");
            r.scenarios = {QStringLiteral("native-hpc-acceptance")};
            for (const QString &id : {QStringLiteral("1-sinfo"), QStringLiteral("2-srun")}) {
                AssertionResult a;
                a.scenario = QStringLiteral("native-hpc-acceptance");
                a.stepId = id;
                a.node = QStringLiteral("login-ops");
                a.state = id == u"2-srun" ? second : AssertionResult::State::Passed;
                a.durationMs = id == u"2-srun" ? ms : 1000;
                r.results.append(a);
            }
            QVERIFY2(ReportWriter::write(r, reports + u'/' + name, &error), qPrintable(error));
        };
        report(QStringLiteral("20260301-100000"), 0, AssertionResult::State::Passed, 4000);
        report(QStringLiteral("20260301-103000"), 30, AssertionResult::State::Failed, 9500);
        RunsDialog *dialog = window.runs()->showRuns();
        QVERIFY(dialog);
        QCOMPARE(dialog->runs()->topLevelItemCount(), 2);
        QCOMPARE(dialog->runs()->topLevelItem(0)->text(1), QStringLiteral("failed")); // newest first
        QCOMPARE(dialog->runs()->topLevelItem(1)->text(1), QStringLiteral("passed"));
        QVERIFY(dialog->compare(1, 0));
        QCOMPARE(dialog->changes()->topLevelItemCount(), 2);
        QTreeWidgetItem *first = dialog->changes()->topLevelItem(0);
        QCOMPARE(first->text(0), QStringLiteral("native-hpc-acceptance/2-srun"));
        QCOMPARE(first->text(1), QStringLiteral("passed"));
        QCOMPARE(first->text(2), QStringLiteral("failed"));
        QVERIFY(first->font(0).bold());
        QVERIFY2(first->text(5).startsWith(QStringLiteral("+5")), qPrintable(first->text(5)));
        QVERIFY2(dialog->summary().contains(QStringLiteral("1 step(s) changed verdict")),
                 qPrintable(dialog->summary()));

        // The comparison follows the selection: one run selected leaves nothing of the old pair
        // and asks for two; two selected are compared at once.
        dialog->runs()->clearSelection();
        dialog->runs()->topLevelItem(0)->setSelected(true);
        QCOMPARE(dialog->changes()->topLevelItemCount(), 0);
        QVERIFY2(dialog->summary().contains(QStringLiteral("Select two runs")), qPrintable(dialog->summary()));
        dialog->runs()->topLevelItem(1)->setSelected(true);
        QCOMPARE(dialog->changes()->topLevelItemCount(), 2);
        QVERIFY2(dialog->summary().contains(QStringLiteral("1 step(s) changed verdict")),
                 qPrintable(dialog->summary()));

        // The same report opened in a window holding another lab.
        window.openTemplate(QStringLiteral("web-lab"));
        QVERIFY(window.runs()->openReport(reports + QStringLiteral("/20260301-100000")));
        QVERIFY2(window.statusBar()->currentMessage().contains(
                     QStringLiteral("This report is of lab slurm-native, not of the open lab web-lab")),
                 qPrintable(window.statusBar()->currentMessage()));
        dialog->close();
        QDir(reports).removeRecursively();
        window.document()->undoStack()->setClean();
    }

private:
    // A run of `lab` recorded here (inventory and ssh_config), on libvirt's test driver.
    static QString recordRun(const QString &lab)
    {
        QString error;
        QString run = RunnerPaths::run(lab, &error);
        RunInventory inventory(run);
        inventory.runId = QStringLiteral("f00dfeed-0000");
        inventory.lab = lab;
        inventory.uri = QStringLiteral("test:///default");
        if (!inventory.save(&error))
            qFatal("%s", qPrintable(error));
        QFile config(run + QStringLiteral("/ssh_config"));
        if (config.open(QIODevice::WriteOnly))
            config.write("Host compute-1\n  HostName 10.103.0.21\n");
        return run;
    }
};

QTEST_MAIN(TestLabOps)
#include "tst_labops.moc"
