// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QGraphicsView>

namespace Labforge {

// The canvas view: wheel zoom around the cursor, middle-button pan, zoom to fit. A fitted
// view stays fitted when it is resized (docks settling, the window resized) until the user
// zooms or pans. Tab and Shift+Tab move the focus on to the next panel, as anywhere else;
// a left click on the empty canvas says so (the lab's own properties are then shown).
class LabView : public QGraphicsView
{
    Q_OBJECT
public:
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

private:
    bool m_panning = false;
    bool m_fitted = false;
    QPoint m_panStart;
};

} // namespace Labforge
