// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunEvent.h"

#include <QTextStream>
#include <mutex>

namespace Labforge {

// Prints runner events on the terminal, one line each; log lines only when verbose.
class EventPrinter
{
public:
    EventPrinter(QTextStream &out, bool verbose)
        : m_out(out)
        , m_verbose(verbose)
    { }
    void print(const RunEvent &event);
    EventSink sink()
    {
        return [this](const RunEvent &e) {
            print(e);
        };
    }

private:
    QTextStream &m_out;
    bool m_verbose;
    std::mutex m_mutex;
};

} // namespace Labforge
