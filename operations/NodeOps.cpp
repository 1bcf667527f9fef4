// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeOps.h"

#include "LibvirtLabActions.h"
#include "LiveLab.h"
#include "RunInventory.h"
#include "SshConfig.h"
#include "Transport.h"

#include <memory>

namespace Labforge {

namespace {

const QStringList &actionWords()
{
    static const QStringList words {QStringLiteral("stop"), QStringLiteral("start"), QStringLiteral("restart"),
                                    QStringLiteral("power-cycle")};
    return words;
}

void tell(const EventSink &progress, const QString &node, RunEvent::NodeState state)
{
    if (!progress)
        return;
    RunEvent event;
    event.type = RunEvent::Type::NodeState;
    event.node = node;
    event.nodeState = state;
    progress(event);
}

} // namespace

Outcome<NodeOps::Action> NodeOps::action(const QString &word, const OpPlace &place)
{
    const qsizetype at = actionWords().indexOf(word);
    if (at < 0)
        return OpError(
            OpError::Kind::Unusable, QStringLiteral("node.action_unknown"),
            QT_TRANSLATE_NOOP("Labforge::Operations", "no node action %1 (stop, start, restart, power-cycle)"), {word},
            place);
    return Action(at);
}

QString NodeOps::word(Action action)
{
    return actionWords().at(int(action));
}

QStringList NodeOps::words()
{
    return actionWords();
}

Outcome<NodeOps::Done> NodeOps::run(const QString &lab, Action action, const QString &node, const Options &options,
                                    const CancelToken &cancel, const EventSink &progress)
{
    const int timeout = options.timeoutSeconds == 0 ? defaultTimeout(action) : options.timeoutSeconds;
    if (timeout < 1 || timeout > 86400)
        return OpError(OpError::Kind::Unusable, QStringLiteral("node.timeout_invalid"),
                       QT_TRANSLATE_NOOP("Labforge::Operations", "a wait of %1 s is not from 1 to 86400 seconds"),
                       {QString::number(timeout)}, {lab, node, {}});
    const Outcome<LiveLab::Run> live = LiveLab::run(lab);
    if (!live)
        return live.error();
    const QString &directory = live->directory;
    const OpPlace place {live->lab, node, {}};
    QString error;
    const std::unique_ptr<Transport> transport = SshConfig::transport(directory, &error);
    if (!transport)
        return OpError::runnerWords(OpError::Kind::Unusable, QStringLiteral("run.unusable"), error, place);
    // The node is looked up as the runner would (after the inventory loads), to say so typed.
    if (RunInventory inventory(directory); inventory.load(&error) && !inventory.domainOf(node)) {
        transport->close();
        return OpError(OpError::Kind::Failed, QStringLiteral("node.unknown"),
                       QT_TRANSLATE_NOOP("Labforge::Operations", "the run has no VM for node %1"), {node}, place);
    }
    LibvirtLabActions actions(directory, *transport);
    const bool comesBack = action != Action::Stop && !(action == Action::Start && options.noWait);
    if (comesBack)
        tell(progress, node, RunEvent::NodeState::Booting);
    LabActions::Result result;
    switch (action) {
    case Action::Stop:
        result = actions.stop(node, options.force, timeout * 1000, cancel);
        break;
    case Action::Start:
        result = actions.start(node, options.noWait ? 0 : timeout * 1000, cancel);
        break;
    case Action::Restart:
        result = actions.restart(node, timeout * 1000, cancel);
        break;
    case Action::PowerCycle:
        result = actions.powerCycle(node, timeout * 1000, cancel);
        break;
    }
    transport->close();
    if (comesBack)
        tell(progress, node, result.ok ? RunEvent::NodeState::Up : RunEvent::NodeState::Failed);
    if (!result.ok)
        return OpError::runnerWords(OpError::Kind::Failed, QStringLiteral("node.failed"), result.message, place);
    return Done {action, node, result.message, result.output};
}

} // namespace Labforge
