// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The seed disk is a tar archive that the guest's labforge-seed extracts with GNU tar as
// root. Here the archive labforge writes is read back by the host's GNU tar: the members'
// names, modes, owners, contents and checksums as tar sees them, the password member that is
// read but never extracted, the disk's size, and the paths and names it must refuse. The
// guest side (extraction at boot, owners resolved there) is exercised by the VM tests.
#include "HostCommand.h"
#include "SeedDisk.h"
#include "TarArchive.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Labforge;

class TestSeedDisk : public QObject
{
    Q_OBJECT

    static HostCommand::Result tar(const QStringList &arguments)
    {
        return HostCommand(QStringLiteral("tar"), arguments).separateStderr().timeout(30000).run();
    }

private Q_SLOTS:
    void hostTarReadsEveryMemberAsWritten()
    {
        SeedDisk seed;
        seed.setPasswordHash(QStringLiteral("ops"), QStringLiteral("$6$salt$hash"));
        seed.addDirectory(QStringLiteral("/home/ops/.ssh"), 0700, QStringLiteral("ops"));
        seed.addFile(QStringLiteral("/home/ops/.ssh/authorized_keys"), "ssh-ed25519 AAAA key\n", 0600,
                     QStringLiteral("ops"));
        seed.addFile(QStringLiteral("/etc/munge/munge.key"), QByteArray(1024, 'm'), 0400, QStringLiteral("munge"));
        const QString deep = QStringLiteral("/var/lib/") + QString(60, u'a') + u'/' + QString(60, u'b') + u'/'
            + QString(40, u'c') + QStringLiteral("/token");
        seed.addFile(deep, "t\n", 0600, QStringLiteral("root"));

        QTemporaryDir dir;
        const QString image = dir.filePath(QStringLiteral("node-seed.raw"));
        QString error;
        QVERIFY2(seed.write(image, &error), qPrintable(error));
        const QFileInfo info(image);
        QCOMPARE(info.size(), SeedDisk::DiskBytes);
        QCOMPARE(int(info.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteOther)), 0);
        struct stat st
        {
        };
        QCOMPARE(::stat(QFile::encodeName(image).constData(), &st), 0);
        QVERIFY2(qint64(st.st_blocks) * 512 < qint64(1024) * 1024, "the disk is sparse after the archive");

        const auto listed = tar({QStringLiteral("--list"), QStringLiteral("--verbose"),
                                 QStringLiteral("--numeric-owner"), QStringLiteral("--file"), image});
        QVERIFY2(listed.ok(), qPrintable(listed.describe(QStringLiteral("tar --list"))));
        const QString names = QString::fromUtf8(
            tar({QStringLiteral("--list"), QStringLiteral("--verbose"), QStringLiteral("--file"), image}).output);
        QVERIFY2(names.contains(QRegularExpression(QStringLiteral("^drwx------ ops/ops +0 .* home/ops/\\.ssh/$"),
                                                   QRegularExpression::MultilineOption)),
                 qPrintable(names));
        QVERIFY2(names.contains(
                     QRegularExpression(QStringLiteral("^-rw------- ops/ops +21 .* home/ops/\\.ssh/authorized_keys$"),
                                        QRegularExpression::MultilineOption)),
                 qPrintable(names));
        QVERIFY2(
            names.contains(QRegularExpression(QStringLiteral("^-r-------- munge/munge +1024 .* etc/munge/munge\\.key$"),
                                              QRegularExpression::MultilineOption)),
            qPrintable(names));
        QVERIFY2(names.contains(deep.mid(1)), qPrintable(names));
        QVERIFY2(names.contains(QStringLiteral("-rw------- root/root")), qPrintable(names));
        // Where a name is unknown, the numeric ids are nobody's, never root's.
        QVERIFY2(QString::fromUtf8(listed.output).contains(QStringLiteral("65534/65534")), listed.output.constData());

