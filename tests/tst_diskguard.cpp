// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The storage node's disk guard decides from `lsblk --json` whether it may format,
// reuse or must refuse. Here it is fed recorded lsblk shapes for every case; the real
// disks are exercised by the VM system test.
#include "FeatureModules.h"
#include "Template.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {
const QByteArray Root =
    R"({"name":"vda","path":"/dev/vda","type":"disk","serial":null,"fstype":"ext4","label":"root","mountpoints":["/"]})";

QByteArray disk(const char *name, const char *serial, const char *fstype = nullptr, const char *label = nullptr,
                const char *extra = "")
{
    auto str = [](const char *v) {
        return v ? QByteArray("\"") + v + '"' : QByteArray("null");
    };
    return QByteArray("{\"name\":\"") + name + "\",\"path\":\"/dev/" + name
        + "\",\"type\":\"disk\",\"serial\":" + str(serial) + ",\"fstype\":" + str(fstype) + ",\"label\":" + str(label)
        + ",\"mountpoints\":[null]" + extra + '}';
}

QByteArray devices(std::initializer_list<QByteArray> list)
{
    QByteArray out = "{\"blockdevices\": [";
    bool first = true;
    for (const QByteArray &d : list) {
        out += (first ? "" : ",") + d;
        first = false;
    }
    return out + "]}";
}
} // namespace

class TestDiskGuard : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QTemporaryDir m_dir;
    QString m_guard;

private Q_SLOTS:
    void initTestCase()
    {
        m_guard = m_dir.filePath(QStringLiteral("hpc-disk-guard"));
        QFile f(m_guard);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QStringList errors;
        f.write(Template::load(QStringLiteral("hpc-disk-guard"), &errors));
        QVERIFY(errors.isEmpty());
        f.close();
        QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    }

    void decisions_data()
    {
        QTest::addColumn<QByteArray>("lsblk");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("decision");
        const char *S = "OPENFACTORY_HPC_DATA";
        QTest::newRow("blank disk with the serial is formatted")
            << devices({Root, disk("vdb", S)}) << 0 << QStringLiteral("FORMAT /dev/vdb");
        QTest::newRow("own filesystem is reused")
            << devices({Root, disk("vdb", S, "ext4", "OF_HPC_DATA")}) << 0 << QStringLiteral("REUSE /dev/vdb");
        QTest::newRow("no disk has the serial") << devices({Root, disk("vdb", "OTHER_DISK")}) << 3
                                                << QStringLiteral("REFUSE no disk has serial OPENFACTORY_HPC_DATA");
        QTest::newRow("serial on a partition only does not count") << devices(
            {Root,
             QByteArray(
                 R"({"name":"vdb","path":"/dev/vdb","type":"disk","serial":null,"fstype":null,"label":null,"mountpoints":[null],)"
                 R"("children":[{"name":"vdb1","path":"/dev/vdb1","type":"part","serial":"OPENFACTORY_HPC_DATA","fstype":null,"label":null,"mountpoints":[null]}]})")})
                                                                   << 3 << QStringLiteral("REFUSE no disk has serial");
        QTest::newRow("two disks carry the serial")
            << devices({Root, disk("vdb", S), disk("vdc", S)}) << 3
            << QStringLiteral("REFUSE 2 disks have serial OPENFACTORY_HPC_DATA");
        QTest::newRow("the serial is on the root disk") << devices({QByteArray(
            R"({"name":"vda","path":"/dev/vda","type":"disk","serial":"OPENFACTORY_HPC_DATA","fstype":"ext4","label":"root","mountpoints":["/"]})")})
                                                        << 3
                                                        << QStringLiteral(
                                                               "REFUSE the disk with serial OPENFACTORY_HPC_DATA "
                                                               "(/dev/vda) is the root disk");
        QTest::newRow("the serial is on the root disk's parent") << devices({QByteArray(
            R"({"name":"vda","path":"/dev/vda","type":"disk","serial":"OPENFACTORY_HPC_DATA","fstype":null,"label":null,"mountpoints":[null],)"
            R"("children":[{"name":"vda1","path":"/dev/vda1","type":"part","serial":null,"fstype":"ext4","label":"root","mountpoints":["/"]}]})")})
                                                                 << 3 << QStringLiteral("is the root disk");
        QTest::newRow("unexpected xfs filesystem")
            << devices({Root, disk("vdb", S, "xfs", "scratch")}) << 3
            << QStringLiteral("REFUSE /dev/vdb already has an unexpected xfs filesystem");
        QTest::newRow("ext4 of someone else") << devices({Root, disk("vdb", S, "ext4", "backup")}) << 3
                                              << QStringLiteral("unexpected ext4 filesystem (label 'backup')");
        QTest::newRow("partition table") << devices(
            {Root,
             disk(
                 "vdb", S, nullptr, nullptr,
                 R"(,"children":[{"name":"vdb1","path":"/dev/vdb1","type":"part","serial":null,"fstype":"ext4","label":"x","mountpoints":[null]}])")})
                                         << 3 << QStringLiteral("REFUSE /dev/vdb has 1 partition(s)");
    }
    void decisions()
    {
        QFETCH(QByteArray, lsblk);
        QFETCH(int, exitCode);
        QFETCH(QString, decision);
        const QString json = m_dir.filePath(QStringLiteral("lsblk.json"));
        QFile f(json);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(lsblk);
        f.close();
        QProcess p;
        p.start(m_guard,
                {QStringLiteral("--serial"), QStringLiteral("OPENFACTORY_HPC_DATA"), QStringLiteral("--label"),
                 QStringLiteral("OF_HPC_DATA"), QStringLiteral("--lsblk-json"), json, QStringLiteral("--no-probe")});
        QVERIFY(p.waitForFinished(30000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
        QVERIFY2(out.contains(decision),
                 qPrintable(out + QStringLiteral(" | ") + QString::fromUtf8(p.readAllStandardError())));
        QCOMPARE(p.exitCode(), exitCode);
        QCOMPARE(out.count(QLatin1Char('\n')), 0); // exactly one decision line
    }

    void probeRefusesASignatureLsblkMissed()
    {
        // A real file with an ext4 signature that lsblk (here: the fixture) reports as blank.
        const QString image = m_dir.filePath(QStringLiteral("disk.img"));
        QFile img(image);
        QVERIFY(img.open(QIODevice::WriteOnly));
        QVERIFY(img.resize(qint64(8) * 1024 * 1024));
        img.close();
        QProcess mkfs;
        mkfs.start(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), image});
        QVERIFY(mkfs.waitForFinished(30000));
        if (mkfs.exitCode() != 0)
            QSKIP("mkfs.ext4 is not available here");
        const QString json = m_dir.filePath(QStringLiteral("probe.json"));
        QFile f(json);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"blockdevices\": [{\"name\":\"img\",\"path\":\"" + image.toUtf8()
                + "\",\"type\":\"disk\",\"serial\":\"OPENFACTORY_HPC_DATA\",\"fstype\":null,\"label\":null,"
                  "\"mountpoints\":[null]}]}");
        f.close();
        QProcess p;
        p.start(m_guard,
                {QStringLiteral("--serial"), QStringLiteral("OPENFACTORY_HPC_DATA"), QStringLiteral("--label"),
                 QStringLiteral("OF_HPC_DATA"), QStringLiteral("--lsblk-json"), json});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 3);
        QVERIFY(QString::fromUtf8(p.readAllStandardOutput())
                    .contains(QStringLiteral("carries a filesystem signature (ext4)")));
    }
};

QTEST_GUILESS_MAIN(TestDiskGuard)
#include "tst_diskguard.moc"
