// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "WindowFit.h"

#include <QEvent>
#include <QScreen>
#include <QStyle>
#include <QTimer>
#include <QWidget>

#include <algorithm>

namespace Labforge {

WindowFit::WindowFit(QWidget *window, QSize wanted)
    : QObject(window)
    , m_window(window)
    , m_wanted(wanted)
{
    window->installEventFilter(this);
    // A window manager that frames the window does so right after it is shown; what the user
    // does with the window later is theirs.
    QTimer::singleShot(5000, this, &QObject::deleteLater);
}

void WindowFit::firstStart(QWidget *window, QSize wanted)
{
    const QRect available = window->screen() ? window->screen()->availableGeometry() : QRect(0, 0, 1400, 900);
    window->setGeometry(fitted(available, assumedFrame(window), wanted));
    new WindowFit(window, wanted);
}

QRect WindowFit::fitted(const QRect &available, const QMargins &frame, QSize wanted)
{
    const QSize room = available.size().shrunkBy(frame);
    const QSize size = wanted.boundedTo(room);
    const QPoint inside = available.topLeft() + QPoint(frame.left(), frame.top());
    return {inside + QPoint((room.width() - size.width()) / 2, (room.height() - size.height()) / 2), size};
}

QMargins WindowFit::assumedFrame(const QWidget *window)
{
    const int border = 2;
    const int title = std::max(window->style()->pixelMetric(QStyle::PM_TitleBarHeight), 28);
    return {border, title + border, border, border};
}

bool WindowFit::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && (event->type() == QEvent::Move || event->type() == QEvent::Resize)
        && m_window->isVisible() && !m_window->isMaximized() && m_window->screen()) {
        const QRect frame = m_window->frameGeometry();
        const QRect available = m_window->screen()->availableGeometry();
        const QMargins margins(m_window->geometry().left() - frame.left(), m_window->geometry().top() - frame.top(),
                               frame.right() - m_window->geometry().right(),
                               frame.bottom() - m_window->geometry().bottom());
        if (!margins.isNull() && !available.contains(frame)) {
            m_window->removeEventFilter(this);
            const QRect fit = fitted(available, margins, m_wanted);
            QTimer::singleShot(0, m_window, [window = m_window, fit] { window->setGeometry(fit); });
            deleteLater();
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace Labforge
