// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QObject>
#include <QPointer>

class QWidget;

namespace Labforge {

// Spin boxes and combo boxes in a scrolling form change their value on the mouse wheel
// only when they have focus; otherwise the wheel scrolls the form, as a user scrolling
// the Properties panel expects. Covers fields made later too (table cell editors).
class WheelGuard : public QObject
{
public:
    // Guards every spin box and combo box under `root`, now and later.
    static void install(QWidget *root);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit WheelGuard(QWidget *root);
    QPointer<QWidget> m_root;
};

} // namespace Labforge
