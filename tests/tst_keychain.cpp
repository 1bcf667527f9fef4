// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The OS keychain through QtKeychain, against a real Secret Service
// (gnome-keyring-daemon on a private D-Bus session bus, started by
// tests/keychain/secret-service.sh), and the clear fallback when none runs.
#include "FeatureModules.h"
#include "HostCommand.h"
#include "Keychain.h"
#include "LabSecrets.h"
#include "PrivateFile.h"
#include "Redactor.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace Labforge;

class TestKeychain : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    static bool servicePresent() { return qEnvironmentVariable("LABFORGE_KEYCHAIN_MODE") == QLatin1String("present"); }
    static QString uniqueLab()
    {
        return QStringLiteral("kc-") + QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString mode = qEnvironmentVariable("LABFORGE_KEYCHAIN_MODE");
        QVERIFY2(
            mode == QLatin1String("present") || mode == QLatin1String("absent"),
            "run through tests/keychain/secret-service.sh (sets LABFORGE_KEYCHAIN_MODE and a private session bus)");
        QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"), "no private session bus");
        qunsetenv("LABFORGE_OPS_PASSWORD");
        qunsetenv("LABFORGE_SSH_KEY_FILE");
    }

    void roundTripThroughSecretService()
    {
        const QString key = uniqueLab() + QStringLiteral("/ops-password");
        QString error;
        const Keychain::Status written = Keychain::write(key, QStringLiteral("canary-7f3a-keychain"), &error);
        if (!servicePresent()) {
            QCOMPARE(written, Keychain::Status::Unavailable);
            QVERIFY2(error.contains(QLatin1String("no secret service is running")), qPrintable(error));
            QCOMPARE(Keychain::read(key).status, Keychain::Status::Unavailable);
            return;
        }
        QVERIFY2(written == Keychain::Status::Ok, qPrintable(error));
        const Keychain::Read back = Keychain::read(key);
        QVERIFY2(back.status == Keychain::Status::Ok, qPrintable(back.error));
        QCOMPARE(back.value, QStringLiteral("canary-7f3a-keychain"));

        // Overwrite, then delete: a later read says "not found", not "unavailable".
        QCOMPARE(Keychain::write(key, QStringLiteral("second-value"), &error), Keychain::Status::Ok);
        QCOMPARE(Keychain::read(key).value, QStringLiteral("second-value"));
        QVERIFY2(Keychain::remove(key, &error) == Keychain::Status::Ok, qPrintable(error));
        QCOMPARE(Keychain::read(key).status, Keychain::Status::NotFound);
    }

    void noBusIsUnavailableWithAHint()
    {
        const QByteArray bus = qgetenv("DBUS_SESSION_BUS_ADDRESS");
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        const Keychain::Read r = Keychain::read(QStringLiteral("any/key"));
        qputenv("DBUS_SESSION_BUS_ADDRESS", bus);
        QCOMPARE(r.status, Keychain::Status::Unavailable);
        QVERIFY(r.error.contains(QLatin1String("LABFORGE_OPS_PASSWORD")));
        QVERIFY(r.error.contains(QLatin1String("LABFORGE_SSH_KEY_FILE")));
    }

    // A lab's secrets are generated once, kept in the keychain, and the same on the next run
    // (a fresh run directory: nothing can come from the previous run's key file).
    void labSecretsPersistAcrossRuns()
    {
        const QString lab = uniqueLab();
        QTemporaryDir first, second;
        Redactor r1, r2;
        QString error;
        const QList<SecretSlot> token {SecretSlot::shared(QStringLiteral("kubeadm-token"), QStringLiteral("token"),
                                                          SecretSlot::Recipe::BootstrapToken, 0,
                                                          QStringLiteral("/etc/t"), 0600, QStringLiteral("root"))};
        const LabSecrets a = LabSecrets::obtain(lab, first.path() + QStringLiteral("/secrets"), token, r1, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(a.opsPassword.size() >= 16);
        QVERIFY(a.sshPublicKey.startsWith(QLatin1String("ssh-ed25519 ")));
        QCOMPARE(QFile::permissions(a.sshPrivateKeyFile)
                     & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
                 QFileDevice::Permissions());
        QVERIFY(!r1.redact(QStringLiteral("pw=") + a.opsPassword).contains(a.opsPassword));
        const QString tokenA = QString::fromLatin1(a.shared.value(QStringLiteral("kubeadm-token")));
        QCOMPARE(tokenA.size(), 23);
        QVERIFY(!r1.redact(tokenA).contains(tokenA.section(QLatin1Char('.'), 1)));

        const LabSecrets b = LabSecrets::obtain(lab, second.path() + QStringLiteral("/secrets"), token, r2, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString notesA = a.notes.join(QLatin1Char('\n'));
        const QString notesB = b.notes.join(QLatin1Char('\n'));
        QVERIFY2(a.shared.value(QStringLiteral("kubeadm-token")) != b.shared.value(QStringLiteral("kubeadm-token")),
                 "the bootstrap token is per run, never stored");
        if (servicePresent()) {
            QVERIFY2(notesA.contains(QLatin1String("ops password: generated and saved in the OS keychain")),
                     qPrintable(notesA));
            QVERIFY2(notesA.contains(QLatin1String("SSH key: generated and saved in the OS keychain")),
                     qPrintable(notesA));
            QVERIFY2(notesB.contains(QLatin1String("ops password: from the OS keychain")), qPrintable(notesB));
            QVERIFY2(notesB.contains(QLatin1String("SSH key: from the OS keychain")), qPrintable(notesB));
            QCOMPARE(b.opsPassword, a.opsPassword);
            QCOMPARE(b.sshPublicKey, a.sshPublicKey);
            // The stored values are what the runner used, under the documented keys.
            QCOMPARE(Keychain::read(lab + QStringLiteral("/ops-password")).value, a.opsPassword);
            QVERIFY(Keychain::read(lab + QStringLiteral("/ssh-private-key"))
                        .value.contains(QLatin1String("OPENSSH PRIVATE KEY")));
        } else {
            // No secret service: a clear note, secrets for this run only, and they differ.
            QVERIFY2(notesA.contains(QLatin1String("no secret service is running")), qPrintable(notesA));
            QVERIFY2(notesA.contains(QLatin1String("ops password: generated for this run only")), qPrintable(notesA));
            QVERIFY(b.opsPassword != a.opsPassword);
        }
        // The notes never carry a secret.
        QVERIFY(!notesA.contains(a.opsPassword));
        QVERIFY(!notesB.contains(b.opsPassword));
    }

    // The headless fallback wins over the keychain.
    void environmentOverridesTheKeychain()
    {
        const QString lab = uniqueLab();
        QTemporaryDir dir;
        Redactor redactor;
        QString error;
        const LabSecrets stored = LabSecrets::obtain(lab, dir.path() + QStringLiteral("/one"), {}, redactor, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        qputenv("LABFORGE_OPS_PASSWORD", "from-the-environment-42");
        const QString keyFile = dir.path() + QStringLiteral("/env_key");
        QVERIFY(QFile::copy(stored.sshPrivateKeyFile, keyFile));
        qputenv("LABFORGE_SSH_KEY_FILE", keyFile.toLocal8Bit());
        const LabSecrets env = LabSecrets::obtain(lab, dir.path() + QStringLiteral("/two"), {}, redactor, &error);
        qunsetenv("LABFORGE_OPS_PASSWORD");
        qunsetenv("LABFORGE_SSH_KEY_FILE");
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(env.opsPassword, QStringLiteral("from-the-environment-42"));
        QCOMPARE(env.sshPublicKey, stored.sshPublicKey);
        QVERIFY(env.notes.contains(QStringLiteral("ops password: from LABFORGE_OPS_PASSWORD")));
        QVERIFY(env.notes.contains(QStringLiteral("SSH key: from LABFORGE_SSH_KEY_FILE")));
        if (servicePresent()) // the environment does not overwrite what the keychain holds
            QCOMPARE(Keychain::read(lab + QStringLiteral("/ops-password")).value, stored.opsPassword);
    }

    // An ops password too short to redact from logs and reports is refused, not used.
    void aShortOpsPasswordIsRefused()
    {
        QTemporaryDir dir;
        Redactor redactor;
        QString error;
        qputenv("LABFORGE_OPS_PASSWORD", "pw12345");
        LabSecrets::obtain(uniqueLab(), dir.path() + QStringLiteral("/secrets"), {}, redactor, &error);
        qunsetenv("LABFORGE_OPS_PASSWORD");
        QVERIFY2(error.contains(QStringLiteral("at least 8")), qPrintable(error));
        QVERIFY(redactor.isEmpty() || redactor.redact(QStringLiteral("pw12345")) == QStringLiteral("pw12345"));
    }

    // A run directory that held another key pair (an earlier run generated one) must not
    // keep offering that key's public half: OpenSSH reads id_ed25519.pub before the key.
    void aNewKeyReplacesThePublicHalfBesideIt()
    {
        const QString lab = uniqueLab();
        QTemporaryDir dir;
        Redactor redactor;
        QString error;
        const QString runSecrets = dir.path() + QStringLiteral("/secrets");
        const LabSecrets first = LabSecrets::obtain(lab, runSecrets, {}, redactor, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString otherKey = dir.path() + QStringLiteral("/other_ed25519");
        QVERIFY(HostCommand(QStringLiteral("ssh-keygen"),
                            {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                             QStringLiteral("-N"), QString(), QStringLiteral("-f"), otherKey})
                    .run()
                    .ok());
        qputenv("LABFORGE_SSH_KEY_FILE", otherKey.toLocal8Bit());
        const LabSecrets second = LabSecrets::obtain(lab, runSecrets, {}, redactor, &error);
        qunsetenv("LABFORGE_SSH_KEY_FILE");
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(second.sshPrivateKeyFile, first.sshPrivateKeyFile);
        QVERIFY(second.sshPublicKey != first.sshPublicKey);
        QFile pub(second.sshPrivateKeyFile + QStringLiteral(".pub"));
        QVERIFY(pub.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(pub.readAll()).trimmed(), second.sshPublicKey);
    }

    // A run makes the shared secrets its nodes ask for and no other: each by its recipe, kept
    // private in the run's secrets, named in a note, redacted in every form text can carry;
    // the next run of the lab makes new ones and removes those it no longer needs.
    // `registerStored` redacts what a run kept without making anything.
    void sharedSecretsAreOnlyThoseAskedFor()
    {
        const QString lab = uniqueLab();
        QTemporaryDir dir;
        const QString runSecrets = dir.path() + QStringLiteral("/secrets");
        const SecretSlot munge = SecretSlot::shared(
            QStringLiteral("munge-key"), QStringLiteral("MUNGE key"), SecretSlot::Recipe::RandomBytes, 1024,
            QStringLiteral("/etc/munge/munge.key"), 0400, QStringLiteral("munge"));
        const SecretSlot database = SecretSlot::shared(
            QStringLiteral("db-password"), QStringLiteral("database password"), SecretSlot::Recipe::Password, 24,
            QStringLiteral("/etc/db/password"), 0600, QStringLiteral("root"));
        Redactor redactor;
        QString error;
        // What an earlier run left without an index (a token of a lab that had Kubernetes) goes.
        QVERIFY(QDir().mkpath(runSecrets));
        QVERIFY(PrivateFile::write(runSecrets + QStringLiteral("/kubeadm-token"), "abcdef.0123456789abcdef", &error));
        const LabSecrets first = LabSecrets::obtain(lab, runSecrets, {munge, database}, redactor, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(first.shared.keys(), QStringList({QStringLiteral("db-password"), QStringLiteral("munge-key")}));
        const QByteArray key = first.shared.value(QStringLiteral("munge-key"));
        const QByteArray password = first.shared.value(QStringLiteral("db-password"));
        QCOMPARE(key.size(), 1024);
        QCOMPARE(password.size(), 24);
        const QString notes = first.notes.join(u'\n');
        QVERIFY2(notes.contains(QLatin1String("MUNGE key: generated for this run")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("database password: generated for this run")), qPrintable(notes));
        QVERIFY2(!notes.contains(QLatin1String("kubeadm")), qPrintable(notes));
        QVERIFY(!notes.contains(QString::fromLatin1(password)));
        QVERIFY(!QFile::exists(runSecrets + QStringLiteral("/kubeadm-token")));
        for (const char *name : {"/munge-key", "/db-password", "/shared.json"}) {
            QCOMPARE(QFile::permissions(runSecrets + QLatin1String(name))
                         & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
                     QFileDevice::Permissions());
        }
        QFile index(runSecrets + QStringLiteral("/shared.json"));
        QVERIFY(index.open(QIODevice::ReadOnly));
        const QByteArray indexText = index.readAll();
        QVERIFY(indexText.contains("random-bytes") && !indexText.contains(password));
        const QString line =
            QStringLiteral("key %1 pw %2").arg(QString::fromLatin1(key.toBase64()), QString::fromLatin1(password));
        QCOMPARE(redactor.redact(line), QStringLiteral("key [redacted munge-key] pw [redacted db-password]"));

        Redactor later;
        LabSecrets::registerStored(lab, runSecrets, later);
        QCOMPARE(later.redact(QString::fromLatin1(key.toHex())), QStringLiteral("[redacted munge-key]"));
        QCOMPARE(later.redact(QString::fromLatin1(password)), QStringLiteral("[redacted db-password]"));

        const LabSecrets second = LabSecrets::obtain(lab, runSecrets, {munge}, redactor, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(second.shared.value(QStringLiteral("munge-key")) != key);
        QVERIFY2(!QFile::exists(runSecrets + QStringLiteral("/db-password")), "a secret no node needs is not kept");

        const SecretSlot climbing =
            SecretSlot::shared(QStringLiteral("../id_ed25519"), QStringLiteral("bad"), SecretSlot::Recipe::Password, 24,
                               QStringLiteral("/etc/x"), 0600, QStringLiteral("root"));
        LabSecrets::obtain(lab, runSecrets, {climbing}, redactor, &error);
        QVERIFY2(error.contains(QLatin1String("not [a-z0-9-]")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestKeychain)
#include "tst_keychain.moc"