        // Extracted as the guest's seed does (ownership aside: this test is not root in a guest),
        // the password member excluded; it is read on its own.
        QTemporaryDir root;
        const auto extracted =
            tar({QStringLiteral("--extract"), QStringLiteral("--no-same-owner"), QStringLiteral("--file"), image,
                 QStringLiteral("--directory"), root.path(), QStringLiteral("--exclude=.labforge-seed")});
        QVERIFY2(extracted.ok(), qPrintable(extracted.describe(QStringLiteral("tar --extract"))));
        QFile key(root.filePath(QStringLiteral("home/ops/.ssh/authorized_keys")));
        QVERIFY(key.open(QIODevice::ReadOnly));
        QCOMPARE(key.readAll(), QByteArray("ssh-ed25519 AAAA key\n"));
        QCOMPARE(int(QFileInfo(key).permissions() & 0x7777),
                 int(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser));
        QVERIFY(QFileInfo::exists(root.filePath(deep.mid(1))));
        QVERIFY(!QFileInfo::exists(root.filePath(QStringLiteral(".labforge-seed"))));
        const auto passwords = tar({QStringLiteral("--extract"), QStringLiteral("--to-stdout"),
                                    QStringLiteral("--file"), image, QLatin1String(SeedDisk::PasswordsMember)});
        QVERIFY2(passwords.ok(), qPrintable(passwords.describe(QStringLiteral("tar --to-stdout"))));
        QCOMPARE(passwords.output, QByteArray("ops $6$salt$hash\n"));
    }

    void refusesWhatItCannotCarry_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("expected");
        QTest::newRow("relative") << QStringLiteral("etc/x") << QStringLiteral("root")
                                  << QStringLiteral("not an absolute");
        QTest::newRow("dot-dot") << QStringLiteral("/home/../etc/shadow") << QStringLiteral("root")
                                 << QStringLiteral("not a plain relative path");
        QTest::newRow("empty component") << QStringLiteral("/etc//x") << QStringLiteral("root")
                                         << QStringLiteral("not a plain relative path");
        QTest::newRow("seed's own directory") << QStringLiteral("/.labforge-seed/passwords") << QStringLiteral("root")
                                              << QStringLiteral("seed's own directory");
        QTest::newRow("too long") << (QStringLiteral("/") + QString(300, u'x')) << QStringLiteral("root")
                                  << QStringLiteral("too long");
        QTest::newRow("owner with a slash")
            << QStringLiteral("/etc/x") << QStringLiteral("a/b") << QStringLiteral("owner or group");
        QTest::newRow("owner too long") << QStringLiteral("/etc/x") << QString(32, u'u')
                                        << QStringLiteral("owner or group");
    }

    void refusesWhatItCannotCarry()
    {
        QFETCH(QString, path);
        QFETCH(QString, user);
        QFETCH(QString, expected);
        SeedDisk seed;
        seed.addFile(path, "x", 0600, user);
        QTemporaryDir dir;
        const QString image = dir.filePath(QStringLiteral("seed.raw"));
        QString error;
        QVERIFY(!seed.write(image, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY(!QFileInfo::exists(image));
    }

    void checksumsAreWhatTarComputes()
    {
        // Damage one byte of a header: tar must notice (the checksum covers the header).
        TarArchive archive;
        QString error;
        QVERIFY(archive.addFile(QStringLiteral("etc/x"), "x", 0644, QStringLiteral("root"), QStringLiteral("root"),
                                &error));
        QByteArray data = archive.finish();
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("good.tar"));
        const QString bad = dir.filePath(QStringLiteral("bad.tar"));
        QFile g(good);
        QVERIFY(g.open(QIODevice::WriteOnly) && g.write(data) == data.size());
        g.close();
        data[0] = 'f';
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly) && b.write(data) == data.size());
        b.close();
        QVERIFY(tar({QStringLiteral("--list"), QStringLiteral("--file"), good}).ok());
        const auto refused = tar({QStringLiteral("--list"), QStringLiteral("--file"), bad});
        QVERIFY(!refused.ok() || refused.output.trimmed().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSeedDisk)
#include "tst_seeddisk.moc"
