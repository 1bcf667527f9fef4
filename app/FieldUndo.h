// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QLineEdit;
class QUndoStack;
class QWidget;

namespace Labforge {

// Undo and Redo keys in a form's line edits and spin boxes: while the field holds text it
// has not committed, the field undoes (and redoes) its own typing (as Qt Creator and KDE
// programs do); once its edit is committed to the document (the undo stack moved while it had
// focus), or when it has nothing of its own to undo or redo, the keys undo and redo the
// document. However the document is undone or redone (these keys, the Edit menu, the
// toolbar), a focused field under `root` is left first and focused again after, so that it
// shows what the document holds then and does not write back what it held before.
class FieldUndo : public QObject
{
public:
    // Covers every line edit and spin box under `root`, now and later.
    static FieldUndo *install(QWidget *root, QUndoStack *stack);
    // The window's Undo and Redo actions (from QUndoStack::createUndoAction and
    // createRedoAction) step the document through this object.
    void takeActions(QAction *undo, QAction *redo);
    // Undoes (or redoes) the document as above.
    void step(bool redo);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    FieldUndo(QWidget *root, QUndoStack *stack);
    // The line edit that holds a field's text: the field itself or the one in a spin box.
    QLineEdit *editOf(QObject *field) const;
    // Undo (or redo) the document with `field` unfocused, so that its panel shows the result.
    void applyToDocument(QWidget *field, bool redo);

    QPointer<QWidget> m_root;
    QPointer<QUndoStack> m_stack;
};

} // namespace Labforge
