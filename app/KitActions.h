// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "PinsLock.h"

#include <QCoreApplication>
#include <optional>

class QWidget;

namespace Labforge {

struct Lab;

// File ▸ Export Offline Kit… and Import Offline Kit…: what either would refuse is said
// before a file is asked for; the transfer itself runs in a KitTransferDialog, off the UI
// thread. An import makes its lock the one Build and Boot uses.
class KitActions
{
    // Its texts were the main window's and keep their translations.
    Q_DECLARE_TR_FUNCTIONS(Labforge::MainWindow)

public:
    static void exportKit(QWidget *window, const Lab &lab);
    static void importKit(QWidget *window);

private:
    // The pins lock runs use here; nullopt after a warning titled `title` when it is unreadable.
    static std::optional<PinsLock> runPins(QWidget *window, const QString &title);
};

} // namespace Labforge
