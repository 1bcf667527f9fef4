// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "WheelGuard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QScrollBar>
#include <QWidget>

namespace Labforge {

WheelGuard::WheelGuard(QWidget *root)
    : QObject(root)
    , m_root(root)
{ }

namespace {

bool isField(const QObject *o)
{
    return qobject_cast<const QAbstractSpinBox *>(o) || qobject_cast<const QComboBox *>(o);
}

} // namespace

void WheelGuard::install(QWidget *root)
{
    // QApplication gives wheel focus before event filters run: the fields must not take it.
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (isField(w))
            w->setFocusPolicy(Qt::StrongFocus);
    }
    qApp->installEventFilter(new WheelGuard(root));
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    const bool wheel = event->type() == QEvent::Wheel;
    if ((!wheel && event->type() != QEvent::Polish) || !m_root)
        return false;
    auto *widget = qobject_cast<QWidget *>(watched);
    if (!widget || !m_root->isAncestorOf(widget))
        return false;
    if (!wheel) { // a field made after install(), e.g. a table's cell editor
        if (isField(widget))
            widget->setFocusPolicy(Qt::StrongFocus);
        return false;
    }
    // The field itself, or the line edit inside a spin box.
    QWidget *field = isField(widget) ? widget : widget->parentWidget();
    if (!field || !isField(field) || field->hasFocus())
        return false;
    // Not for this field: hand the wheel to the form that scrolls around it.
    for (QWidget *p = field->parentWidget(); p; p = p->parentWidget()) {
        if (auto *area = qobject_cast<QAbstractScrollArea *>(p)) {
            QApplication::sendEvent(area->verticalScrollBar(), event);
            break;
        }
    }
    return true;
}

} // namespace Labforge
