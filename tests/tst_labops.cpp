// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The canvas's Running Lab menus (LabOperations): refused with the reason while the lab is
// not up; once a run is recorded, each action runs the command line's own implementation
// off the UI thread and reports what it printed. The actions' effect on real VMs is the
// command line's, proven by tst_vm_nfs (`labforge node`, `labforge link`). And the status
// bar's offer of the features a Palette drop left off (LeftOffOffer).
#include "FeatureModules.h"
#include "LabDocument.h"
#include "LabOperations.h"
#include "LabScene.h"
#include "LeftOffOffer.h"
#include "MainWindow.h"
#include "RunInventory.h"
#include "RunWorkbench.h"
#include "RunnerPaths.h"
#include "RunningLabsPanel.h"
#include "Templates.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
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
        for (const char *text : {"Open Terminal", "Stop", "Start", "Restart"})
            QVERIFY2(action(runningLab(nodeMenu), QString::fromLatin1(text)), text);
        for (const char *text : {"Cut Link", "Restore Link", "Impair Link"})
            QVERIFY2(action(runningLab(linkMenu), QString::fromLatin1(text)), text);
        window.document()->undoStack()->setClean();
    }

    // With a run recorded, the actions are on; one runs `labforge link`'s implementation in
    // the background and its outcome (here: no such VM taps on this host) comes back word for
    // word, the window staying responsive meanwhile.
    void actionsRunTheCommandLinesImplementation()
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
        QCOMPARE(done.first().at(0).toString(), QStringLiteral("link down controller-compute-1"));
        QVERIFY(done.first().at(1).toInt() != 0);
        QVERIFY2(done.first().at(2).toString().contains(QStringLiteral("labforge link")),
                 qPrintable(done.first().at(2).toString()));
        QVERIFY(!ops->isBusy());

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
};

QTEST_MAIN(TestLabOps)
#include "tst_labops.moc"
