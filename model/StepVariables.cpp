// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StepVariables.h"

#include "Cidr.h"
#include "Ipv4.h"
#include "Lab.h"

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

// The nodes a selector names: "" every node, "role=R", "feature=F"; nullopt when it is neither.
std::optional<QStringList> select(const Lab &lab, const QString &selector)
{
    QStringList ids;
    const QString key = selector.section(u'=', 0, 0).trimmed();
    const QString value = selector.section(u'=', 1).trimmed();
    if (!selector.trimmed().isEmpty() && key != u"role" && key != u"feature")
        return std::nullopt;
    for (const Node &n : lab.nodes) {
        if (selector.trimmed().isEmpty() || (key == u"role" && n.role == value)
            || (key == u"feature" && n.recipe.hasFeature(value)))
            ids.append(n.id);
    }
    ids.sort();
    return ids;
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
            const auto ids = select(lab, argument);
            ok = ids.has_value();
            if (ok)
                value = name == u"nodes" ? ids->join(u',') : QString::number(ids->size());
            else
                e.errors.append(QStringLiteral("%1: the selector is role=ROLE or feature=FEATURE").arg(m.captured(0)));
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

ScenarioStep StepVariables::expanded(const ScenarioStep &step, const Lab &lab, QStringList *errors)
{
    ScenarioStep out = step;
    const auto apply = [&](QString &text) {
        const Expansion e = expand(text, lab);
        text = e.text;
        if (errors)
            *errors += e.errors;
    };
    apply(out.assertion.command);
    for (std::optional<QString> *field :
         {&out.assertion.expect.equals, &out.assertion.expect.contains, &out.assertion.expect.matches}) {
        if (field->has_value())
            apply(**field);
    }
    return out;
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
        static const QRegularExpression numbered(QStringLiteral("^(.+)-[0-9]+$"));
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
    return stale;
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
            roles.insert(n ? n->role : QString());
        }
        if (roles.size() != 1 || roles.contains(QString()))
            continue; // not only nodes of this lab, or of several roles
        const QString role = *roles.cbegin();
        QStringList all = *select(lab, QStringLiteral("role=") + role);
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
