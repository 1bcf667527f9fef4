// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QByteArray>
#include <optional>

namespace Labforge {

// Nodes on the clipboard (Copy, Duplicate, Paste, also between windows): a JSON object
// {"labforge-nodes": [node, …]}, each node as the lab file writes it, read back by the lab
// reader, so that what is pasted obeys every rule a lab file does.
class NodeClipboard
{
public:
    static QByteArray encode(const Lab &lab, const QStringList &ids);
    // The nodes, or nullopt when `json` holds no labforge nodes (or nodes the reader refuses).
    static std::optional<QList<Node>> decode(const QByteArray &json);
};

} // namespace Labforge
