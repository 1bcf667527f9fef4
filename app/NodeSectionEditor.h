// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Node.h"

#include <QWidget>

#include <functional>

namespace Labforge {

class LabDocument;

// Base of the editors the node panel is made of (identity, hardware, features, packages,
// users, disks, services). The panel tells each editor which node to show and when to
// re-read it; every edit is one EditNodeCommand named after the field it changes.
class NodeSectionEditor : public QWidget
{
    Q_OBJECT
public:
    explicit NodeSectionEditor(LabDocument *document, QWidget *parent = nullptr);
    // Shows node `id` (re-reads it: also after every change of the lab).
    void showNode(const QString &id);
    QString nodeId() const { return m_id; }
    // Focuses the field a JSON pointer names and returns it; null when the pointer is not this editor's.
    virtual QWidget *focusPointer(const QString &pointer);

protected:
    // Re-reads the node into the fields; `node` is never null.
    virtual void refresh(const Node &node) = 0;
    // One undo step named after `field` (or `label`, as the history says it) for `change`.
    void commit(const QString &field, const std::function<void(Node &)> &change, const QString &label = {});
    LabDocument *document() const { return m_document; }
    const Node *node() const;
    bool isRefreshing() const { return m_refreshing; }
    void setRefreshing(bool refreshing) { m_refreshing = refreshing; }

private:
    LabDocument *m_document;
    QString m_id;
    bool m_refreshing = false;
};

} // namespace Labforge
