// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkControl.h"

#include "HostCommand.h"
#include "Libvirt.h"
#include "OutputFile.h"
#include "PrivateFile.h"
#include "RegularFile.h"
#include "RunInventory.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QThread>
#include <QXmlStreamReader>

#include <cmath>

namespace Labforge {

namespace {

constexpr int FirstBand = 2; // band 1 (class 1:1) carries what no impairment selects
constexpr int LastBand = 16; // prio's most

struct Interface
{
    QString mac;
    QString network;
    QString tap;
};

QList<Interface> interfacesOf(const QByteArray &xml)
{
    QList<Interface> out;
    QXmlStreamReader r(xml);
    bool inside = false;
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement() && r.name() == u"interface") {
            inside = true;
            out.append(Interface {});
        } else if (r.isEndElement() && r.name() == u"interface") {
            inside = false;
        } else if (inside && r.isStartElement()) {
            const QXmlStreamAttributes a = r.attributes();
            if (r.name() == u"mac")
                out.last().mac = a.value(QLatin1String("address")).toString();
            else if (r.name() == u"source")
                out.last().network = a.hasAttribute(QLatin1String("network"))
                    ? a.value(QLatin1String("network")).toString()
                    : a.value(QLatin1String("bridge")).toString();
            else if (r.name() == u"target")
                out.last().tap = a.value(QLatin1String("dev")).toString();
        }
    }
    return out;
}

bool tc(const QStringList &args, QString *error)
{
    const HostCommand::Result r = HostCommand(QStringLiteral("tc"), args).timeout(30000).run();
    if (!r.ok())
        *error = r.describe(QStringLiteral("tc ") + args.join(u' '));
    return r.ok();
}

// A rule of the host's bridge firewall (ebtables, nf_tables' bridge family) on frames from one
// MAC to another as the lab's bridge forwards them: added (-A) or deleted (-D).
bool ebtables(const QString &action, const QString &fromMac, const QString &toMac, QString *error)
{
    const QStringList args {action, QStringLiteral("FORWARD"), QStringLiteral("-s"),  fromMac, QStringLiteral("-d"),
                            toMac,  QStringLiteral("-j"),      QStringLiteral("DROP")};
    const HostCommand::Result r = HostCommand(QStringLiteral("ebtables"), args).timeout(30000).run();
    if (!r.ok())
        *error = r.describe(QStringLiteral("ebtables ") + args.join(u' '));
    return r.ok();
}

QString tcOutput(const QStringList &args)
{
    return QString::fromUtf8(HostCommand(QStringLiteral("tc"), args).timeout(30000).run().output);
}

// A filter's preference from the peer's MAC: one per peer on a tap.
int prefFor(const QString &mac)
{
    const QStringList bytes = mac.split(u':');
    return 1000 + int((bytes.value(4).toUInt(nullptr, 16) * 256 + bytes.value(5).toUInt(nullptr, 16)) % 30000);
}

} // namespace

QString LinkControl::Impairment::problem() const
{
    const auto outside = [](double value, double max) {
        return !std::isfinite(value) || value < 0 || value > max;
    };
    const auto refuse = [](const char *option, double max) {
        return QStringLiteral("--%1 takes a number from 0 to %2").arg(QLatin1String(option)).arg(max);
    };
    if (outside(delayMs, MaxDelayMs))
        return refuse("delay", MaxDelayMs);
    if (outside(jitterMs, MaxDelayMs))
        return refuse("jitter", MaxDelayMs);
    if (outside(lossPercent, 100))
        return refuse("loss", 100);
    if (outside(rateMbit, MaxRateMbit))
        return refuse("rate", MaxRateMbit);
    return {};
}

QString LinkControl::Impairment::text() const
{
    QStringList parts;
    if (delayMs > 0)
        parts.append(QStringLiteral("delay %1 ms").arg(delayMs)
                     + (jitterMs > 0 ? QStringLiteral(" ± %1 ms").arg(jitterMs) : QString()));
    if (lossPercent > 0)
        parts.append(QStringLiteral("loss %1 %").arg(lossPercent));
    if (rateMbit > 0)
        parts.append(QStringLiteral("rate %1 Mbit/s").arg(rateMbit));
    return parts.join(QStringLiteral(", "));
}

LinkControl::LinkControl(QString runDirectory)
    : m_runDirectory(std::move(runDirectory))
{ }

