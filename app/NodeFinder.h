// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QLineEdit>

namespace Labforge {

class LabDocument;
class LabScene;
class LabView;

// The toolbar's Find node field: completes node ids as typed and, on Return, selects and
// centres the node whose id or address is the text (else the first id containing it).
class NodeFinder : public QLineEdit
{
    Q_OBJECT
public:
    NodeFinder(LabDocument *document, LabScene *scene, LabView *view, QWidget *parent = nullptr);

    void find(const QString &text);

Q_SIGNALS:
    void message(const QString &text);

private:
    LabDocument *m_document;
    LabScene *m_scene;
    LabView *m_view;
};

} // namespace Labforge
