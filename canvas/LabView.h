#pragma once

#include <QGraphicsView>

namespace Labforge {

// The canvas view: wheel zoom around the cursor, middle-button pan, zoom to fit.
class LabView : public QGraphicsView
{
    Q_OBJECT
public:
    explicit LabView(QGraphicsScene *scene, QWidget *parent = nullptr);
    void zoomToFit();
    void zoomBy(qreal factor);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;

private:
    bool m_panning = false;
    QPoint m_panStart;
};

} // namespace Labforge
