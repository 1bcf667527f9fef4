// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "WarningRules.h"
#include "ValidatorText.h"

#include "Catalog.h"
#include "Lab.h"
#include "ProblemSink.h"

#include <QSet>

namespace Labforge {

void WarningRules::check(const Lab &lab, ProblemSink &sink)
{
    QHash<QString, int> byId;
    for (int w = 0; w < lab.warnings.size(); ++w) {
        const LabWarning &warning = lab.warnings.at(w);
        if (warning.id.isEmpty() || byId.contains(warning.id) || warning.text.trimmed().isEmpty())
            sink.error(WarningRules::Invalid, QStringLiteral("/warnings/%1").arg(w),
                       ValidatorText::tr("warning \"%1\" has no id or text, or its id is used twice").arg(warning.id));
        byId.insert(warning.id, w);
    }
    QSet<QString> reported;
    for (const FeatureInfo &f : Catalog::features()) {
        if (f.requiredWarnings.isEmpty() || !lab.hasFeature(f.name))
            continue;
        for (const QString &id : f.requiredWarnings) {
            if (reported.contains(id))
                continue;
            reported.insert(id);
            const QString text = Catalog::requiredWarningText(id, lab);
            const auto it = byId.constFind(id);
            if (it == byId.constEnd())
                sink.error(WarningRules::Missing, QStringLiteral("/warnings"),
                           ValidatorText::tr("feature \"%1\" needs warning \"%2\": %3").arg(f.name, id, text));
            else if (lab.warnings.at(*it).text != text)
                sink.error(WarningRules::Altered, QStringLiteral("/warnings/%1/text").arg(*it),
                           ValidatorText::tr("warning \"%1\" was changed; feature \"%2\" needs it word for word: %3")
                               .arg(id, f.name, text));
        }
    }
}

} // namespace Labforge
