// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer in German and at small sizes, under QT_QPA_PLATFORM=offscreen: the compiled-in
// translation reaches the validator's messages, Build and Boot and the Problems panel have no
// English left; a 1024x700 window leaves most of itself to the canvas and shows the disks'
// serial column whole; the panels' layout is remembered and reset.
#include "BuildAndBootDialog.h"
#include "DesignerFixture.h"
#include "EditLabCommand.h"
#include "InterfacesEditor.h"
#include "LabView.h"
#include "MainWindow.h"
#include "MenuAction.h"
#include "NodePanel.h"
#include "ReviewPanel.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QAbstractButton>
#include <QAction>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLibraryInfo>
#include <QMenu>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTranslator>
#include <QTreeWidget>

using namespace Labforge;

class TestDesignerI18n : public DesignerFixture
{
    Q_OBJECT

private Q_SLOTS:
    void germanTranslationIsCompiledIn()
    {
        QTranslator german;
        QVERIFY(german.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                            QStringLiteral(":/i18n")));
        QCOMPARE(german.translate("Labforge::MainWindow", "&File"), QStringLiteral("&Datei"));
        QCOMPARE(german.translate("Labforge::InterfacesEditor", "IP address"), QStringLiteral("IP-Adresse"));
        // Validator messages too, with the rule id untouched: the
        // Problems panel of a German designer reads German.
        QCoreApplication::installTranslator(&german);
        Lab lab = doc()->lab();
        lab.node(QStringLiteral("compute-2"))->interfaces[0].ip = QStringLiteral("10.103.0.21");
        doc()->undoStack()->push(new EditLabCommand(doc(), doc()->lab(), lab, QStringLiteral("test")));
        QCoreApplication::removeTranslator(&german);
        QVERIFY(m_window->problemsList()->topLevelItemCount() > 0);
        QTreeWidgetItem *first = m_window->problemsList()->topLevelItem(0);
        QCOMPARE(first->text(1), QStringLiteral("node.ip-duplicate"));
        QVERIFY2(first->text(3).contains(QStringLiteral("wird schon von Knoten")), qPrintable(first->text(3)));
        doc()->undoStack()->undo();
    }

    // Every text a user reads in a window: labels, buttons, group titles, headers, tree
    // cells, in widget order (so that two languages give lists of the same shape).
    static QStringList visibleTexts(QWidget *root)
    {
        QStringList out;
        auto addPlain = [&out](const QString &plain) {
            for (const QString &line : plain.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                out.append(line.trimmed());
        };
        auto add = [&addPlain](const QString &text) {
            addPlain(Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText()
                                               : QString(text).remove(QLatin1Char('&')));
        };
        add(root->windowTitle());
        for (QWidget *w : root->findChildren<QWidget *>()) {
            if (!w->isVisibleTo(root))
                continue;
            if (auto *label = qobject_cast<QLabel *>(w))
                add(label->text());
            else if (auto *button = qobject_cast<QAbstractButton *>(w))
                add(button->text());
            else if (auto *group = qobject_cast<QGroupBox *>(w))
                add(group->title());
            else if (auto *plain = qobject_cast<QPlainTextEdit *>(w))
                addPlain(plain->toPlainText());
            else if (auto *rich = qobject_cast<QTextEdit *>(w))
                addPlain(rich->toPlainText());
            else if (auto *dock = qobject_cast<QDockWidget *>(w))
                add(dock->windowTitle());
            else if (auto *tree = qobject_cast<QTreeWidget *>(w)) {
                for (int c = 0; c < tree->columnCount(); ++c)
                    add(tree->headerItem()->text(c));
                for (int r = 0; r < tree->topLevelItemCount(); ++r) {
                    for (int c = 0; c < tree->columnCount(); ++c)
                        add(tree->topLevelItem(r)->text(c));
                }
            }
        }
        return out;
    }

    // What the German UI still shows in English: texts equal in both languages that hold a
    // word, after the lab's own values and words German shares are taken out.
    static QStringList englishLeft(const QStringList &english, const QStringList &german, const Lab &lab)
    {
        QSet<QString> same {QStringLiteral("OK"),         QStringLiteral("Name"),   QStringLiteral("Gateway"),
                            QStringLiteral("GiB"),        QStringLiteral("MiB"),    QStringLiteral("vCPU"),
                            QStringLiteral("vCPUs"),      QStringLiteral("RAM"),    QStringLiteral("SSH"),
                            QStringLiteral("URI"),        QStringLiteral("KVM"),    QStringLiteral("TCG"),
                            QStringLiteral("qemu"),       QStringLiteral("system"), QStringLiteral("auto"),
                            QStringLiteral("labforge"),   QStringLiteral("Slinky"), QStringLiteral("Slurm"),
                            QStringLiteral("Kubernetes"), QStringLiteral("NFS"),    QStringLiteral("Flannel"),
                            QStringLiteral("Problem"),    QStringLiteral("Details")};
        for (const Node &n : lab.nodes)
            same.insert(n.id);
        for (const Network &n : lab.networks)
            same.insert(n.name);
        for (const LabWarning &w : lab.warnings)
            same.insert(w.text); // quoted from the lab file, as the dialog says
        same.insert(lab.name);
        QStringList left;
        for (int i = 0; i < std::min(english.size(), german.size()); ++i) {
            if (english.at(i) != german.at(i))
                continue;
            QString text = german.at(i);
            // Longest first: a quoted warning goes whole before a word inside it does.
            QStringList values(same.begin(), same.end());
            std::sort(values.begin(), values.end(), [](const QString &a, const QString &b) {
                return a.size() != b.size() ? a.size() > b.size() : a < b;
            });
            for (const QString &value : std::as_const(values))
                text.replace(value, QStringLiteral(" "));
            static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z-]{2,}"));
            for (auto it = word.globalMatch(text); it.hasNext();) {
                const QString w = it.next().captured();
                // Rule ids and pointers name places, not words (node.ip-duplicate, /nodes/1/…).
                if (!same.contains(w) && !german.at(i).contains(QLatin1Char('.') + w)
                    && !german.at(i).contains(w + QLatin1Char('.')) && !german.at(i).startsWith(QLatin1Char('/'))) {
                    left.append(german.at(i));
                    break;
                }
            }
        }
        return left;
    }

    // The German UI has no English text left in the Build and Boot
    // dialog and the Problems panel.
    void germanBuildAndBootAndProblemsHaveNoEnglishLeft()
    {
        // A lab with problems of several kinds: a duplicate address, an unknown network, a
        // feature without its service, a lab-level one (a plan worker that is no node).
        Lab lab = doc()->lab();
        lab.node(QStringLiteral("compute-2"))->interfaces[0].ip = QStringLiteral("10.103.0.21");
        lab.node(QStringLiteral("storage"))
            ->interfaces.append(NodeInterface {QStringLiteral("ghost-net"), QStringLiteral("10.9.0.5")});
        lab.kubernetes->workers.append(QStringLiteral("ghost"));
        lab.node(QStringLiteral("observability"))->recipe.services.clear();
        bool exposed = true;
        auto texts = [&lab, &exposed] {
            MainWindow window;
            window.document()->reset(lab);
            window.show();
            QStringList problems = visibleTexts(window.problemsList()->parentWidget());
            BuildAndBootDialog dialog(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
            dialog.show();
            exposed = QTest::qWaitForWindowExposed(&dialog) && exposed;
            if (const QString dir = qEnvironmentVariable("LABFORGE_SCREENSHOT_DIR"); !dir.isEmpty()) {
                dialog.grab().save(dir + QStringLiteral("/build-and-boot-%1.png").arg(QLocale().name()));
                window.problemsList()->parentWidget()->grab().save(
                    dir + QStringLiteral("/problems-%1.png").arg(QLocale().name()));
            }
            return std::pair {problems, visibleTexts(&dialog)};
        };
        const auto english = texts();
        QTranslator labforge, qt;
        QVERIFY(labforge.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                              QStringLiteral(":/i18n")));
        // Qt's own buttons (Cancel, OK) come from Qt's translations (qt6-translations-l10n).
        QVERIFY2(qt.load(QLocale(QLocale::German), QStringLiteral("qtbase"), QStringLiteral("_"),
                         QLibraryInfo::path(QLibraryInfo::TranslationsPath)),
                 "qtbase_de.qm is missing: scripts/deps.sh installs qt6-translations-l10n");
        QCoreApplication::installTranslator(&labforge);
        QCoreApplication::installTranslator(&qt);
        QLocale::setDefault(QLocale(QLocale::German));
        const auto german = texts();
        QLocale::setDefault(QLocale::c());
        QCoreApplication::removeTranslator(&qt);
        QCoreApplication::removeTranslator(&labforge);
        QVERIFY(exposed);
        QVERIFY(english.first.size() > 8 && english.second.size() > 8);
        QCOMPARE(german.first.size(), english.first.size());
        QCOMPARE(german.second.size(), english.second.size());
        QVERIFY(english.first.join(QLatin1Char(' ')).contains(QStringLiteral("already used by node")));
        QVERIFY(english.second.join(QLatin1Char(' ')).contains(QStringLiteral("Cancel")));
        const QStringList left =
            englishLeft(english.first, german.first, lab) + englishLeft(english.second, german.second, lab);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(" | "))));
    }

    // On a 1024x700 screen a first start fits the screen and leaves the
    // canvas more than half of the window's width and height, the lab fitted in view; the
    // review of generated files is a tab beside the canvas, at the canvas's full size.
    void usableAt1024x700()
    {
        QSettings().remove(QStringLiteral("window"));
        MainWindow small;
        small.resize(1024, 700);
        small.openTemplate(QStringLiteral("slurm-hpc"));
        small.show();
        QVERIFY(QTest::qWaitForWindowExposed(&small));
        // The first-start dock sizes are set by a zero timer, once the event loop runs: nothing
        // shows that it has run, so the loop is given a moment.
        QTest::qWait(50);
        small.resize(1024, 700);
        const auto share = [&] {
            return double(small.view()->viewport()->width()) * small.view()->viewport()->height()
                / (double(small.width()) * small.height());
        };
        QTRY_VERIFY2(share() > 0.3,
                     qPrintable(QStringLiteral("canvas %1x%2 of 1024x700")
                                    .arg(small.view()->viewport()->width())
                                    .arg(small.view()->viewport()->height())));
        // The whole lab is in view.
        const QRectF shown = small.view()->mapToScene(small.view()->viewport()->rect()).boundingRect();
        QVERIFY(shown.contains(small.scene()->contentRect().adjusted(30, 30, -30, -30)));
        auto *tabs = small.findChild<QTabWidget *>(QStringLiteral("centralTabs"));
        QVERIFY(tabs);
        QCOMPARE(tabs->count(), 2);
        QCOMPARE(tabs->widget(1), static_cast<QWidget *>(small.reviewPanel()));
        QAction *showReview = menuAction(&small, "&Review of Generated Files");
        QVERIFY(showReview);
        showReview->trigger();
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(small.reviewPanel()));
        QCOMPARE(small.reviewPanel()->width(), tabs->width());
        small.document()->undoStack()->setClean();
    }

    // In a 1024x700 window the serial column is in view, whole, without scrolling sideways.
    void diskSerialIsVisibleWithinThePanel()
    {
        m_window->resize(1024, 700);
        QTableWidget *disks = disksOf(QStringLiteral("storage"));
        QVERIFY(disks);
        auto *scroll = qobject_cast<QScrollArea *>(m_window->nodePanel()->parentWidget()->parentWidget());
        QVERIFY(scroll);
        QWidget *area = scroll->viewport();
        // The panel is laid out as the event loop gets to it: until the serial column is whole in it.
        const auto serialInPanel = [&] {
            const QRect shown = disks->visualRect(disks->model()->index(0, 3));
            const int from = disks->viewport()->mapTo(area, shown.topLeft()).x();
            return disks->horizontalScrollBar()->maximum() == 0 && from >= 0 && from + shown.width() <= area->width();
        };
        QTRY_VERIFY(serialInPanel());
        QCOMPARE(disks->horizontalScrollBar()->maximum(), 0);
        const QRect cell = disks->visualRect(disks->model()->index(0, 3));
        // Left and right edges inside the panel as it is shown (the panel scrolls only vertically).
        const int left = disks->viewport()->mapTo(area, cell.topLeft()).x();
        QVERIFY2(left >= 0 && left + cell.width() <= area->width(),
                 qPrintable(QStringLiteral("serial column at %1..%2 in a %3 px panel")
                                .arg(left)
                                .arg(left + cell.width())
                                .arg(area->width())));
        QVERIFY(disks->viewport()->rect().contains(cell));
        const QString serial = disks->item(0, 3)->text();
        QCOMPARE(serial, QStringLiteral("OPENFACTORY_HPC_DATA"));
        // Id, size and bus take what they need; the serial keeps the rest (the whole of it in
        // the tooltip when the panel is narrower than the serial).
        QVERIFY2(cell.width() >= 100, qPrintable(QStringLiteral("%1 px for the serial").arg(cell.width())));
        QCOMPARE(disks->item(0, 3)->toolTip(), serial);
    }

    // View > Panels lists every dock; Reset Layout brings closed ones back; the window's
    // layout is remembered from one start to the next; docks do not float off.
    void panelsResetLayoutAndRememberedState()
    {
        QMenu *panels = m_window->findChild<QMenu *>(QStringLiteral("panelsMenu"));
        QVERIFY(panels);
        Q_EMIT panels->aboutToShow();
        const QList<QDockWidget *> docks = m_window->findChildren<QDockWidget *>();
        QCOMPARE(panels->actions().size(), docks.size());
        for (QDockWidget *dock : docks)
            QVERIFY2(!(dock->features() & QDockWidget::DockWidgetFloatable), qPrintable(dock->objectName()));
        auto *log = m_window->findChild<QDockWidget *>(QStringLiteral("logDock"));
        QVERIFY(log);
        log->toggleViewAction()->trigger();
        QVERIFY(log->isHidden());
        m_window->close(); // clean document: closes, and keeps the layout
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        log = m_window->findChild<QDockWidget *>(QStringLiteral("logDock"));
        QTRY_VERIFY(log->isHidden());
        m_window->resetLayout();
        QVERIFY(!log->isHidden());
        for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
            QVERIFY2(!dock->isHidden(), qPrintable(dock->objectName()));
        QSettings().remove(QStringLiteral("window"));
    }
};

QTEST_MAIN(TestDesignerI18n)
#include "tst_designer_i18n.moc"
