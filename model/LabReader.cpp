// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabReader.h"

#include "JsonDuplicateKeys.h"
#include "JsonObjectReader.h"
#include "JsonPointer.h"
#include "LabFormat.h"
#include "LabStrings.h"
#include "LinkEdits.h"
#include "assertions/AssertionTypeRegistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace Labforge {

namespace {

using Need = JsonObjectReader::Need;
using O = LabFormat::Object;

// Iterates an array of objects, reporting members that are not objects.
template<typename Fn>
void forEachObject(const QJsonArray &array, const QString &pointer, LoadErrors *errors, Fn fn)
{
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString p = JsonPointer::append(pointer, i);
        if (!array.at(i).isObject()) {
            errors->append(LoadError {p, 0, 0, QStringLiteral("expected an object")});
            continue;
        }
        fn(array.at(i).toObject(), p);
    }
}

class Parser
{
public:
    Parser(LoadErrors *errors, int version)
        : m_errors(errors)
        , m_version(version)
    { }

    Lab lab(const QJsonObject &json)
    {
        JsonObjectReader r(json, QString(), LabFormat::keys(O::Lab, m_version), m_errors);
        Lab lab;
        r.string(QStringLiteral("format"));
        lab.name = r.string(QStringLiteral("name"));
        lab.description = r.string(QStringLiteral("description"), Need::Optional);
        if (m_version >= 3)
            forEachObject(r.array(QStringLiteral("hosts"), Need::Optional), r.pointer(QStringLiteral("hosts")),
                          m_errors, [&](const QJsonObject &o, const QString &p) { lab.hosts.append(host(o, p)); });
        forEachObject(r.array(QStringLiteral("networks")), r.pointer(QStringLiteral("networks")), m_errors,
                      [&](const QJsonObject &o, const QString &p) { lab.networks.append(network(o, p)); });
        forEachObject(r.array(QStringLiteral("nodes")), r.pointer(QStringLiteral("nodes")), m_errors,
                      [&](const QJsonObject &o, const QString &p) { lab.nodes.append(node(o, p)); });
        if (m_version == 1 || m_version >= 4)
            forEachObject(r.array(QStringLiteral("links"), Need::Optional), r.pointer(QStringLiteral("links")),
                          m_errors, [&](const QJsonObject &o, const QString &p) { lab.links.append(link(o, p)); });
        if (r.has(QStringLiteral("plan"))) {
            JsonObjectReader plan(r.object(QStringLiteral("plan")), r.pointer(QStringLiteral("plan")),
                                  LabFormat::keys(O::Plan), m_errors);
            if (plan.has(QStringLiteral("kubernetes")))
                lab.kubernetes =
                    kubernetes(plan.object(QStringLiteral("kubernetes")), plan.pointer(QStringLiteral("kubernetes")));
        }
        forEachObject(r.array(QStringLiteral("scenarios"), Need::Optional), r.pointer(QStringLiteral("scenarios")),
                      m_errors, [&](const QJsonObject &o, const QString &p) { lab.scenarios.append(scenario(o, p)); });
        forEachObject(
            r.array(QStringLiteral("warnings"), Need::Optional), r.pointer(QStringLiteral("warnings")), m_errors,
            [&](const QJsonObject &o, const QString &p) {
                JsonObjectReader w(o, p, LabFormat::keys(O::Warning), m_errors);
                lab.warnings.append(LabWarning {w.string(QStringLiteral("id")), w.string(QStringLiteral("text"))});
            });
        if (m_version >= 4 && r.has(QStringLiteral("designer")))
            designer(r.object(QStringLiteral("designer")), r.pointer(QStringLiteral("designer")), lab);
        return lab;
    }

private:
    LoadErrors *m_errors;
    int m_version;

