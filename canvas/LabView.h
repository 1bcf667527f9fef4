// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QGraphicsView>

namespace Labforge {

// The canvas view: wheel zoom around the cursor, middle-button pan, zoom to fit. A fitted
// view stays fitted when it is resized (docks settling, the window resized) until the user
// zooms or pans. Tab and Shift+Tab move the focus on to the next panel, as anywhere else;
// a left click on the empty canvas says so (the lab's own properties are then shown). With the
// focus it shows a frame; the Menu key and Shift+F10 open the menu of what is selected, at it.
class LabView : public QGraphicsView
{
    Q_OBJECT
public:
    // The width of the frame drawn round the canvas while it has the focus.
    static constexpr qreal FocusFrame = 3;

    explicit LabView(QGraphicsScene *scene, QWidget *parent = nullptr);
    void zoomToFit();
    void zoomBy(qreal factor);

Q_SIGNALS:
    void emptyClicked();

protected:
    bool event(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    bool m_panning = false;
    bool m_fitted = false;
    QPoint m_panStart;
};

} // namespace Labforge
