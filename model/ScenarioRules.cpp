// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ScenarioRules.h"
#include "ValidatorText.h"

#include "Catalog.h"
#include "Lab.h"
#include "ProblemSink.h"
#include "SafeName.h"
#include "StepVariables.h"
#include "assertions/AssertionTypeRegistry.h"

#include <QRegularExpression>
#include <QSet>

namespace Labforge {

namespace {

QSet<QString> networksOf(const Node &node)
{
    QSet<QString> networks;
    for (const NodeInterface &i : node.interfaces)
        networks.insert(i.network);
    return networks;
}

// A link step's peer: another node of the lab, on the step's network (or on one with the node).
void checkLinkPeer(const Lab &lab, const ScenarioStep &step, const QString &pp, const QString &where, ProblemSink &sink)
{
    const Assertion::Link &link = step.assertion.link;
    const Node *node = lab.node(step.node);
    const Node *peer = lab.node(link.peer);
    if (!peer) {
        sink.error(ScenarioRules::PeerUnknown, pp + QStringLiteral("/peer"),
                   ValidatorText::tr("%1 acts on the link to node \"%2\", which does not exist").arg(where, link.peer),
                   step.node);
        return;
    }
    if (peer == node) {
        sink.error(ScenarioRules::PeerSelf, pp + QStringLiteral("/peer"),
                   ValidatorText::tr("%1: a link joins two nodes; the peer is the step's own node").arg(where),
                   step.node);
        return;
    }
    if (!node)
        return; // scenario.node-unknown said it
    const QSet<QString> shared = networksOf(*node) & networksOf(*peer);
    if (link.network.isEmpty() ? shared.size() != 1 : !shared.contains(link.network))
        sink.error(ScenarioRules::LinkNetwork,
                   pp + (link.network.isEmpty() ? QStringLiteral("/peer") : QStringLiteral("/network")),
                   link.network.isEmpty() && !shared.isEmpty()
                       ? ValidatorText::tr("%1: %2 and %3 share %4 networks; name the link's network")
                             .arg(where, step.node, link.peer)
                             .arg(shared.size())
                       : ValidatorText::tr("%1: %2 and %3 share no network%4")
                             .arg(where, step.node, link.peer,
                                  link.network.isEmpty() ? QString() : QStringLiteral(" ") + link.network),
                   step.node);
}

// A step's text and the lab's shape: variables that expand, and no node named that the lab
// no longer has (renamed or removed since the step was written).
void checkTopologyText(const Lab &lab, const ScenarioStep &step, const QString &pp, const QString &where,
                       ProblemSink &sink)
{
    QStringList errors;
    QStringList warnings;
    const ScenarioStep expanded = StepVariables::expanded(step, lab, &errors, &warnings);
    for (const QString &e : std::as_const(errors))
        sink.error(ScenarioRules::VariableUnknown, pp, ValidatorText::tr("%1: %2").arg(where, e), step.node);
    for (const QString &w : std::as_const(warnings))
        sink.warning(ScenarioRules::VariableEmpty, pp, ValidatorText::tr("%1: %2").arg(where, w), step.node);
    if (StepVariables::expansionEmptiesExpectation(step, expanded))
        sink.error(ScenarioRules::AssertionExpectationEmpty, pp + QStringLiteral("/expect"),
                   ValidatorText::tr("%1: the expectation is empty once its variables expand: it would accept any "
                                     "output")
                       .arg(where),
                   step.node);
    const QStringList stale = StepVariables::staleNodeNames(step, lab);
    if (!stale.isEmpty())
        sink.warning(ScenarioRules::StaleNodeName, pp + QStringLiteral("/command"),
                     ValidatorText::tr("%1 names %2, which is no node of this lab (renamed or removed since the step "
                                       "was written?); {{nodes:role=…}} and {{count:role=…}} follow the lab")
                         .arg(where, stale.join(QStringLiteral(", "))),
                     step.node);
    for (const StepVariables::NodeList &list : StepVariables::incompleteNodeLists(step, lab))
        sink.warning(ScenarioRules::StaleNodeList, pp + QStringLiteral("/command"),
                     ValidatorText::tr("%1 lists %2, but the lab's %3 nodes (%4) are now %5 (one added since the "
                                       "step was written?); {{nodes:%4}} and {{count:%4}} follow the lab")
                         .arg(where, list.written, list.role, list.selector, list.now.join(u',')),
                     step.node);
    for (const StepVariables::StaleCount &count : StepVariables::staleCounts(step, lab))
        sink.warning(ScenarioRules::StaleCount,
                     pp + (count.inCommand ? QStringLiteral("/command") : QStringLiteral("/expect")),
                     ValidatorText::tr("%1 %6 %2, how many nodes%3 the lab had before nodes were deleted; it now "
                                       "has %4; {{count%5}} follows the lab")
                         .arg(where)
                         .arg(count.was)
                         .arg(count.selector.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(count.selector))
                         .arg(count.now)
                         .arg(count.selector.isEmpty() ? QString() : u':' + count.selector)
                         .arg(count.inCommand ? ValidatorText::tr("runs with") : ValidatorText::tr("expects")),
                     step.node);
    const QStringList addresses = StepVariables::staleAddresses(step, lab);
    if (!addresses.isEmpty())
        sink.warning(ScenarioRules::StaleAddress, pp + QStringLiteral("/command"),
                     ValidatorText::tr("%1 names %2, an address in the lab's networks that no node has (readdressed "
                                       "since the step was written?); {{ip:NODE}} follows the lab")
                         .arg(where, addresses.join(QStringLiteral(", "))),
                     step.node);
}

} // namespace

bool ScenarioRules::isStrictShell(const QString &command)
{
    static const QRegularExpression strict(
        QRegularExpression::anchoredPattern(QStringLiteral("set\\s+-([A-Za-z]+)\\s+pipefail\\s*(;.*)?")));
    const QStringList lines = command.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const auto m = strict.match(line);
        if (!m.hasMatch())
            return false;
        const QString flags = m.captured(1);
        return flags.contains(QLatin1Char('e')) && flags.contains(QLatin1Char('u')) && flags.endsWith(QLatin1Char('o'));
    }
    return false;
}

