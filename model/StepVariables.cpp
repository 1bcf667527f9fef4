// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StepVariables.h"

#include "Cidr.h"
#include "FeatureRegistry.h"
#include "Ipv4.h"
#include "Lab.h"
#include "LabFormat.h"
#include "MembershipRules.h"
#include "RoleRegistry.h"
#include "ScenarioRules.h"

#include <QRegularExpression>
#include <QSet>

namespace Labforge {

namespace {

const QRegularExpression &variablePattern()
{
    // Only labforge's names: any other {{…}} (a Go template's {{end}}, {{.Names}}) stays as written.
    static const QRegularExpression pattern(QStringLiteral("\\{\\{\\s*(nodes|count|ip)(?::([^}]*))?\\s*\\}\\}"));
    return pattern;
}

// What a selector names: "" every node, "role=R", "feature=F".
struct Selection
{
    QStringList ids; // sorted
    QString error; // not a selector, or a role or feature labforge does not know
    QString warning; // a known role or feature that no node of this lab has
};

Selection select(const Lab &lab, const QString &selector)
{
    Selection s;
    // Clauses joined by commas all hold: role=compute,feature=slurm-native is Slurm's compute nodes.
    QList<std::pair<QString, QString>> clauses;
    for (const QString &clause : selector.split(u',', Qt::SkipEmptyParts)) {
        const QString key = clause.section(u'=', 0, 0).trimmed();
        if (key != u"role" && key != u"feature") {
            s.error = QStringLiteral("the selector is role=ROLE, feature=FEATURE or both, joined by a comma");
            return s;
        }
        clauses.append({key, clause.section(u'=', 1).trimmed()});
    }
    if (clauses.isEmpty() && !selector.trimmed().isEmpty()) {
        s.error = QStringLiteral("the selector is role=ROLE, feature=FEATURE or both, joined by a comma");
        return s;
    }
    for (const Node &n : lab.nodes) {
        if (std::all_of(clauses.cbegin(), clauses.cend(), [&n](const auto &c) {
                return c.first == u"role" ? n.role == c.second : n.recipe.hasFeature(c.second);
            }))
            s.ids.append(n.id);
    }
    s.ids.sort();
    if (!s.ids.isEmpty() || clauses.isEmpty())
        return s;
    // Nothing matches: a typo (a gating step that could never fail) or a role the lab lacks.
    for (const auto &[key, value] : std::as_const(clauses)) {
        const bool known = key == u"role" ? RoleRegistry::role(value) != nullptr
                                          : FeatureRegistry::instance().feature(value) != nullptr;
        if (!known) {
            s.error = QStringLiteral("no node has %1 \"%2\" and labforge knows no such %1").arg(key, value);
            return s;
        }
    }
    s.warning = QStringLiteral("no node of this lab has %1: it expands to nothing").arg(selector.trimmed());
    return s;
}

// The selector that names the nodes of `role` a list means: the members of a cluster feature
// all the listed nodes run (Slurm's compute nodes, not a compute node outside the cluster), as
// feature=F when the feature's members are all of that role, and role=R when role and
// membership agree. Among several such features, the one with the fewest members.
QString listSelector(const Lab &lab, const QString &role, const QStringList &listed)
{
    const QString byRole = QStringLiteral("role=") + role;
    const QStringList ofRole = select(lab, byRole).ids;
    QStringList common;
    bool first = true;
    for (const QString &id : listed) {
        const Node *n = lab.node(id);
        if (!n)
            continue;
        QStringList features;
        for (const QString &f : n->recipe.features) {
            if (MembershipRules::isClusterFeature(f) && (first || common.contains(f)))
                features.append(f);
        }
        common = features;
        first = false;
    }
    QString best = byRole;
    qsizetype fewest = ofRole.size();
    common.sort();
    for (const QString &f : std::as_const(common)) {
        const QString both = byRole + QStringLiteral(",feature=") + f;
        const QStringList members = select(lab, both).ids;
        if (members.size() >= fewest)
            continue; // role and membership agree: the role says it
        fewest = members.size();
        best = select(lab, QStringLiteral("feature=") + f).ids == members ? QStringLiteral("feature=") + f : both;
    }
    return best;
}

} // namespace

bool StepVariables::hasVariables(const QString &text)
{
    return variablePattern().match(text).hasMatch();
}

StepVariables::Expansion StepVariables::expand(const QString &text, const Lab &lab)
{
    Expansion e;
    qsizetype last = 0;
    QRegularExpressionMatchIterator it = variablePattern().globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        e.text += text.mid(last, m.capturedStart() - last);
        last = m.capturedEnd();
        const QString name = m.captured(1);
        const QString argument = m.captured(2).trimmed();
        QString value;
        bool ok = true;
        if (name == u"nodes" || name == u"count") {
            const Selection selection = select(lab, argument);
            ok = selection.error.isEmpty();
            if (ok)
                value = name == u"nodes" ? selection.ids.join(u',') : QString::number(selection.ids.size());
            else
                e.errors.append(QStringLiteral("%1: %2").arg(m.captured(0), selection.error));
            if (!selection.warning.isEmpty())
                e.warnings.append(QStringLiteral("%1: %2").arg(m.captured(0), selection.warning));
        } else if (name == u"ip") {
            const Node *node = lab.node(argument);
            ok = node && !node->ip().isEmpty();
            if (ok)
                value = node->ip();
            else
                e.errors.append(
                    QStringLiteral("%1: the lab has no node \"%2\" with an address").arg(m.captured(0), argument));
        }
        e.text += ok ? value : m.captured(0);
    }
    e.text += text.mid(last);
    return e;
}

