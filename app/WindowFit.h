// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QMargins>
#include <QObject>
#include <QRect>

class QWidget;

namespace Labforge {

// A window's first start fits the screen's available area with its frame (title bar, borders)
// included. The window manager's frame is known only once the window is shown: until then a
// title bar is allowed for, and when the frame turns out larger the window is fitted again once.
class WindowFit : public QObject
{
    Q_OBJECT
public:
    // Sizes `window` (at most `wanted`) and places it within its screen's available area.
    static void firstStart(QWidget *window, QSize wanted);
    // The window's own geometry that keeps it, framed by `frame`, within `available`.
    static QRect fitted(const QRect &available, const QMargins &frame, QSize wanted);
    // The frame allowed for before the window manager tells: a title bar and thin borders.
    static QMargins assumedFrame(const QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    WindowFit(QWidget *window, QSize wanted);

    QWidget *m_window;
    QSize m_wanted;
};

} // namespace Labforge
