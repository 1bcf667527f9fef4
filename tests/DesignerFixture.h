// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabDocument.h"
#include "LabScene.h"
#include "MainWindow.h"

#include <QObject>
#include <QPoint>
#include <QPointF>
#include <QString>
#include <QTemporaryDir>

#include <memory>

class QTableWidget;

namespace Labforge {

// The fixture of the tst_designer_* programs (QT_QPA_PLATFORM=offscreen): before each test
// a designer window on the built-in slurm-hpc lab, shown, at scale 1 and centred where the
// tests' scene coordinates expect it; after it, the window closed without a "save changes?"
// question. HOME and XDG_DATA_HOME are a temporary directory of the program's own. A test
// class derives from it and adds its tests as private slots.
class DesignerFixture : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain();

protected:
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_home;

    LabDocument *doc() { return m_window->document(); }
    LabScene *scene() { return m_window->scene(); }
    QPoint viewPoint(QPointF scenePos);
    // The middle of a node's card (a little below its title), in scene coordinates.
    QPointF centreOf(const QString &id);
    // Selects `node` and returns its disks table in the Properties panel.
    QTableWidget *disksOf(const QString &node);
    // A left-button drag on the canvas from `from` to `to` (scene coordinates), in several moves.
    void drag(QPointF from, QPointF to, Qt::KeyboardModifiers modifiers = Qt::NoModifier);
    // Activates the Problems panel's row of `rule` (at `pointer` when given), as a double-click does.
    bool activateProblem(const QString &rule, const QString &pointer);
    // Types an address into the selected node's interface table, as a user would.
    void typeAddress(int row, const QString &address);
    int countProblems() { return int(doc()->problems().size()); }
    // Answers the next "Delete Nodes and Their Steps?" question (it is modal) by clicking the
    // button named `button` (deleteSteps, reassignSteps, or empty for Cancel) with `target`
    // chosen; *steps, when given, receives the rows it listed ("scenario/step/node/gating").
    void answerStepsQuestion(const QString &button, const QString &target = {}, QStringList *steps = nullptr);
    // Has the canvas paint itself, as the event loop delivers the paint; false when no paint
    // came within 5 s.
    bool canvasPainted();

protected Q_SLOTS:
    // QTest calls these by name for the deriving test class.
    void initTestCase();
    void init();
    void cleanup();
};

} // namespace Labforge