    // What the designer remembers (Lab::formerNodeIds, formerCounts): untrusted like the rest.
    void designer(const QJsonObject &json, const QString &pointer, Lab &lab)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Designer), m_errors);
        const QJsonArray ids = r.array(QStringLiteral("former_node_ids"), Need::Optional);
        const QJsonArray counts = r.array(QStringLiteral("former_counts"), Need::Optional);
        const QJsonArray renames = r.array(QStringLiteral("renamed_node_ids"), Need::Optional);
        const auto tooMany = [&](const QJsonArray &a, const QString &key) {
            if (a.size() <= LabFormat::MaxFormerEntries)
                return false;
            r.error(r.pointer(key),
                    QStringLiteral("%1 entries; at most %2").arg(a.size()).arg(LabFormat::MaxFormerEntries));
            return true;
        };
        if (!tooMany(ids, QStringLiteral("former_node_ids"))) {
            for (qsizetype i = 0; i < ids.size(); ++i) {
                const QString id = ids.at(i).toString();
                if (!ids.at(i).isString() || !Lab::isHostName(id))
                    r.error(JsonPointer::append(r.pointer(QStringLiteral("former_node_ids")), i),
                            QStringLiteral("expected a node id (a host name)"));
                else if (!lab.formerNodeIds.contains(id))
                    lab.formerNodeIds.append(id);
            }
        }
        if (!tooMany(renames, QStringLiteral("renamed_node_ids")))
            nodeRenames(renames, r.pointer(QStringLiteral("renamed_node_ids")), lab);
        if (tooMany(counts, QStringLiteral("former_counts")))
            return;
        static const QRegularExpression selector(
            QRegularExpression::anchoredPattern(QStringLiteral("((role|feature)=[a-z0-9][a-z0-9-]{0,62})?")));
        forEachObject(counts, r.pointer(QStringLiteral("former_counts")), m_errors,
                      [&](const QJsonObject &o, const QString &p) {
                          JsonObjectReader c(o, p, LabFormat::keys(O::FormerCount), m_errors);
                          const QString which = c.string(QStringLiteral("selector"));
                          const int count = c.integer(QStringLiteral("count"), Need::Required, -1);
                          if (!selector.match(which).hasMatch())
                              c.error(c.pointer(QStringLiteral("selector")),
                                      QStringLiteral("expected \"\", role=ROLE or feature=FEATURE"));
                          else if (c.has(QStringLiteral("count")) && (count < 0 || count > LabFormat::MaxFormerCount))
                              c.error(c.pointer(QStringLiteral("count")),
                                      QStringLiteral("expected a count from 0 to %1").arg(LabFormat::MaxFormerCount));
                          else if (count >= 0)
                              lab.formerCounts.insert(which, count);
                      });
    }

    // designer.renamed_node_ids: {"from": OLD, "to": NEW}, each OLD once.
    void nodeRenames(const QJsonArray &renames, const QString &pointer, Lab &lab)
    {
        forEachObject(renames, pointer, m_errors, [&](const QJsonObject &o, const QString &p) {
            JsonObjectReader c(o, p, LabFormat::keys(O::NodeRename), m_errors);
            const QString from = c.string(QStringLiteral("from"));
            const QString to = c.string(QStringLiteral("to"));
            for (const auto &[key, id] :
                 {std::pair {QStringLiteral("from"), from}, std::pair {QStringLiteral("to"), to}}) {
                if (o.value(key).isString() && !Lab::isHostName(id))
                    c.error(c.pointer(key), QStringLiteral("expected a node id (a host name)"));
            }
            if (!Lab::isHostName(from) || !Lab::isHostName(to))
                return;
            if (from == to)
                c.error(c.pointer(QStringLiteral("to")), QStringLiteral("the same id as \"from\""));
            else if (lab.renamedNodeIds.contains(from))
                c.error(c.pointer(QStringLiteral("from")),
                        QStringLiteral("%1 is renamed by an earlier entry").arg(from));
            else
                lab.renamedNodeIds.insert(from, to);
        });
    }

    Network network(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Network, m_version), m_errors);
        Network n;
        n.name = r.string(QStringLiteral("name"));
        n.cidr = r.string(QStringLiteral("cidr"));
        n.gateway = r.string(QStringLiteral("gateway"), Need::Optional);
        n.dnsServers = r.stringList(QStringLiteral("dns_servers"), Need::Optional);
        n.isDefaultRoute = r.boolean(QStringLiteral("is_default_route"), Need::Optional, false);
        if (r.has(QStringLiteral("position")))
            n.position = position(r.object(QStringLiteral("position")), r.pointer(QStringLiteral("position")));
        return n;
    }

    LabHost host(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Host), m_errors);
        LabHost h;
        h.name = r.string(QStringLiteral("name"));
        h.uri = r.string(QStringLiteral("uri"));
        h.tunnelAddress = r.string(QStringLiteral("tunnel_address"), Need::Optional);
        h.tunnelPort = r.integer(QStringLiteral("tunnel_port"), Need::Optional, LabHost::DefaultTunnelPort);
        h.fabric = r.string(QStringLiteral("fabric"), Need::Optional, h.fabric);
        if (r.has(QStringLiteral("limits"))) {
            JsonObjectReader l(r.object(QStringLiteral("limits")), r.pointer(QStringLiteral("limits")),
                               LabFormat::keys(O::HostLimits), m_errors);
            h.maxMemoryGb = l.integer(QStringLiteral("memory_gb"), Need::Optional);
            h.maxVcpus = l.integer(QStringLiteral("vcpus"), Need::Optional);
        }
        return h;
    }

    Node node(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Node, m_version), m_errors);
        Node n;
        n.id = r.string(QStringLiteral("node_id"));
        n.kind = r.string(QStringLiteral("kind"));
        n.role = r.string(QStringLiteral("role"));
        const QPointF at = position(r.object(QStringLiteral("position")), r.pointer(QStringLiteral("position")));
        if (r.has(QStringLiteral("position")))
            n.position = at;
        forEachObject(r.array(QStringLiteral("interfaces")), r.pointer(QStringLiteral("interfaces")), m_errors,
                      [&](const QJsonObject &o, const QString &p) {
                          JsonObjectReader i(o, p, LabFormat::keys(O::Interface), m_errors);
                          n.interfaces.append(
                              NodeInterface {i.string(QStringLiteral("network")), i.string(QStringLiteral("ip"))});
                      });
        forEachObject(r.array(QStringLiteral("disks"), Need::Optional), r.pointer(QStringLiteral("disks")), m_errors,
                      [&](const QJsonObject &o, const QString &p) { n.disks.append(disk(o, p)); });
        n.recipe = recipe(r.object(QStringLiteral("recipe")), r.pointer(QStringLiteral("recipe")));
        if (r.has(QStringLiteral("placement"))) {
            JsonObjectReader pl(r.object(QStringLiteral("placement")), r.pointer(QStringLiteral("placement")),
                                LabFormat::keys(O::Placement), m_errors);
            n.placementHost = pl.string(QStringLiteral("host"));
        }
        return n;
    }

    Link link(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Link, m_version), m_errors);
        Link l;
        l.from = r.string(QStringLiteral("from"));
        l.to = r.string(QStringLiteral("to"));
        if (m_version >= 4) {
            l.network = r.string(QStringLiteral("network"));
            l.label = r.string(QStringLiteral("label"), Need::Optional);
        }
        return l;
    }

    Disk disk(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Disk), m_errors);
        Disk d;
        d.id = r.string(QStringLiteral("id"));
        d.kind = r.string(QStringLiteral("kind"));
        d.sizeGb = r.integer(QStringLiteral("size_gb"));
        d.bus = r.string(QStringLiteral("bus"));
        d.serial = r.string(QStringLiteral("serial"));
        return d;
    }

    Recipe recipe(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Recipe), m_errors);
        Recipe recipe;
        recipe.baseImage = r.string(QStringLiteral("base_image"));
        JsonObjectReader hw(r.object(QStringLiteral("hardware")), r.pointer(QStringLiteral("hardware")),
                            LabFormat::keys(O::Hardware), m_errors);
        recipe.minMemoryGb = hw.integer(QStringLiteral("min_memory_gb"));
        recipe.minCpu = hw.integer(QStringLiteral("min_cpu"));
        recipe.features = r.stringList(QStringLiteral("features"));
        recipe.packages = r.stringList(QStringLiteral("packages"), Need::Optional);
        forEachObject(r.array(QStringLiteral("users"), Need::Optional), r.pointer(QStringLiteral("users")), m_errors,
                      [&](const QJsonObject &o, const QString &p) {
                          JsonObjectReader u(o, p, LabFormat::keys(O::User), m_errors);
                          recipe.users.append(User {u.string(QStringLiteral("name")),
                                                    u.boolean(QStringLiteral("sudo"), Need::Optional, false),
                                                    u.boolean(QStringLiteral("ssh"), Need::Optional, false)});
                      });
        forEachObject(r.array(QStringLiteral("services"), Need::Optional), r.pointer(QStringLiteral("services")),
                      m_errors, [&](const QJsonObject &o, const QString &p) {
                          JsonObjectReader s(o, p, LabFormat::keys(O::Service), m_errors);
                          recipe.services.append(Service {s.string(QStringLiteral("name")),
                                                          s.boolean(QStringLiteral("enabled")),
                                                          s.object(QStringLiteral("config"), Need::Optional)});
                      });
        return recipe;
    }

    QPointF position(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader pos(json, pointer, LabFormat::keys(O::Position), m_errors);
        const auto coordinate = [&pos](const QString &key) {
            const double v = pos.number(key);
            if (std::abs(v) <= LabFormat::MaxCoordinate)
                return v;
            pos.error(pos.pointer(key),
                      QStringLiteral("%1 is outside the canvas: a coordinate lies within ±%2 pixels")
                          .arg(v)
                          .arg(LabFormat::MaxCoordinate));
            return 0.0;
        };
        const double x = coordinate(QStringLiteral("x"));
        return QPointF(x, coordinate(QStringLiteral("y")));
    }

    KubernetesIntent kubernetes(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Kubernetes), m_errors);
        KubernetesIntent k;
        k.mode = r.string(QStringLiteral("mode"));
        k.version = r.string(QStringLiteral("version"));
        k.controller = r.string(QStringLiteral("controller"));
        k.workers = r.stringList(QStringLiteral("workers"));
        k.podCidr = r.string(QStringLiteral("pod_cidr"));
        k.serviceCidr = r.string(QStringLiteral("service_cidr"));
        k.cni = r.string(QStringLiteral("cni"));
        k.bootstrapTokenTtlSeconds = r.integer(QStringLiteral("bootstrap_token_ttl_seconds"));
        forEachObject(r.array(QStringLiteral("registry_mirrors"), Need::Optional),
                      r.pointer(QStringLiteral("registry_mirrors")), m_errors,
                      [&](const QJsonObject &o, const QString &p) {
                          JsonObjectReader m(o, p, LabFormat::keys(O::RegistryMirror), m_errors);
                          k.registryMirrors.append(RegistryMirror {m.string(QStringLiteral("registry")),
                                                                   m.string(QStringLiteral("endpoint"))});
                      });
        return k;
    }

    Scenario scenario(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Scenario), m_errors);
        Scenario s;
        s.name = r.string(QStringLiteral("name"));
        s.description = r.string(QStringLiteral("description"), Need::Optional);
        s.enabled = r.boolean(QStringLiteral("enabled"));
        s.gating = r.boolean(QStringLiteral("gating"), Need::Optional, s.enabled);
        forEachObject(r.array(QStringLiteral("steps")), r.pointer(QStringLiteral("steps")), m_errors,
                      [&](const QJsonObject &o, const QString &p) { s.steps.append(step(o, p)); });
        return s;
    }

    ScenarioStep step(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Step), m_errors);
        ScenarioStep step;
        step.id = r.string(QStringLiteral("id"));
        step.description = r.string(QStringLiteral("description"), Need::Optional);
        step.node = r.string(QStringLiteral("node"));
        JsonObjectReader a(r.object(QStringLiteral("assertion")), r.pointer(QStringLiteral("assertion")),
                           LabFormat::keys(O::Assertion), m_errors);
        const QString typeName = a.string(QStringLiteral("type"));
        const AssertionType *type = AssertionTypeRegistry::byName(typeName);
        if (type)
            step.assertion.type = type->type();
        else if (a.has(QStringLiteral("type")))
            a.error(a.pointer(QStringLiteral("type")),
                    QStringLiteral("unknown assertion type \"%1\" (expected %2)")
                        .arg(typeName, Assertion::typeNames().join(QStringLiteral(", "))));
        JsonObjectReader p(a.object(QStringLiteral("params")), a.pointer(QStringLiteral("params")),
                           LabFormat::keys(O::Params), m_errors);
        const AssertionType &reading = type ? *type : AssertionTypeRegistry::of(step.assertion.type);
        reading.read(p, step.assertion);
        if (type)
            reading.refuseForeignKeys(p);
        if (const auto t = p.optionalInteger(QStringLiteral("timeout_seconds")))
            step.assertion.timeoutSeconds = int(std::clamp<qint64>(*t, -1, std::numeric_limits<int>::max()));
        if (const auto t = p.optionalInteger(QStringLiteral("interval_seconds")))
            step.assertion.intervalSeconds = int(std::clamp<qint64>(*t, -1, std::numeric_limits<int>::max()));
        if (p.has(QStringLiteral("expect")))
            step.assertion.expect = expect(p.object(QStringLiteral("expect")), p.pointer(QStringLiteral("expect")));
        return step;
    }

    Expectation expect(const QJsonObject &json, const QString &pointer)
    {
        JsonObjectReader r(json, pointer, LabFormat::keys(O::Expect), m_errors);
        Expectation e;
        e.equals = r.optionalString(QStringLiteral("equals"));
        e.contains = r.optionalString(QStringLiteral("contains"));
        e.matches = r.optionalString(QStringLiteral("matches"));
        if (e.matches && !QRegularExpression(*e.matches).isValid())
            r.error(r.pointer(QStringLiteral("matches")),
                    QStringLiteral("invalid regular expression: %1").arg(QRegularExpression(*e.matches).errorString()));
        if (r.has(QStringLiteral("integer"))) {
            JsonObjectReader i(r.object(QStringLiteral("integer")), r.pointer(QStringLiteral("integer")),
                               LabFormat::keys(O::Integer), m_errors);
            e.integerOp = i.string(QStringLiteral("op"));
            const QStringList ops = Expectation::integerOperators();
            if (i.has(QStringLiteral("op")) && !ops.contains(*e.integerOp))
                i.error(i.pointer(QStringLiteral("op")),
                        QStringLiteral("unknown comparison \"%1\" (expected one of %2)")
                            .arg(*e.integerOp, ops.join(QLatin1Char(' '))));
            e.integerValue = i.optionalInteger(QStringLiteral("value"));
            if (!i.has(QStringLiteral("value")))
                i.error(i.pointer(QStringLiteral("value")), QStringLiteral("missing required key \"value\""));
        }
        if (r.has(QStringLiteral("line_count")))
            e.lineCount = r.integer(QStringLiteral("line_count"));
        return e;
    }
};

