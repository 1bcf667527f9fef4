#include "SecretRules.h"

#include "JsonPointer.h"
#include "Lab.h"
#include "LabWriter.h"
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

void walk(const Lab &lab, const QJsonValue &value, const QString &pointer, ProblemSink &sink)
{
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        static const QRegularExpression secretKey(QStringLiteral("(password|passwd|secret|token$|private_key|privatekey)"),
                                                  QRegularExpression::CaseInsensitiveOption);
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString p = JsonPointer::append(pointer, it.key());
            if (secretKey.match(it.key()).hasMatch() && !it.key().endsWith(QLatin1String("_ttl_seconds")))
                sink.error(QStringLiteral("secret.key"), p,
                           QStringLiteral("\"%1\" looks like a secret; secrets never go in the lab file "
                                          "(the runner keeps them in the keychain)").arg(it.key()),
                           nodeOf(lab, p));
            walk(lab, it.value(), p, sink);
        }
    } else if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            walk(lab, a.at(i), JsonPointer::append(pointer, i), sink);
    } else if (value.isString()) {
        const QString s = value.toString();
        if (SecretRules::containsBootstrapToken(s))
            sink.error(QStringLiteral("secret.token"), pointer,
                       QStringLiteral("a kubeadm bootstrap token is written here; the runner makes one per build group, "
                                      "never put one in the lab"),
                       nodeOf(lab, pointer));
        if (s.contains(QLatin1String("PRIVATE KEY-----")))
            sink.error(QStringLiteral("secret.private-key"), pointer,
                       QStringLiteral("a private key is written here; keys live in the keychain, never in the lab"), nodeOf(lab, pointer));
    }
}

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
    walk(lab, LabWriter::toJson(lab), QString(), sink);
}

} // namespace Labforge
