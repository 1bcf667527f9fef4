// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StepVariables.h"

#include "Cidr.h"
#include "FeatureRegistry.h"
#include "Ipv4.h"
#include "Lab.h"
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
    const QString key = selector.section(u'=', 0, 0).trimmed();
    const QString value = selector.section(u'=', 1).trimmed();
    if (!selector.trimmed().isEmpty() && key != u"role" && key != u"feature") {
        s.error = QStringLiteral("the selector is role=ROLE or feature=FEATURE");
        return s;
    }
    for (const Node &n : lab.nodes) {
        if (selector.trimmed().isEmpty() || (key == u"role" && n.role == value)
            || (key == u"feature" && n.recipe.hasFeature(value)))
            s.ids.append(n.id);
    }
    s.ids.sort();
    if (!s.ids.isEmpty() || selector.trimmed().isEmpty())
        return s;
    // Nothing matches: a typo (a gating step that could never fail) or a role the lab lacks.
    const bool known =
        key == u"role" ? RoleRegistry::role(value) != nullptr : FeatureRegistry::instance().feature(value) != nullptr;
    if (known)
        s.warning = QStringLiteral("no node of this lab has %1 %2: it expands to nothing").arg(key, value);
    else
        s.error = QStringLiteral("no node has %1 \"%2\" and labforge knows no such %1").arg(key, value);
    return s;
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

QList<StepVariables::StaleCount> StepVariables::staleCounts(const ScenarioStep &step, const Lab &lab)
{
    QString expected;
    for (const std::optional<QString> &field :
         {step.assertion.expect.equals, step.assertion.expect.contains, step.assertion.expect.matches})
        expected += u'\n' + field.value_or(QString());
    static const QRegularExpression number(QStringLiteral("(?<![0-9.])[0-9]+(?![0-9]|\\.[0-9])"));
    QSet<int> written;
    QRegularExpressionMatchIterator it = number.globalMatch(expected);
    while (it.hasNext())
        written.insert(it.next().captured(0).toInt());
    QList<StaleCount> out;
    for (auto c = lab.formerCounts.cbegin(); c != lab.formerCounts.cend(); ++c) {
        const int now = int(select(lab, c.key()).ids.size());
        const bool taken =
            std::any_of(out.cbegin(), out.cend(), [&](const StaleCount &s) { return s.was == c.value(); });
        if (written.contains(c.value()) && now != c.value() && !taken)
            out.append(StaleCount {c.key(), c.value(), now});
    }
    return out;
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
        QStringList all = select(lab, QStringLiteral("role=") + role).ids;
        ids.sort();
        all.sort();
        const bool seen =
            std::any_of(found.cbegin(), found.cend(), [&](const NodeList &l) { return l.written == written; });
        if (ids != all && !seen)
            found.append(NodeList {written, role, all});
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