// Format 1's links named two nodes and no network: each takes the first network its ends
// share (in the order of the first end's interfaces). A link whose ends share none is kept
// without a network, said here, and reported by the validator until the user chooses one.
LoadErrors convertedLinks(Lab &lab)
{
    LoadErrors notices {LoadError {QStringLiteral("/format"), 0, 0,
                                   QStringLiteral("converted from %1: each link now names the network it uses; "
                                                  "saving writes %2")
                                       .arg(Lab::formatString(1), Lab::formatString(lab.formatNeeded()))}};
    for (qsizetype i = 0; i < lab.links.size(); ++i) {
        Link &link = lab.links[i];
        link.network = LinkEdits::sharedNetwork(lab, link.from, link.to);
        if (link.network.isEmpty())
            notices.append(LoadError {
                JsonPointer::append(QStringLiteral("/links"), i), 0, 0,
                QStringLiteral("the link %1 - %2 is kept without a network: %3")
                    .arg(link.from, link.to,
                         !lab.node(link.from) || !lab.node(link.to)
                             ? QStringLiteral("there is no node \"%1\"").arg(lab.node(link.from) ? link.to : link.from)
                             : QStringLiteral("its ends share none yet (attach one end to a network of the other)"))});
    }
    return notices;
}

LoadError tooLarge(qint64 size)
{
    return LoadError {QString(), 0, 0,
                      QStringLiteral("file is %1 MiB; lab files are at most %2 MiB")
                          .arg(size / (qint64(1024) * 1024))
                          .arg(LabReader::MaxFileSize / (qint64(1024) * 1024)),
                      true};
}

