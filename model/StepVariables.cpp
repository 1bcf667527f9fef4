// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StepVariables.h"

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
    QString text = step.assertion.command;
    for (const std::optional<QString> &field :
         {step.assertion.expect.equals, step.assertion.expect.contains, step.assertion.expect.matches})
        text += u'\n' + field.value_or(QString());
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

} // namespace Labforge
