// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's finish: Undo and Redo keys in a field, Save As's key and no key on two
// actions, interface lines around the cards, the export's title and legend, the Review tab's
// first file and node chooser, a narrow idle Progress dock, and the count of the lab's problems.
#include "Catalog.h"
#include "DesignerFixture.h"
#include "DiagramExporter.h"
#include "EditLabCommand.h"
#include "InterfaceItem.h"
#include "MainWindow.h"
#include "MenuAction.h"
#include "NetworkItem.h"
#include "NodeItem.h"
#include "PropertiesPanel.h"
#include "ReviewPanel.h"
#include "RoleStyle.h"
#include "RunWorkbench.h"
#include "WindowFit.h"
#include "WireRoute.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>

using namespace Labforge;

class TestDesignerPolish : public DesignerFixture
{
    Q_OBJECT

    void press(QWidget *field, Qt::KeyboardModifiers modifiers, Qt::Key key = Qt::Key_Z)
    {
        QTest::keyClick(field, key, modifiers);
    }

    void pushLab(const Lab &after)
    {
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), after, QStringLiteral("test")));
    }

private Q_SLOTS:
    // A committed field's Ctrl+Z and Ctrl+Shift+Z undo and redo the document; while the field
    // holds uncommitted typing, Ctrl+Z undoes that typing first and leaves the document alone.
    void undoKeysInAFieldReachTheDocumentOnceCommitted()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        scene()->clearSelection();
        auto *name = m_window->findChild<QLineEdit *>(QStringLiteral("labName"));
        QVERIFY(name);
        const QString before = doc()->lab().name;
        name->setFocus();
        QVERIFY(name->hasFocus());
        name->end(false);
        QTest::keyClicks(name, QStringLiteral("-x"));
        press(name, Qt::NoModifier, Qt::Key_Return);
        QCOMPARE(doc()->lab().name, before + QStringLiteral("-x"));
        press(name, Qt::ControlModifier); // committed: the document's undo
        QCOMPARE(doc()->lab().name, before);
        QCOMPARE(name->text(), before);
        QVERIFY(name->hasFocus());
        press(name, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(doc()->lab().name, before + QStringLiteral("-x"));
        QCOMPARE(name->text(), before + QStringLiteral("-x"));
        // Typing not committed yet: the field's own undo, the document untouched.
        const int commands = doc()->undoStack()->index();
        const int kept = doc()->undoStack()->count(); // no command pushed, none undone
        QTest::keyClicks(name, QStringLiteral("y"));
        press(name, Qt::ControlModifier);
        QCOMPARE(name->text(), before + QStringLiteral("-x"));
        QCOMPARE(doc()->lab().name, before + QStringLiteral("-x"));
        QCOMPARE(doc()->undoStack()->index(), commands);
        QCOMPARE(doc()->undoStack()->count(), kept);
        // Nothing of its own left: the next Ctrl+Z is the document's.
        press(name, Qt::ControlModifier);
        QCOMPARE(doc()->lab().name, before);

        // A spin box commits as it changes: its Ctrl+Z is the document's at once.
        scene()->selectNode(QStringLiteral("controller"));
        auto *cpu = m_window->findChild<QSpinBox *>(QStringLiteral("minCpu"));
        QVERIFY(cpu && cpu->isVisible());
        const int cpus = doc()->lab().node(QStringLiteral("controller"))->recipe.minCpu;
        cpu->setFocus();
        press(cpu, Qt::NoModifier, Qt::Key_Up);
        QCOMPARE(doc()->lab().node(QStringLiteral("controller"))->recipe.minCpu, cpus + 1);
        press(cpu, Qt::ControlModifier);
        QCOMPARE(doc()->lab().node(QStringLiteral("controller"))->recipe.minCpu, cpus);
        QCOMPARE(cpu->value(), cpus);
    }

    // The window's Undo (Edit menu, toolbar, Ctrl+Z outside the field) with a step's Expected
    // field focused: the field shows the undone value, leaving it (Tab) makes no edit, and Redo
    // is still there; the panel does not move under the pointer.
    void aFocusedFieldShowsTheUndoneValue()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        auto *panel = m_window->findChild<PropertiesPanel *>();
        QVERIFY(panel->showField({}, QStringLiteral("/scenarios/0/steps/0/command")));
        auto *expect = m_window->findChild<QLineEdit *>(QStringLiteral("stepExpect"));
        QVERIFY(expect && expect->isVisible());
        const QString before = expect->text();
        expect->setFocus();
        QVERIFY(expect->hasFocus());
        expect->end(false);
        QTest::keyClicks(expect, QStringLiteral("0"));
        press(expect, Qt::NoModifier, Qt::Key_Return);
        QCOMPARE(expect->text(), before + QStringLiteral("0"));
        QVERIFY(doc()->undoStack()->canUndo());
        const int index = doc()->undoStack()->index();
        QApplication::processEvents(); // the panel laid out as the user sees it
        const QPoint at = expect->mapTo(m_window.get(), QPoint());
        menuAction(m_window.get(), "&Undo")->trigger();
        QCOMPARE(doc()->undoStack()->index(), index - 1);
        QCOMPARE(expect->text(), before);
        QVERIFY(expect->hasFocus());
        QApplication::processEvents();
        QCOMPARE(expect->mapTo(m_window.get(), QPoint()), at); // still under the pointer
        press(expect, Qt::NoModifier, Qt::Key_Tab);
        QVERIFY(!expect->hasFocus());
        QCOMPARE(doc()->undoStack()->index(), index - 1);
        QVERIFY(doc()->undoStack()->canRedo());
        // Redo the same way: the field focused again shows the redone value.
        expect->setFocus();
        menuAction(m_window.get(), "&Redo")->trigger();
        QCOMPARE(expect->text(), before + QStringLiteral("0"));
        press(expect, Qt::NoModifier, Qt::Key_Tab);
        QCOMPARE(doc()->undoStack()->index(), index);
        QCOMPARE(doc()->undoStack()->count(), index);
    }

    // In a field, Ctrl+Y and Ctrl+Shift+Z redo what its own Ctrl+Z undid; with nothing of its
    // own to redo, they redo the document.
    void redoKeysInAFieldRedoItsTyping()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        scene()->clearSelection();
        auto *name = m_window->findChild<QLineEdit *>(QStringLiteral("labName"));
        const QString before = doc()->lab().name;
        name->setFocus();
        name->end(false);
        for (const auto redo : {Qt::ControlModifier | Qt::ShiftModifier, Qt::KeyboardModifiers(Qt::ControlModifier)}) {
            QTest::keyClicks(name, QStringLiteral("-y"));
            press(name, Qt::ControlModifier);
            QCOMPARE(name->text(), before);
            press(name, redo, redo & Qt::ShiftModifier ? Qt::Key_Z : Qt::Key_Y);
            QCOMPARE(name->text(), before + QStringLiteral("-y"));
            QCOMPARE(doc()->lab().name, before); // the field's own, not committed
            name->setText(before);
            name->setModified(false);
        }
        // Committed, undone by the document, redone by Ctrl+Y in the field.
        QTest::keyClicks(name, QStringLiteral("-z"));
        press(name, Qt::NoModifier, Qt::Key_Return);
        press(name, Qt::ControlModifier);
        QCOMPARE(doc()->lab().name, before);
        press(name, Qt::ControlModifier, Qt::Key_Y);
        QCOMPARE(doc()->lab().name, before + QStringLiteral("-z"));
        QCOMPARE(name->text(), before + QStringLiteral("-z"));
    }

    // File ▸ Save As has Ctrl+Shift+S, and no key is on two of the window's actions.
    void saveAsHasAKeyAndNoKeyIsTwice()
    {
        QAction *saveAs = menuAction(m_window.get(), "Save &As");
        QVERIFY(saveAs);
        QCOMPARE(saveAs->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
        QHash<QString, QString> owner;
        QStringList twice;
        for (QAction *a : m_window->findChildren<QAction *>()) {
            if (a->shortcutContext() == Qt::WidgetShortcut)
                continue;
            for (const QKeySequence &key : a->shortcuts()) {
                const QString k = key.toString();
                if (owner.contains(k) && owner.value(k) != a->text())
                    twice.append(QStringLiteral("%1: %2 and %3").arg(k, owner.value(k), a->text()));
                owner.insert(k, a->text());
            }
        }
        QVERIFY2(twice.isEmpty(), qPrintable(twice.join(QLatin1Char('\n'))));
    }

    // No interface line runs through a card that is not its node's, on the built-in lab as
    // placed and with a card put down on the controller's line to its bus.
    void interfaceLinesGoAroundOtherCards()
    {
        auto check = [this]() {
            QStringList through;
            for (InterfaceItem *line : scene()->interfaceItems()) {
                const QPolygonF route = line->route();
                QVERIFY(route.size() >= 2);
                for (const Node &n : doc()->lab().nodes) {
                    if (n.id == line->nodeId())
                        continue;
                    const QRectF card(n.position, Catalog::nodeSize());
                    for (qsizetype k = 0; k + 1 < route.size(); ++k) {
                        if (WireRoute::crosses(route.at(k), route.at(k + 1), card))
                            through.append(QStringLiteral("%1 eth%2 through %3")
                                               .arg(line->nodeId())
                                               .arg(line->interfaceIndex())
                                               .arg(n.id));
                    }
                }
            }
            QVERIFY2(through.isEmpty(), qPrintable(through.join(QLatin1Char('\n'))));
        };
        check();
        Lab lab = doc()->lab();
        Node extra = *lab.node(QStringLiteral("login-ops"));
        extra.id = QStringLiteral("extra");
        extra.position = QPointF(330, 250); // between the controller and the bus
        extra.interfaces.first().ip = QStringLiteral("10.103.0.99");
        lab.nodes.append(extra);
        pushLab(lab);
        QVERIFY(scene()->nodeItem(QStringLiteral("extra")));
        check();
        InterfaceItem *controller = nullptr;
        for (InterfaceItem *line : scene()->interfaceItems()) {
            if (line->nodeId() == QStringLiteral("controller"))
                controller = line;
        }
        QVERIFY(controller);
        QVERIFY(controller->route().size() > 2); // it goes around, it still ends on the bus
        QCOMPARE(controller->route().constLast().y(), controller->networkItem()->pos().y());
    }

    // The SVG export carries the lab's name as its title and a legend of roles, networks and lines.
    void theExportHasATitleAndALegend()
    {
        const QString path = m_home.filePath(QStringLiteral("lab.svg"));
        QString error;
        QVERIFY2(DiagramExporter::exportTo(scene(), path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        QVERIFY(svg.contains(QStringLiteral("<title>slurm-hpc</title>")));
        QVERIFY(svg.contains(QStringLiteral(">slurm-hpc</text>")));
        QVERIFY(svg.contains(QStringLiteral("Legend")));
        for (const Node &n : doc()->lab().nodes)
            QVERIFY2(svg.contains(QStringLiteral("Role: ") + n.role), qPrintable(n.role));
        QVERIFY(svg.contains(QStringLiteral("Network: hpc-lab 10.103.0.0/24")));
        QVERIFY(svg.contains(QStringLiteral("Link between nodes")));
        QVERIFY(svg.contains(QStringLiteral("Interface on a network")));
        QVERIFY(svg.contains(RoleStyle::colour(doc()->lab().nodes.first().role).name()));
    }

    // Review opens at the top with the first file shown; its chooser jumps to a node's files.
    void reviewOpensOnTheFirstFileWithANodeChooser()
    {
        scene()->selectNode(QStringLiteral("storage"));
        auto *tabs = m_window->findChild<QTabWidget *>(QStringLiteral("centralTabs"));
        tabs->setCurrentWidget(m_window->reviewPanel());
        QTreeWidget *tree = m_window->reviewPanel()->tree();
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem(), tree->topLevelItem(0));
        QVERIFY(!m_window->reviewPanel()->currentText().isEmpty());
        QCOMPARE(tree->verticalScrollBar()->value(), 0);
        QComboBox *chooser = m_window->reviewPanel()->nodeChooser();
        QVERIFY(chooser);
        QCOMPARE(chooser->currentText(), QStringLiteral("storage"));
        QCOMPARE(chooser->count(), int(doc()->lab().nodes.size()) + 1);
        const int compute = chooser->findText(QStringLiteral("compute-1"));
        QVERIFY(compute > 0);
        chooser->setCurrentIndex(compute);
        Q_EMIT chooser->activated(compute);
        QVERIFY(tree->currentItem());
        QVERIFY(!m_window->reviewPanel()->currentText().isEmpty());
        bool computeFiles = false;
        for (int k = 0; k < tree->topLevelItemCount(); ++k)
            computeFiles |= tree->topLevelItem(k)->text(0) != QStringLiteral("plan.json");
        QVERIFY(computeFiles);
        // With no node selected, the lab's plan is shown.
        scene()->clearSelection();
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem()->text(0), QStringLiteral("plan.json"));
        QVERIFY(!m_window->reviewPanel()->currentText().isEmpty());
    }

    // Before any run the Progress dock is narrow, also after a window state that left it wide;
    // a run's start widens it.
    void anIdleProgressDockIsNarrow()
    {
        auto width = [](MainWindow *w, const char *name) {
            return w->findChild<QDockWidget *>(QLatin1String(name))->width();
        };
        QTRY_VERIFY(width(m_window.get(), "progressDock") > 0);
        const int total = width(m_window.get(), "progressDock") + width(m_window.get(), "problemsDock");
        QVERIFY2(width(m_window.get(), "progressDock") <= total / 4,
                 qPrintable(QStringLiteral("%1 of %2").arg(width(m_window.get(), "progressDock")).arg(total)));
        m_window->runs()->beginProgress(true, true);
        QTRY_VERIFY(width(m_window.get(), "progressDock") >= total / 3);
        // A state saved with the wide dock, restored before any run: narrow again.
        QSettings().setValue(QStringLiteral("window/state"), m_window->saveState());
        MainWindow second;
        second.show();
        QVERIFY(QTest::qWaitForWindowExposed(&second));
        QTest::qWait(50);
        const int secondTotal = width(&second, "progressDock") + width(&second, "problemsDock");
        QVERIFY2(width(&second, "progressDock") <= secondTotal / 4,
                 qPrintable(QStringLiteral("%1 of %2").arg(width(&second, "progressDock")).arg(secondTotal)));
        QSettings().remove(QStringLiteral("window/state"));
    }

    // A first start fits the screen's available area with the window's frame: at 1024x700 the
    // status bar stays on screen below the title bar.
    void theFirstStartFitsTheScreenFrameIncluded()
    {
        const QMargins frame(1, 24, 1, 1);
        const QRect small(0, 0, 1024, 700);
        const QRect fit = WindowFit::fitted(small, frame, QSize(1400, 900));
        QVERIFY(small.contains(fit.marginsAdded(frame)));
        QCOMPARE(fit.size(), QSize(1022, 675));
        const QRect big(0, 0, 1600, 1000);
        const QRect roomy = WindowFit::fitted(big, frame, QSize(1400, 900));
        QCOMPARE(roomy.size(), QSize(1400, 900));
        QVERIFY(big.contains(roomy.marginsAdded(frame)));
        // As built, before a window manager framed it, the window leaves room for a title bar.
        MainWindow fresh;
        const QRect available = fresh.screen()->availableGeometry();
        QVERIFY2(available.contains(fresh.geometry().marginsAdded(WindowFit::assumedFrame(&fresh))),
                 qPrintable(QStringLiteral("%1x%2").arg(fresh.width()).arg(fresh.height())));
    }

    // The status bar, the Problems dock's title and Build and Boot's refusal count errors and
    // warnings; a click (or Show First) goes to the first error.
    void theLabsErrorsAreCounted()
    {
        Lab lab = doc()->lab();
        lab.nodes[1].interfaces[0].ip = lab.nodes[0].interfaces[0].ip; // one address twice
        pushLab(lab);
        int errors = 0, warnings = 0;
        for (const Problem &p : doc()->problems())
            (p.isError() ? errors : warnings) += 1;
        QVERIFY(errors > 0);
        QString expected = errors == 1 ? QStringLiteral("1 error") : QStringLiteral("%1 errors").arg(errors);
        if (warnings > 0)
            expected += warnings == 1 ? QStringLiteral(", 1 warning") : QStringLiteral(", %1 warnings").arg(warnings);
        auto *count = m_window->findChild<QToolButton *>(QStringLiteral("problemCount"));
        QVERIFY(count);
        QCOMPARE(count->text(), expected);
        QCOMPARE(m_window->findChild<QDockWidget *>(QStringLiteral("problemsDock"))->windowTitle(),
                 QStringLiteral("Problems (%1)").arg(expected));
        int first = 0;
        while (!doc()->problems().at(first).isError())
            ++first;
        const QString node = doc()->problems().at(first).nodeId;
        QVERIFY(!node.isEmpty());
        scene()->clearSelection();
        QTest::mouseClick(count, Qt::LeftButton);
        QCOMPARE(scene()->selectedNodeIds(), QStringList {node});

        scene()->clearSelection();
        QString text;
        QTimer::singleShot(0, this, [&text] {
            for (QWidget *w : QApplication::topLevelWidgets()) {
                if (auto *box = qobject_cast<QMessageBox *>(w); box && box->isVisible()) {
                    text = box->text();
                    for (QAbstractButton *b : box->buttons()) {
                        if (b->text() == QStringLiteral("Show First"))
                            b->click();
                    }
                }
            }
        });
        menuAction(m_window.get(), "&Build and Boot")->trigger();
        QVERIFY2(text.contains(expected), qPrintable(text));
        QCOMPARE(scene()->selectedNodeIds(), QStringList {node});
    }

    // The unsaved-changes question's buttons each have a mnemonic of their own; Cancel keeps
    // the lab.
    void unsavedChangesButtonsHaveMnemonics()
    {
        Lab lab = doc()->lab();
        lab.name = QStringLiteral("changed");
        pushLab(lab);
        QStringList texts;
        QTimer::singleShot(0, this, [&texts] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            for (QAbstractButton *b : box->buttons())
                texts.append(b->text());
            box->button(QMessageBox::Cancel)->click();
        });
        menuAction(m_window.get(), "New &Blank Lab")->trigger();
        QCOMPARE(doc()->lab().name, QStringLiteral("changed"));
        QCOMPARE(texts.size(), 3);
        QSet<QChar> keys;
        for (const QString &t : std::as_const(texts)) {
            const qsizetype amp = t.indexOf(u'&');
            QVERIFY2(amp >= 0 && amp + 1 < t.size(), qPrintable(t));
            keys.insert(t.at(amp + 1).toLower());
        }
        QCOMPARE(keys.size(), 3);
        doc()->undoStack()->setClean();
    }

    // Add Node of Role's dialog is wide enough for its whole title.
    void addNodeOfRoleShowsItsTitle()
    {
        int width = 0, needed = 0;
        QString title;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            if (!dialog || dialog->objectName() != u"addNodeOfRole")
                return;
            title = dialog->windowTitle();
            width = dialog->width();
            needed = dialog->fontMetrics().horizontalAdvance(title + QStringLiteral(" — labforge")) + 120;
            dialog->findChild<QComboBox *>()->setCurrentText(QStringLiteral("storage"));
            dialog->accept();
        });
        const int nodes = int(doc()->lab().nodes.size());
        menuAction(m_window.get(), "Add Node of Role")->trigger();
        QVERIFY2(width >= needed, qPrintable(QStringLiteral("%1: %2 < %3").arg(title).arg(width).arg(needed)));
        QCOMPARE(doc()->lab().nodes.size(), nodes + 1);
        QCOMPARE(doc()->lab().nodes.last().role, QStringLiteral("storage"));
        doc()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestDesignerPolish)
#include "tst_designer_polish.moc"
