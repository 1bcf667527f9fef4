// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStackedWidget>

class QAction;

namespace Labforge {

class FieldUndo;
class LabDocument;
class LabPanel;
class LinkPanel;
class NodePanel;

// The Properties dock's contents: the lab's, one node's or one link's fields, each page
// scrolled on its own.
class PropertiesPanel : public QStackedWidget
{
    Q_OBJECT
public:
    explicit PropertiesPanel(LabDocument *document, QWidget *parent = nullptr);

    LabPanel *labPanel() const { return m_lab; }
    NodePanel *nodePanel() const { return m_node; }
    LinkPanel *linkPanel() const { return m_link; }

    // Undo and Redo of the window leave a focused field first (FieldUndo), so that every
    // field shows what the document holds after them.
    void takeUndoActions(QAction *undo, QAction *redo);

    void showLab();
    // The lab's page from its top, the focus in its first field (View ▸ Lab Properties).
    void openLab();
    void showNode(const QString &id);
    void showLink(int index);
    // Shows the field of `pointer` (a JSON pointer into the lab) on the page that holds it,
    // scrolled into view; the field, or nullptr when the page has none for it.
    QWidget *showField(const QString &nodeId, const QString &pointer);
    // Scrolls the current page so that `field` is in view.
    void reveal(QWidget *field);

private:
    void scrollToTop();
    void scrollAllHome();

    LabDocument *m_document;
    LabPanel *m_lab;
    NodePanel *m_node;
    LinkPanel *m_link;
    FieldUndo *m_fieldUndo;
};

} // namespace Labforge
