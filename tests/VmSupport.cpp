// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "VmSupport.h"

#include "BundleGenerator.h"
#include "LabReader.h"
#include "Libvirt.h"
#include "LoopbackSshd.h"
#include "ReportWriter.h"
#include "RunnerPaths.h"
#include "ScenarioEngine.h"
#include "ShapedLabRunner.h"
#include "TestLabs.h"
#include "Transport.h"

#include "HostCommand.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <fcntl.h>
#include <unistd.h>

namespace Labforge::VmSupport {

void printEvent(const RunEvent &e)
{
    if (e.type != RunEvent::Type::Log)
        qInfo("%s %s %s", qPrintable(stageName(e.stage)), qPrintable(e.node), qPrintable(e.message));
}

QString labLeftovers(const QString &uri, const QString &labName)
{
    Libvirt virt(uri);
    QString error;
    const auto domains = virt.domainsOfLab(labName, &error);
    if (!domains)
        return QStringLiteral("libvirt did not list the domains: ") + error;
    const auto networks = virt.networks(QStringLiteral("labforge-%1-").arg(labName), &error);
    if (!networks)
        return QStringLiteral("libvirt did not list the networks: ") + error;
    QStringList left = *domains + *networks;
    const QString vm = RunnerPaths::run(labName, &error) + QStringLiteral("/vm");
    for (const QString &f : QDir(vm).entryList(QDir::Files))
        left.append(vm + u'/' + f);
    return left.isEmpty() ? QString() : QStringLiteral("left after down: ") + left.join(QStringLiteral(", "));
}

Lab nfsPair()
{
    const auto r = LabReader::readFile(TestLabs::sourceDir() + QStringLiteral("/tests/data/labs/nfs-pair.lab.json"));
    if (!r.ok())
        qFatal("nfs-pair lab does not load");
    return *r.lab;
}

ScenarioStep storageCheck(const QString &id, const QString &command, const QString &equals, int timeout)
{
    ScenarioStep s;
    s.id = id;
    s.description = id;
    s.node = QStringLiteral("storage");
    s.assertion.type = Assertion::Type::CommandOutput;
    s.assertion.command = QStringLiteral("set -euo pipefail\n") + command;
    s.assertion.timeoutSeconds = timeout;
    s.assertion.intervalSeconds = 5;
    s.assertion.expect.equals = equals;
    return s;
}

QString bootStorageAlone(const Lab &lab, const QString &name, const std::function<void(BootPlan::Domain &)> &reshape,
                         const std::function<bool(const BootPlan::Disk &, QString *)> &prepare,
                         const QList<ScenarioStep> &checks, const QString &reportDirectory)
{
    const QString uri = QStringLiteral("qemu:///system");
    const Bundle bundle = BundleGenerator::generate(lab);
    LabRunner::Options o;
    o.uri = uri;
    o.accel = BootPlan::Accel::Tcg;
    o.memoryScale = 0.25;
    o.isolated = true;
    o.sshTimeoutSeconds = 600;
    o.events = printEvent;
    ShapedLabRunner runner(lab, bundle, o);
    runner.shapePlan = [&](BootPlan &plan) {
        plan.domains.removeIf([](const BootPlan::Domain &d) { return d.node != QLatin1String("storage"); });
        if (reshape)
            reshape(plan.domains.first());
    };
    runner.prepareDisk = prepare;
    QString error;
    const auto result = runner.up();
    if (!result.ok) {
        LabRunner::down(lab.name, uri, printEvent, &error);
        return name + QStringLiteral(": up: ") + result.error;
    }
    auto transport = LabRunner::transportFor(lab, &error);
    if (!transport) {
        LabRunner::down(lab.name, uri, printEvent, &error);
        return name + QStringLiteral(": ") + error;
    }
    Lab probe = lab;
    probe.scenarios = {Scenario {name, QString(), true, true, checks}};
    const RunReport report = ScenarioEngine::run(probe, *transport, ScenarioEngine::Options {});
    transport->close();
    QString writeError;
    ReportWriter::write(report, reportDirectory + QLatin1Char('/') + name, &writeError);
    if (!LabRunner::down(lab.name, uri, printEvent, &error))
        return name + QStringLiteral(": down: ") + error;
    QStringList failed;
    for (const AssertionResult &r : report.results) {
        if (r.state != AssertionResult::State::Passed)
            failed.append(name + QLatin1Char('/') + r.stepId + QStringLiteral(": ") + r.message + QLatin1Char('\n')
                          + (r.attempts.isEmpty() ? QString()
                                                  : r.attempts.last().stdoutExcerpt + r.attempts.last().stderrExcerpt));
    }
    return failed.join(QLatin1Char('\n'));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QList<QByteArray> scanFile(const QString &path, const QList<QByteArray> &canaries)
{
    QList<QByteArray> found;
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return found;
    qsizetype overlap = 0;
    for (const QByteArray &c : canaries)
        overlap = std::max(overlap, c.size());
    constexpr qsizetype Chunk = qsizetype(16) * 1024 * 1024;
    QByteArray buffer(Chunk + overlap, '\0');
    off_t at = 0;
    while (true) {
        const off_t data = ::lseek(fd, at, SEEK_DATA);
        if (data < 0)
            break; // no data after `at`
        at = data;
        const ssize_t n = ::pread(fd, buffer.data(), size_t(buffer.size()), at);
        if (n <= 0)
            break;
        const QByteArrayView view(buffer.constData(), n);
        for (const QByteArray &c : canaries) {
            if (!found.contains(c) && view.contains(c))
                found.append(c);
        }
        if (n < buffer.size())
            break; // the end of the file
        at += off_t(n) - off_t(overlap);
    }
    ::close(fd);
    return found;
}

Canaries exportCanaries(const QString &directory)
{
    Canaries c;
    c.keyFile = directory + QStringLiteral("/canary_ed25519");
    const auto keygen = HostCommand(QStringLiteral("ssh-keygen"),
                                    {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                     QStringLiteral("-N"), QString(), QStringLiteral("-f"), c.keyFile})
                            .run();
    if (!keygen.ok()) {
        c.error = keygen.describe(QStringLiteral("ssh-keygen"));
        return c;
    }
    for (const QByteArray &line : readAll(c.keyFile).split('\n')) {
        if (!line.startsWith("-----") && line.trimmed().size() >= 16)
            c.keyLines.append(line.trimmed());
    }
    if (c.keyLines.size() < 4) {
        c.error = QStringLiteral("unexpected key format in %1").arg(c.keyFile);
        return c;
    }
    // The first two lines are the same in every OpenSSH ed25519 key (format header and public
    // half); the lines after them hold the private key.
    c.secrets = c.keyLines.mid(2);
    c.password = "CanaryPw-" + QByteArray::number(QDateTime::currentMSecsSinceEpoch(), 36);
    c.secrets.append(c.password);
    qputenv("LABFORGE_OPS_PASSWORD", c.password);
    qputenv("LABFORGE_SSH_KEY_FILE", c.keyFile.toUtf8());
    return c;
}

void clearCanaries()
{
    qunsetenv("LABFORGE_OPS_PASSWORD");
    qunsetenv("LABFORGE_SSH_KEY_FILE");
}

ScenarioStep leakStep(const QString &node, const Canaries &canaries)
{
    ScenarioStep leak;
    leak.id = QStringLiteral("prints-secrets");
    leak.description = QStringLiteral("a careless step that prints the ops password and the key");
    leak.node = node;
    leak.assertion.type = Assertion::Type::CommandSucceeds;
    leak.assertion.command = QStringLiteral("set -euo pipefail\necho %1 | base64 -d\necho\necho %2 | base64 -d\necho\n")
                                 .arg(QString::fromLatin1(canaries.password.toBase64()),
                                      QString::fromLatin1(canaries.secrets.first().toBase64()));
    leak.assertion.timeoutSeconds = 60;
    leak.assertion.intervalSeconds = 5;
    return leak;
}

int skipUnlessVmsCanRun()
{
    if (geteuid() != 0) {
        fprintf(stderr, "SKIP: the VM system test builds images in chroots and needs root\n");
        return 77;
    }
    for (const char *tool : {"mmdebstrap", "qemu-system-x86_64", "qemu-img", "ssh"}) {
        if (!HostCommand::exists(QString::fromLatin1(tool))) {
            fprintf(stderr, "SKIP: %s is not installed\n", tool);
            return 77;
        }
    }
    return 0;
}

qint64 interfaceCounter(const QString &device, const char *which)
{
    QFile f(QStringLiteral("/sys/class/net/%1/statistics/%2").arg(device, QLatin1String(which)));
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : -1;
}

QString loopbackHostUri(LoopbackSshd &sshd, const QString &directory, QString *error)
{
    sshd.setUser(QStringLiteral("root")); // a host's libvirt and its network devices are root's
    if (!sshd.start(error))
        return {};
    // libvirt and labforge run `ssh` from PATH: this one gives the test sshd's client key and
    // pins its host key, as a user's ~/.ssh/config would (a lab file may not name another ssh
    // with command=, nor a key or known-hosts file: LabHost::uriProblem).
    QDir().mkpath(directory + QStringLiteral("/bin"));
    const QString ssh = directory + QStringLiteral("/bin/ssh");
    // Only for the test sshd's port: the runner's own ssh to the guests keeps its options.
    const QByteArray port = QByteArray::number(sshd.port());
    if (!writeFile(ssh,
                   "#!/bin/sh\ncase \" $* \" in *\" -p " + port + " \"*) exec /usr/bin/ssh -i "
                       + sshd.clientKey().toUtf8()
                       + " -o IdentitiesOnly=yes -o UserKnownHostsFile=" + sshd.knownHosts().toUtf8()
                       + " -o StrictHostKeyChecking=yes \"$@\";; esac\nexec /usr/bin/ssh \"$@\"\n")
        || !QFile::setPermissions(ssh, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner)) {
        *error = QStringLiteral("cannot write %1").arg(ssh);
        return {};
    }
    qputenv("PATH", QFile::encodeName(directory + QStringLiteral("/bin:")) + qgetenv("PATH"));
    QString uri = QStringLiteral("qemu+ssh://root@127.0.0.1:%1/system?no_tty=1").arg(sshd.port());
    Libvirt virt(uri);
    if (!virt.isOpen()) {
        *error = virt.openError();
        return {};
    }
    return uri;
}

} // namespace Labforge::VmSupport
