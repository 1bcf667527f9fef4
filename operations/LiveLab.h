// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Outcome.h"

#include <QString>

namespace Labforge {

// The lab an operation acts on: a lab file, or the name of a lab brought up here.
class LiveLab
{
public:
    struct Run
    {
        QString lab; // its name
        QString directory;
    };
    // Its name and run directory when it is up here (the run left an ssh_config); else lab.unreadable
    // (the lab file's load errors, one a line, each naming the file), lab.unknown (neither a
    // file nor a lab's name) or lab.not_up, all unusable.
    static Outcome<Run> run(const QString &lab);
    // The lab's name: the name a lab file gives, or `lab` when it is a lab's name; else
    // lab.unreadable or lab.unknown, as run() says them.
    static Outcome<QString> name(const QString &lab);
};

} // namespace Labforge
