// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QWidget>

class QComboBox;
class QPlainTextEdit;
class QTreeWidget;
class QLabel;

namespace Labforge {

class LabDocument;

// What the generators make for the selected node, as a file tree, each file
// read-only with highlighting (shell, YAML, JSON, units), plus the lab's plan.json; a
// node chooser jumps to another node's files, and a new node's review starts at its first file.
// Regenerated on demand: the whole reference bundle takes about 3 ms.
class ReviewPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ReviewPanel(LabDocument *document, QWidget *parent = nullptr);
    void showNode(const QString &id);
    QTreeWidget *tree() const { return m_tree; }
    // The node chooser: every node of the lab, to jump to its files.
    QComboBox *nodeChooser() const { return m_chooser; }
    QString currentText() const;

private:
    void refresh();
    void showFile();
    void fillChooser();
    void selectFirstFile(const QString &current);

    LabDocument *m_document;
    QString m_node;
    QLabel *m_title;
    QComboBox *m_chooser;
    QTreeWidget *m_tree;
    QPlainTextEdit *m_view;
};

} // namespace Labforge