ScenarioStep StepVariables::expanded(const ScenarioStep &step, const Lab &lab, QStringList *errors,
                                     QStringList *warnings)
{
    ScenarioStep out = step;
    const auto apply = [&](QString &text) {
        const Expansion e = expand(text, lab);
        text = e.text;
        if (errors)
            *errors += e.errors;
        if (warnings)
            *warnings += e.warnings;
    };
    apply(out.assertion.command);
    for (std::optional<QString> *field :
         {&out.assertion.expect.equals, &out.assertion.expect.contains, &out.assertion.expect.matches}) {
        if (field->has_value())
            apply(**field);
    }
    return out;
}

bool StepVariables::expansionEmptiesExpectation(const ScenarioStep &step, const ScenarioStep &expanded)
{
    return !step.assertion.expect.isEmpty() && !ScenarioRules::acceptsEmptyOutput(step.assertion.expect)
        && ScenarioRules::acceptsEmptyOutput(expanded.assertion.expect);
}

QString StepVariables::text(const ScenarioStep &step)
{
    QString text = step.assertion.command;
    for (const std::optional<QString> &field :
         {step.assertion.expect.equals, step.assertion.expect.contains, step.assertion.expect.matches})
        text += u'\n' + field.value_or(QString());
    return text;
}

QStringList StepVariables::staleNodeNames(const ScenarioStep &step, const Lab &lab)
{
    QSet<QString> ids, stems;
    for (const Node &n : lab.nodes) {
        ids.insert(n.id);
        stems.insert(n.role);
        static const QRegularExpression numbered(QRegularExpression::anchoredPattern(QStringLiteral("(.+)-[0-9]+")));
        if (const QRegularExpressionMatch m = numbered.match(n.id); m.hasMatch())
            stems.insert(m.captured(1));
    }
    const QString text = StepVariables::text(step);
    static const QRegularExpression word(
        QStringLiteral("(?<![A-Za-z0-9_.-])([a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*)-([0-9]+)(?![A-Za-z0-9_-])"));
    QStringList stale;
    QRegularExpressionMatchIterator it = word.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QString name = m.captured(0);
        if (stems.contains(m.captured(1)) && !ids.contains(name) && !stale.contains(name))
            stale.append(name);
    }
    // The ids a rename or delete took away, whatever they look like, as whole words.
    for (const QString &former : lab.formerNodeIds) {
        const QRegularExpression whole(
            QStringLiteral("(?<![A-Za-z0-9_.-])%1(?![A-Za-z0-9_-])").arg(QRegularExpression::escape(former)));
        if (!ids.contains(former) && !stale.contains(former) && whole.match(text).hasMatch())
            stale.append(former);
    }
    return stale;
}

QRegularExpression StepVariables::countPattern(int count, bool inCommand)
{
    const QString digits = count < 0 ? QStringLiteral("[0-9]+") : QString::number(count);
    if (!inCommand)
        return QRegularExpression(QStringLiteral("(?<![0-9.])%1(?![0-9]|\\.[0-9])").arg(digits));
    // In a command, a whole number standing alone or as an option's value (-N5, --nodes=5,
    // grep -c 5), not part of a name (compute-5, ens5), an address, a path, a size (5G), a
    // time (5s, sleep 5, timeout 5), a positional parameter or field ($5), a format (%5d) or
    // a redirect (2>&1).
    return QRegularExpression(
        QStringLiteral("(?<!sleep )(?<!timeout )"
                       "(?:(?<=^-[A-Za-z])|(?<=[^A-Za-z0-9]-[A-Za-z])|(?<![A-Za-z0-9_.:/$&%#-]))%1"
                       "(?![0-9A-Za-z_<>%]|\\.[0-9])")
            .arg(digits));
}

