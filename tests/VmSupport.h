#pragma once

#include "RunEvent.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Labforge {

// What the VM system tests share: event printing and the canary scan of what a run left.
namespace VmSupport {

void printEvent(const RunEvent &e);
QByteArray readAll(const QString &path);
bool writeFile(const QString &path, const QByteArray &bytes);
// The canaries found in a file, read in chunks that overlap by the longest canary, skipping
// the holes of sparse files (a data disk is 20 GB of which little is written).
QList<QByteArray> scanFile(const QString &path, const QList<QByteArray> &canaries);
// Exit code 77 (CTest: skipped, never passed) with the reason, when this host cannot run VMs.
int skipUnlessVmsCanRun();

} // namespace VmSupport

} // namespace Labforge
