// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LoadError.h"

#include <QJsonObject>

namespace Labforge {

// No control character (U+0000 to U+001F, U+007F) in any string of a lab file, key or
// value: a name, an address, a package or a user that carries one (a trailing newline, a
// tab, a NUL) breaks the file it is written into on the node (sudoers, slurm.conf, paths).
// Free text that is written as several lines may hold a line feed and a tab, nothing else:
// the lab's and scenarios' and steps' descriptions, a step's command and expectation, and
// a warning's text. The JSON Schema says the same (resources/schema/lab.schema.json).
class LabStrings
{
public:
    // One error per string that holds a control character it may not, at its pointer.
    static LoadErrors check(const QJsonObject &root);
    // True when the string at `pointer` is free text (may hold a line feed and a tab).
    static bool isFreeText(const QString &pointer);
};

} // namespace Labforge
