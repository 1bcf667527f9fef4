// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunEvent.h"
#include "ScenarioStep.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Labforge {

class LoopbackSshd;

// What the VM system tests share: event printing and the canary scan of what a run left.
namespace VmSupport {

void printEvent(const RunEvent &e);
QByteArray readAll(const QString &path);
bool writeFile(const QString &path, const QByteArray &bytes);
// The canaries found in a file, read in chunks that overlap by the longest canary, skipping
// the holes of sparse files (a data disk is 20 GB of which little is written).
QList<QByteArray> scanFile(const QString &path, const QList<QByteArray> &canaries);
// Canary secrets given as a user would: an SSH key made in `directory` (LABFORGE_SSH_KEY_FILE)
// and an ops password (LABFORGE_OPS_PASSWORD). `secrets` holds what must never leak: the key
// lines that carry its private half, and the password. Empty `error` on success.
struct Canaries
{
    QString keyFile;
    QList<QByteArray> keyLines; // every base64 line of the private key file
    QByteArray password;
    QList<QByteArray> secrets;
    QString error;
};
Canaries exportCanaries(const QString &directory);
void clearCanaries();
// A careless, non-gating step on `node` that prints the password and a private key line. The
// lab (and so the bundle) holds only their base64; what the step prints holds them verbatim.
ScenarioStep leakStep(const QString &node, const Canaries &canaries);
// Exit code 77 (CTest: skipped, never passed) with the reason, when this host cannot run VMs.
int skipUnlessVmsCanRun();
// A network interface's counter (rx_bytes, tx_bytes, …); -1 when there is no such interface.
qint64 interfaceCounter(const QString &device, const char *which);
// This machine's libvirt as a second lab host: qemu+ssh://root@127.0.0.1 through `sshd`
// (started here, as root), with a `command=` ssh in `directory` that pins its host key.
// Empty with `error` when it cannot be reached.
QString loopbackHostUri(LoopbackSshd &sshd, const QString &directory, QString *error);

} // namespace VmSupport

} // namespace Labforge
