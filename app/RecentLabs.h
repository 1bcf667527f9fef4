// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QObject>

class QMenu;

namespace Labforge {

// File ▸ Open Recent: the last ten labs opened or saved (remembered across starts).
class RecentLabs : public QObject
{
    Q_OBJECT
public:
    RecentLabs(QMenu *menu, QObject *parent);

    // `path` goes first in the list.
    void add(const QString &path);

Q_SIGNALS:
    void openRequested(const QString &path);

private:
    void rebuild();

    QMenu *m_menu;
};

} // namespace Labforge
