// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DesignerFixture.h"

#include "DeleteStepsDialog.h"
#include "FeatureModules.h"
#include "InterfacesEditor.h"
#include "LabView.h"
#include "NodeItem.h"
#include "NodePanel.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

namespace Labforge {

void DesignerFixture::initMain()
{
    FeatureModules::install();
}

QPoint DesignerFixture::viewPoint(QPointF scenePos)
{
    return m_window->view()->mapFromScene(scenePos);
}

QPointF DesignerFixture::centreOf(const QString &id)
{
    return scene()->nodeItem(id)->sceneBoundingRect().center() + QPointF(0, 10);
}

QTableWidget *DesignerFixture::disksOf(const QString &node)
{
    scene()->selectNode(node);
    return m_window->nodePanel()->findChild<QTableWidget *>(QStringLiteral("disks"));
}

void DesignerFixture::drag(QPointF from, QPointF to, Qt::KeyboardModifiers modifiers)
{
    QWidget *vp = m_window->view()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, modifiers, viewPoint(from));
    // Several moves, as a hand would make them.
    for (int i = 1; i <= 5; ++i) {
        const QPointF p = from + (to - from) * (i / 5.0);
        QMouseEvent move(QEvent::MouseMove, viewPoint(p), vp->mapToGlobal(viewPoint(p)), Qt::NoButton, Qt::LeftButton,
                         modifiers);
        QApplication::sendEvent(vp, &move);
    }
    QTest::mouseRelease(vp, Qt::LeftButton, modifiers, viewPoint(to));
}

bool DesignerFixture::activateProblem(const QString &rule, const QString &pointer)
{
    for (int i = 0; i < m_window->problemsList()->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_window->problemsList()->topLevelItem(i);
        if (item->text(1) == rule && (pointer.isEmpty() || item->data(2, Qt::UserRole).toString() == pointer)) {
            Q_EMIT m_window->problemsList()->itemActivated(item, 0);
            return true;
        }
    }
    return false;
}

void DesignerFixture::typeAddress(int row, const QString &address)
{
    auto *table = m_window->nodePanel()->findChild<QTableWidget *>(QStringLiteral("interfaces"));
    QVERIFY(table);
    QVERIFY(row < table->rowCount());
    table->item(row, InterfacesEditor::Address)->setText(address);
}

namespace {

// Notes a widget's paint events.
class PaintSpy : public QObject
{
public:
    explicit PaintSpy(QWidget *widget)
        : m_widget(widget)
    {
        widget->installEventFilter(this);
    }
    ~PaintSpy() override { m_widget->removeEventFilter(this); }
    bool painted() const { return m_painted; }

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        m_painted = m_painted || event->type() == QEvent::Paint;
        return false;
    }

private:
    QWidget *m_widget;
    bool m_painted = false;
};

} // namespace

bool DesignerFixture::canvasPainted()
{
    QWidget *viewport = m_window->view()->viewport();
    PaintSpy spy(viewport);
    viewport->update();
    return QTest::qWaitFor([&spy] { return spy.painted(); });
}

void DesignerFixture::initTestCase()
{
    qputenv("HOME", m_home.path().toUtf8());
    qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
    QStandardPaths::setTestModeEnabled(true);
}

void DesignerFixture::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->openTemplate(QStringLiteral("slurm-hpc"));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->view()->resetTransform();
    m_window->view()->centerOn(QPointF(400, 450));
}

void DesignerFixture::cleanup()
{
    doc()->undoStack()->setClean(); // no "save changes?" question
    m_window.reset();
}

void DesignerFixture::answerStepsQuestion(const QString &button, const QString &target, QStringList *steps)
{
    auto *poll = new QTimer(this);
    auto *deadline = new QElapsedTimer;
    deadline->start();
    connect(poll, &QTimer::timeout, this, [=] {
        auto *dialog = qobject_cast<DeleteStepsDialog *>(QApplication::activeModalWidget());
        if (!dialog && deadline->elapsed() < 5000)
            return;
        poll->deleteLater();
        delete deadline;
        if (!dialog)
            return;
        if (steps) {
            const auto *table = dialog->findChild<QTreeWidget *>(QStringLiteral("stepsOfDeletedNodes"));
            for (int i = 0; i < table->topLevelItemCount(); ++i) {
                const QTreeWidgetItem *row = table->topLevelItem(i);
                steps->append(QStringList {row->text(0), row->text(1), row->text(2), row->text(3)}.join(u'/'));
            }
        }
        if (!target.isEmpty())
            dialog->findChild<QComboBox *>(QStringLiteral("reassignTarget"))->setCurrentText(target);
        if (button.isEmpty())
            dialog->reject();
        else
            dialog->findChild<QPushButton *>(button)->click();
    });
    poll->start(20);
}

} // namespace Labforge