std::optional<std::pair<LinkControl::End, LinkControl::End>>
LinkControl::ends(const QString &a, const QString &b, const QString &network, QString *error) const
{
    m_unknownNode.clear();
    RunInventory inventory(m_runDirectory);
    if (!inventory.load(error))
        return std::nullopt;
    if (a == b) {
        *error = QStringLiteral("a link joins two nodes; %1 was given twice").arg(a);
        return std::nullopt;
    }
    Libvirt virt(inventory.uri);
    if (!virt.isOpen()) {
        *error = virt.openError();
        return std::nullopt;
    }
    QList<QList<Interface>> sides;
    for (const QString &node : {a, b}) {
        const RunInventory::Domain *d = inventory.domainOf(node);
        if (!d) {
            *error = QStringLiteral("the run has no VM for node %1").arg(node);
            m_unknownNode = node;
            return std::nullopt;
        }
        if (inventory.uriOf(d->name) != inventory.uri) {
            *error = QStringLiteral("node %1 runs on another host (%2): its links are that host's")
                         .arg(node, inventory.uriOf(d->name));
            return std::nullopt;
        }
        if (virt.domainOwner(d->name).run != inventory.runId) {
            *error = QStringLiteral("domain %1 is not this run's VM for node %2").arg(d->name, node);
            return std::nullopt;
        }
        sides.append(interfacesOf(virt.domainXml(d->name)));
    }
    const QString labPrefix = QStringLiteral("labforge-%1-").arg(inventory.lab);
    QStringList shared;
    std::optional<std::pair<End, End>> found;
    for (const Interface &x : sides.at(0)) {
        for (const Interface &y : sides.at(1)) {
            if (x.network.isEmpty() || x.network != y.network || x.tap.isEmpty() || y.tap.isEmpty())
                continue;
            shared.append(x.network);
            if (network.isEmpty() || network == x.network || labPrefix + network == x.network)
                found = std::make_pair(End {a, x.tap, x.mac, x.network}, End {b, y.tap, y.mac, y.network});
        }
    }
    if (shared.isEmpty()) {
        *error = QStringLiteral("nodes %1 and %2 share no network").arg(a, b);
        return std::nullopt;
    }
    if (!found || (network.isEmpty() && shared.size() > 1)) {
        *error = network.isEmpty() ? QStringLiteral("nodes %1 and %2 share %3 networks (%4): say which with --network")
                                         .arg(a, b)
                                         .arg(shared.size())
                                         .arg(shared.join(QStringLiteral(", ")))
                                   : QStringLiteral("nodes %1 and %2 do not share network %3 (they share %4)")
                                         .arg(a, b, network, shared.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return found;
}

QJsonArray LinkControl::inForce() const
{
    QString ignored;
    const auto bytes = RegularFile::read(statePath(), 1 << 20, &ignored);
    return bytes ? QJsonDocument::fromJson(*bytes).array() : QJsonArray();
}

bool LinkControl::record(const End &a, const End &b, const QString &what, const QString &detail, bool add,
                         QString *error)
{
    QJsonArray state = inForce();
    for (qsizetype i = state.size() - 1; i >= 0; --i) {
        const QJsonObject o = state.at(i).toObject();
        if (o.value(QStringLiteral("a")) == a.node && o.value(QStringLiteral("b")) == b.node
            && o.value(QStringLiteral("kind")) == what)
            state.removeAt(i);
    }
    if (add)
        state.append(QJsonObject {{QStringLiteral("a"), a.node},
                                  {QStringLiteral("b"), b.node},
                                  {QStringLiteral("network"), a.network},
                                  {QStringLiteral("kind"), what},
                                  {QStringLiteral("mac_a"), a.mac},
                                  {QStringLiteral("mac_b"), b.mac},
                                  {QStringLiteral("detail"), detail}});
    if (state.isEmpty()) {
        QFile::remove(statePath());
        return true;
    }
    return PrivateFile::write(statePath(), QJsonDocument(state).toJson(), error);
}

void LinkControl::liftAll()
{
    QString ignored;
    for (const QJsonValue v : inForce()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("kind")).toString() != u"cut")
            continue;
        const QString a = o.value(QStringLiteral("mac_a")).toString();
        const QString b = o.value(QStringLiteral("mac_b")).toString();
        ebtables(QStringLiteral("-D"), a, b, &ignored);
        ebtables(QStringLiteral("-D"), b, a, &ignored);
    }
    QFile::remove(statePath());
}

