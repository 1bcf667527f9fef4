// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QObject>

class QMenu;

namespace Labforge {

class LabDocument;
class LabScene;
class LabView;

// The Edit menu's canvas part: Delete, Duplicate, Copy, Paste, Copy IP Address and Select
// All (keys that act on the canvas only, so that they keep their meaning in a table or text
// field elsewhere), and keyboard paths for what the mouse does there: Add Node, Add Network,
// Link Selection; Paste Keeping Recipe and Turn On Left-Off Features.
class CanvasEditActions : public QObject
{
    Q_OBJECT
public:
    CanvasEditActions(LabDocument *document, LabScene *scene, LabView *view, QObject *parent);

    void addTo(QMenu *edit);
    // A node of `role` in the middle of what the canvas shows.
    void addNodeAtCentre(const QString &role);

Q_SIGNALS:
    void message(const QString &text);

private:
    void addClipboardActions(QMenu *edit);
    void linkSelection();
    // Edit ▸ Turn On Left-Off Features: every node outside a cluster its shape puts it in
    // (MembershipRules) joins it where that adds no error, in one undo step.
    void turnOnLeftOff();

    LabDocument *m_document;
    LabScene *m_scene;
    LabView *m_view;
};

} // namespace Labforge
