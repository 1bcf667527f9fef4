// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Assertion.h"
#include "Catalog.h"
#include "FeatureModules.h"
#include "LabFormat.h"
#include "LabReader.h"
#include "LabWriter.h"
#include "NetworkLayout.h"
#include "NodeReferences.h"
#include "PinsLock.h"
#include "Templates.h"
#include "TestLabs.h"
#include "Validator.h"
#include "assertions/AssertionTypeRegistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {

// The slurm-hpc template with one JSON value replaced (by pointer), as bytes.
// The specification's eight links, in its order, over the lab network.
QList<Link> specLinks()
{
    QList<Link> links;
    for (const auto &[from, to] : {std::pair {"controller", "compute-1"},
                                   {"controller", "compute-2"},
                                   {"controller", "login-ops"},
                                   {"controller", "observability"},
                                   {"storage", "controller"},
                                   {"storage", "compute-1"},
                                   {"storage", "compute-2"},
                                   {"storage", "login-ops"}})
        links.append(Link {QString::fromLatin1(from), QString::fromLatin1(to), QStringLiteral("hpc-lab"), {}});
    return links;
}

QByteArray withValue(const QString &pointer, const QJsonValue &value, const QString &format = {})
{
    QJsonObject root = QJsonDocument::fromJson(Templates::bytes(QStringLiteral("slurm-hpc"))).object();
    if (format == QLatin1String("labforge/lab@1")) {
        root = TestLabs::asFormatOne(root);
    } else if (!format.isEmpty()) {
        root.insert(QStringLiteral("format"), format);
        if (format == QLatin1String("labforge/lab@2") || format == QLatin1String("labforge/lab@3"))
            root.remove(QStringLiteral("links"));
    }
    const QStringList parts = pointer.split(QLatin1Char('/')).mid(1);
    std::function<QJsonValue(QJsonValue, int)> set = [&](QJsonValue node, int depth) -> QJsonValue {
        const QString &key = parts.at(depth);
        const bool last = depth == parts.size() - 1;
        if (node.isArray()) {
            QJsonArray a = node.toArray();
            a[key.toInt()] = last ? value : set(a.at(key.toInt()), depth + 1);
            return a;
        }
        QJsonObject o = node.toObject();
        if (last && value.isUndefined())
            o.remove(key);
        else
            o[key] = last ? value : set(o.value(key), depth + 1);
        return o;
    };
    return QJsonDocument(set(root, 0).toObject()).toJson();
}

} // namespace

