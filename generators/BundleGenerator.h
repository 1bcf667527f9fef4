// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Bundle.h"
#include "PinsLock.h"

namespace Labforge {

struct Lab;
struct Node;

// Runs the base and every feature generator for every node of a lab.
class BundleGenerator
{
public:
    static Bundle generate(const Lab &lab, const PinsLock &pins = PinsLock::builtIn());
    static Bundle::NodeImage generateNode(const Lab &lab, const Node &node, const PinsLock &pins, QStringList *errors);
    static QJsonObject plan(const Lab &lab, const PinsLock &pins);
};

} // namespace Labforge
