// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkOps.h"

#include "LiveLab.h"

#include <QJsonObject>

#include <functional>

namespace Labforge {

namespace {

// Why `links` refused: node.unknown when the run has no VM for an end, else `id` in the runner's words.
OpError refusal(const LinkControl &links, const QString &id, const QString &error, const OpPlace &place)
{
    if (const QString node = links.unknownNode(); !node.isEmpty())
        return OpError(OpError::Kind::Failed, QStringLiteral("node.unknown"),
                       QT_TRANSLATE_NOOP("Labforge::Operations", "the run has no VM for node %1"), {node},
                       {place.lab, node, place.link});
    return OpError::runnerWords(OpError::Kind::Failed, id, error, place);
}

// `act` on the links of the lab's run: `value` when it did, else why (refusal, with `id`).
template<typename T>
Outcome<T> onLinks(const QString &lab, const LinkOps::Link &link, const QString &id,
                   const std::function<bool(LinkControl &, QString *)> &act, T value)
{
    const Outcome<LiveLab::Run> live = LiveLab::run(lab);
    if (!live)
        return live.error();
    LinkControl links(live->directory);
    QString error;
    if (!act(links, &error))
        return refusal(links, id, error, {live->lab, {}, link.name()});
    return value;
}

} // namespace

Outcome<LinkOps::Action> LinkOps::action(const QString &word, const OpPlace &place)
{
    if (word == QLatin1String("down"))
        return Action::Down;
    if (word == QLatin1String("up"))
        return Action::Up;
    if (word == QLatin1String("impair"))
        return Action::Impair;
    return OpError(OpError::Kind::Unusable, QStringLiteral("link.action_unknown"),
                   QT_TRANSLATE_NOOP("Labforge::Operations", "no link action %1 (down, up, impair)"), {word}, place);
}

std::optional<OpError> LinkOps::check(const Impairment &impairment, const OpPlace &place)
{
    if (const QString why = impairment.problem(); !why.isEmpty())
        return OpError::runnerWords(OpError::Kind::Unusable, QStringLiteral("link.impairment_invalid"), why, place);
    return std::nullopt;
}

Outcome<LinkOps::Change> LinkOps::change(const QString &lab, Action action, const Link &link,
                                         const Impairment &impairment)
{
    if (auto invalid = check(impairment, {lab, {}, link.name()}))
        return *invalid;
    const auto act = [&](LinkControl &links, QString *error) {
        switch (action) {
        case Action::Down:
            return links.cut(link.a, link.b, link.network, error);
        case Action::Up:
            return links.restore(link.a, link.b, link.network, error);
        case Action::Impair:
            return links.impair(link.a, link.b, link.network, impairment, error);
        }
        return false;
    };
    return onLinks(lab, link, QStringLiteral("link.failed"), act,
                   Change {action, link, action == Action::Impair ? impairment : Impairment {}});
}

Outcome<QList<LinkOps::InForce>> LinkOps::inForce(const QString &lab)
{
    const Outcome<LiveLab::Run> live = LiveLab::run(lab);
    if (!live)
        return live.error();
    QList<InForce> rows;
    for (const QJsonValue v : LinkControl(live->directory).inForce()) {
        const QJsonObject o = v.toObject();
        rows.append({o.value(QStringLiteral("a")).toString(), o.value(QStringLiteral("b")).toString(),
                     o.value(QStringLiteral("network")).toString(), o.value(QStringLiteral("kind")).toString(),
                     o.value(QStringLiteral("detail")).toString()});
    }
    return rows;
}

Outcome<LinkOps::Capture> LinkOps::capture(const QString &lab, const Link &link, const QString &file, int seconds)
{
    if (seconds < 1 || seconds > 86400)
        return OpError(OpError::Kind::Unusable, QStringLiteral("capture.duration_invalid"),
                       QT_TRANSLATE_NOOP("Labforge::Operations", "a capture of %1 s is not from 1 to 86400 seconds"),
                       {QString::number(seconds)}, {lab, {}, link.name()});
    return onLinks(
        lab, link, QStringLiteral("capture.failed"),
        [&](LinkControl &links, QString *error) {
            return links.capture(link.a, link.b, link.network, file, seconds, error);
        },
        Capture {link, file, seconds});
}

} // namespace Labforge
