// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TestLabs.h"

#include "Ipv4.h"
#include "LabReader.h"
#include "LibvirtXml.h"
#include "Templates.h"

#include <QJsonArray>
#include <QtGlobal>

namespace Labforge {

Lab TestLabs::builtIn(const QString &name)
{
    const auto result = Templates::load(name);
    if (!result.ok())
        qFatal("built-in lab %s does not load: %s", qPrintable(name), qPrintable(result.errors.value(0).toString()));
    return *result.lab;
}

Lab TestLabs::dataLab(const QString &name)
{
    const QString path = sourceDir() + QStringLiteral("/tests/data/labs/") + name + QStringLiteral(".lab.json");
    const auto result = LabReader::readFile(path);
    if (!result.ok())
        qFatal("%s does not load: %s", qPrintable(path), qPrintable(result.errors.value(0).toString(path)));
    return *result.lab;
}

QJsonObject TestLabs::asFormatOne(QJsonObject lab)
{
    lab.insert(QStringLiteral("format"), QStringLiteral("labforge/lab@1"));
    QJsonArray networks = lab.value(QStringLiteral("networks")).toArray();
    for (qsizetype i = 0; i < networks.size(); ++i) {
        QJsonObject n = networks.at(i).toObject();
        n.remove(QStringLiteral("position"));
        networks[i] = n;
    }
    lab.insert(QStringLiteral("networks"), networks);
    QJsonArray links = lab.value(QStringLiteral("links")).toArray();
    for (qsizetype i = 0; i < links.size(); ++i) {
        const QJsonObject l = links.at(i).toObject();
        links[i] = QJsonObject {{QStringLiteral("from"), l.value(QStringLiteral("from"))},
                                {QStringLiteral("to"), l.value(QStringLiteral("to"))}};
    }
    if (!links.isEmpty())
        lab.insert(QStringLiteral("links"), links);
    return lab;
}

Node TestLabs::genericNode(const QString &id, const QString &network, const QString &ip, QPointF position)
{
    Node n;
    n.id = id;
    n.role = QStringLiteral("generic");
    n.position = position;
    n.interfaces.append(NodeInterface {network, ip});
    n.recipe.features = {QStringLiteral("headless"), QStringLiteral("ssh")};
    n.recipe.users.append(User {QStringLiteral("ops"), true, true});
    return n;
}

Lab TestLabs::generated(int count, int interfacesPerNode)
{
    Lab lab;
    lab.name = QStringLiteral("generated-%1").arg(count);
    for (int k = 0; k < interfacesPerNode; ++k) {
        const QString name = k == 0 ? QStringLiteral("big") : QStringLiteral("extra-%1").arg(k);
        lab.networks.append(Network {
            name, QStringLiteral("10.%1.0.0/16").arg(40 + k), QStringLiteral("10.%1.0.1").arg(40 + k), {}, false});
    }
    const int columns = 40;
    for (int i = 0; i < count; ++i) {
        const int row = i / columns;
        const QPointF pos((i % columns) * 220.0, row * 140.0);
        Node n = genericNode(QStringLiteral("node-%1").arg(i), QStringLiteral("big"),
                             Ipv4::format(*Ipv4::parse(QStringLiteral("10.40.1.0")) + quint32(i)), pos);
        for (int k = 1; k < interfacesPerNode; ++k)
            n.interfaces.append(
                NodeInterface {lab.networks.at(k).name,
                               Ipv4::format(*Ipv4::parse(QStringLiteral("10.%1.1.0").arg(40 + k)) + quint32(i))});
        lab.nodes.append(n);
    }
    return lab;
}

QString TestLabs::sourceDir()
{
    return qEnvironmentVariable("LABFORGE_SOURCE_DIR", QStringLiteral(LABFORGE_SOURCE_DIR));
}

} // namespace Labforge

namespace Labforge {

QByteArray TestLabs::kitLock(int port)
{
    return QStringLiteral("{\"format\": \"labforge/pins@2\", \"components\": {\"hello\": {\"version\": \"1.0\", "
                          "\"artifacts\": [{\"name\": \"hello\", \"source\": \"oci-image\", "
                          "\"url\": \"docker://127.0.0.1:%1/lab/hello\", \"version\": \"1.0\", \"digest\": "
                          "{\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"\", \"source\": "
                          "\"built on loopback by tests/kit/fixtures.sh\"}}]}}}\n")
        .arg(port)
        .toUtf8();
}

QByteArray TestLabs::labforgeDomain(const QString &name, const QString &lab, const QString &attributes)
{
    return QStringLiteral("<domain type='test'><name>%1</name><metadata><labforge:node xmlns:labforge='%2' lab='%3' "
                          "node='a' run='r1' %4/></metadata><memory>65536</memory><os><type>hvm</type></os></domain>")
        .arg(name, LibvirtXml::metadataNamespace(), lab, attributes)
        .toUtf8();
}

} // namespace Labforge