QList<StepVariables::StaleCount> StepVariables::staleCounts(const ScenarioStep &step, const Lab &lab)
{
    const auto numbers = [](const QString &text, const QRegularExpression &number) {
        QSet<int> written;
        QRegularExpressionMatchIterator it = number.globalMatch(text);
        while (it.hasNext())
            written.insert(it.next().captured(0).toInt());
        return written;
    };
    QString expected;
    for (const std::optional<QString> &field :
         {step.assertion.expect.equals, step.assertion.expect.contains, step.assertion.expect.matches})
        expected += u'\n' + field.value_or(QString());
    static const QRegularExpression number = countPattern(-1, false);
    static const QRegularExpression argument = countPattern(-1, true);
    const QSet<int> inExpect = numbers(expected, number);
    const QSet<int> inCommand = numbers(step.assertion.command, argument);
    QList<StaleCount> out;
    for (auto c = lab.formerCounts.cbegin(); c != lab.formerCounts.cend(); ++c) {
        const int now = int(select(lab, c.key()).ids.size());
        const bool taken =
            std::any_of(out.cbegin(), out.cend(), [&](const StaleCount &s) { return s.was == c.value(); });
        // 0 and 1 stand in too many commands (head -n1, exit 1) to say they count nodes.
        const bool written = inExpect.contains(c.value()) || (c.value() > 1 && inCommand.contains(c.value()));
        if (written && now != c.value() && !taken)
            out.append(StaleCount {c.key(), c.value(), now, !inExpect.contains(c.value())});
    }
    return out;
}

void StepVariables::forgetSettled(Lab &lab)
{
    if (lab.formerNodeIds.isEmpty() && lab.formerCounts.isEmpty() && lab.renamedNodeIds.isEmpty())
        return;
    QSet<QString> named;
    QSet<int> counted;
    for (const Scenario &scenario : std::as_const(lab.scenarios)) {
        for (const ScenarioStep &step : scenario.steps) {
            for (const QString &name : staleNodeNames(step, lab))
                named.insert(name);
            for (const StaleCount &count : staleCounts(step, lab))
                counted.insert(count.was);
        }
    }
    lab.formerNodeIds.removeIf([&named](const QString &id) { return !named.contains(id); });
    while (lab.formerNodeIds.size() > LabFormat::MaxFormerEntries)
        lab.formerNodeIds.removeFirst(); // the oldest go first
    lab.renamedNodeIds.removeIf([&lab](const auto &rename) {
        return !lab.formerNodeIds.contains(rename.key()) || lab.renamedTo(rename.key()).isEmpty();
    });
    lab.formerCounts.removeIf([&](const auto &c) {
        return !counted.contains(c.value()) || int(select(lab, c.key()).ids.size()) == c.value();
    });
    while (lab.formerCounts.size() > LabFormat::MaxFormerEntries)
        lab.formerCounts.erase(std::prev(lab.formerCounts.end()));
}

QList<StepVariables::NodeList> StepVariables::incompleteNodeLists(const ScenarioStep &step, const Lab &lab)
{
    static const QRegularExpression list(
        QStringLiteral("(?<![A-Za-z0-9_.-])[A-Za-z0-9][A-Za-z0-9-]*(?:,[A-Za-z0-9][A-Za-z0-9-]*)+(?![A-Za-z0-9_-])"));
    QList<NodeList> found;
    QRegularExpressionMatchIterator it = list.globalMatch(text(step));
    while (it.hasNext()) {
        const QString written = it.next().captured(0);
        QStringList ids = written.split(u',');
        QSet<QString> roles;
        for (const QString &id : std::as_const(ids)) {
            const Node *n = lab.node(id);
            if (n || !lab.formerNodeIds.contains(id)) // a node deleted since leaves the list stale
                roles.insert(n ? n->role : QString());
        }
        if (roles.size() != 1 || roles.contains(QString()))
            continue; // not only nodes of this lab, or of several roles
        const QString role = *roles.cbegin();
        const QString selector = listSelector(lab, role, ids);
        const QStringList all = select(lab, selector).ids;
        ids.sort();
        const bool seen =
            std::any_of(found.cbegin(), found.cend(), [&](const NodeList &l) { return l.written == written; });
        if (ids != all && !seen)
            found.append(NodeList {written, role, all, selector});
    }
    return found;
}

QStringList StepVariables::staleAddresses(const ScenarioStep &step, const Lab &lab)
{
    QList<Cidr> networks;
    QSet<quint32> known; // the networks' own addresses, gateways, DNS servers and every node's
    const auto know = [&known](const QString &text) {
        if (const auto address = Ipv4::parse(text))
            known.insert(*address);
    };
    for (const Network &n : lab.networks) {
        if (const auto cidr = Cidr::parse(n.cidr)) {
            networks.append(*cidr);
            known.insert(cidr->network());
        }
        know(n.gateway);
        for (const QString &dns : n.dnsServers)
            know(dns);
    }
    for (const Node &n : lab.nodes) {
        for (const NodeInterface &i : n.interfaces)
            know(i.ip);
    }
    static const QRegularExpression address(
        QStringLiteral("(?<![0-9.])[0-9]{1,3}(?:\\.[0-9]{1,3}){3}(?![0-9]|\\.[0-9])"));
    QStringList stale;
    QRegularExpressionMatchIterator it = address.globalMatch(text(step));
    while (it.hasNext()) {
        const QString ip = it.next().captured(0);
        const std::optional<quint32> value = Ipv4::parse(ip);
        const bool inLab = value && std::any_of(networks.cbegin(), networks.cend(), [&](const Cidr &c) {
                               return c.contains(*value) && *value != c.broadcast();
                           });
        if (inLab && !known.contains(*value) && !stale.contains(ip))
            stale.append(ip);
    }
    return stale;
}

} // namespace Labforge
