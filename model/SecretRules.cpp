// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SecretRules.h"
#include "ValidatorText.h"

#include "JsonPointer.h"
#include "Lab.h"
#include "ProblemSink.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace Labforge {

namespace {

QString nodeOf(const Lab &lab, const QString &pointer)
{
    static const QRegularExpression nodePointer(QStringLiteral("^/nodes/([0-9]+)"));
    const auto m = nodePointer.match(pointer);
    if (!m.hasMatch())
        return {};
    const int i = m.captured(1).toInt();
    return i < lab.nodes.size() ? lab.nodes.at(i).id : QString();
}

bool isSecretKey(const QString &key)
{
    for (const char *word : {"password", "passwd", "secret", "private_key", "privatekey"}) {
        if (key.contains(QLatin1String(word), Qt::CaseInsensitive))
            return true;
    }
    return key.endsWith(QLatin1String("token"), Qt::CaseInsensitive);
}

// Looks at every free-text string of the lab (fields with a strict format, such as
// addresses, CIDRs and enumerations, cannot hold a token and are checked elsewhere). Pointers are built only when
// something is found, so a clean lab costs no string building (validation runs on every edit).
class Scanner
{
public:
    Scanner(const Lab &lab, ProblemSink &sink)
        : m_lab(lab)
        , m_sink(sink)
    { }

    template<typename PointerFn>
    void text(const QString &value, PointerFn pointer)
    {
        if (value.size() < 23)
            return; // shorter than a token or a key marker
        if (SecretRules::containsBootstrapToken(value))
            report(SecretRules::Token, pointer(),
                   ValidatorText::tr("a kubeadm bootstrap token is written here; the runner makes one per build group, "
                                     "never put one in the lab"));
        if (value.contains(QLatin1String("PRIVATE KEY-----")))
            report(SecretRules::PrivateKey, pointer(),
                   ValidatorText::tr("a private key is written here; keys live in the keychain, never in the lab"));
    }

    template<typename PointerFn>
    void texts(const QStringList &values, PointerFn pointer)
    {
        for (int i = 0; i < values.size(); ++i)
            text(values.at(i), [&] { return JsonPointer::append(pointer(), i); });
    }

    // Free-form JSON (service configs): keys are checked too.
    void json(const QJsonValue &value, const QString &pointer)
    {
        if (value.isObject()) {
            const QJsonObject o = value.toObject();
            for (auto it = o.begin(); it != o.end(); ++it) {
                const QString p = JsonPointer::append(pointer, it.key());
                if (isSecretKey(it.key()))
                    report(SecretRules::Key, p,
                           ValidatorText::tr("\"%1\" looks like a secret; secrets never go in the lab file "
                                             "(the runner keeps them in the keychain)")
                               .arg(it.key()));
                json(it.value(), p);
            }
        } else if (value.isArray()) {
            const QJsonArray a = value.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                json(a.at(i), JsonPointer::append(pointer, i));
        } else if (value.isString()) {
            text(value.toString(), [&] { return pointer; });
        }
    }

    void scan()
    {
        const Lab &lab = m_lab;
        text(lab.name, [] { return QStringLiteral("/name"); });
        text(lab.description, [] { return QStringLiteral("/description"); });
        for (int n = 0; n < lab.networks.size(); ++n) {
            const Network &net = lab.networks.at(n);
            const auto p = [n] {
                return QStringLiteral("/networks/%1").arg(n);
            };
            text(net.name, [&] { return p() + QStringLiteral("/name"); });
            texts(net.dnsServers, [&] { return p() + QStringLiteral("/dns_servers"); });
        }
        for (int i = 0; i < lab.nodes.size(); ++i) {
            const Node &node = lab.nodes.at(i);
            const auto p = [i] {
                return QStringLiteral("/nodes/%1").arg(i);
            };
            text(node.id, [&] { return p() + QStringLiteral("/node_id"); });
            for (int d = 0; d < node.disks.size(); ++d) {
                text(node.disks.at(d).id, [&] { return p() + QStringLiteral("/disks/%1/id").arg(d); });
                text(node.disks.at(d).serial, [&] { return p() + QStringLiteral("/disks/%1/serial").arg(d); });
            }
            texts(node.recipe.features, [&] { return p() + QStringLiteral("/recipe/features"); });
            texts(node.recipe.packages, [&] { return p() + QStringLiteral("/recipe/packages"); });
            for (int u = 0; u < node.recipe.users.size(); ++u)
                text(node.recipe.users.at(u).name,
                     [&] { return p() + QStringLiteral("/recipe/users/%1/name").arg(u); });
            for (int s = 0; s < node.recipe.services.size(); ++s) {
                const Service &service = node.recipe.services.at(s);
                text(service.name, [&] { return p() + QStringLiteral("/recipe/services/%1/name").arg(s); });
                if (!service.config.isEmpty())
                    json(service.config, p() + QStringLiteral("/recipe/services/%1/config").arg(s));
            }
        }
        for (int s = 0; s < lab.scenarios.size(); ++s) {
            const Scenario &scenario = lab.scenarios.at(s);
            const auto p = [s] {
                return QStringLiteral("/scenarios/%1").arg(s);
            };
            text(scenario.name, [&] { return p() + QStringLiteral("/name"); });
            text(scenario.description, [&] { return p() + QStringLiteral("/description"); });
            for (int t = 0; t < scenario.steps.size(); ++t) {
                const ScenarioStep &step = scenario.steps.at(t);
                const auto sp = [&] {
                    return p() + QStringLiteral("/steps/%1").arg(t);
                };
                const auto pp = [&] {
                    return sp() + QStringLiteral("/assertion/params");
                };
                text(step.id, [&] { return sp() + QStringLiteral("/id"); });
                text(step.description, [&] { return sp() + QStringLiteral("/description"); });
                text(step.assertion.command, [&] { return pp() + QStringLiteral("/command"); });
                const Expectation &e = step.assertion.expect;
                for (const auto &entry :
                     {std::pair {"equals", e.equals}, {"contains", e.contains}, {"matches", e.matches}}) {
                    const char *field = entry.first;
                    if (entry.second)
                        text(*entry.second, [&] { return pp() + QStringLiteral("/expect/") + QLatin1String(field); });
                }
            }
        }
        for (int w = 0; w < lab.warnings.size(); ++w) {
            text(lab.warnings.at(w).id, [w] { return QStringLiteral("/warnings/%1/id").arg(w); });
            text(lab.warnings.at(w).text, [w] { return QStringLiteral("/warnings/%1/text").arg(w); });
        }
    }

private:
    void report(const RuleId &rule, const QString &pointer, const QString &message)
    {
        m_sink.error(rule, pointer, message, nodeOf(m_lab, pointer));
    }

    const Lab &m_lab;
    ProblemSink &m_sink;
};

} // namespace

bool SecretRules::containsBootstrapToken(const QString &text)
{
    if (text.size() < 23 || !text.contains(QLatin1Char('.')))
        return false;
    static const QRegularExpression token(QStringLiteral("(?<![a-z0-9])[a-z0-9]{6}\\.[a-z0-9]{16}(?![a-z0-9])"));
    return token.match(text).hasMatch();
}

void SecretRules::check(const Lab &lab, ProblemSink &sink)
{
    Scanner(lab, sink).scan();
}

} // namespace Labforge