bool LinkControl::cut(const QString &a, const QString &b, const QString &network, QString *error)
{
    const auto link = ends(a, b, network, error);
    if (!link)
        return false;
    const auto &[x, y] = *link;
    QString ignored;
    for (const auto &[from, to] : {std::pair(x, y), std::pair(y, x)}) {
        ebtables(QStringLiteral("-D"), from.mac, to.mac, &ignored); // never twice
        if (!ebtables(QStringLiteral("-A"), from.mac, to.mac, error))
            return false;
    }
    return record(x, y, QStringLiteral("cut"), QStringLiteral("cut"), true, error);
}

bool LinkControl::impair(const QString &a, const QString &b, const QString &network, const Impairment &impairment,
                         QString *error)
{
    if (const QString why = impairment.problem(); !why.isEmpty()) {
        *error = why;
        return false;
    }
    const auto link = ends(a, b, network, error);
    if (!link)
        return false;
    const auto &[x, y] = *link;
    if (impairment.isEmpty()) {
        *error = QStringLiteral("give at least one of --delay, --jitter, --loss and --rate");
        return false;
    }
    // The frames x sends to y wait in their own band of a prio qdisc on y's tap.
    const QString shown = tcOutput({QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"), y.tap});
    if (!shown.contains(QLatin1String("qdisc prio 1: root"))) {
        QStringList add {
            QStringLiteral("qdisc"), QStringLiteral("replace"), QStringLiteral("dev"),    y.tap,
            QStringLiteral("root"),  QStringLiteral("handle"),  QStringLiteral("1:"),     QStringLiteral("prio"),
            QStringLiteral("bands"), QString::number(LastBand), QStringLiteral("priomap")};
        for (int i = 0; i < 16; ++i)
            add.append(QStringLiteral("0"));
        if (!tc(add, error))
            return false;
    }
    // The band this sender has on y's tap, or the lowest free one.
    QList<int> used;
    int band = 0;
    for (const QJsonValue v : inForce()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("kind")).toString() != u"impair" || o.value(QStringLiteral("b")) != y.node)
            continue;
        const int b2 = o.value(QStringLiteral("band")).toInt();
        if (o.value(QStringLiteral("a")) == x.node)
            band = b2;
        used.append(b2);
    }
    for (int candidate = FirstBand; band == 0 && candidate <= LastBand; ++candidate) {
        if (!used.contains(candidate))
            band = candidate;
    }
    if (band == 0) {
        *error = QStringLiteral("node %1 already has %2 impaired links: lift one first").arg(y.node).arg(LastBand - 1);
        return false;
    }
    QStringList netem {QStringLiteral("qdisc"),  QStringLiteral("replace"),
                       QStringLiteral("dev"),    y.tap,
                       QStringLiteral("parent"), QStringLiteral("1:%1").arg(band, 0, 16),
                       QStringLiteral("handle"), QStringLiteral("%1:").arg(0x10 + band, 0, 16),
                       QStringLiteral("netem")};
    if (impairment.delayMs > 0 || impairment.jitterMs > 0) {
        netem << QStringLiteral("delay") << QStringLiteral("%1ms").arg(impairment.delayMs);
        if (impairment.jitterMs > 0)
            netem << QStringLiteral("%1ms").arg(impairment.jitterMs);
    }
    if (impairment.lossPercent > 0)
        netem << QStringLiteral("loss") << QStringLiteral("%1%").arg(impairment.lossPercent);
    if (impairment.rateMbit > 0)
        netem << QStringLiteral("rate") << QStringLiteral("%1mbit").arg(impairment.rateMbit);
    const QString pref = QString::number(prefFor(x.mac));
    if (!tc(netem, error)
        || !tc({QStringLiteral("filter"), QStringLiteral("replace"), QStringLiteral("dev"), y.tap,
                QStringLiteral("parent"), QStringLiteral("1:"), QStringLiteral("pref"), pref,
                QStringLiteral("protocol"), QStringLiteral("all"), QStringLiteral("flower"), QStringLiteral("src_mac"),
                x.mac, QStringLiteral("classid"), QStringLiteral("1:%1").arg(band, 0, 16)},
               error))
        return false;
    if (!record(x, y, QStringLiteral("impair"), impairment.text(), true, error))
        return false;
    // The band goes into the record too (for the next impairment on this tap, and for restore).
    QJsonArray state = inForce();
    for (qsizetype i = 0; i < state.size(); ++i) {
        QJsonObject o = state.at(i).toObject();
        if (o.value(QStringLiteral("a")) == x.node && o.value(QStringLiteral("b")) == y.node
            && o.value(QStringLiteral("kind")).toString() == u"impair") {
            o.insert(QStringLiteral("band"), band);
            o.insert(QStringLiteral("tap"), y.tap);
            o.insert(QStringLiteral("pref"), prefFor(x.mac));
            state.replace(i, o);
        }
    }
    return PrivateFile::write(statePath(), QJsonDocument(state).toJson(), error);
}

