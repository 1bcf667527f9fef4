// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QAction>
#include <QWidget>

namespace Labforge {

// The window's action whose text starts with `prefix` (as the menus show it, with its &).
inline QAction *menuAction(const QWidget *window, const char *prefix)
{
    for (QAction *a : window->findChildren<QAction *>()) {
        if (a->text().startsWith(QLatin1String(prefix)))
            return a;
    }
    return nullptr;
}

} // namespace Labforge
