// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's files under QT_QPA_PLATFORM=offscreen: a byte-identical save and reopen, a
// format 1 file kept whole through an edit and a save, the PNG export, the offline kit's
// transfer dialog, and the Review of the files the generators make from the lab.
#include "DesignerFixture.h"
#include "DiagramExporter.h"
#include "DiagramLegend.h"
#include "KitTransferDialog.h"
#include "LabReader.h"
#include "LabWriter.h"
#include "LinkItem.h"
#include "MainWindow.h"
#include "ReviewPanel.h"
#include "Templates.h"
#include "TestLabs.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QSyntaxHighlighter>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using namespace Labforge;

class TestDesignerFiles : public DesignerFixture
{
    Q_OBJECT

private Q_SLOTS:
    // A format 1 file with links through the designer: opened, edited, saved, every link is
    // there in the current format; the exported picture draws them in the links' colour.
    void aFormatOneFileKeepsItsLinksThroughTheDesigner()
    {
        const QString old = m_home.filePath(QStringLiteral("old.lab.json"));
        const QJsonObject lab =
            TestLabs::asFormatOne(QJsonDocument::fromJson(LabWriter::toBytes(doc()->lab())).object());
        QFile file(old);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(lab).toJson());
        file.close();
        QVERIFY(m_window->openFile(old));
        QCOMPARE(scene()->linkItems().size(), 8);
        scene()->selectNode(QStringLiteral("storage"));
        scene()->nudgeSelection(QPointF(20, 0));
        QVERIFY(m_window->saveTo(old));
        const auto saved = LabReader::readFile(old);
        QVERIFY2(saved.ok(), qPrintable(saved.errors.value(0).toString()));
        QCOMPARE(saved.version, 4);
        QCOMPARE(saved.lab->links, TestLabs::builtIn(QStringLiteral("slurm-hpc")).links);
        QCOMPARE(saved.lab->node(QStringLiteral("storage"))->position, QPointF(540, 580));
        // The PNG export draws each link: the middle of storage - login-ops is the links' blue.
        const QString png = m_home.filePath(QStringLiteral("lab.png"));
        QString error;
        QVERIFY2(DiagramExporter::exportTo(scene(), png, &error), qPrintable(error));
        const QImage image(png);
        const QRectF source = scene()->contentRect();
        const QPointF middle =
            scene()->linkItem(QStringLiteral("storage"), QStringLiteral("login-ops"))->line().center();
        // Below the title's band (the export's PNG is drawn at twice the scene's size).
        const QPoint at = ((middle - source.topLeft() + QPointF(0, DiagramLegend::titleHeight())) * 2).toPoint();
        QCOMPARE(image.pixelColor(at).rgb(), LinkItem::colour().rgb());
    }

    void reviewShowsWhatTheGeneratorsMake()
    {
        scene()->selectNode(QStringLiteral("storage"));
        QTreeWidget *tree = m_window->reviewPanel()->tree();
        QTreeWidgetItem *guard = nullptr;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            if ((*it)->text(0) == QLatin1String("hpc-disk-guard"))
                guard = *it;
        }
        QVERIFY(guard);
        QCOMPARE(guard->text(1), QStringLiteral("0755"));
        tree->setCurrentItem(guard);
        QVERIFY(m_window->reviewPanel()->currentText().contains(QStringLiteral("REFUSE")));
    }

    // Review and the two code editors (a service's JSON config, a scenario step's command)
    // highlight what they show, through CodeHighlighting (tst_highlighting checks its choices).
    void reviewAndEditorsHighlight()
    {
        auto formatted = [](const QTextDocument *d) {
            for (QTextBlock b = d->begin(); b.isValid(); b = b.next()) {
                if (!b.layout()->formats().isEmpty())
                    return true;
            }
            return false;
        };
        scene()->selectNode(QStringLiteral("storage"));
        QTreeWidget *tree = m_window->reviewPanel()->tree();
        auto *view = m_window->reviewPanel()->findChild<QPlainTextEdit *>();
        QVERIFY(view);
        for (const char *name : {"plan.json", "openfactory-hpc-nfs.service", "hpc-disk-guard"}) {
            QTreeWidgetItem *file = nullptr;
            for (QTreeWidgetItemIterator it(tree); *it; ++it) {
                if ((*it)->text(0) == QLatin1String(name))
                    file = *it;
            }
            QVERIFY2(file, name);
            tree->setCurrentItem(file);
            QVERIFY2(!view->toPlainText().isEmpty(), name);
            QCOMPARE(view->document()->findChildren<QSyntaxHighlighter *>().size(), 1);
            QVERIFY2(formatted(view->document()), name);
        }
        for (const char *editor : {"serviceConfig", "stepCommand"}) {
            auto *edit = m_window->findChild<QPlainTextEdit *>(QLatin1String(editor));
            QVERIFY2(edit, editor);
            QCOMPARE(edit->document()->findChildren<QSyntaxHighlighter *>().size(), 1);
        }
    }

    // File offers the offline kit both ways; the transfer runs off the UI thread, streams its
    // lines, cannot be closed half-way, and says when nothing was written or imported.
    void offlineKitTransferShowsProgress()
    {
        QVERIFY(m_window->findChild<QAction *>(QStringLiteral("exportKitAction")));
        QVERIFY(m_window->findChild<QAction *>(QStringLiteral("importKitAction")));
        QSemaphore release;
        KitTransferDialog dialog(QStringLiteral("Import offline kit"),
                                 [&release](const KitTransferDialog::Log &log, QString *error) {
                                     log(QStringLiteral("verified: 2 artifacts"));
                                     release.acquire(); // hold the job until the test has tried to close
                                     log(QStringLiteral("image hello → cache"));
                                     *error = QStringLiteral("kit.tar: a .deb does not match Debian's index");
                                     return false;
                                 });
        dialog.show();
        dialog.start();
        auto *log = dialog.findChild<QPlainTextEdit *>(QStringLiteral("kitLog"));
        QTRY_VERIFY(log->toPlainText().contains(QStringLiteral("verified: 2 artifacts")));
        dialog.reject(); // refused while the job runs
        QVERIFY(dialog.isVisible());
        QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Close)->isEnabled());
        release.release();
        QTRY_VERIFY(dialog.finished());
        QVERIFY(!dialog.succeeded());
        QVERIFY(log->toPlainText().contains(QStringLiteral("image hello → cache")));
        QVERIFY(log->toPlainText().contains(QStringLiteral("a .deb does not match")));
        // The cause is said in the dialog itself, not "see the last line", under an empty bar.
        bool said = false;
        for (const QLabel *label : dialog.findChildren<QLabel *>())
            said = said || label->text().contains(QStringLiteral("Failed: kit.tar: a .deb does not match"));
        QVERIFY(said);
        QCOMPARE(dialog.findChild<QProgressBar *>()->value(), 0);
        QVERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Close)->isEnabled());
        dialog.reject();
        QVERIFY(!dialog.isVisible());
    }

    void saveAndReopenAreByteIdentical()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hpc.lab.json"));
        QVERIFY(m_window->saveTo(path));
        QVERIFY(doc()->undoStack()->isClean());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray saved = f.readAll();
        QCOMPARE(saved, Templates::bytes(QStringLiteral("slurm-hpc")));
        MainWindow other;
        QVERIFY(other.openFile(path));
        QCOMPARE(LabWriter::toBytes(other.document()->lab()), saved);
    }
};

QTEST_MAIN(TestDesignerFiles)
#include "tst_designer_files.moc"
