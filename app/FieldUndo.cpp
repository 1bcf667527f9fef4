// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FieldUndo.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QUndoStack>

namespace Labforge {

namespace {

enum class Key { Other, Undo, Redo };

Key keyOf(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Undo))
        return Key::Undo;
    const QKeySequence pressed(event->keyCombination());
    if (event->matches(QKeySequence::Redo) || pressed == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)
        || pressed == QKeySequence(Qt::CTRL | Qt::Key_Y))
        return Key::Redo;
    return Key::Other;
}

} // namespace

FieldUndo::FieldUndo(QWidget *root, QUndoStack *stack)
    : QObject(root)
    , m_root(root)
    , m_stack(stack)
{
    // A command pushed while a field has focus is that field's edit, committed (a spin box
    // commits as it changes, a line edit on Return): what it typed is no longer its own to undo.
    connect(stack, &QUndoStack::indexChanged, this, [this] {
        QWidget *focus = QApplication::focusWidget();
        if (m_root && focus && m_root->isAncestorOf(focus)) {
            if (QLineEdit *edit = editOf(focus))
                edit->setModified(false);
        }
    });
}

FieldUndo *FieldUndo::install(QWidget *root, QUndoStack *stack)
{
    auto *filter = new FieldUndo(root, stack);
    qApp->installEventFilter(filter);
    return filter;
}

void FieldUndo::takeActions(QAction *undo, QAction *redo)
{
    for (QAction *action : {undo, redo}) {
        disconnect(action, &QAction::triggered, m_stack, nullptr);
        const bool isRedo = action == redo;
        connect(action, &QAction::triggered, this, [this, isRedo] { step(isRedo); });
    }
}

void FieldUndo::step(bool redo)
{
    QWidget *focus = QApplication::focusWidget();
    applyToDocument(m_root && focus && m_root->isAncestorOf(focus) ? focus : nullptr, redo);
}

QLineEdit *FieldUndo::editOf(QObject *field) const
{
    if (auto *edit = qobject_cast<QLineEdit *>(field))
        return edit;
    if (auto *spin = qobject_cast<QAbstractSpinBox *>(field))
        return spin->findChild<QLineEdit *>();
    return nullptr;
}

bool FieldUndo::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if ((type != QEvent::ShortcutOverride && type != QEvent::KeyPress && type != QEvent::FocusIn) || !m_root
        || !m_stack)
        return false;
    auto *field = qobject_cast<QWidget *>(watched);
    QLineEdit *edit = editOf(watched);
    if (!field || !edit || edit->isReadOnly() || !m_root->isAncestorOf(field))
        return false;
    if (type == QEvent::FocusIn) {
        // What the field held when it got focus is where its own undo stops.
        edit->setModified(false);
        return false;
    }
    const Key key = keyOf(static_cast<QKeyEvent *>(event));
    if (key == Key::Other)
        return false;
    if (type == QEvent::ShortcutOverride) {
        event->accept(); // the key comes to this filter as a key press, not to a window shortcut
        return true;
    }
    // The field's own typing first (Ctrl+Y and Ctrl+Shift+Z alike, whatever the platform's
    // Redo key is), then the document's.
    if (key == Key::Undo && edit->isModified())
        edit->undo();
    else if (key == Key::Redo && edit->isRedoAvailable())
        edit->redo();
    else
        applyToDocument(field, key == Key::Redo);
    return true;
}

void FieldUndo::applyToDocument(QWidget *field, bool redo)
{
    // Panels leave the focused field's text alone while it is typed in: unfocused, the
    // field shows what the document holds after the step.
    QPointer<QWidget> guard(field);
    QScrollArea *scroll = nullptr;
    for (QWidget *w = field; w && !scroll; w = w->parentWidget())
        scroll = qobject_cast<QScrollArea *>(w);
    const int before = scroll && field ? field->mapTo(scroll->viewport(), QPoint()).y() : 0;
    if (field)
        field->clearFocus(); // an unchanged field commits nothing as it is left
    if (redo)
        m_stack->redo();
    else
        m_stack->undo();
    if (!guard || !guard->isVisible())
        return;
    guard->setFocus(Qt::OtherFocusReason);
    if (!scroll)
        return;
    // The lists and tables above it may change height as they are fitted again (queued, see
    // RowsFit): once they are, the panel scrolls so that the field stays under the pointer.
    QMetaObject::invokeMethod(
        scroll,
        [scroll, guard, before] {
            QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            if (!guard)
                return;
            QScrollBar *bar = scroll->verticalScrollBar();
            bar->setValue(bar->value() + guard->mapTo(scroll->viewport(), QPoint()).y() - before);
        },
        Qt::QueuedConnection);
}

} // namespace Labforge