// An error inside /nodes/N also names the node by its id, when the file gives it one that
// is a valid id (a hostile one is not repeated into a terminal).
void nameTheNodes(const QJsonObject &root, LoadErrors *errors)
{
    static const QRegularExpression inNode(QStringLiteral("\\A/nodes/([0-9]+)(/|\\z)"));
    const QJsonArray nodes = root.value(QStringLiteral("nodes")).toArray();
    for (LoadError &e : *errors) {
        const auto match = inNode.match(e.pointer);
        if (!match.hasMatch())
            continue;
        const QString id = nodes.at(match.captured(1).toInt()).toObject().value(QStringLiteral("node_id")).toString();
        if (Lab::isHostName(id))
            e.message += QStringLiteral(" (node \"%1\")").arg(id);
    }
}

} // namespace

LabReader::Result LabReader::read(const QByteArray &data)
{
    Result result;
    if (data.size() > MaxFileSize) {
        result.errors.append(tooLarge(data.size()));
        return result;
    }
    if (data.trimmed().isEmpty()) {
        result.errors.append(
            LoadError {QString(), 0, 0, QStringLiteral("file is empty; a lab file is a JSON object"), true});
        return result;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        result.errors.append(LabReader::syntaxError(data, parseError));
        return result;
    }
    if (!doc.isObject()) {
        result.errors.append(LoadError {QString(), 0, 0, QStringLiteral("expected a JSON object at the top level")});
        return result;
    }
    if (const auto twice = JsonDuplicateKeys::first(data)) {
        result.errors.append(LoadError {twice->pointer, twice->line, twice->column,
                                        QStringLiteral("key \"%1\" appears twice in one object; a lab file holds "
                                                       "each key once (the first value would be lost)")
                                            .arg(twice->key)});
        return result;
    }
    const QJsonObject root = doc.object();
    if (const LoadErrors control = LabStrings::check(root); !control.isEmpty()) {
        result.errors = control;
        nameTheNodes(root, &result.errors);
        return result;
    }
    const QJsonValue format = root.value(QStringLiteral("format"));
    static const QRegularExpression formatPattern(
        QRegularExpression::anchoredPattern(QStringLiteral("labforge/lab@([0-9]+)")));
    const auto match = formatPattern.match(format.toString());
    if (!format.isString() || !match.hasMatch()) {
        result.errors.append(
            LoadError {QStringLiteral("/format"), 0, 0,
                       QStringLiteral("not a labforge lab file: \"format\" must be \"%1\"").arg(Lab::formatString())});
        return result;
    }
    const int version = match.captured(1).toInt();
    if (version < 1 || version > Lab::FormatVersion) {
        result.errors.append(LoadError {
            QStringLiteral("/format"), 0, 0,
            version > Lab::FormatVersion ? QStringLiteral("the file is format %1, newer than this labforge reads (%2); "
                                                          "open it with a newer labforge")
                                               .arg(format.toString(), Lab::formatString())
                                         : QStringLiteral("unsupported format %1 (this labforge reads %2)")
                                               .arg(format.toString(), Lab::formatString())});
        return result;
    }
    Parser parser(&result.errors, version);
    Lab lab = parser.lab(root);
    if (!result.errors.isEmpty()) {
        nameTheNodes(root, &result.errors);
        return result;
    }
    result.version = version;
    if (version == 1)
        result.notices = convertedLinks(lab);
    result.lab = std::move(lab);
    return result;
}

LabReader::Result LabReader::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        Result result;
        result.errors.append(
            LoadError {QString(), 0, 0, QStringLiteral("cannot open: %1").arg(file.errorString()), true});
        return result;
    }
    if (file.size() > MaxFileSize) {
        Result result;
        result.errors.append(tooLarge(file.size()));
        return result;
    }
    return read(file.readAll());
}

LoadError LabReader::syntaxError(const QByteArray &data, const QJsonParseError &error)
{
    const QByteArray before = data.left(error.offset);
    const int line = int(before.count('\n')) + 1;
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    // Qt reports the offset just past the offending character.
    const int column = std::max(1, int(QString::fromUtf8(before.mid(lineStart)).size()));
    return LoadError {QString(), line, column, QStringLiteral("JSON syntax error: %1").arg(error.errorString())};
}

} // namespace Labforge
