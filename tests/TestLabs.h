// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QJsonObject>

namespace Labforge {

// Fixtures shared by the test programs.
class TestLabs
{
public:
    // A built-in lab, loaded; fails the test (QFAIL-style abort) when it does not load.
    static Lab builtIn(const QString &name);
    // tests/data/labs/NAME.lab.json, loaded; aborts the same way when it does not load.
    static Lab dataLab(const QString &name);
    // A plain generic node with ssh, placed at `position` on the lab's first network.
    static Node genericNode(const QString &id, const QString &network, const QString &ip, QPointF position);
    // A lab of `count` generic nodes on a /16, for benchmarks and scale tests.
    static Lab generated(int count, int interfacesPerNode = 1); // each interface on a network of its own
    static QString sourceDir();
    // A lab file's JSON as format 1 wrote it: networks without a position, links naming
    // their two nodes only.
    static QJsonObject asFormatOne(QJsonObject lab);
    // tests/data/labs/kit-lab.lab.json's pins lock: the image hello/hello served by the loopback
    // registry on `port` (tests/kit/fixtures.sh image), no digest yet.
    static QByteArray kitLock(int port);
    // A domain of libvirt's test driver named `name` whose labforge metadata names `lab` (node
    // a, run r1), with `attributes` added to that element (e.g. "cache='/x' user='ann'").
    static QByteArray labforgeDomain(const QString &name, const QString &lab, const QString &attributes = {});
};

} // namespace Labforge
