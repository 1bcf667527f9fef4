#pragma once

#include "Lab.h"

namespace Labforge {

// Fixtures shared by the test programs.
class TestLabs
{
public:
    // A built-in lab, loaded; fails the test (QFAIL-style abort) when it does not load.
    static Lab builtIn(const QString &name);
    // A plain generic node with ssh, placed at `position` on the lab's first network.
    static Node genericNode(const QString &id, const QString &network, const QString &ip, QPointF position);
    // A lab of `count` generic nodes on a /16, for benchmarks and scale tests.
    static Lab generated(int count, int interfacesPerNode = 1); // each interface on a network of its own
    static QString sourceDir();
    // tests/data/labs/kit-lab.lab.json's pins lock: the image hello/hello served by the loopback
    // registry on `port` (tests/kit/fixtures.sh image), no digest yet.
    static QByteArray kitLock(int port);
};

} // namespace Labforge
