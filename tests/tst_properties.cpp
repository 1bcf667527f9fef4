// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The Properties panel holds still under the pointer: another node's fields start at the top,
// and every list and table is as tall as its rows (within bounds), with no blank space below
// them and none of them one row high.
#include "FeatureModules.h"
#include "HostsEditor.h"
#include "LabDocument.h"
#include "LabScene.h"
#include "LabView.h"
#include "MainWindow.h"
#include "MenuAction.h"
#include "NodePanel.h"
#include "PropertiesPanel.h"
#include "RowsFit.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QUndoStack>

using namespace Labforge;

class TestProperties : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_home;

    QScrollArea *nodeScroll()
    {
        return qobject_cast<QScrollArea *>(m_window->nodePanel()->parentWidget()->parentWidget());
    }

    // Rows a view shows: whole rows in its viewport, and the height of one.
    static std::pair<int, int> shownRows(const QAbstractItemView *view)
    {
        const int rows = view->model()->rowCount();
        int used = 0, shown = 0, one = 0;
        for (int r = 0; r < rows; ++r) {
            const QRect rect = view->visualRect(view->model()->index(r, 0));
            one = std::max(one, rect.height());
            if (rect.isValid() && rect.bottom() < view->viewport()->height()) {
                used = rect.bottom() + 1;
                ++shown;
            }
        }
        Q_UNUSED(used);
        return {shown, one};
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        qputenv("LABFORGE_CACHE_DIR", (m_home.path() + QStringLiteral("/cache")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->openTemplate(QStringLiteral("slurm-native"));
        m_window->resize(1024, 700);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        m_window->document()->undoStack()->setClean();
        m_window.reset();
    }

    // Scrolled down on one node, then another node selected: its panel starts at the top, so
    // the field under the pointer is the one the user sees first. The same node shown again
    // (an edit of it, a second click) keeps where the user was.
    void anotherNodeStartsAtTheTop()
    {
        m_window->scene()->selectNode(QStringLiteral("controller"));
        QApplication::processEvents();
        QScrollBar *bar = nodeScroll()->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 200); // a node's fields are taller than a 700 px window
        bar->setValue(bar->maximum());
        const int kept = bar->value();
        Q_EMIT m_window->scene()->nodeActivated(QStringLiteral("controller"));
        QApplication::processEvents();
        QVERIFY2(bar->value() > 0 && bar->value() >= std::min(kept, bar->maximum()) - 50,
                 qPrintable(QStringLiteral("%1 of %2, was %3").arg(bar->value()).arg(bar->maximum()).arg(kept)));
        m_window->scene()->selectNode(QStringLiteral("compute-1"));
        QApplication::processEvents();
        QCOMPARE(m_window->nodePanel()->nodeId(), QStringLiteral("compute-1"));
        QCOMPARE(bar->value(), 0);
        // A double click (Properties) on another node does the same.
        bar->setValue(bar->maximum());
        Q_EMIT m_window->scene()->nodeActivated(QStringLiteral("login-ops"));
        QApplication::processEvents();
        QCOMPARE(bar->value(), 0);
    }

    // Every list and table of the node and lab panels shows all its rows up to its bound,
    // whole, with less than one row of blank space below the last; the users table shows at
    // least three rows although a node has one user.
    void listsAreAsTallAsTheirRows()
    {
        for (const QString &id : {QStringLiteral("controller"), QStringLiteral("storage")}) {
            m_window->scene()->selectNode(id);
            QApplication::processEvents();
            const auto views = m_window->nodePanel()->findChildren<QAbstractItemView *>();
            QVERIFY(views.size() >= 4);
            for (QAbstractItemView *view : views) {
                if (!view->isVisibleTo(m_window.get()) || !view->model() || qobject_cast<QHeaderView *>(view))
                    continue;
                const int rows = view->model()->rowCount();
                const auto [shown, one] = shownRows(view);
                const QString what = QStringLiteral("%1 (%6) on %2: %3 of %4 row(s) in %5 px")
                                         .arg(view->objectName(), id)
                                         .arg(shown)
                                         .arg(rows)
                                         .arg(view->viewport()->height())
                                         .arg(QString::fromLatin1(view->metaObject()->className()));
                if (rows == 0)
                    continue;
                QVERIFY2(shown == rows || shown >= 4, qPrintable(what)); // all of them, or at least four
                if (shown == rows) {
                    const int last = view->visualRect(view->model()->index(rows - 1, 0)).bottom() + 1;
                    // Room for up to three rows is kept for a list that has fewer (to add one).
                    const int room = std::max(0, 3 - rows) * one;
                    QVERIFY2(view->viewport()->height() - last < one + room,
                             qPrintable(what + QStringLiteral(": blank space")));
                }
            }
        }
        auto *users = m_window->nodePanel()->findChild<QTableView *>(QStringLiteral("users"));
        QVERIFY(users);
        QCOMPARE(users->model()->rowCount(), 1);
        const int row = users->verticalHeader()->defaultSectionSize();
        QVERIFY2(users->viewport()->height() >= 3 * row,
                 qPrintable(
                     QStringLiteral("users table %1 px for rows of %2 px").arg(users->viewport()->height()).arg(row)));
        // A table that gains rows grows with them (up to its bound).
        const int before = users->height();
        users->model()->insertRows(1, 3);
        QTRY_VERIFY(users->height() > before);
        QCOMPARE(users->height(), RowsFit::height(users, 3, 6));
    }

    // A node renamed (Node id, Return) while the lab's tables are hidden, then the empty canvas
    // clicked: the Networks and Hosts tables show their rows whole above their scroll bars, at
    // 1024x700 and at 1600x1000.
    void theLabsTablesAreWholeAfterARename_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x700") << QSize(1024, 700);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
    }
    void theLabsTablesAreWholeAfterARename()
    {
        QFETCH(QSize, size);
        m_window->resize(size);
        m_window->activateWindow();
        QApplication::processEvents();
        m_window->scene()->selectNode(QStringLiteral("compute-1"));
        QApplication::processEvents();
        auto *id = m_window->nodePanel()->findChild<QLineEdit *>(QStringLiteral("nodeId"));
        QVERIFY(id);
        id->setFocus();
        id->selectAll();
        QTest::keyClicks(id, QStringLiteral("compute-9"));
        QTest::keyClick(id, Qt::Key_Return);
        QTRY_VERIFY(m_window->document()->lab().node(QStringLiteral("compute-9")) != nullptr);
        QApplication::processEvents();
        auto *view = m_window->findChild<LabView *>();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, QPoint(4, 4));
        for (const char *name : {"networks", "hosts"}) {
            auto *table = m_window->findChild<QTableView *>(QLatin1String(name));
            QVERIFY(table);
            QTRY_VERIFY(table->isVisible());
            QApplication::processEvents();
            const int rows = std::min(table->model()->rowCount(), 5);
            QCOMPARE(table->height(), RowsFit::height(table, 1, 5));
            if (rows == 0)
                continue;
            const QRect last = table->visualRect(table->model()->index(rows - 1, 0));
            QVERIFY2(last.isValid() && last.bottom() < table->viewport()->height(),
                     qPrintable(QStringLiteral("%1: row ends at %2 in a viewport of %3 px")
                                    .arg(QLatin1String(name))
                                    .arg(last.bottom())
                                    .arg(table->viewport()->height())));
        }
    }

    // New Blank Lab after a lab whose step editor was in view: the lab's panel starts at its top,
    // the step's "On this lab" line is gone, and the networks table is scrolled home.
    void anotherLabStartsThePanelOver()
    {
        m_window->openTemplate(QStringLiteral("slurm-hpc"));
        auto *panel = m_window->findChild<PropertiesPanel *>();
        panel->showLab();
        QApplication::processEvents();
        const Lab &lab = m_window->document()->lab();
        QString pointer;
        for (int s = 0; s < lab.scenarios.size() && pointer.isEmpty(); ++s)
            for (int t = 0; t < lab.scenarios.at(s).steps.size() && pointer.isEmpty(); ++t)
                if (lab.scenarios.at(s).steps.at(t).assertion.expect.equals.value_or(QString()).contains(
                        QLatin1String("{{")))
                    pointer = QStringLiteral("/scenarios/%1/steps/%2/command").arg(s).arg(t);
        QVERIFY(!pointer.isEmpty());
        QVERIFY(panel->showField({}, pointer));
        auto *expanded = m_window->findChild<QLabel *>(QStringLiteral("stepExpanded"));
        QTRY_VERIFY(expanded->isVisible() && !expanded->text().isEmpty());
        auto *scroll = qobject_cast<QScrollArea *>(panel->currentWidget());
        QTRY_VERIFY(scroll->verticalScrollBar()->value() > 0);
        auto *networks = m_window->findChild<QTableView *>(QStringLiteral("networks"));
        networks->setColumnWidth(0, 900);
        QTRY_VERIFY(networks->horizontalScrollBar()->maximum() > 0);
        networks->horizontalScrollBar()->setValue(networks->horizontalScrollBar()->maximum());
        m_window->document()->undoStack()->setClean();
        menuAction(m_window.get(), "New &Blank Lab")->trigger();
        QTRY_COMPARE(scroll->verticalScrollBar()->value(), 0);
        QTRY_COMPARE(networks->horizontalScrollBar()->value(), 0);
        QVERIFY(expanded->text().isEmpty());
        QVERIFY(!expanded->isVisible());
    }

    // Hosts are edited in the lab's properties: added, refused with the reason when the lab file
    // would refuse them, renamed with the nodes placed on them, asked what they have, removed
    // with their nodes given back to the planner.
    void hostsAreEditedInTheLabPanel()
    {
        LabDocument *doc = m_window->document();
        m_window->scene()->selectNode(QStringLiteral("compute-1"));
        QApplication::processEvents();
        auto *placement = m_window->nodePanel()->findChild<QComboBox *>(QStringLiteral("placementHost"));
        QVERIFY(!placement->isEnabled());
        QVERIFY2(placement->toolTip().contains(QStringLiteral("no hosts")), qPrintable(placement->toolTip()));
        m_window->scene()->clearSelection();
        QApplication::processEvents();
        auto *table = m_window->findChild<QTableWidget *>(QStringLiteral("hosts"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 0);
        m_window->findChild<QPushButton *>(QStringLiteral("addHost"))->click();
        QCOMPARE(doc->lab().hosts.size(), 1);
        QCOMPARE(doc->lab().hosts.at(0).name, QStringLiteral("host-1"));
        QCOMPARE(doc->lab().hosts.at(0).uri, QStringLiteral("qemu:///system"));
        QCOMPARE(table->rowCount(), 1);
        // A URI that names a local file for ssh is refused, the lab unchanged.
        table->item(0, HostsEditor::Uri)->setText(QStringLiteral("qemu+ssh://ops@rack-a/system?keyfile=/etc/shadow"));
        auto *problem = m_window->findChild<QLabel *>(QStringLiteral("hostsProblem"));
        QVERIFY(problem->isVisibleTo(m_window.get()));
        QVERIFY2(problem->text().contains(QStringLiteral("keyfile")), qPrintable(problem->text()));
        QCOMPARE(doc->lab().hosts.at(0).uri, QStringLiteral("qemu:///system"));
        QCOMPARE(table->item(0, HostsEditor::Uri)->text(), QStringLiteral("qemu:///system"));
        table->item(0, HostsEditor::Fabric)->setText(QStringLiteral("carrier-pigeon"));
        QCOMPARE(doc->lab().hosts.at(0).fabric, QStringLiteral("ovs"));
        table->item(0, HostsEditor::Uri)->setText(QStringLiteral("test:///default"));
        QCOMPARE(doc->lab().hosts.at(0).uri, QStringLiteral("test:///default"));
        QVERIFY(!problem->isVisibleTo(m_window.get()));
        table->item(0, HostsEditor::MemoryGb)->setText(QStringLiteral("12"));
        QCOMPARE(doc->lab().hosts.at(0).maxMemoryGb, 12);
        // compute-1 placed on it follows its rename.
        m_window->scene()->selectNode(QStringLiteral("compute-1"));
        QApplication::processEvents();
        QVERIFY(placement->isEnabled());
        placement->setCurrentIndex(placement->findData(QStringLiteral("host-1")));
        QCOMPARE(doc->lab().node(QStringLiteral("compute-1"))->placementHost, QStringLiteral("host-1"));
        m_window->scene()->clearSelection();
        QApplication::processEvents();
        table->item(0, HostsEditor::Name)->setText(QStringLiteral("rack-a"));
        QCOMPARE(doc->lab().hosts.at(0).name, QStringLiteral("rack-a"));
        QCOMPARE(doc->lab().node(QStringLiteral("compute-1"))->placementHost, QStringLiteral("rack-a"));
        // Test Connection asks the host (libvirt's simulated hypervisor) what it has.
        auto *hosts = m_window->findChild<HostsEditor *>();
        table->setCurrentCell(0, HostsEditor::Name);
        m_window->findChild<QPushButton *>(QStringLiteral("testHost"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!hosts->connectionResult().isEmpty(), 30000);
        QVERIFY2(hosts->connectionResult().contains(QStringLiteral("rack-a answers:"))
                     && hosts->connectionResult().contains(QStringLiteral("CPUs")),
                 qPrintable(hosts->connectionResult()));
        // Removed: compute-1 goes back to the planner; one undo brings both back.
        m_window->findChild<QPushButton *>(QStringLiteral("removeHost"))->click();
        QVERIFY(doc->lab().hosts.isEmpty());
        QVERIFY(doc->lab().node(QStringLiteral("compute-1"))->placementHost.isEmpty());
        doc->undoStack()->undo();
        QCOMPARE(doc->lab().hosts.size(), 1);
        QCOMPARE(doc->lab().node(QStringLiteral("compute-1"))->placementHost, QStringLiteral("rack-a"));
    }

    // At 1024x700, in English and in German, the Properties panel is as narrow as its dock: the
    // lab's and a node's fields fit without a sideways scroll bar (rows of buttons and the step
    // form wrap instead).
    void thePanelFitsItsDockInEnglishAndGerman_data()
    {
        QTest::addColumn<bool>("german");
        QTest::newRow("English") << false;
        QTest::newRow("German") << true;
    }
    void thePanelFitsItsDockInEnglishAndGerman()
    {
        QFETCH(bool, german);
        QTranslator translator;
        if (german) {
            QVERIFY(translator.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                                    QStringLiteral(":/i18n")));
            QCoreApplication::installTranslator(&translator);
        }
        MainWindow window;
        window.openTemplate(QStringLiteral("slurm-hpc"));
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *scroll = qobject_cast<QScrollArea *>(window.nodePanel()->parentWidget()->parentWidget());
        window.scene()->clearSelection();
        QApplication::processEvents();
        auto *labScroll = qobject_cast<QScrollArea *>(window.findChild<QWidget *>(QStringLiteral("hosts"))
                                                          ->parentWidget()
                                                          ->parentWidget()
                                                          ->parentWidget()
                                                          ->parentWidget()
                                                          ->parentWidget());
        QVERIFY(labScroll);
        QTRY_COMPARE(labScroll->horizontalScrollBar()->maximum(), 0);
        window.scene()->selectNode(QStringLiteral("storage"));
        QApplication::processEvents();
        QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
        window.document()->undoStack()->setClean();
        QCoreApplication::removeTranslator(&translator);
    }
};

QTEST_MAIN(TestProperties)
#include "tst_properties.moc"
