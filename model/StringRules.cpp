// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StringRules.h"

#include "Lab.h"
#include "LabStrings.h"
#include "LabWriter.h"
#include "ProblemSink.h"

#include <QRegularExpression>

namespace Labforge {

void StringRules::check(const Lab &lab, ProblemSink &sink)
{
    // The lab as it would be saved: the loader reads exactly these strings at these pointers.
    const LoadErrors errors = LabStrings::check(LabWriter::toJson(lab));
    static const QRegularExpression inNode(QStringLiteral("\\A/nodes/([0-9]+)(/|\\z)"));
    for (const LoadError &e : errors) {
        const auto match = inNode.match(e.pointer);
        const qsizetype node = match.hasMatch() ? match.captured(1).toLongLong() : -1;
        sink.error(StringRules::LabControlCharacter, e.pointer, e.message,
                   node >= 0 && node < lab.nodes.size() ? lab.nodes.at(node).id : QString());
    }
}

} // namespace Labforge
