// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "KitActions.h"

#include "ArtifactFetcher.h"
#include "BundleGenerator.h"
#include "DebianKitMirror.h"
#include "KitTransferDialog.h"
#include "Lab.h"
#include "OfflineKit.h"
#include "PinsLock.h"
#include "PlainText.h"
#include "RunnerPaths.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QSettings>

namespace Labforge {

std::optional<PinsLock> KitActions::runPins(QWidget *window, const QString &title)
{
    // The lock Build and Boot uses: the file chosen there (or an imported kit's), else the built-in one.
    const QString pinsFile = QSettings().value(QStringLiteral("run/pinsFile")).toString();
    QString error;
    auto pins =
        pinsFile.isEmpty() ? std::optional<PinsLock>(PinsLock::builtIn()) : PinsLock::fromFile(pinsFile, &error);
    if (!pins)
        QMessageBox::warning(window, title, tr("The pins lock %1 cannot be read: %2").arg(pinsFile, error));
    return pins;
}

void KitActions::exportKit(QWidget *window, const Lab &lab)
{
    const auto pins = runPins(window, tr("Cannot export"));
    if (!pins)
        return;
    const Bundle bundle = BundleGenerator::generate(lab, *pins);
    if (!bundle.ok()) {
        QMessageBox::warning(window, tr("Cannot export"), bundle.errors.join(u'\n'));
        return;
    }
    // What the export would refuse is said before a file name is asked for.
    const OfflineKit::Contents contents = OfflineKit::contentsOf(bundle, lab.name);
    if (const QString refusal = OfflineKit::exportRefusal(contents); !refusal.isEmpty()) {
        PlainText::warning(window, tr("Cannot export"), refusal);
        return;
    }
    const QString path = QFileDialog::getSaveFileName(window, tr("Export offline kit"),
                                                      lab.name + QStringLiteral(".kit"), tr("labforge kits (*.kit)"));
    if (path.isEmpty())
        return;
    const QString root = RunnerPaths::cacheRoot();
    const OfflineKit::Caches caches {root, RunnerPaths::packages(contents.suite),
                                     RunnerPaths::packageLists(contents.suite)};
    const PinsLock &lock = *pins;
    auto *dialog = new KitTransferDialog(
        tr("Export offline kit"),
        [contents, lock, caches, path](const KitTransferDialog::Log &log, QString *why) {
            ArtifactFetcher fetcher;
            return OfflineKit::exportKit(contents, lock, caches, path, &fetcher, log, why);
        },
        window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
}

void KitActions::importKit(QWidget *window)
{
    const QString path =
        QFileDialog::getOpenFileName(window, tr("Import offline kit"), QString(), tr("labforge kits (*.kit)"));
    if (path.isEmpty())
        return;
    const OfflineKit::Caches caches {RunnerPaths::cacheRoot(), {}, {}};
    const auto trusted = runPins(window, tr("Cannot import"));
    if (!trusted)
        return;
    const PinsLock &lock = *trusted;
    auto *dialog = new KitTransferDialog(
        tr("Import offline kit"),
        [path, caches, lock](const KitTransferDialog::Log &log, QString *why) {
            return OfflineKit::importKit(path, caches, DebianKitMirror::archiveKeyring(), lock, log, why);
        },
        window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(dialog, &KitTransferDialog::transferFinished, dialog, [caches](bool ok) {
        if (ok) // Build and Boot now uses the kit's digests
            QSettings().setValue(QStringLiteral("run/pinsFile"), caches.lock());
    });
    dialog->show();
    dialog->start();
}
} // namespace Labforge
