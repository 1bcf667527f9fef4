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
};

} // namespace Labforge
