// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QWidget>

namespace Labforge {

class LabDocument;
class NodeIdentityEditor;
class NodeSectionEditor;

// Properties of the selected node, one editor per concern: identity (id, role, network,
// address), hardware and base image, features, packages, users, disks, services. Every
// edit becomes an undo command; the editors re-read the node when the lab changes.
class NodePanel : public QWidget
{
    Q_OBJECT
public:
    explicit NodePanel(LabDocument *document, QWidget *parent = nullptr);
    void showNode(const QString &id);
    QString nodeId() const { return m_id; }
    // Focuses the field `pointer` (a JSON pointer into the lab file) is about; null when none shows it.
    QWidget *focusPointer(const QString &pointer);

private:
    void refresh();

    LabDocument *m_document;
    QString m_id;
    NodeIdentityEditor *m_identity;
    QList<NodeSectionEditor *> m_editors; // in the order they claim a JSON pointer
};

} // namespace Labforge
