// The SSH transport against a real sshd on loopback: commands, exit status and
// streams pass through, the master connection is reused, and a host key that is
// not the pinned one makes every command fail as a transport failure.
#include "FeatureModules.h"
#include "LoopbackSshd.h"
#include "SshTransport.h"

#include <QTest>

using namespace Labforge;

class TestSsh : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    LoopbackSshd m_sshd;

    SshTransport transport(const QString &knownHosts, bool multiplex = true)
    {
        return SshTransport(
            {{QStringLiteral("n1"), SshTransport::Target {QStringLiteral("127.0.0.1"), m_sshd.user(), m_sshd.port()}}},
            m_sshd.clientKey(), knownHosts, m_sshd.directory() + QStringLiteral("/control"), multiplex);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_sshd.start(&error), qPrintable(error));
    }

    void runsScriptsWithStatusAndStreams()
    {
        SshTransport ssh = transport(m_sshd.knownHosts());
        const auto r = ssh.run(QStringLiteral("n1"),
                               QStringLiteral("set -euo pipefail\necho out; echo err >&2; exit 3\n"), 30000, {});
        QVERIFY2(!r.transportFailed, qPrintable(r.error));
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.stdoutData, QByteArray("out\n"));
        QCOMPARE(r.stderrData, QByteArray("err\n"));
        const auto ok = ssh.run(QStringLiteral("n1"), QStringLiteral("cat /proc/sys/kernel/hostname\n"), 30000, {});
        QCOMPARE(ok.exitCode, 0);
        ssh.close();
    }

    void reusesTheMasterConnection()
    {
        SshTransport ssh = transport(m_sshd.knownHosts());
        QVERIFY(ssh.run(QStringLiteral("n1"), QStringLiteral("true"), 30000, {}).exitCode == 0);
        // With the master up, `ssh -O check` answers for the control socket.
        QStringList check = ssh.baseArguments(QStringLiteral("n1"));
        check.insert(check.size() - 1, QStringLiteral("-O"));
        check.insert(check.size() - 1, QStringLiteral("check"));
        QProcess p;
        p.start(QStringLiteral("ssh"), check);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
        ssh.close();
        p.start(QStringLiteral("ssh"), check);
        QVERIFY(p.waitForFinished(10000));
        QVERIFY(p.exitCode() != 0); // closed
    }

    void aChangedHostKeyFails()
    {
        SshTransport ssh = transport(m_sshd.wrongKnownHosts(), false);
        const auto r = ssh.run(QStringLiteral("n1"), QStringLiteral("echo should-not-run\n"), 30000, {});
        QVERIFY(r.transportFailed);
        QVERIFY(!r.stdoutData.contains("should-not-run"));
        QVERIFY2(r.error.contains(QStringLiteral("Host key verification failed"))
                     || r.error.contains(QStringLiteral("HOST IDENTIFICATION HAS CHANGED")),
                 qPrintable(r.error));
    }

    void anUnknownNodeIsATransportFailure()
    {
        SshTransport ssh = transport(m_sshd.knownHosts(), false);
        QVERIFY(ssh.run(QStringLiteral("nope"), QStringLiteral("true"), 1000, {}).transportFailed);
    }
};

QTEST_GUILESS_MAIN(TestSsh)
#include "tst_ssh.moc"
