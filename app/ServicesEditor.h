// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeSectionEditor.h"

#include <QHash>

#include <QJsonObject>

class QCheckBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace Labforge {

// The node's services: the list, "Add service" (the one the node's features still need,
// with the config its feature proposes), enabled, and the config in a JSON editor that
// commits only a well-formed object and says why otherwise.
class ServicesEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    explicit ServicesEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QString &pointer) override;

protected:
    void refresh(const Node &node) override;

private:
    void commitConfig();
    // Why `text` cannot be a service config (empty when it can; the object in *config).
    static QString configProblem(const QByteArray &text, QJsonObject *config = nullptr);
    // What the config field shows for service `row` of `node`: its draft, else its config.
    QString shownConfig(const Node &node, int row) const;

    QListWidget *m_services;
    QCheckBox *m_enabled;
    QPlainTextEdit *m_config;
    QLabel *m_error;
    // Config texts that do not parse yet, by "node/service": kept while other nodes are shown.
    QHash<QString, QString> m_drafts;
};

} // namespace Labforge
