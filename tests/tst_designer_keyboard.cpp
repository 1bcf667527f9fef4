// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer without a mouse, under QT_QPA_PLATFORM=offscreen: the canvas shows when it has
// the focus; View ▸ Lab Properties takes the focus to the lab's first field, at the top; the
// Menu key and Shift+F10 open the menu of what is selected; Shift+Return in Find adds to the
// selection (two nodes linked by keys); F2 in a table edits its cell; Esc in a refused node
// id gives the node's id back.
#include "DesignerFixture.h"
#include "LabPanel.h"
#include "LabView.h"
#include "LinkItem.h"
#include "NodeItem.h"
#include "NodePanel.h"
#include "PropertiesPanel.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

using namespace Labforge;

class TestDesignerKeyboard : public DesignerFixture
{
    Q_OBJECT

    PropertiesPanel *properties() { return m_window->findChild<PropertiesPanel *>(); }
    LabView *view() { return m_window->view(); }
    QLineEdit *findField() { return m_window->findChild<QLineEdit *>(QStringLiteral("findNode")); }

    void activate()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }

    // The texts of the menu that `open` pops up (closed at once), and where it popped up.
    std::pair<QStringList, QPoint> menuOf(const std::function<void()> &open)
    {
        QStringList texts;
        QPoint at;
        QTimer::singleShot(0, this, [&texts, &at] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            if (!menu)
                return;
            for (QAction *a : menu->actions())
                texts.append(a->text());
            at = menu->pos();
            menu->close();
        });
        open();
        return {texts, at};
    }

