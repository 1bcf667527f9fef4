// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QGraphicsView>

namespace Labforge {

class LabView;

// An overview of the whole canvas with the main view's visible area outlined;
// clicking or dragging in it moves the main view there.
class LabMinimap : public QGraphicsView
{
    Q_OBJECT
public:
    LabMinimap(LabView *view, QWidget *parent = nullptr);
    void refit();

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    LabView *m_view;
};

} // namespace Labforge
