// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RecentLabs.h"

#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace Labforge {

namespace {
const QString Key = QStringLiteral("recentFiles");
}

RecentLabs::RecentLabs(QMenu *menu, QObject *parent)
    : QObject(parent)
    , m_menu(menu)
{
    rebuild();
}

void RecentLabs::add(const QString &path)
{
    QSettings settings;
    QStringList recent = settings.value(Key).toStringList();
    recent.removeAll(QFileInfo(path).absoluteFilePath());
    recent.prepend(QFileInfo(path).absoluteFilePath());
    settings.setValue(Key, recent.mid(0, 10));
    rebuild();
}

void RecentLabs::rebuild()
{
    m_menu->clear();
    const QStringList recent = QSettings().value(Key).toStringList();
    for (const QString &path : recent)
        m_menu->addAction(path, this, [this, path] { Q_EMIT openRequested(path); });
    m_menu->setEnabled(!recent.isEmpty());
}

} // namespace Labforge