private Q_SLOTS:
    // The canvas with the focus has a frame in the highlight colour; without, none.
    void theCanvasShowsItHasTheFocus()
    {
        activate();
        const QColor highlight = view()->palette().color(QPalette::Highlight);
        view()->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(view()->hasFocus());
        const QImage focused = view()->viewport()->grab().toImage();
        QCOMPARE(focused.pixelColor(1, focused.height() / 2), highlight);
        QCOMPARE(focused.pixelColor(focused.width() / 2, 1), highlight);
        findField()->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(!view()->hasFocus());
        const QImage unfocused = view()->viewport()->grab().toImage();
        QVERIFY(unfocused.pixelColor(1, unfocused.height() / 2) != highlight);
        // Tables keep the style's focus rectangle (no style sheet turns it off).
        for (QAbstractItemView *table : m_window->findChildren<QAbstractItemView *>())
            QVERIFY2(!table->styleSheet().contains(QLatin1String("outline")), qPrintable(table->objectName()));
    }

    // View ▸ Lab Properties from the Find field: the focus goes to the lab's first field, the
    // page shown from its top, and what is typed next lands there.
    void labPropertiesTakesTheFocusToTheLabsFirstField()
    {
        activate();
        properties()->showLab();
        auto *scroll = qobject_cast<QScrollArea *>(properties()->currentWidget());
        QVERIFY(scroll);
        scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
        findField()->setFocus(Qt::ShortcutFocusReason);
        QTRY_VERIFY(findField()->hasFocus());
        QTest::keyClick(findField(), Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(properties()->currentIndex(), 0);
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        auto *name = properties()->labPanel()->findChild<QLineEdit *>(QStringLiteral("labName"));
        QVERIFY(name);
        QTRY_COMPARE(QApplication::focusWidget(), name);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_X);
        QVERIFY(findField()->text().isEmpty());
        QVERIFY(name->text().endsWith(QLatin1Char('x')));
    }

    // The Menu key (the platform sends a keyboard context-menu event at the pointer) and
    // Shift+F10 open the menu of the selected node at the node, of a selected network or link
    // theirs, and with nothing selected the empty canvas's.
    void menuKeyOpensTheMenuOfTheSelection()
    {
        activate();
        view()->setFocus(Qt::TabFocusReason);
        scene()->selectNode(QStringLiteral("compute-1"));
        view()->centerOn(scene()->nodeItem(QStringLiteral("compute-1")));
        const auto menuKey = [this] {
            QContextMenuEvent e(QContextMenuEvent::Keyboard, QPoint(2, 2), view()->mapToGlobal(QPoint(2, 2)));
            QApplication::sendEvent(view(), &e);
        };
        const auto shiftF10 = [this] {
            QTest::keyClick(view(), Qt::Key_F10, Qt::ShiftModifier);
        };
        for (const auto &open : {std::function<void()>(menuKey), std::function<void()>(shiftF10)}) {
            scene()->selectNode(QStringLiteral("compute-1"));
            const auto [texts, at] = menuOf(open);
            QVERIFY2(texts.contains(QStringLiteral("Link To")), qPrintable(texts.join(u',')));
            const QPoint card =
                view()->viewport()->mapToGlobal(view()->mapFromScene(centreOf(QStringLiteral("compute-1"))));
            QVERIFY2((at - card).manhattanLength() < 60, qPrintable(QStringLiteral("%1,%2").arg(at.x()).arg(at.y())));
            QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("compute-1")});

            scene()->selectNetwork(QStringLiteral("hpc-lab"));
            QVERIFY(menuOf(open).first.contains(QStringLiteral("Delete Network")));
            scene()->clearSelection();
            scene()->linkItems().constFirst()->setSelected(true);
            QVERIFY(menuOf(open).first.contains(QStringLiteral("Delete Link")));
            scene()->clearSelection();
            QVERIFY(menuOf(open).first.contains(QStringLiteral("Add Network Here")));
        }
    }

    // Shift+Return in Find adds what it names to the selection: two nodes chosen by keys, then
    // Link Selection (Ctrl+Shift+L) links them.
    void shiftReturnInFindAddsToTheSelection()
    {
        activate();
        QVERIFY(doc()->lab().linkIndex(QStringLiteral("compute-1"), QStringLiteral("compute-2")) < 0);
        findField()->setFocus(Qt::ShortcutFocusReason);
        QTest::keyClicks(findField(), QStringLiteral("compute-1"));
        QTest::keyClick(findField(), Qt::Key_Return);
        QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("compute-1")});
        QTest::keyClick(view(), Qt::Key_F, Qt::ControlModifier);
        QVERIFY(findField()->hasFocus());
        QTest::keyClicks(findField(), QStringLiteral("compute-2"));
        QTest::keyClick(findField(), Qt::Key_Return, Qt::ShiftModifier);
        QStringList both = scene()->selectedNodeIds();
        both.sort();
        QCOMPARE(both, (QStringList {QStringLiteral("compute-1"), QStringLiteral("compute-2")}));
        QVERIFY(view()->hasFocus());
        QTest::keyClick(view(), Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(doc()->lab().linkIndex(QStringLiteral("compute-1"), QStringLiteral("compute-2")) >= 0);
        // Return alone still selects only what it names.
        QTest::keyClick(view(), Qt::Key_F, Qt::ControlModifier);
        QTest::keyClicks(findField(), QStringLiteral("storage"));
        QTest::keyClick(findField(), Qt::Key_Return);
        QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("storage")});
    }

    // F2 in the Interfaces table opens its cell's editor; elsewhere it still renames the node.
    void f2EditsATablesCell()
    {
        activate();
        scene()->selectNode(QStringLiteral("compute-1"));
        auto *table = m_window->nodePanel()->findChild<QTableWidget *>(QStringLiteral("interfaces"));
        auto *id = m_window->nodePanel()->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        QVERIFY(table && id);
        table->setFocus(Qt::TabFocusReason);
        table->setCurrentCell(0, 2);
        QTRY_VERIFY(table->hasFocus());
        QTest::keyClick(table, Qt::Key_F2);
        QWidget *editor = QApplication::focusWidget(); // the cell's editor
        QVERIFY(editor && editor != table && table->isAncestorOf(editor));
        QVERIFY(!id->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        view()->setFocus(Qt::TabFocusReason);
        QTest::keyClick(view(), Qt::Key_F2);
        QVERIFY(id->hasFocus());
    }

    // Esc in a refused node id puts the node's id back and takes the refusal away.
    void escapeRevertsARefusedNodeId()
    {
        activate();
        scene()->selectNode(QStringLiteral("compute-1"));
        auto *id = m_window->nodePanel()->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        auto *problem = m_window->nodePanel()->findChild<QLabel *>(QStringLiteral("nodeIdProblem"));
        QVERIFY(id && problem);
        id->setFocus(Qt::ShortcutFocusReason);
        QTRY_VERIFY(id->hasFocus());
        id->selectAll();
        QTest::keyClicks(id, QStringLiteral("10.50.0.21"));
        QTest::keyClick(id, Qt::Key_Return);
        QVERIFY(!problem->isHidden());
        QVERIFY(!id->styleSheet().isEmpty());
        QTest::keyClick(id, Qt::Key_Escape);
        QCOMPARE(id->text(), QStringLiteral("compute-1"));
        QVERIFY(problem->isHidden());
        QVERIFY(id->styleSheet().isEmpty());
        QVERIFY(doc()->lab().node(QStringLiteral("compute-1")));
    }
};

QTEST_MAIN(TestDesignerKeyboard)
#include "tst_designer_keyboard.moc"
