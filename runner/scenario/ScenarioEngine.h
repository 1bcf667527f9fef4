// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"
#include "RunEvent.h"
#include "RunReport.h"

#include <QStringList>

namespace Labforge {

struct Lab;
class LabActions;
class Redactor;
class Transport;

// Runs a lab's scenarios over a transport: each step on its node, retried with
// backoff within its bounded timeout, every attempt kept as evidence. Enabled
// scenarios run; disabled ones only on request, and never gate.
class ScenarioEngine
{
public:
    struct Options
    {
        QStringList only; // scenario names; empty: every enabled one
        bool includeDisabled = false;
        CancelToken cancel;
        EventSink events;
        const Redactor *redactor = nullptr;
        LabActions *actions = nullptr; // for steps that act on the lab (power_cycle); none: they fail
        int excerptBytes = 8192; // per stream and attempt
        double backoff = 1.5;
        int maxIntervalSeconds = 60;
    };

    static RunReport run(const Lab &lab, Transport &transport, const Options &options);
    // A bounded excerpt: the head and the tail of long output.
    static QString excerpt(const QByteArray &data, int limit);
};

} // namespace Labforge
