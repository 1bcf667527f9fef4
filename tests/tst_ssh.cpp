// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The SSH transport against a real sshd on loopback: commands, exit status and
// streams pass through, the master connection is reused, scripts run in a kept remote
// shell with the isolation and exit status of a fresh session, and a host key that is
// not the pinned one makes every command fail as a transport failure.
#include "FeatureModules.h"
#include "LoopbackSshd.h"
#include "SshTransport.h"

#include <QElapsedTimer>
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

    // Each script of the kept remote shell starts as a fresh session's would: no variable,
    // directory or option of the one before, stdin empty; what it prints comes back byte
    // for byte on its own stream, with its exit status, also when killed by a signal.
    void theKeptShellIsolatesEachScript()
    {
        SshTransport ssh = transport(m_sshd.knownHosts());
        const QString n1 = QStringLiteral("n1");
        const auto first = ssh.run(n1,
                                   QStringLiteral("pwd; cd /; export LEFT=over; set -e; trap 'echo trapped' EXIT; "
                                                  "ps -o ppid= -p $PPID | tr -d ' '"),
                                   30000, {});
        QVERIFY2(!first.transportFailed, qPrintable(first.error));
        QCOMPARE(first.exitCode, 0);
        const QByteArray home = first.stdoutData.split('\n').value(0);
        const QByteArray loop = first.stdoutData.split('\n').value(1);
        QVERIFY(first.stdoutData.endsWith("trapped\n"));
        const auto second = ssh.run(n1,
                                    QStringLiteral("pwd; echo \"${LEFT:-unset}\" $-; ps -o ppid= -p $PPID | tr -d ' '; "
                                                   "cat; printf 'no newline'; printf 'to stderr' >&2; exit 7"),
                                    30000, {});
        QCOMPARE(second.exitCode, 7);
        const QList<QByteArray> lines = second.stdoutData.split('\n');
        QCOMPARE(lines.value(0), home); // not the directory of the script before
        QVERIFY(home != "/");
        QVERIFY2(lines.value(1).startsWith("unset ") && !lines.value(1).mid(6).contains('e'),
                 second.stdoutData.constData());
        QCOMPARE(lines.value(2), loop); // the same kept shell ran both
        QCOMPARE(lines.value(3), QByteArray("no newline")); // `cat` read nothing: stdin is empty
        QCOMPARE(second.stderrData, QByteArray("to stderr"));
        const auto killed = ssh.run(n1, QStringLiteral("kill -KILL $$"), 30000, {});
        QCOMPARE(killed.exitCode, 128 + 9);
        QVERIFY(!killed.transportFailed);
        // Output larger than any pipe buffer on both streams at once, and a script longer
        // than an argument may be.
        const auto big =
            ssh.run(n1,
                    QStringLiteral("head -c 3000000 /dev/zero | tr '\\0' o; head -c 2000000 /dev/zero >&2; : ")
                        + QString(200000, QLatin1Char('x')),
                    60000, {});
        QCOMPARE(big.exitCode, 0);
        QCOMPARE(big.stdoutData, QByteArray(3000000, 'o'));
        QCOMPARE(big.stderrData, QByteArray(2000000, '\0')); // passed as it is, NUL bytes and all
        ssh.close();
    }

    // A script past its time is killed on the node with what it started, and is reported
    // as timed out; the next script gets a working shell.
    void aHungScriptIsKilledOnTheNode()
    {
        SshTransport ssh = transport(m_sshd.knownHosts());
        const QString n1 = QStringLiteral("n1");
        const QString tag = QStringLiteral("labforge-hang-%1").arg(QCoreApplication::applicationPid());
        QElapsedTimer timer;
        timer.start();
        const auto hung = ssh.run(n1, QStringLiteral("bash -c 'exec -a %1 sleep 600' & wait").arg(tag), 1500, {});
        QVERIFY(hung.timedOut);
        QVERIFY2(timer.elapsed() < 10000, QByteArray::number(timer.elapsed()).constData());
        const auto after =
            ssh.run(n1, QStringLiteral("pgrep -f '[%1]%2' || echo none").arg(tag.left(1), tag.mid(1)), 30000, {});
        QCOMPARE(after.exitCode, 0);
        QCOMPARE(after.stdoutData, QByteArray("none\n"));
        ssh.close();
    }

    // The session ending under a script (the node rebooted, the shell was killed) is a
    // transport failure, and the next script starts a new shell.
    void aShellThatEndsIsAFailureAndIsReplaced()
    {
        SshTransport ssh = transport(m_sshd.knownHosts());
        const QString n1 = QStringLiteral("n1");
        const auto loop = ssh.run(n1, QStringLiteral("ps -o ppid= -p $PPID | tr -d ' '"), 30000, {});
        const auto gone = ssh.run(n1, QStringLiteral("kill -KILL $(ps -o ppid= -p $PPID)"), 30000, {});
        QVERIFY(gone.transportFailed);
        QVERIFY(!gone.error.isEmpty());
        const auto next = ssh.run(n1, QStringLiteral("ps -o ppid= -p $PPID | tr -d ' '"), 30000, {});
        QCOMPARE(next.exitCode, 0);
        QVERIFY(next.stdoutData != loop.stdoutData);
        ssh.forget(n1); // a forgotten node gets a new shell as well
        const auto again = ssh.run(n1, QStringLiteral("ps -o ppid= -p $PPID | tr -d ' '"), 30000, {});
        QCOMPARE(again.exitCode, 0);
        QVERIFY(again.stdoutData != next.stdoutData);
        ssh.close();
    }

    void aChangedHostKeyFailsTheKeptShellToo()
    {
        SshTransport ssh = transport(m_sshd.wrongKnownHosts(), true);
        const auto r = ssh.run(QStringLiteral("n1"), QStringLiteral("echo should-not-run\n"), 30000, {});
        QVERIFY(r.transportFailed);
        QVERIFY(!r.stdoutData.contains("should-not-run"));
        QVERIFY2(r.error.contains(QStringLiteral("Host key verification failed")), qPrintable(r.error));
    }

    void anUnknownNodeIsATransportFailure()
    {
        SshTransport ssh = transport(m_sshd.knownHosts(), false);
        QVERIFY(ssh.run(QStringLiteral("nope"), QStringLiteral("true"), 1000, {}).transportFailed);
    }
};

QTEST_GUILESS_MAIN(TestSsh)
#include "tst_ssh.moc"
