// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QHash>
#include <QStringList>

class QCommandLineParser;
#include <QTextStream>

namespace Labforge {

// `labforge ssh` and `labforge exec`: into the nodes of a lab that is up, through the run's
// ssh_config (its key, its pinned host keys, one kept connection per node); `labforge node`:
// stop, start and restart one of them (LibvirtLabActions, as scenario steps do).
class NodeCommands
{
public:
    static int ssh(const QStringList &args, QTextStream &out, QTextStream &err);
    static int exec(const QStringList &args, QTextStream &out, QTextStream &err);
    // `labforge node stop|start|restart|power-cycle LAB NODE`, through libvirt on the run's own VM.
    static int node(const QStringList &args, QTextStream &out, QTextStream &err);
    // `labforge console LAB NODE`: the node's serial console (SerialConsole), or with
    // --read-only its console log as it grows.
    static int console(const QStringList &args, QTextStream &out, QTextStream &err);
    // The run directory of LAB (a lab file, or the name of a lab brought up here) when the lab is
    // up (it has an ssh_config); "" after saying why on `err`.
    static QString runOf(const QString &lab, QTextStream &err, const char *command);
    // Node id -> role: from LAB when it is a lab file, else as the run recorded them.
    static QHash<QString, QString> nodeRoles(const QString &lab, const QString &run);
    // The LAB argument of the commands that act on a lab that is up.
    static void addLabArgument(QCommandLineParser &parser);
};

} // namespace Labforge
