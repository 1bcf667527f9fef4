// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ContainerdFeature.h"
#include "JsonObjectReader.h"
#include "Lab.h"
#include "Latin1List.h"
#include "ProblemSink.h"
#include "ServiceConfigCheck.h"
#include "ValidatorText.h"

#include <QRegularExpression>

namespace Labforge {

ContainerdFeature::ContainerdFeature()
    : FeatureDefinition({
        .name = QStringLiteral("containerd"),
        .summary = QStringLiteral("containerd with pinned container images (by digest; preloaded from an offline kit)"),
        .ownedPackages = Latin1List::of({"containerd", "runc"}),
        .requiredServices = Latin1List::of({"openfactory-containerd"}),
    })
{ }

void ContainerdFeature::checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const
{
    ServiceConfigCheck check(in, Latin1List::of({"images"}), sink);
    JsonObjectReader &r = check.reader();
    const QStringList images = r.stringList(QStringLiteral("images"));
    static const QRegularExpression name(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9][a-z0-9._-]*/[a-z0-9][a-z0-9._-]*")));
    for (qsizetype i = 0; i < images.size(); ++i) {
        if (!name.match(images.at(i)).hasMatch())
            sink.error(ContainerdFeature::ServiceImageName,
                       r.pointer(QStringLiteral("images")) + QStringLiteral("/%1").arg(i),
                       ValidatorText::tr("node \"%1\": \"%2\" is not a pins lock image (component/name)")
                           .arg(in.node.id, images.at(i)),
                       in.node.id);
    }
}

} // namespace Labforge
