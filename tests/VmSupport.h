// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"
#include "Lab.h"
#include "RunEvent.h"
#include "ScenarioStep.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

namespace Labforge {

class LoopbackSshd;

// What the VM system tests share: event printing and the canary scan of what a run left.
namespace VmSupport {

void printEvent(const RunEvent &e);
// The VM tests' lab (tests/data/labs/nfs-pair.lab.json): the reference lab's storage role and
// one NFS client.
Lab nfsPair();
// A check of command output on the storage node (`set -euo pipefail` first).
ScenarioStep storageCheck(const QString &id, const QString &command, const QString &equals, int timeout = 180);
// Boots the storage node of `lab` alone, its domain reshaped by `reshape` and its data disks
// prepared by `prepare` (either may be empty), runs `checks` on it, writes their report to
// `reportDirectory` and takes the lab down. Empty when every check passed, else what failed.
QString bootStorageAlone(const Lab &lab, const QString &name, const std::function<void(BootPlan::Domain &)> &reshape,
                         const std::function<bool(const BootPlan::Disk &, QString *)> &prepare,
                         const QList<ScenarioStep> &checks, const QString &reportDirectory);
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
// What libvirt at `uri` and the run directory still hold of `labName` after `down`: its
// domains (by labforge's metadata), its networks (named labforge-LAB-…) and the run's VM
// files. Empty when nothing is left and libvirt answered; else what is left, or why it could
// not be asked.
QString labLeftovers(const QString &uri, const QString &labName);
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
