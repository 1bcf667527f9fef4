#include "TestLabs.h"

#include "Ipv4.h"
#include "Templates.h"

#include <QtGlobal>

namespace Labforge {

Lab TestLabs::builtIn(const QString &name)
{
    const auto result = Templates::load(name);
    if (!result.ok())
        qFatal("built-in lab %s does not load: %s", qPrintable(name), qPrintable(result.errors.value(0).toString()));
    return *result.lab;
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

Lab TestLabs::generated(int count, int linksPerNode)
{
    Lab lab;
    lab.name = QStringLiteral("generated-%1").arg(count);
    lab.networks.append(
        Network {QStringLiteral("big"), QStringLiteral("10.40.0.0/16"), QStringLiteral("10.40.0.1"), {}, false});
    const quint32 base = *Ipv4::parse(QStringLiteral("10.40.1.0"));
    const int columns = 40;
    for (int i = 0; i < count; ++i) {
        const int row = i / columns;
        const QPointF pos((i % columns) * 220.0, row * 140.0);
        lab.nodes.append(
            genericNode(QStringLiteral("node-%1").arg(i), QStringLiteral("big"), Ipv4::format(base + quint32(i)), pos));
    }
    for (int i = 1; i < count; ++i) {
        for (int k = 1; k <= linksPerNode && i - k >= 0; ++k)
            lab.links.append(Link {lab.nodes.at(i - k).id, lab.nodes.at(i).id});
    }
    return lab;
}

QString TestLabs::sourceDir()
{
    return qEnvironmentVariable("LABFORGE_SOURCE_DIR", QStringLiteral(LABFORGE_SOURCE_DIR));
}

} // namespace Labforge
