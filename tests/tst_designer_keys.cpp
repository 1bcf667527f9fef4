// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer by keyboard and at a glance, under QT_QPA_PLATFORM=offscreen: Find selects
// networks and links as well as nodes; Esc deselects; Tab leaves the canvas for the next
// panel; the lab's own properties have a menu action and come with a click on the empty
// canvas; the single Networks row is in view whole (English and German, small and large
// window); the last run's verdict stays in the status bar whatever message passes.
#include "DesignerFixture.h"
#include "LabView.h"
#include "PropertiesPanel.h"
#include "RunController.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QScrollBar>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>
#include <QTranslator>

using namespace Labforge;

class TestDesignerKeys : public DesignerFixture
{
    Q_OBJECT

    PropertiesPanel *properties() { return m_window->findChild<PropertiesPanel *>(); }
    LabView *view() { return m_window->view(); }
    // A point of the canvas with nothing on it, near the view's top left corner.
    QPoint emptyPoint()
    {
        for (int y = 6; y < view()->viewport()->height(); y += 20) {
            for (int x = 6; x < view()->viewport()->width(); x += 20) {
                if (scene()->items(view()->mapToScene(QPoint(x, y))).isEmpty())
                    return {x, y};
            }
        }
        qFatal("no empty place on the canvas");
    }

private Q_SLOTS:
    // The toolbar's Find takes a network's name or CIDR and a link's two nodes, and selects
    // what it names, as it does a node.
    void findSelectsNetworksAndLinks()
    {
        auto *find = m_window->findChild<QLineEdit *>(QStringLiteral("findNode"));
        QVERIFY(find);
        find->setFocus();
        QTest::keyClicks(find, QStringLiteral("hpc-lab"));
        QTest::keyClick(find, Qt::Key_Return);
        QCOMPARE(scene()->selectedNetworks(), QStringList {QStringLiteral("hpc-lab")});
        QVERIFY(scene()->selectedNodeIds().isEmpty());
        scene()->clearSelection();
        m_window->findNode(doc()->lab().networks.constFirst().cidr);
        QCOMPARE(scene()->selectedNetworks(), QStringList {QStringLiteral("hpc-lab")});
        m_window->findNode(QStringLiteral("storage – compute-2"));
        QVERIFY(scene()->selectedNetworks().isEmpty());
        QCOMPARE(scene()->selectedLinks(), QList<int> {6});
        QCOMPARE(properties()->currentIndex(), 2); // the link's panel
        m_window->findNode(QStringLiteral("compute-1"));
        QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("compute-1")});
    }

    // Esc on the canvas deselects (and the lab's panel comes back).
    void escapeDeselects()
    {
        scene()->selectNode(QStringLiteral("storage"));
        view()->setFocus();
        QCOMPARE(properties()->currentIndex(), 1);
        QTest::keyClick(view(), Qt::Key_Escape);
        QVERIFY(scene()->selectedItems().isEmpty());
        QCOMPARE(properties()->currentIndex(), 0);
    }

    // Tab moves the focus from the canvas to the next panel, as in any window, also after a
    // node was clicked and then the empty canvas; Shift+Tab goes back.
    void tabLeavesTheCanvas()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QWidget *vp = view()->viewport();
        QTest::mouseClick(vp, Qt::LeftButton, {}, viewPoint(centreOf(QStringLiteral("storage"))));
        QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("storage")});
        QTest::mouseClick(vp, Qt::LeftButton, {}, emptyPoint());
        QVERIFY(scene()->selectedItems().isEmpty());
        view()->setFocus(Qt::MouseFocusReason);
        QTRY_VERIFY(view()->hasFocus());
        QTest::keyClick(view(), Qt::Key_Tab);
        QWidget *next = QApplication::focusWidget();
        QVERIFY2(next && next != view() && next != vp, next ? next->metaObject()->className() : "nothing");
        view()->setFocus(Qt::TabFocusReason);
        scene()->selectNode(QStringLiteral("storage")); // a node with the scene's focus
        QTest::keyClick(view(), Qt::Key_Backtab, Qt::ShiftModifier);
        QVERIFY(!view()->hasFocus());
        QCOMPARE(scene()->selectedNodeIds(), QStringList {QStringLiteral("storage")});
        // Also when no item holds the scene's focus: the scene would move it to one of its items
        // and keep Shift+Tab in the canvas.
        view()->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(view()->hasFocus());
        scene()->setFocusItem(nullptr);
        QVERIFY(!scene()->focusItem());
        QTest::keyClick(view(), Qt::Key_Backtab, Qt::ShiftModifier);
        QVERIFY(!view()->hasFocus());
        QVERIFY(!scene()->focusItem());
    }

    // View ▸ Lab Properties shows the lab's own panel whatever was selected; so does a click
    // on the empty canvas, also when a link's panel was opened without a selection.
    void labPropertiesByMenuAndEmptyClick()
    {
        auto *action = m_window->findChild<QAction *>(QStringLiteral("labProperties"));
        QVERIFY(action);
        QVERIFY(!action->shortcut().isEmpty());
        scene()->selectNode(QStringLiteral("storage"));
        QCOMPARE(properties()->currentIndex(), 1);
        action->trigger();
        QCOMPARE(properties()->currentIndex(), 0);
        QVERIFY(scene()->selectedItems().isEmpty());

        Q_EMIT scene()->linkActivated(0); // a double click on a link, nothing selected
        QCOMPARE(properties()->currentIndex(), 2);
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, emptyPoint());
        QCOMPARE(properties()->currentIndex(), 0);
    }

    // A lab with one network shows its row whole, not under the table's scroll bar: in English
    // and German, in a 1024x700 and a 1600x1000 window.
    void singleNetworksRowIsInView()
    {
        QTranslator german;
        QVERIFY(german.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                            QStringLiteral(":/i18n")));
        for (const bool inGerman : {false, true}) {
            if (inGerman)
                QCoreApplication::installTranslator(&german);
            for (const QSize size : {QSize(1024, 700), QSize(1600, 1000)}) {
                m_window = std::make_unique<MainWindow>();
                m_window->openTemplate(QStringLiteral("slurm-hpc"));
                m_window->resize(size);
                m_window->show();
                QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
                QTest::qWait(50); // the first-start dock sizes, set on a zero timer
                m_window->resize(size);
                properties()->showLab();
                auto *table = properties()->findChild<QTableWidget *>(QStringLiteral("networks"));
                QVERIFY(table);
                QCOMPARE(table->rowCount(), 1);
                const auto whole = [table] {
                    const QRect row = table->visualRect(table->model()->index(0, 0));
                    return table->verticalScrollBar()->maximum() == 0 && row.top() >= 0
                        && row.bottom() < table->viewport()->height();
                };
                QTest::qWait(20);
                const QRect row = table->visualRect(table->model()->index(0, 0));
                QVERIFY2(whole(),
                         qPrintable(QStringLiteral("%1 at %2x%3: the row's %4..%5 in a viewport %6 px high "
                                                   "(vertical scroll up to %7)")
                                        .arg(inGerman ? QStringLiteral("German") : QStringLiteral("English"))
                                        .arg(size.width())
                                        .arg(size.height())
                                        .arg(row.top())
                                        .arg(row.bottom())
                                        .arg(table->viewport()->height())
                                        .arg(table->verticalScrollBar()->maximum())));
                doc()->undoStack()->setClean();
            }
        }
        QCoreApplication::removeTranslator(&german);
    }

    // The last run's verdict is a permanent part of the status bar: the messages that pass
    // (a copied address, a refusal) do not cover it.
    void runVerdictOutlastsMessages()
    {
        auto *controller = m_window->findChild<RunController *>();
        QVERIFY(controller);
        Q_EMIT controller->finished(true, QStringLiteral("lab slurm-hpc is up; 12 passed, 0 failed"), QString());
        auto *verdict = m_window->statusBar()->findChild<QLabel *>(QStringLiteral("runVerdict"));
        QVERIFY(verdict);
        QVERIFY2(verdict->text().contains(QStringLiteral("passed")), qPrintable(verdict->text()));
        const QString shown = verdict->text();
        m_window->statusBar()->showMessage(QStringLiteral("Copied 10.50.0.11"), 5000);
        QTest::qWait(20);
        QVERIFY(verdict->isVisible());
        QCOMPARE(verdict->text(), shown);
        QVERIFY(verdict->toolTip().contains(QStringLiteral("12 passed")));
    }
};

QTEST_MAIN(TestDesignerKeys)
#include "tst_designer_keys.moc"
