// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace Labforge {

// Cuts, restores, impairs and captures the link between two nodes of a running lab, on the
// host side of their interfaces (the bridge and the taps libvirt made for the run's own VMs):
//   cut      the bridge drops the frames between the two ends' MACs (ebtables, both ways):
//            the two lose each other and nothing else;
//   impair   netem on the frames A sends to B (a prio band on B's tap, chosen by A's MAC):
//            `delay` adds that much to a round trip between them;
//   capture  tcpdump on A's tap, of the frames to and from B (pcap).
// What is in force is kept in the run directory (links.json) for `link show`; impairments go
// with the taps when the run's VMs do, and `down` lifts the cuts (RunTeardown).
class LinkControl
{
public:
    struct Impairment
    {
        int delayMs = 0;
        int jitterMs = 0;
        double lossPercent = 0;
        double rateMbit = 0;
        static constexpr int MaxDelayMs = 60000;
        static constexpr double MaxRateMbit = 100000;
        bool isEmpty() const { return delayMs == 0 && jitterMs == 0 && lossPercent == 0 && rateMbit == 0; }
        // Why tc may not be given these numbers (not finite, negative, a loss over 100 %,
        // a delay, jitter or rate beyond its bound), naming the option; empty when they do.
        // impair() refuses them before it runs anything, whoever calls it.
        QString problem() const;
        QString text() const;
    };
    // One end of a link: the node, its tap on the host and its MAC on the link's network.
    struct End
    {
        QString node;
        QString tap;
        QString mac;
        QString network;
    };

    explicit LinkControl(QString runDirectory);

    // The two ends of the link between `a` and `b`: on `network` when given (the bootplan's
    // libvirt network name or the lab's), else on the one network they share.
    std::optional<std::pair<End, End>> ends(const QString &a, const QString &b, const QString &network,
                                            QString *error) const;
    bool cut(const QString &a, const QString &b, const QString &network, QString *error);
    // Lifts the cut and the impairments between a and b, both ways.
    bool restore(const QString &a, const QString &b, const QString &network, QString *error);
    bool impair(const QString &a, const QString &b, const QString &network, const Impairment &impairment,
                QString *error);
    // Writes the frames between a and b to `file` (pcap, 0600) for `seconds`.
    // The file is checked first (absent or a regular file: OutputFile) and replaced only when
    // tcpdump ran its time: one that fails leaves an existing file as it was.
    bool capture(const QString &a, const QString &b, const QString &network, const QString &file, int seconds,
                 QString *error);
    // What capture runs once the link is found: tcpdump (found on PATH) on `tap`, of the
    // frames to and from `peerMac`.
    static bool captureFrames(const QString &tap, const QString &peerMac, const QString &file, int seconds,
                              QString *error);
    // Lifts every cut the run made (the bridge's rules outlive the VMs) and forgets them all.
    void liftAll();
    // What is in force: [{a, b, network, kind, detail, …}].
    QJsonArray inForce() const;
    // When the last call failed because the run has no VM for one of the two nodes: that node.
    QString unknownNode() const { return m_unknownNode; }

private:
    QString statePath() const { return m_runDirectory + QStringLiteral("/links.json"); }
    bool record(const End &a, const End &b, const QString &what, const QString &detail, bool add, QString *error);

    QString m_runDirectory;
    mutable QString m_unknownNode;
};

} // namespace Labforge