bool ScenarioRules::acceptsEmptyOutput(const Expectation &e)
{
    if (e.isEmpty())
        return true;
    if (e.equals && !e.equals->isEmpty())
        return false;
    if (e.contains && !e.contains->isEmpty())
        return false;
    if (e.matches && !QRegularExpression(*e.matches).match(QString()).hasMatch())
        return false;
    if (e.integerOp)
        return false; // empty output is not an integer
    if (e.lineCount && *e.lineCount != 0)
        return false;
    return true;
}

void ScenarioRules::check(const Lab &lab, ProblemSink &sink)
{
    QSet<QString> names;
    for (int s = 0; s < lab.scenarios.size(); ++s) {
        const Scenario &scenario = lab.scenarios.at(s);
        const QString sp = QStringLiteral("/scenarios/%1").arg(s);
        const QString nameWhy = SafeName::check(scenario.name, SafeName::Kind::Scenario);
        if (!nameWhy.isEmpty() || names.contains(scenario.name))
            sink.error(ScenarioRules::NameInvalid, sp + QStringLiteral("/name"),
                       ValidatorText::tr("scenario name \"%1\" %2")
                           .arg(scenario.name, nameWhy.isEmpty() ? ValidatorText::tr("is used twice") : nameWhy));
        names.insert(scenario.name);
        if (scenario.gating && !scenario.enabled)
            sink.error(ScenarioRules::GatingDisabled, sp + QStringLiteral("/gating"),
                       ValidatorText::tr(
                           "scenario \"%1\" is gating but disabled; a disabled scenario never runs, so it cannot gate")
                           .arg(scenario.name));
        if (scenario.steps.isEmpty())
            sink.error(ScenarioRules::Empty, sp + QStringLiteral("/steps"),
                       ValidatorText::tr("scenario \"%1\" has no steps").arg(scenario.name));
        QSet<QString> stepIds;
        for (int t = 0; t < scenario.steps.size(); ++t) {
            const ScenarioStep &step = scenario.steps.at(t);
            const QString p = sp + QStringLiteral("/steps/%1").arg(t);
            const QString pp = p + QStringLiteral("/assertion/params");
            const QString where = ValidatorText::tr("scenario \"%1\" step \"%2\"").arg(scenario.name, step.id);
            const QString idWhy = SafeName::check(step.id, SafeName::Kind::Step);
            if (!idWhy.isEmpty() || stepIds.contains(step.id))
                sink.error(ScenarioRules::StepIdInvalid, p + QStringLiteral("/id"),
                           ValidatorText::tr("%1: step id %2")
                               .arg(where, idWhy.isEmpty() ? ValidatorText::tr("is used twice") : idWhy));
            stepIds.insert(step.id);
            if (!lab.node(step.node))
                sink.error(ScenarioRules::NodeUnknown, p + QStringLiteral("/node"),
                           ValidatorText::tr("%1 runs on node \"%2\", which does not exist").arg(where, step.node));
            const Assertion &a = step.assertion;
            if (!a.timeoutSeconds)
                sink.error(ScenarioRules::AssertionTimeoutMissing, pp,
                           ValidatorText::tr("%1 has no timeout_seconds; every wait must be bounded").arg(where),
                           step.node);
            else if (*a.timeoutSeconds < 1 || *a.timeoutSeconds > Catalog::MaxAssertionTimeoutSeconds)
                sink.error(ScenarioRules::AssertionTimeoutRange, pp + QStringLiteral("/timeout_seconds"),
                           ValidatorText::tr("%1: timeout %2 s is outside 1..%3 s")
                               .arg(where)
                               .arg(*a.timeoutSeconds)
                               .arg(Catalog::MaxAssertionTimeoutSeconds),
                           step.node);
            if (a.intervalSeconds
                && (*a.intervalSeconds < 1 || (a.timeoutSeconds && *a.intervalSeconds > *a.timeoutSeconds)))
                sink.error(ScenarioRules::AssertionIntervalRange, pp + QStringLiteral("/interval_seconds"),
                           ValidatorText::tr("%1: retry interval %2 s must be at least 1 s and within the timeout")
                               .arg(where)
                               .arg(*a.intervalSeconds),
                           step.node);
            AssertionTypeRegistry::of(a.type).validate(step, AssertionType::Where {pp, where}, sink);
            if (AssertionTypeRegistry::of(a.type).ownKeys().contains(QLatin1String("peer")))
                checkLinkPeer(lab, step, pp, where, sink);
            checkTopologyText(lab, step, pp, where, sink);
        }
    }
}

} // namespace Labforge
