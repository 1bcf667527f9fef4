// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LeftOffFeatures.h"

#include "MembershipRules.h"
#include "Validator.h"
#include "ValidatorText.h"

namespace Labforge {

namespace {

thread_local int working = 0;

QString key(const QString &node, const QString &feature)
{
    return node + u'/' + feature;
}

Problems errorsOf(const Lab &lab, const ValidationContext &context)
{
    Problems errors = Validator::validate(lab, context);
    errors.removeIf([](const Problem &p) { return !p.isError(); });
    return errors;
}

} // namespace

bool LeftOffFeatures::isWorking()
{
    return working > 0;
}

LeftOffFeatures::LeftOffFeatures(const Lab &lab, const ValidationContext &context)
    : m_all(MembershipRules::leftOff(lab))
    , m_turnedOn(lab)
{
    if (m_all.isEmpty())
        return;
    ++working;
    m_turnedOn = NodeJoin::withFeaturesEnabled(lab, m_all, context, &m_addable);
    const Problems before = errorsOf(m_turnedOn, context);
    for (const NodeJoin::LeftOff &l : std::as_const(m_all)) {
        const Node *node = m_turnedOn.node(l.node);
        if (!node || node->recipe.hasFeature(l.feature))
            continue;
        // What turning it on (with what it needs) would bring that the lab has not now.
        QList<NodeJoin::LeftOff> with {l};
        for (const NodeJoin::LeftOff &needed : std::as_const(m_all)) {
            if (needed.node == l.node && needed.why == l.feature)
                with.append(needed);
        }
        Lab forced = m_turnedOn;
        for (const NodeJoin::LeftOff &w : std::as_const(with)) {
            Node *on = forced.node(w.node);
            if (on && !on->recipe.hasFeature(w.feature))
                on->recipe.features.append(w.feature);
        }
        QString what;
        for (const Problem &p : errorsOf(forced, context)) {
            if (!before.contains(p) && (what.isEmpty() || p.nodeId == l.node))
                what = p.message;
            if (!what.isEmpty() && p.nodeId == l.node)
                break;
        }
        // No error of its own: it has no plan or cluster to join yet.
        m_missing.insert(key(l.node, l.feature),
                         what.isEmpty() ? ValidatorText::tr("the lab has no plan for it to join yet") : what);
    }
    --working;
}

QString LeftOffFeatures::missing(const QString &node, const QString &feature) const
{
    return m_missing.value(key(node, feature));
}

QString LeftOffFeatures::describe(const QList<NodeJoin::LeftOff> &features) const
{
    QStringList lines;
    for (const NodeJoin::LeftOff &f : features) {
        const QString lacks = missing(f.node, f.feature);
        lines.append(lacks.isEmpty()
                         ? ValidatorText::tr("%1 on %2 (%3)").arg(f.feature, f.node, f.why)
                         : ValidatorText::tr("%1 on %2 (%3): not yet, %4").arg(f.feature, f.node, f.why, lacks));
    }
    return lines.join(u'\n');
}

} // namespace Labforge
