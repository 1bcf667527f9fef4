// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkRules.h"

#include "Lab.h"
#include "LinkEdits.h"
#include "ProblemSink.h"
#include "ValidatorText.h"

#include <QHash>

namespace Labforge {

void LinkRules::check(const Lab &lab, ProblemSink &sink)
{
    QHash<std::pair<QString, QString>, int> pairs;
    for (int i = 0; i < lab.links.size(); ++i) {
        const Link &l = lab.links.at(i);
        const QString p = QStringLiteral("/links/%1").arg(i);
        bool known = true;
        for (const auto &[key, end] :
             {std::pair {QStringLiteral("from"), l.from}, std::pair {QStringLiteral("to"), l.to}}) {
            if (lab.node(end))
                continue;
            known = false;
            sink.error(LinkRules::NodeUnknown, p + QLatin1Char('/') + key,
                       ValidatorText::tr("link %1 - %2: there is no node \"%3\"").arg(l.from, l.to, end));
        }
        if (!known)
            continue;
        if (l.from == l.to) {
            sink.error(LinkRules::Self, p,
                       ValidatorText::tr("link %1 - %2: a node cannot be linked to itself").arg(l.from, l.to));
            continue;
        }
        const auto pair = l.from < l.to ? std::pair {l.from, l.to} : std::pair {l.to, l.from};
        if (const auto first = pairs.constFind(pair); first != pairs.constEnd()) {
            sink.error(LinkRules::Duplicate, p,
                       ValidatorText::tr("link %1 - %2: the two nodes are already linked (links/%3)")
                           .arg(l.from, l.to)
                           .arg(*first));
            continue;
        }
        pairs.insert(pair, i);
        if (l.network.isEmpty()) {
            sink.error(
                LinkRules::NetworkMissing, p + QStringLiteral("/network"),
                ValidatorText::tr("link %1 - %2 names no network: %3")
                    .arg(l.from, l.to,
                         LinkEdits::sharedNetwork(lab, l.from, l.to).isEmpty()
                             ? ValidatorText::tr("the two nodes share none (attach one to a network of the other)")
                             : ValidatorText::tr("choose one both nodes are on")));
            continue;
        }
        if (!lab.network(l.network)) {
            sink.error(LinkRules::NetworkUnknown, p + QStringLiteral("/network"),
                       ValidatorText::tr("link %1 - %2: there is no network \"%3\"").arg(l.from, l.to, l.network));
            continue;
        }
        for (const auto &[key, end] :
             {std::pair {QStringLiteral("from"), l.from}, std::pair {QStringLiteral("to"), l.to}}) {
            if (!LinkEdits::isOn(lab, end, l.network))
                sink.error(LinkRules::EndOffNetwork, p + QLatin1Char('/') + key,
                           ValidatorText::tr("link %1 - %2 is over %3, but %4 has no interface on it")
                               .arg(l.from, l.to, l.network, end),
                           end);
        }
    }
}

} // namespace Labforge
