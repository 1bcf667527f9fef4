// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Cidr.h"
#include "FeatureModules.h"
#include "Ipv4.h"

#include <QTest>

using namespace Labforge;

class TestCidr : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }
private Q_SLOTS:
    void parseIpv4_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << QStringLiteral("10.103.0.10") << true;
        QTest::newRow("zero") << QStringLiteral("0.0.0.0") << true;
        QTest::newRow("max") << QStringLiteral("255.255.255.255") << true;
        QTest::newRow("octet too big") << QStringLiteral("10.103.0.256") << false;
        QTest::newRow("three parts") << QStringLiteral("10.103.0") << false;
        QTest::newRow("leading zero") << QStringLiteral("10.103.0.010") << false;
        QTest::newRow("sign") << QStringLiteral("10.103.+0.1") << false;
        QTest::newRow("space") << QStringLiteral("10.103.0. 1") << false;
        QTest::newRow("empty part") << QStringLiteral("10..0.1") << false;
    }
    void parseIpv4()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        const auto ip = Ipv4::parse(text);
        QCOMPARE(ip.has_value(), valid);
        if (valid)
            QCOMPARE(Ipv4::format(*ip), text);
    }

    void parseCidr_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("lab") << QStringLiteral("10.103.0.0/24") << true << QString();
        QTest::newRow("host bits") << QStringLiteral("10.103.0.1/24") << false << QStringLiteral("host bits");
        QTest::newRow("no prefix") << QStringLiteral("10.103.0.0") << false << QStringLiteral("CIDR notation");
        QTest::newRow("prefix 33") << QStringLiteral("10.0.0.0/33") << false << QStringLiteral("prefix length");
        QTest::newRow("bad address") << QStringLiteral("10.0.0/8") << false << QStringLiteral("not an IPv4");
        QTest::newRow("all") << QStringLiteral("0.0.0.0/0") << true << QString();
    }
    void parseCidr()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(QString, errorPart);
        QString error;
        const auto cidr = Cidr::parse(text, &error);
        QCOMPARE(cidr.has_value(), valid);
        if (valid)
            QCOMPARE(cidr->toString(), text);
        else
            QVERIFY2(error.contains(errorPart), qPrintable(error));
    }

    void ranges()
    {
        const Cidr lab = *Cidr::parse(QStringLiteral("10.103.0.0/24"));
        QCOMPARE(Ipv4::format(lab.broadcast()), QStringLiteral("10.103.0.255"));
        QCOMPARE(lab.size(), quint64(256));
        QVERIFY(lab.contains(*Ipv4::parse(QStringLiteral("10.103.0.40"))));
        QVERIFY(!lab.contains(*Ipv4::parse(QStringLiteral("10.103.1.40"))));
        const Cidr services = *Cidr::parse(QStringLiteral("10.112.0.0/16"));
        QCOMPARE(Ipv4::format(services.address(10)), QStringLiteral("10.112.0.10"));
    }

    void overlaps_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("overlap");
        QTest::newRow("spec subnets are disjoint 1")
            << QStringLiteral("10.103.0.0/24") << QStringLiteral("10.244.0.0/16") << false;
        QTest::newRow("spec subnets are disjoint 2")
            << QStringLiteral("10.244.0.0/16") << QStringLiteral("10.112.0.0/16") << false;
        QTest::newRow("spec subnets are disjoint 3")
            << QStringLiteral("10.103.0.0/24") << QStringLiteral("10.112.0.0/16") << false;
        QTest::newRow("contained") << QStringLiteral("10.0.0.0/8") << QStringLiteral("10.103.0.0/24") << true;
        QTest::newRow("contains") << QStringLiteral("10.103.0.128/25") << QStringLiteral("10.103.0.0/24") << true;
        QTest::newRow("equal") << QStringLiteral("10.1.0.0/16") << QStringLiteral("10.1.0.0/16") << true;
        QTest::newRow("adjacent") << QStringLiteral("10.1.0.0/16") << QStringLiteral("10.2.0.0/16") << false;
    }
    void overlaps()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, overlap);
        QCOMPARE(Cidr::parse(a)->overlaps(*Cidr::parse(b)), overlap);
        QCOMPARE(Cidr::parse(b)->overlaps(*Cidr::parse(a)), overlap);
    }

    void rfc1918_data()
    {
        QTest::addColumn<QString>("cidr");
        QTest::addColumn<bool>("isPrivate");
        QTest::newRow("10/8 lab") << QStringLiteral("10.103.0.0/24") << true;
        QTest::newRow("172.16/12 inside") << QStringLiteral("172.31.0.0/16") << true;
        QTest::newRow("172.32 outside") << QStringLiteral("172.32.0.0/16") << false;
        QTest::newRow("192.168") << QStringLiteral("192.168.60.0/24") << true;
        QTest::newRow("CGNAT is not RFC 1918") << QStringLiteral("100.64.0.0/24") << false;
        QTest::newRow("public") << QStringLiteral("11.103.0.0/24") << false;
        QTest::newRow("wider than 10/8") << QStringLiteral("8.0.0.0/6") << false;
    }
    void rfc1918()
    {
        QFETCH(QString, cidr);
        QFETCH(bool, isPrivate);
        QCOMPARE(Cidr::parse(cidr)->isPrivate(), isPrivate);
    }
};

QTEST_GUILESS_MAIN(TestCidr)
#include "tst_cidr.moc"