class TestLabFormat : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }
private Q_SLOTS:
    void builtInLabsRoundTripByteForByte_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString &name : Templates::names())
            QTest::newRow(qPrintable(name)) << name;
        QVERIFY(Templates::names().contains(QStringLiteral("slurm-hpc")));
        QVERIFY(Templates::names().contains(QStringLiteral("web-lab")));
    }
    void builtInLabsRoundTripByteForByte()
    {
        QFETCH(QString, name);
        const QByteArray original = Templates::bytes(name);
        const auto loaded = LabReader::read(original);
        QVERIFY2(loaded.ok(), qPrintable(loaded.errors.value(0).toString()));
        QCOMPARE(LabWriter::toBytes(*loaded.lab), original);
    }

    void modelRoundTrip()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        lab.nodes[0].position = QPointF(12.5, -3.25);
        lab.scenarios[0].steps[0].assertion.expect.integerOp = QStringLiteral(">=");
        lab.scenarios[0].steps[0].assertion.expect.integerValue = 5;
        lab.scenarios[0].steps[0].assertion.expect.lineCount = 1;
        lab.networks[0].gateway.clear();
        const auto again = LabReader::read(LabWriter::toBytes(lab));
        QVERIFY2(again.ok(), qPrintable(again.errors.value(0).toString()));
        QVERIFY(*again.lab == lab);
        // Links: format 4; without them the oldest format that holds the lab.
        QVERIFY(LabWriter::toBytes(lab).contains("\"labforge/lab@4\""));
        const QList<Link> links = lab.links;
        lab.links.clear();
        QVERIFY(LabWriter::toBytes(lab).contains("\"labforge/lab@2\""));

        // Hosts and placements: format 3, and back field for field.
        LabHost there {QStringLiteral("there"),
                       QStringLiteral("qemu+ssh://root@127.0.0.1/system"),
                       QStringLiteral("127.0.0.2"),
                       4790,
                       QStringLiteral("linux-bridge"),
                       8,
                       4};
        lab.hosts = {LabHost {QStringLiteral("here"), QStringLiteral("qemu:///system"), QStringLiteral("127.0.0.1")},
                     there};
        lab.nodes[1].placementHost = QStringLiteral("there");
        const QByteArray bytes = LabWriter::toBytes(lab);
        QVERIFY(bytes.contains("\"labforge/lab@3\""));
        const auto placed = LabReader::read(bytes);
        QVERIFY2(placed.ok(), qPrintable(placed.errors.value(0).toString()));
        QVERIFY(*placed.lab == lab);
        QCOMPARE(placed.lab->hosts.at(1), there);
        QCOMPARE(placed.lab->hosts.at(0).tunnelPort, LabHost::DefaultTunnelPort);
        QCOMPARE(placed.lab->hosts.at(0).fabric, QStringLiteral("ovs"));

        // Hosts and links: format 4, links field for field (a label too).
        lab.links = links;
        lab.links[1].label = QStringLiteral("kubernetes control");
        const QByteArray linked = LabWriter::toBytes(lab);
        QVERIFY(linked.contains("\"labforge/lab@4\""));
        const auto withLinks = LabReader::read(linked);
        QVERIFY2(withLinks.ok(), qPrintable(withLinks.errors.value(0).toString()));
        QVERIFY(*withLinks.lab == lab);
        QCOMPARE(withLinks.lab->links.at(1),
                 (Link {QStringLiteral("controller"), QStringLiteral("compute-2"), QStringLiteral("hpc-lab"),
                        QStringLiteral("kubernetes control")}));
    }

    void referenceLabMatchesSpec()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        QCOMPARE(lab.nodes.size(), 6);
        struct Row
        {
            const char *id, *ip, *role;
            int cpu;
            qreal x, y;
        };
        // The specification's inventory and canvas pixels ("Six-node topology").
        const Row rows[] = {{"controller", "10.103.0.10", "controller", 2, 320, 100},
                            {"compute-1", "10.103.0.21", "compute", 1, 120, 340},
                            {"compute-2", "10.103.0.22", "compute", 1, 520, 340},
                            {"login-ops", "10.103.0.30", "login", 1, 120, 580},
                            {"storage", "10.103.0.40", "storage", 1, 520, 580},
                            {"observability", "10.103.0.50", "observability", 1, 320, 820}};
        for (const Row &r : rows) {
            const Node *n = lab.node(QString::fromLatin1(r.id));
            QVERIFY2(n, r.id);
            QCOMPARE(n->ip(), QString::fromLatin1(r.ip));
            QCOMPARE(n->role, QString::fromLatin1(r.role));
            QCOMPARE(n->recipe.minCpu, r.cpu);
            QCOMPARE(n->recipe.minMemoryGb, 4);
            QCOMPARE(n->recipe.baseImage, QStringLiteral("debian-trixie"));
            QCOMPARE(n->position, QPointF(r.x, r.y));
        }
        const Disk &disk = lab.node(QStringLiteral("storage"))->disks.value(0);
        QCOMPARE(disk,
                 (Disk {QStringLiteral("hpc-data"), QStringLiteral("disk"), 20, QStringLiteral("virtio"),
                        QStringLiteral("OPENFACTORY_HPC_DATA")}));
        QVERIFY(lab.kubernetes);
        QCOMPARE(lab.kubernetes->workers,
                 (QStringList {QStringLiteral("compute-1"), QStringLiteral("compute-2"), QStringLiteral("login-ops"),
                               QStringLiteral("observability")}));
        QCOMPARE(lab.kubernetes->podCidr, QStringLiteral("10.244.0.0/16"));
        QCOMPARE(lab.kubernetes->serviceCidr, QStringLiteral("10.112.0.0/16"));
        QCOMPARE(lab.kubernetes->bootstrapTokenTtlSeconds, 900);
        QCOMPARE(lab.networks.size(), 1);
        QCOMPARE(lab.networks.at(0).position, std::optional<QPointF>(QPointF(180, 500)));
        // The controller to each of the four Kubernetes workers, storage to the controller,
        // both computes and login-ops: eight links, each over the lab network.
        QCOMPARE(lab.links, specLinks());
        QCOMPARE(lab.node(QStringLiteral("login-ops"))->recipe.features,
                 (QStringList {QStringLiteral("headless"), QStringLiteral("ssh"), QStringLiteral("kubeadm-lab"),
                               QStringLiteral("slinky-slurm"), QStringLiteral("helm"), QStringLiteral("terraform")}));
        QCOMPARE(lab.scenarios.size(), 2);
        QCOMPARE(lab.scenarios.at(0).name, QStringLiteral("real-hpc-acceptance"));
        QVERIFY(lab.scenarios.at(0).enabled && lab.scenarios.at(0).gating);
        QCOMPARE(lab.scenarios.at(1).name, QStringLiteral("hpc-lab-measurements"));
        QVERIFY(!lab.scenarios.at(1).enabled && !lab.scenarios.at(1).gating);
        QCOMPARE(lab.warnings.size(), 6);
    }

    void loadErrors_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("expected");
        QTest::newRow("syntax error has line and column")
            << QByteArray("{\n  \"format\": \"labforge/lab@1\",\n  \"name\": ,\n}")
            << QStringLiteral("lab.json:3:11: JSON syntax error");
        QTest::newRow("wrong type names the pointer")
            << withValue(QStringLiteral("/nodes/4/disks/0/size_gb"), QStringLiteral("20"))
            << QStringLiteral("lab.json: /nodes/4/disks/0/size_gb: expected a number (node \"storage\")");
        QTest::newRow("power_cycle with a command")
            << withValue(QStringLiteral("/scenarios/0/steps/0/assertion/type"), QStringLiteral("power_cycle"))
            << QStringLiteral("/scenarios/0/steps/0/assertion/params/command: a power_cycle step acts on the lab and "
                              "runs no command");
        QTest::newRow("unknown assertion type lists the known ones")
            << withValue(QStringLiteral("/scenarios/0/steps/0/assertion/type"), QStringLiteral("reboot"))
            << QStringLiteral(
                   "unknown assertion type \"reboot\" (expected command_succeeds, command_output, power_cycle, "
                   "link_down, link_up, impair)");
        QTest::newRow("a link step runs no command")
            << withValue(QStringLiteral("/scenarios/0/steps/0/assertion/type"), QStringLiteral("link_down"))
            << QStringLiteral("/scenarios/0/steps/0/assertion/params/command: a link_down step acts on the lab and "
                              "runs no command");
        QTest::newRow("a link step names its peer")
            << withValue(QStringLiteral("/scenarios/0/steps/0/assertion/type"), QStringLiteral("link_up"))
            << QStringLiteral("/scenarios/0/steps/0/assertion/params/peer: missing required key \"peer\"");
        QTest::newRow("a command step takes no peer (it would be lost on save)")
            << withValue(QStringLiteral("/scenarios/0/steps/0/assertion/params/peer"), QStringLiteral("storage"))
            << QStringLiteral("/scenarios/0/steps/0/assertion/params/peer: a command_output step takes no peer (a "
                              "parameter of link_down)");
        QTest::newRow("a command step takes no delay_ms")
            << withValue(QStringLiteral("/scenarios/0/steps/0/assertion/params/delay_ms"), 100)
            << QStringLiteral("/scenarios/0/steps/0/assertion/params/delay_ms: a command_output step takes no "
                              "delay_ms (a parameter of impair)");
        QTest::newRow("fraction where a whole number belongs")
            << withValue(QStringLiteral("/nodes/4/disks/0/size_gb"), 20.5)
            << QStringLiteral("/nodes/4/disks/0/size_gb: expected a whole number");
        QTest::newRow("unknown key is reported") << withValue(QStringLiteral("/nodes/0/colour"), QStringLiteral("red"))
                                                 << QStringLiteral("/nodes/0/colour: unknown key \"colour\"");
        QTest::newRow("missing key") << withValue(QStringLiteral("/nodes/2/role"), QJsonValue(QJsonValue::Undefined))
                                     << QStringLiteral("/nodes/2/role: missing required key \"role\"");
        QTest::newRow("non-object in array") << withValue(QStringLiteral("/nodes/1/interfaces/0"), 7)
                                             << QStringLiteral("/nodes/1/interfaces/0: expected an object");
        QTest::newRow("links are not format 2's")
            << withValue(QStringLiteral("/links"), QJsonArray(), QStringLiteral("labforge/lab@2"))
            << QStringLiteral("/links: unknown key \"links\"");
        QTest::newRow("a link names its network")
            << withValue(QStringLiteral("/links/0/network"), QJsonValue::Undefined)
            << QStringLiteral("/links/0/network: missing required key \"network\"");
        QTest::newRow("a link holds nothing else")
            << withValue(QStringLiteral("/links/2/colour"), QStringLiteral("red"))
            << QStringLiteral("/links/2/colour: unknown key \"colour\"");
        QTest::newRow("a link's label is text")
            << withValue(QStringLiteral("/links/3/label"), 7) << QStringLiteral("/links/3/label: expected a string");
        QTest::newRow("network position is two numbers")
            << withValue(QStringLiteral("/networks/0/position"), QJsonObject {{QStringLiteral("x"), 1}})
            << QStringLiteral("/networks/0/position/y: missing required key \"y\"");
        QTest::newRow("a key twice in one object")
            << QByteArray("{\n  \"format\": \"labforge/lab@3\",\n  \"name\": \"a\", \"name\": \"b\"\n}")
            << QStringLiteral("lab.json:3:16: /name: key \"name\" appears twice in one object");
        QTest::newRow("a key twice deep in the lab, one of them escaped")
            << QByteArray(R"({"format": "labforge/lab@3", "name": "x", "nodes": [{"id": "a"}, )"
                          R"({"id": "b", "recipe": {"min_cpu": 1, "min_c\u0070u": 2}}]})")
            << QStringLiteral("lab.json:1:103: /nodes/1/recipe/min_cpu: key \"min_cpu\" appears twice");
        QTest::newRow("a position far off the canvas")
            << withValue(QStringLiteral("/nodes/3/position/x"), 1e308)
            << QStringLiteral("lab.json: /nodes/3/position/x: 1e+308 is outside the canvas: a coordinate lies within "
                              "±100000 pixels");
        QTest::newRow("a network position far off the canvas")
            << withValue(QStringLiteral("/networks/0/position"),
                         QJsonObject {{QStringLiteral("x"), 0}, {QStringLiteral("y"), -100001}})
            << QStringLiteral("/networks/0/position/y: -100001 is outside the canvas");
        QTest::newRow("format 1 has no network position")
            << withValue(QStringLiteral("/networks/0/position"), QJsonObject {{QStringLiteral("x"), 1}},
                         QStringLiteral("labforge/lab@1"))
            << QStringLiteral("/networks/0/position: unknown key \"position\"");
        QTest::newRow("unknown assertion type")
            << withValue(QStringLiteral("/scenarios/0/steps/0/assertion/type"), QStringLiteral("http_get"))
            << QStringLiteral("/scenarios/0/steps/0/assertion/type: unknown assertion type \"http_get\"");
        QTest::newRow("bad regular expression")
            << withValue(QStringLiteral("/scenarios/0/steps/7/assertion/params/expect/matches"),
                         QStringLiteral("(unclosed"))
            << QStringLiteral("/scenarios/0/steps/7/assertion/params/expect/matches: invalid regular expression");
        QTest::newRow("newer format is refused with its version")
            << withValue(QStringLiteral("/format"), QStringLiteral("labforge/lab@5"))
            << QStringLiteral(
                   "/format: the file is format labforge/lab@5, newer than this labforge reads (labforge/lab@4)");
        const QJsonObject host {{QStringLiteral("name"), QStringLiteral("here")},
                                {QStringLiteral("uri"), QStringLiteral("qemu:///system")}};
        QTest::newRow("format 2 has no hosts")
            << withValue(QStringLiteral("/hosts"), QJsonArray {host}, QStringLiteral("labforge/lab@2"))
            << QStringLiteral("/hosts: unknown key \"hosts\"");
        QTest::newRow("format 2 has no placement") << withValue(
            QStringLiteral("/nodes/0/placement"), QJsonObject {{QStringLiteral("host"), QStringLiteral("here")}},
            QStringLiteral("labforge/lab@2")) << QStringLiteral("/nodes/0/placement: unknown key \"placement\"");
        QTest::newRow("host without uri")
            << withValue(QStringLiteral("/hosts"),
                         QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("x")}}},
                         QStringLiteral("labforge/lab@3"))
            << QStringLiteral("/hosts/0/uri: missing required key \"uri\"");
        QTest::newRow("a whole number too large for an int")
            << withValue(QStringLiteral("/nodes/4/disks/0/size_gb"), 1e12)
            << QStringLiteral("/nodes/4/disks/0/size_gb: number out of range");
        QTest::newRow("a whole number too large to be exact")
            << withValue(QStringLiteral("/nodes/4/disks/0/size_gb"), 1e30)
            << QStringLiteral("/nodes/4/disks/0/size_gb: number out of range");
        QTest::newRow("host limits are whole numbers") << withValue(
            QStringLiteral("/hosts"),
            QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("x")},
                                     {QStringLiteral("uri"), QStringLiteral("qemu:///system")},
                                     {QStringLiteral("limits"), QJsonObject {{QStringLiteral("vcpus"), 1.5}}}}},
            QStringLiteral("labforge/lab@3")) << QStringLiteral("/hosts/0/limits/vcpus: expected a whole number");
        const auto designer = [](const QJsonObject &o) {
            return withValue(QStringLiteral("/designer"), o);
        };
        const QJsonObject counted {{QStringLiteral("selector"), QStringLiteral("role=compute")},
                                   {QStringLiteral("count"), 2}};
        QTest::newRow("designer: a former id that is no host name")
            << designer(
                   {{QStringLiteral("former_node_ids"), QJsonArray {QStringLiteral("ok"), QStringLiteral("../x")}}})
            << QStringLiteral("/designer/former_node_ids/1: expected a node id (a host name)");
        QTest::newRow("designer: a former id that is a number")
            << designer({{QStringLiteral("former_node_ids"), QJsonArray {7}}})
            << QStringLiteral("/designer/former_node_ids/0: expected a node id");
        QTest::newRow("designer: too many former ids")
            << designer(
                   {{QStringLiteral("former_node_ids"),
                     QJsonArray::fromStringList(QStringList(LabFormat::MaxFormerEntries + 1, QStringLiteral("a")))}})
            << QStringLiteral("/designer/former_node_ids: 257 entries; at most 256");
        QTest::newRow("designer: too many former counts") << designer(
            {{QStringLiteral("former_counts"),
              QJsonArray::fromVariantList(QVariantList(LabFormat::MaxFormerEntries + 1, counted.toVariantMap()))}})
                                                          << QStringLiteral(
                                                                 "/designer/former_counts: 257 entries; at most 256");
        QTest::newRow("designer: a selector that is none")
            << designer({{QStringLiteral("former_counts"),
                          QJsonArray {QJsonObject {{QStringLiteral("selector"), QStringLiteral("rack=1")},
                                                   {QStringLiteral("count"), 2}}}}})
            << QStringLiteral("/designer/former_counts/0/selector: expected \"\", role=ROLE or feature=FEATURE");
        QTest::newRow("designer: a negative count")
            << designer({{QStringLiteral("former_counts"),
                          QJsonArray {
                              QJsonObject {{QStringLiteral("selector"), QString()}, {QStringLiteral("count"), -1}}}}})
            << QStringLiteral("/designer/former_counts/0/count: expected a count from 0 to 10000");
        QTest::newRow("designer: a count that is text")
            << designer({{QStringLiteral("former_counts"),
                          QJsonArray {QJsonObject {{QStringLiteral("selector"), QString()},
                                                   {QStringLiteral("count"), QStringLiteral("2")}}}}})
            << QStringLiteral("/designer/former_counts/0/count: expected");
        const auto renamed = [&designer](const QJsonArray &renames) {
            return designer({{QStringLiteral("renamed_node_ids"), renames}});
        };
        const auto rename = [](const QJsonValue &from, const QJsonValue &to) {
            return QJsonObject {{QStringLiteral("from"), from}, {QStringLiteral("to"), to}};
        };
        QTest::newRow("designer: a rename to no host name")
            << renamed({rename(QStringLiteral("storage"), QStringLiteral("Nas_1"))})
            << QStringLiteral("/designer/renamed_node_ids/0/to: expected a node id (a host name)");
        QTest::newRow("designer: a rename from a number")
            << renamed({rename(7, QStringLiteral("nas"))})
            << QStringLiteral("/designer/renamed_node_ids/0/from: expected");
        QTest::newRow("designer: a rename to itself")
            << renamed({rename(QStringLiteral("nas"), QStringLiteral("nas"))})
            << QStringLiteral("/designer/renamed_node_ids/0/to: the same id as \"from\"");
        QTest::newRow("designer: an id renamed twice")
            << renamed({rename(QStringLiteral("storage"), QStringLiteral("nas")),
                        rename(QStringLiteral("storage"), QStringLiteral("files"))})
            << QStringLiteral("/designer/renamed_node_ids/1/from: storage is renamed by an earlier entry");
        QTest::newRow("designer: a rename without its new id")
            << renamed({QJsonObject {{QStringLiteral("from"), QStringLiteral("storage")}}})
            << QStringLiteral("/designer/renamed_node_ids/0/to: missing required key");
        QTest::newRow("designer: a rename that is no object")
            << renamed({QStringLiteral("storage")})
            << QStringLiteral("/designer/renamed_node_ids/0: expected an object");
        QTest::newRow("designer: too many renames")
            << renamed(QJsonArray::fromVariantList(QVariantList(
                   LabFormat::MaxFormerEntries + 1, rename(QStringLiteral("a"), QStringLiteral("b")).toVariantMap())))
            << QStringLiteral("/designer/renamed_node_ids: 257 entries; at most 256");
        QTest::newRow("designer: an unknown key")
            << designer({{QStringLiteral("notes"), QStringLiteral("x")}}) << QStringLiteral("/designer/notes");
        QTest::newRow("designer: not in format 2")
            << withValue(QStringLiteral("/designer"), QJsonObject {}, QStringLiteral("labforge/lab@2"))
            << QStringLiteral("/designer");
        QTest::newRow("format 0 does not exist")
            << withValue(QStringLiteral("/format"), QStringLiteral("labforge/lab@0"))
            << QStringLiteral("/format: unsupported format labforge/lab@0");
        QTest::newRow("not a lab") << QByteArray("{\"nodes\": []}") << QStringLiteral("not a labforge lab file");
        QTest::newRow("empty") << QByteArray("  \n") << QStringLiteral("lab.json: file is empty");
        QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11)
                                << QStringLiteral("lab.json:1:1: JSON syntax error");
        QTest::newRow("array at top") << QByteArray("[1, 2]")
                                      << QStringLiteral("lab.json: /: expected a JSON object at the top level");
        QTest::newRow("deeply nested") << QByteArray(100000, '[') << QStringLiteral("JSON syntax error");
        QTest::newRow("huge") << QByteArray(LabReader::MaxFileSize + 1, ' ')
                              << QStringLiteral("lab.json: file is 32 MiB; lab files are at most 32 MiB");
    }
    void loadErrors()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, expected);
        const auto result = LabReader::read(data);
        QVERIFY(!result.ok());
        QStringList messages;
        for (const LoadError &e : result.errors)
            messages.append(e.toString(QStringLiteral("lab.json")));
        QVERIFY2(messages.join(QLatin1Char('\n')).contains(expected), qPrintable(messages.join(QLatin1Char('\n'))));
    }

    // What a delete or rename took away survives save and reopen while a step still names it,
    // so the stale-step warnings do; once the steps are fixed it is not saved any more.
    void formerIdsAndCountsSurviveSaveAndReopen()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        // One step, so that what the delete makes stale is only what it says.
        lab.scenarios.resize(1);
        lab.scenarios[0].steps.resize(1);
        lab.scenarios[0].steps[0].assertion.command = QStringLiteral("ssh storage true; srun -N2 hostname");
        lab.scenarios[0].steps[0].assertion.expect = Expectation {};
        lab.scenarios[0].steps[0].assertion.expect.contains = QStringLiteral("ok");
        lab = NodeReferences::withoutNodes(lab, {QStringLiteral("storage"), QStringLiteral("compute-1")});
        const auto warnings = [](const Lab &l) {
            QStringList out;
            for (const Problem &p : Validator::validate(l, PinsLock::builtIn().validationContext())) {
                if (p.rule.startsWith(QLatin1String("scenario.stale-")))
                    out.append(p.rule + u' ' + p.pointer);
            }
            out.sort();
            return out;
        };
        QVERIFY(warnings(lab).contains(
            QStringLiteral("scenario.stale-node-name /scenarios/0/steps/0/assertion/params/command")));
        QVERIFY(warnings(lab).contains(
            QStringLiteral("scenario.stale-count /scenarios/0/steps/0/assertion/params/command")));
        const QByteArray saved = LabWriter::toBytes(lab);
        QVERIFY(saved.contains("\"designer\""));
        const auto again = LabReader::read(saved);
        QVERIFY2(again.ok(), qPrintable(again.errors.value(0).toString()));
        QCOMPARE(warnings(*again.lab), warnings(lab));
        QVERIFY(again.lab->formerNodeIds.contains(QStringLiteral("storage")));
        QCOMPARE(again.lab->formerCounts.value(QStringLiteral("role=compute")), 2);
        QCOMPARE(LabWriter::toBytes(*again.lab), saved);
        // Fixed: nothing to remember, and the file is as one never edited.
        Lab fixed = *again.lab;
        fixed.scenarios[0].steps[0].assertion.command = QStringLiteral("srun -N{{count:role=compute}} hostname");
        QVERIFY2(warnings(fixed).isEmpty(), qPrintable(warnings(fixed).join(u' ')));
        const QByteArray clean = LabWriter::toBytes(fixed);
        QVERIFY(!clean.contains("\"designer\""));
        QVERIFY(LabReader::read(clean).lab->formerNodeIds.isEmpty());
    }

    // A rename is remembered with the id it became (a chain as its last id) while a step still
    // names the old one, through save and reopen; the quick fix offers the new id.
    void renamesSurviveSaveAndReopen()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        lab.scenarios.resize(1);
        lab.scenarios[0].steps.resize(1);
        lab = NodeReferences::renamed(lab, QStringLiteral("storage"), QStringLiteral("nas"));
        lab = NodeReferences::renamed(lab, QStringLiteral("nas"), QStringLiteral("files"));
        QCOMPARE(lab.renamedNodeIds.value(QStringLiteral("storage")), QStringLiteral("files"));
        QCOMPARE(lab.renamedNodeIds.value(QStringLiteral("nas")), QStringLiteral("files"));
        lab.scenarios[0].steps[0].assertion.command = QStringLiteral("ssh storage true && ssh nas true");
        const QByteArray saved = LabWriter::toBytes(lab);
        QVERIFY2(saved.contains("\"renamed_node_ids\""), saved.constData());
        const auto again = LabReader::read(saved);
        QVERIFY2(again.ok(), qPrintable(again.errors.value(0).toString()));
        QCOMPARE(again.lab->renamedNodeIds, lab.renamedNodeIds);
        QCOMPARE(again.lab->renamedTo(QStringLiteral("storage")), QStringLiteral("files"));
        QCOMPARE(LabWriter::toBytes(*again.lab), saved);
        // Once no step names them, they are not saved.
        Lab fixed = *again.lab;
        fixed.scenarios[0].steps[0].assertion.command = QStringLiteral("ssh files true");
        QVERIFY(!LabWriter::toBytes(fixed).contains("renamed_node_ids"));
        // A loop only an edited file can hold: read, but it offers no node.
        Lab looped = *again.lab;
        looped.renamedNodeIds = {{QStringLiteral("a"), QStringLiteral("b")},
                                 {QStringLiteral("b"), QStringLiteral("a")}};
        QCOMPARE(looped.renamedTo(QStringLiteral("a")), QString());
    }

    // A network without a position (format 1, hand-written files) is drawn above the nodes
    // on it, or below the lab, at its left edge, when nothing is on it.
    void unplacedNetworksGoAboveTheirNodesOrBelowTheLab()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        lab.networks[0].position.reset();
        lab.networks.append(Network {QStringLiteral("spare"), QStringLiteral("10.9.0.0/24"), {}, {}, false});
        for (Node &n : lab.nodes)
            n.position += QPointF(200, 0);
        QCOMPARE(NetworkLayout::position(lab, 0), QPointF(300, 50)); // first node at (300, 100)
        QCOMPARE(NetworkLayout::position(lab, 1), QPointF(300, 100 + 84 + 60 + 40));
    }

    void formatOneKeepsEveryLink()
    {
        // A format 1 file: node-to-node links without networks, networks without a position.
        QJsonObject root = QJsonDocument::fromJson(withValue(QStringLiteral("/description"), QStringLiteral("old"),
                                                             QStringLiteral("labforge/lab@1")))
                               .object();
        QJsonArray networks = root.value(QStringLiteral("networks")).toArray();
        networks.append(QJsonObject {{QStringLiteral("name"), QStringLiteral("side")},
                                     {QStringLiteral("cidr"), QStringLiteral("10.104.0.0/24")}});
        root.insert(QStringLiteral("networks"), networks);
        QJsonArray nodes = root.value(QStringLiteral("nodes")).toArray();
        QJsonObject storage = nodes.at(4).toObject();
        storage.insert(QStringLiteral("interfaces"),
                       QJsonArray {QJsonObject {{QStringLiteral("network"), QStringLiteral("side")},
                                                {QStringLiteral("ip"), QStringLiteral("10.104.0.40")}}});
        nodes[4] = storage;
        root.insert(QStringLiteral("nodes"), nodes);
        auto link = [](const char *from, const char *to) {
            return QJsonObject {{QStringLiteral("from"), QString::fromLatin1(from)},
                                {QStringLiteral("to"), QString::fromLatin1(to)}};
        };
        root.insert(
            QStringLiteral("links"),
            QJsonArray {link("controller", "compute-1"), link("storage", "controller"), link("compute-1", "ghost")});
        const auto result = LabReader::read(QJsonDocument(root).toJson());
        QVERIFY2(result.ok(), qPrintable(result.errors.value(0).toString()));
        QCOMPARE(result.version, 1);
        // Every link is kept: the first over the network its ends share, the other two
        // without one (said here, reported by the validator until the user chooses).
        QCOMPARE(result.lab->links.size(), 3);
        QCOMPARE(result.lab->links.at(0),
                 (Link {QStringLiteral("controller"), QStringLiteral("compute-1"), QStringLiteral("hpc-lab"), {}}));
        QCOMPARE(result.lab->links.at(1), (Link {QStringLiteral("storage"), QStringLiteral("controller"), {}, {}}));
        QCOMPARE(result.lab->links.at(2), (Link {QStringLiteral("compute-1"), QStringLiteral("ghost"), {}, {}}));
        QStringList notices;
        for (const LoadError &n : result.notices)
            notices.append(n.toString(QStringLiteral("old.json")));
        QCOMPARE(notices.size(), 3);
        QVERIFY2(notices.at(0).startsWith(QStringLiteral("old.json: /format: converted from labforge/lab@1")),
                 qPrintable(notices.at(0)));
        QVERIFY2(notices.at(1).startsWith(
                     QStringLiteral("old.json: /links/1: the link storage - controller is kept without a network")),
                 qPrintable(notices.at(1)));
        QVERIFY2(notices.at(2).startsWith(QStringLiteral("old.json: /links/2: the link compute-1 - ghost is kept")),
                 qPrintable(notices.at(2)));
        QVERIFY(!notices.join(QLatin1Char('\n')).contains(QStringLiteral("dropped")));
        QVERIFY(!result.lab->networks.at(0).position);
        // Saved, it is format 4 with all three links, and reads back as it was converted.
        const QByteArray saved = LabWriter::toBytes(*result.lab);
        QVERIFY(saved.contains("\"format\": \"labforge/lab@4\""));
        const auto again = LabReader::read(saved);
        QVERIFY2(again.ok() && again.notices.isEmpty(), qPrintable(again.errors.value(0).toString()));
        QCOMPARE(again.version, 4);
        QVERIFY(*again.lab == *result.lab);
        // The validator names what the user has to fix, with its quick fix for the end off the network.
        const Problems problems = Validator::validate(*again.lab);
        QStringList rules;
        for (const Problem &p : problems) {
            if (p.pointer.startsWith(QLatin1String("/links/")))
                rules.append(p.rule + QLatin1Char(' ') + p.pointer);
        }
        QCOMPARE(rules,
                 (QStringList {QStringLiteral("link.network-missing /links/1/network"),
                               QStringLiteral("link.node-unknown /links/2/to")}));
    }

    // The whole reference lab as a format 1 file (its links without networks): every link
    // comes back over hpc-lab, and the lab equals the built-in one.
    void formatOneReferenceLabConvertsToTheBuiltIn()
    {
        const auto result = LabReader::read(
            withValue(QStringLiteral("/description"), QJsonValue::Undefined, QStringLiteral("labforge/lab@1")));
        QVERIFY2(result.ok(), qPrintable(result.errors.value(0).toString()));
        QCOMPARE(result.notices.size(), 1);
        Lab expected = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        expected.description.clear();
        expected.networks[0].position.reset();
        QCOMPARE(result.lab->links, specLinks());
        QVERIFY(*result.lab == expected);
    }

    void allErrorsAreCollected()
    {
        QByteArray data = withValue(QStringLiteral("/nodes/0/kind"), 3);
        data = QJsonDocument::fromJson(data).toJson();
        QJsonObject o = QJsonDocument::fromJson(data).object();
        o.insert(QStringLiteral("extra"), true);
        const auto result = LabReader::read(QJsonDocument(o).toJson());
        QCOMPARE(result.errors.size(), 2);
    }

    void schemaDescribesExactlyTheLoaderKeys_data()
    {
        QTest::addColumn<int>("object");
        for (LabFormat::Object o : LabFormat::objects())
            QTest::newRow(qPrintable(LabFormat::schemaName(o))) << int(o);
    }
    void schemaDescribesExactlyTheLoaderKeys()
    {
        QFETCH(int, object);
        QFile file(TestLabs::sourceDir() + QStringLiteral("/resources/schema/lab.schema.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject defs =
            QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("$defs")).toObject();
        const auto kind = LabFormat::Object(object);
        const QJsonObject def = defs.value(LabFormat::schemaName(kind)).toObject();
        QVERIFY2(!def.isEmpty(), "schema has no $defs entry for this object");
        QCOMPARE(def.value(QStringLiteral("additionalProperties")).toBool(true), false);
        QStringList schemaKeys = def.value(QStringLiteral("properties")).toObject().keys();
        QStringList loaderKeys = LabFormat::keys(kind);
        schemaKeys.sort();
        loaderKeys.sort();
        QCOMPARE(schemaKeys, loaderKeys);
    }

    // The schema's closed lists are the registries': roles, node kinds, disk buses, base
    // images and assertion types, in the same order.
    void schemaEnumsAreTheRegistries()
    {
        QFile file(TestLabs::sourceDir() + QStringLiteral("/resources/schema/lab.schema.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject defs =
            QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("$defs")).toObject();
        auto schemaEnum = [&](const char *def, const char *property) {
            QStringList values;
            const QJsonArray e = defs.value(QLatin1String(def))
                                     .toObject()
                                     .value(QStringLiteral("properties"))
                                     .toObject()
                                     .value(QLatin1String(property))
                                     .toObject()
                                     .value(QStringLiteral("enum"))
                                     .toArray();
            for (const auto &v : e)
                values.append(v.toString());
            return values;
        };
        QCOMPARE(schemaEnum("node", "role"), Catalog::roles());
        QCOMPARE(schemaEnum("node", "kind"), Catalog::nodeKinds());
        QCOMPARE(schemaEnum("disk", "bus"), Catalog::diskBuses());
        QCOMPARE(schemaEnum("recipe", "base_image"), Catalog::baseImages());
        QCOMPARE(schemaEnum("assertion", "type"), Assertion::typeNames());
        QCOMPARE(schemaEnum("integer", "op"), Expectation::integerOperators());
    }

    // Every assertion type is one registered class: found by its enum value and its name,
    // described for the designer and the report, and a step of it written to a file reads
    // back equal and (when well formed) validates clean.
    void assertionTypesAreComplete()
    {
        QStringList names;
        for (const AssertionType *type : AssertionTypeRegistry::all()) {
            QVERIFY2(!names.contains(type->name()), qPrintable(type->name()));
            names.append(type->name());
            QCOMPARE(&AssertionTypeRegistry::of(type->type()), type);
            QCOMPARE(AssertionTypeRegistry::byName(type->name()), type);
            QVERIFY(!type->summary().isEmpty());

            Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
            ScenarioStep &step = lab.scenarios[0].steps[0];
            step.assertion = Assertion {};
            step.assertion.type = type->type();
            step.assertion.timeoutSeconds = 120;
            if (type->runsCommand())
                step.assertion.command = QStringLiteral("set -euo pipefail\nhostname\n");
            if (type->usesExpectation())
                step.assertion.expect.equals = step.node;
            // A link step: to another node of the lab, every impairment field set (each read back).
            if (type->ownKeys().contains(QLatin1String("peer")))
                step.assertion.link.peer = lab.nodes.at(lab.nodes.first().id == step.node ? 1 : 0).id;
            if (type->ownKeys().contains(QLatin1String("delay_ms")))
                step.assertion.link = {step.assertion.link.peer, lab.networks.first().name, 100, 10, 1.5, 10};
            QVERIFY(!type->describeAction(step).isEmpty());
            QVERIFY(!type->describeExpectation(step.assertion).isEmpty());
            const auto again = LabReader::read(LabWriter::toBytes(lab));
            QVERIFY2(again.ok(), qPrintable(type->name() + QLatin1Char(' ') + again.errors.value(0).toString()));
            QVERIFY2(again.lab->scenarios[0].steps[0] == step, qPrintable(type->name()));
            for (const Problem &p : Validator::validate(lab)) {
                if (p.pointer.startsWith(QLatin1String("/scenarios/0/steps/0")))
                    QFAIL(qPrintable(type->name() + QStringLiteral(": ") + p.message));
            }
        }
        QCOMPARE(names, Assertion::typeNames());
    }

    void saveIsAtomicAndReloads()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lab.lab.json"));
        const Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        QString error;
        QVERIFY(LabWriter::save(lab, path, &error));
        const auto again = LabReader::readFile(path);
        QVERIFY(again.ok());
        QVERIFY(*again.lab == lab);
        // A save that cannot complete leaves the previous file as it was.
        QVERIFY(!LabWriter::save(lab, dir.filePath(QStringLiteral("missing-dir/x.lab.json")), &error));
        QVERIFY(error.contains(QStringLiteral("missing-dir")));
        QDir(dir.path()).entryList(QDir::Files);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("lab.lab.json")});
    }
};

QTEST_GUILESS_MAIN(TestLabFormat)
#include "tst_labformat.moc"
