// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "PinEvent.h"

#include <QCoreApplication>

namespace Labforge {

// A pins event as a line of text, in the language of the translators installed: English on
// the command line (`labforge pins lock` prints these lines), the designer's language in
// Pin Now's log.
class PinEventText
{
    Q_DECLARE_TR_FUNCTIONS(Labforge::PinEventText)
public:
    static QString line(const PinEvent &event);
    // Said on standard error (progress and problems) rather than standard output (results).
    static bool isProgressOrProblem(PinEvent::Type type);
};

} // namespace Labforge