bool LinkControl::restore(const QString &a, const QString &b, const QString &network, QString *error)
{
    const auto link = ends(a, b, network, error);
    if (!link)
        return false;
    const auto &[x, y] = *link;
    QString ignored;
    for (const auto &[from, to] : {std::pair(x, y), std::pair(y, x)}) {
        // The cut: the bridge's rule for frames from `from` to `to`.
        ebtables(QStringLiteral("-D"), from.mac, to.mac, &ignored);
        // The impairment of what `from` sends to `to`: its filter and band on to's tap.
        for (const QJsonValue v : inForce()) {
            const QJsonObject o = v.toObject();
            if (o.value(QStringLiteral("kind")).toString() != u"impair" || o.value(QStringLiteral("a")) != from.node
                || o.value(QStringLiteral("b")) != to.node)
                continue;
            const int band = o.value(QStringLiteral("band")).toInt();
            tc({QStringLiteral("filter"), QStringLiteral("del"), QStringLiteral("dev"), to.tap,
                QStringLiteral("parent"), QStringLiteral("1:"), QStringLiteral("pref"),
                QString::number(prefFor(from.mac))},
               &ignored);
            tc({QStringLiteral("qdisc"), QStringLiteral("del"), QStringLiteral("dev"), to.tap, QStringLiteral("parent"),
                QStringLiteral("1:%1").arg(band, 0, 16)},
               &ignored);
        }
        if (!record(from, to, QStringLiteral("cut"), {}, false, error)
            || !record(from, to, QStringLiteral("impair"), {}, false, error))
            return false;
    }
    return true;
}

bool LinkControl::capture(const QString &a, const QString &b, const QString &network, const QString &file, int seconds,
                          QString *error)
{
    if (!OutputFile::checkTarget(file, error))
        return false;
    const auto link = ends(a, b, network, error);
    if (!link)
        return false;
    return captureFrames(link->first.tap, link->second.mac, file, seconds, error);
}

bool LinkControl::captureFrames(const QString &tap, const QString &peerMac, const QString &file, int seconds,
                                QString *error)
{
    // tcpdump writes beside the file; only a capture that ran its time replaces it.
    OutputFile out(file);
    if (!out.prepare(error))
        return false;
    QProcess tcpdump;
    tcpdump.setProcessChannelMode(QProcess::SeparateChannels);
    tcpdump.setProcessEnvironment(HostCommand::cleanEnvironment());
    // -Z root: Debian's tcpdump would otherwise write as its own user, into a private file.
    tcpdump.start(QStringLiteral("tcpdump"),
                  {QStringLiteral("-i"), tap, QStringLiteral("-U"), QStringLiteral("-Z"), QStringLiteral("root"),
                   QStringLiteral("-w"), out.temporaryPath(), QStringLiteral("ether"), QStringLiteral("host"),
                   peerMac});
    if (!tcpdump.waitForStarted(10000)) {
        *error = QStringLiteral("cannot run tcpdump: %1").arg(tcpdump.errorString());
        return false;
    }
    if (tcpdump.waitForFinished(seconds * 1000)) {
        *error = QStringLiteral("tcpdump stopped: %1").arg(QString::fromUtf8(tcpdump.readAllStandardError()).trimmed());
        return false;
    }
    tcpdump.terminate();
    if (!tcpdump.waitForFinished(10000)) {
        tcpdump.kill();
        tcpdump.waitForFinished(5000);
    }
    QFile::setPermissions(out.temporaryPath(), QFile::ReadOwner | QFile::WriteOwner);
    return out.commit(error);
}

} // namespace Labforge
