// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Secrets out of text in every form a shell prints them: the real xxd, od, hexdump and
// base64 print a canary, and what Redactor leaves of their output holds no piece of it.
#include "FeatureModules.h"
#include "Redactor.h"
#include "ReportWriter.h"
#include "RunReport.h"
#include "TestLabs.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <array>

#include <sys/stat.h>

using namespace Labforge;

namespace {

// A fixed 32-byte canary key (as MUNGE and JWT keys are random bytes).
QByteArray canaryKey()
{
    return QByteArray::fromHex("3f9ac1e07b24d58e16f0a9c37d42be5091c6e8247af3b50d2e9c714a8b60f3d5");
}

QString run(const QStringList &command, const QByteArray &input)
{
    QProcess p;
    p.start(command.first(), command.mid(1));
    if (!p.waitForStarted())
        return {};
    p.write(input);
    p.closeWriteChannel();
    p.waitForFinished();
    return QString::fromLatin1(p.readAllStandardOutput());
}

// The output without whitespace and in lower case: where a leftover would show.
QString flat(const QString &text)
{
    QString out = text;
    out.removeIf([](QChar c) { return c.isSpace(); });
    return out;
}

// Pieces of `bytes` that must not survive: every 4-byte window in hex, also as the
// little-endian dumps show it (two 16-bit words, one 32-bit word), and every whole
// 4-character group of its base64 at each of the three byte offsets.
QStringList tells(const QByteArray &bytes)
{
    QStringList pieces;
    for (qsizetype i = 0; i + 4 <= bytes.size(); ++i) {
        const QByteArray w = bytes.mid(i, 4);
        for (const auto &order : {std::array {0, 1, 2, 3}, std::array {1, 0, 3, 2}, std::array {3, 2, 1, 0}}) {
            QByteArray piece;
            for (int k : order)
                piece.append(w.at(k));
            pieces.append(QString::fromLatin1(piece.toHex()));
        }
    }
    for (qsizetype skip = 0; skip < 3; ++skip) {
        const QString b = QString::fromLatin1(bytes.mid(skip, (bytes.size() - skip) / 3 * 3).toBase64());
        for (qsizetype i = 0; i + 8 <= b.size(); i += 4)
            pieces.append(b.mid(i, 8));
    }
    return pieces;
}

QString leak(const QString &redacted, const QByteArray &secret)
{
    const QString f = flat(redacted);
    const QString lower = f.toLower();
    for (const QString &piece : tells(secret)) {
        const bool hex = piece.size() == 8
            && std::all_of(piece.begin(), piece.end(), [](QChar c) { return c.isDigit() || (c >= u'a' && c <= u'f'); });
        if ((hex ? lower : f).contains(hex ? piece.toLower() : piece))
            return piece;
    }
    return {};
}

const QList<QStringList> &shellForms()
{
    static const QList<QStringList> forms {
        {QStringLiteral("xxd"), QStringLiteral("-p")},
        {QStringLiteral("xxd"), QStringLiteral("-p"), QStringLiteral("-u")},
        {QStringLiteral("xxd"), QStringLiteral("-p"), QStringLiteral("-c"), QStringLiteral("7")},
        {QStringLiteral("xxd")},
        {QStringLiteral("xxd"), QStringLiteral("-u")},
        {QStringLiteral("xxd"), QStringLiteral("-g"), QStringLiteral("1")},
        {QStringLiteral("xxd"), QStringLiteral("-c"), QStringLiteral("8"), QStringLiteral("-g"), QStringLiteral("4")},
        {QStringLiteral("od"), QStringLiteral("-An"), QStringLiteral("-tx1")},
        {QStringLiteral("od"), QStringLiteral("-tx1")},
        {QStringLiteral("od"), QStringLiteral("-An"), QStringLiteral("-tx1"), QStringLiteral("-w12")},
        {QStringLiteral("hexdump"), QStringLiteral("-C")},
        // Little-endian words: 16-bit (hexdump's default layout, od -tx2), 32-bit.
        {QStringLiteral("hexdump")},
        {QStringLiteral("od"), QStringLiteral("-tx2")},
        {QStringLiteral("od"), QStringLiteral("-tx4")},
        {QStringLiteral("od"), QStringLiteral("-An"), QStringLiteral("-tx4")},
        {QStringLiteral("xxd"), QStringLiteral("-e")},
        {QStringLiteral("xxd"), QStringLiteral("-e"), QStringLiteral("-c"), QStringLiteral("8")},
        {QStringLiteral("base64")},
        {QStringLiteral("base64"), QStringLiteral("-w"), QStringLiteral("0")},
        {QStringLiteral("base64"), QStringLiteral("-w"), QStringLiteral("5")},
        {QStringLiteral("base64"), QStringLiteral("-w"), QStringLiteral("17")},
        {QStringLiteral("base64"), QStringLiteral("-w"), QStringLiteral("64")},
    };
    return forms;
}

// The result of a `labforge test` run.
struct TestRun
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

// `labforge test` (local transport, a cache of its own below `dir`, umask 022) on a copy of
// web-lab whose one gating scenario runs `command` on node web, with `more` arguments.
TestRun labforgeTest(const QString &dir, const QString &command, const QStringList &more, const QString &password)
{
    QFile source(TestLabs::sourceDir() + QStringLiteral("/resources/labs/web-lab.lab.json"));
    if (!source.open(QIODevice::ReadOnly))
        return {};
    QJsonObject lab = QJsonDocument::fromJson(source.readAll()).object();
    const QJsonObject params {
        {QStringLiteral("command"), command},
        {QStringLiteral("timeout_seconds"), 30},
        {QStringLiteral("expect"), QJsonObject {{QStringLiteral("contains"), QStringLiteral("done")}}}};
    const QJsonObject step {
        {QStringLiteral("id"), QStringLiteral("prints")},
        {QStringLiteral("description"), QStringLiteral("a careless step")},
        {QStringLiteral("node"), QStringLiteral("web")},
        {QStringLiteral("assertion"),
         QJsonObject {{QStringLiteral("type"), QStringLiteral("command_output")}, {QStringLiteral("params"), params}}}};
    lab.insert(QStringLiteral("scenarios"),
               QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("careless")},
                                        {QStringLiteral("enabled"), true},
                                        {QStringLiteral("gating"), true},
                                        {QStringLiteral("steps"), QJsonArray {step}}}});
    const QString labFile = dir + QStringLiteral("/lab.json");
    QFile out(labFile);
    if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(lab).toJson()) <= 0)
        return {};
    out.close();
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LABFORGE_CACHE_DIR"), dir + QStringLiteral("/cache"));
    env.insert(QStringLiteral("LABFORGE_OPS_PASSWORD"), password);
    env.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
    p.setProcessEnvironment(env);
    p.setChildProcessModifier([] { ::umask(022); });
    p.start(qEnvironmentVariable("LABFORGE_BINARY"),
            QStringList {QStringLiteral("test"), labFile, QStringLiteral("--transport"), QStringLiteral("local"),
                         QStringLiteral("--allow-host-commands")}
                + more);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace

class TestRedaction : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private Q_SLOTS:
    // A key that is bytes, as the tools print it alone and inside longer data at each of
    // the three offsets base64 can start it at (a prefix of 0, 1, 2 bytes and some after).
    void binaryKeyInEveryShellEncoding_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<int>("prefix");
        for (const QStringList &c : shellForms()) {
            for (int prefix = 0; prefix < 3; ++prefix)
                QTest::addRow("%s +%d", qPrintable(c.join(u' ')), prefix) << c << prefix;
        }
    }
    void binaryKeyInEveryShellEncoding()
    {
        QFETCH(QStringList, command);
        QFETCH(int, prefix);
        Redactor r;
        QVERIFY(r.addBytes(QStringLiteral("munge-key"), canaryKey()));
        const QByteArray data = QByteArray("ABCDEFGHIJKLMNOPQRSTUVW").left(prefix) + canaryKey() + "tail of the file\n";
        const QString printed = run(command, data);
        QVERIFY2(!printed.isEmpty(), "the tool printed nothing (is it installed?)");
        QVERIFY2(!leak(printed, canaryKey()).isEmpty(), "the check finds the canary in the unredacted output");
        const QString out = r.redact(QStringLiteral("the key:\n") + printed + QStringLiteral("done\n"));
        QVERIFY2(out.contains(QLatin1String("[redacted munge-key]")), qPrintable(out));
        QVERIFY2(leak(out, canaryKey()).isEmpty(), qPrintable(leak(out, canaryKey()) + QLatin1String(" in:\n") + out));
        QVERIFY(out.startsWith(QLatin1String("the key:\n")));
        QVERIFY(out.endsWith(QLatin1String("done\n")));
    }

    // A password (text): the same tools, and the dump's character column does not keep it;
    // after other text, and alone at the end of the data (a last word or line cut short).
    void textSecretInEveryShellEncoding_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        for (const QStringList &c : shellForms()) {
            QTest::addRow("%s", qPrintable(c.join(u' '))) << c << QByteArray("user ops ") << QByteArray("\n");
            QTest::addRow("%s, alone", qPrintable(c.join(u' '))) << c << QByteArray() << QByteArray();
            QTest::addRow("%s, odd", qPrintable(c.join(u' '))) << c << QByteArray("pw ") << QByteArray();
        }
    }
    void textSecretInEveryShellEncoding()
    {
        QFETCH(QStringList, command);
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        const QString password = QStringLiteral("Canary-Ops-Pw-4711-rather-long-xyz");
        Redactor r;
        QVERIFY(r.add(QStringLiteral("ops-password"), password));
        const QString printed = run(command, before + password.toUtf8() + after);
        QVERIFY2(!leak(printed, password.toUtf8()).isEmpty(), "the check finds the password in the unredacted output");
        const QString out = r.redact(printed);
        QVERIFY2(out.contains(QLatin1String("[redacted ops-password]")), qPrintable(out));
        QVERIFY2(leak(out, password.toUtf8()).isEmpty(), qPrintable(out));
        for (qsizetype i = 0; i + 8 <= password.size(); ++i)
            QVERIFY2(!flat(out).contains(password.mid(i, 8)), qPrintable(out));
    }

    // Text without the secret, dumps of other data included, is left as it is.
    void otherTextIsLeftAlone()
    {
        Redactor r;
        QVERIFY(r.addBytes(QStringLiteral("munge-key"), canaryKey()));
        QVERIFY(r.add(QStringLiteral("ops-password"), QStringLiteral("Canary-Ops-Pw-4711")));
        const QByteArray other = QByteArray::fromHex("00112233445566778899aabbccddeeff0123456789abcdef");
        for (const QStringList &c : shellForms()) {
            const QString printed = run(c, other);
            QCOMPARE(r.redact(printed), printed);
        }
        const QString prose = QStringLiteral("Slurm is up: 4 nodes idle, key file /etc/munge/munge.key (0400)\n");
        QCOMPARE(r.redact(prose), prose);
    }

    // The hex a report carries escaped in JSON ("\n" between lines) is redacted too.
    void reportsCarryNoEncodedKey()
    {
        Redactor r;
        QVERIFY(r.addBytes(QStringLiteral("jwt-key"), canaryKey()));
        RunReport report;
        report.lab = QStringLiteral("redaction");
        AssertionResult a;
        a.scenario = QStringLiteral("s");
        a.stepId = QStringLiteral("key");
        a.description = QStringLiteral("prints the key");
        a.state = AssertionResult::State::Failed;
        a.message = run({QStringLiteral("xxd"), QStringLiteral("-p"), QStringLiteral("-u")}, canaryKey());
        AssertionResult::Attempt attempt;
        attempt.stdoutExcerpt = run({QStringLiteral("base64"), QStringLiteral("-w"), QStringLiteral("9")}, canaryKey());
        attempt.stderrExcerpt = run({QStringLiteral("hexdump"), QStringLiteral("-C")}, canaryKey());
        a.attempts.append(attempt);
        report.results.append(a);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(ReportWriter::write(report, dir.path() + QStringLiteral("/r"), &error, &r), qPrintable(error));
        for (const QString &name :
             {QStringLiteral("report.json"), QStringLiteral("junit.xml"), QStringLiteral("report.html")}) {
            QFile f(dir.path() + QStringLiteral("/r/") + name);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QString text = QString::fromUtf8(f.readAll());
            text.replace(QLatin1String("\\n"), QLatin1String("\n"));
            QVERIFY2(leak(text, canaryKey()).isEmpty(), qPrintable(name + QLatin1String(": ") + text));
        }
    }

    // Reports are the owner's wherever they go (a directory below /tmp, a umask of 022):
    // files 0600, directories made for them 0700, the existing parent as it was; written
    // whole (no temporary left beside them); a FIFO in a report's place is refused.
    void reportsArePrivateWhereverWritten()
    {
        const mode_t before = ::umask(022);
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(dir.path(),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                          | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
        RunReport report;
        report.lab = QStringLiteral("private");
        QString error;
        const QString target = dir.path() + QStringLiteral("/new/reports");
        const bool written = ReportWriter::write(report, target, &error);
        // Written again over existing, once-public files: they become private too.
        QVERIFY(QFile::setPermissions(target + QStringLiteral("/junit.xml"),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
        const bool again = ReportWriter::write(report, target, &error);
        ::umask(before);
        QVERIFY2(written && again, qPrintable(error));
        const auto mode = [](const QString &path) {
            struct stat st
            {
            };
            return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
        };
        QCOMPARE(mode(dir.path()), 0755);
        QCOMPARE(mode(dir.path() + QStringLiteral("/new")), 0700);
        QCOMPARE(mode(target), 0700);
        for (const QString &name :
             {QStringLiteral("report.json"), QStringLiteral("junit.xml"), QStringLiteral("report.html")})
            QCOMPARE(mode(target + QLatin1Char('/') + name), 0600);
        QCOMPARE(QDir(target).entryList(QDir::Files | QDir::Hidden).size(), 3);
        QVERIFY(::mkfifo(QFile::encodeName(dir.path() + QStringLiteral("/fifo/report.json")).constData(), 0600) != 0);
        QVERIFY(QDir().mkpath(dir.path() + QStringLiteral("/fifo")));
        QCOMPARE(::mkfifo(QFile::encodeName(dir.path() + QStringLiteral("/fifo/report.json")).constData(), 0600), 0);
        QVERIFY(!ReportWriter::write(report, dir.path() + QStringLiteral("/fifo"), &error));
        QVERIFY2(error.contains(QLatin1String("not a regular file")), qPrintable(error));
    }

    // `labforge test --report DIR --junit FILE` under a umask of 022, DIR and FILE below a
    // directory anyone reads (as /tmp): the reports and the JUnit file are 0600, the
    // directories made for them 0700; a step that prints the ops password through `xxd`
    // leaves no piece of it in any of them.
    void testCommandWritesPrivateRedactedReports()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(dir.path(),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                          | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
        const QString password = QStringLiteral("Canary-Ops-Pw-4711-rather-long-xyz");
        const QString reports = dir.path() + QStringLiteral("/out/report");
        const QString junit = dir.path() + QStringLiteral("/junit/run.xml");
        const TestRun r = labforgeTest(
            dir.path(), QStringLiteral("set -euo pipefail\nprintf '%s' '%1' | xxd -u\necho done\n").arg(password),
            {QStringLiteral("--report"), reports, QStringLiteral("--junit"), junit}, password);
        QVERIFY2(r.code == 0, r.err.constData());
        const auto mode = [](const QString &path) {
            struct stat st
            {
            };
            return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
        };
        QCOMPARE(mode(dir.path() + QStringLiteral("/out")), 0700);
        QCOMPARE(mode(reports), 0700);
        QCOMPARE(mode(dir.path() + QStringLiteral("/junit")), 0700);
        QCOMPARE(mode(junit), 0600);
        bool redacted = false;
        for (const QString &file : {reports + QStringLiteral("/report.json"), reports + QStringLiteral("/junit.xml"),
                                    reports + QStringLiteral("/report.html"), junit}) {
            QCOMPARE(mode(file), 0600);
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QString text = QString::fromUtf8(f.readAll());
            text.replace(QLatin1String("\\n"), QLatin1String("\n"));
            QVERIFY2(leak(text, password.toUtf8()).isEmpty(), qPrintable(file + QLatin1String(":\n") + text));
            for (qsizetype i = 0; i + 8 <= password.size(); ++i)
                QVERIFY2(!flat(text).contains(password.mid(i, 8)), qPrintable(file + QLatin1String(":\n") + text));
            redacted = redacted || text.contains(QLatin1String("[redacted ops-password]"));
        }
        QVERIFY(redacted);
    }

    // A report or JUnit target that cannot be a regular file (a FIFO, a directory for
    // --junit, a device) is refused before anything runs: the message names the path, the
    // step never runs (its marker is not made), no run directory is made, and the target is
    // as it was.
    void testCommandRefusesBadTargetsFirst_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("target"); // below the test's directory, or absolute
        QTest::addColumn<QString>("made"); // "fifo", "directory" or "" (exists already)
        QTest::addColumn<QString>("named"); // the path the message names
        QTest::addColumn<QString>("why");
        QTest::newRow("junit FIFO") << "--junit"
                                    << "out/junit.xml"
                                    << "fifo"
                                    << "out/junit.xml"
                                    << "a FIFO";
        QTest::newRow("junit directory") << "--junit"
                                         << "junit"
                                         << "directory"
                                         << "junit"
                                         << "a directory";
        QTest::newRow("junit device") << "--junit"
                                      << "/dev/null"
                                      << ""
                                      << "/dev/null"
                                      << "a device";
        QTest::newRow("report file a FIFO") << "--report"
                                            << "reports"
                                            << "fifo"
                                            << "reports/report.json"
                                            << "a FIFO";
        QTest::newRow("report device") << "--report"
                                       << "/dev/null"
                                       << ""
                                       << "/dev/null"
                                       << "not a directory";
    }
    void testCommandRefusesBadTargetsFirst()
    {
        QFETCH(QString, option);
        QFETCH(QString, target);
        QFETCH(QString, made);
        QFETCH(QString, named);
        QFETCH(QString, why);
        QTemporaryDir dir;
        const auto at = [&](const QString &path) {
            return path.startsWith(u'/') ? path : dir.filePath(path);
        };
        if (made == u"fifo") {
            QVERIFY(QDir().mkpath(QFileInfo(at(named)).absolutePath()));
            QCOMPARE(::mkfifo(QFile::encodeName(at(named)).constData(), 0600), 0);
        } else if (made == u"directory") {
            QVERIFY(QDir().mkpath(at(named)));
        }
        const QString marker = dir.filePath(QStringLiteral("step-ran"));
        const QString command = QStringLiteral("set -euo pipefail\ntouch '%1'\necho done\n").arg(marker);
        const QString password = QStringLiteral("Canary-Ops-Pw-4711-rather-long-xyz");
        const TestRun r = labforgeTest(dir.path(), command, {option, at(target)}, password);
        QVERIFY2(r.code == 2, r.err.constData()); // nothing ran
        QVERIFY2(r.err.contains(at(named).toUtf8()) && r.err.contains(why.toUtf8()), r.err.constData());
        QVERIFY2(!QFile::exists(marker), "the step ran");
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("cache/runs/web-lab"))));
        struct stat st
        {
        };
        QCOMPARE(::lstat(QFile::encodeName(at(named)).constData(), &st), 0);
        if (made == u"fifo")
            QVERIFY(S_ISFIFO(st.st_mode));
        else if (made == u"directory")
            QVERIFY(S_ISDIR(st.st_mode) && QDir(at(named)).isEmpty());
        else
            QVERIFY(S_ISCHR(st.st_mode));
        if (made == u"fifo") // nothing was written beside it either
            QCOMPARE(QDir(QFileInfo(at(named)).absolutePath())
                         .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)
                         .size(),
                     1);
        // Positive control: without the bad target the step runs.
        const TestRun good = labforgeTest(dir.path(), command, {}, password);
        QVERIFY2(good.code == 0 && QFile::exists(marker), good.err.constData());
    }

    // Megabytes of evidence: one pass per form, not one per wrap.
    void largeTextIsRedactedInLinearTime()
    {
        Redactor r;
        QVERIFY(r.addBytes(QStringLiteral("munge-key"), canaryKey()));
        QString big;
        const QString line = QStringLiteral("00000000: 0011 2233 4455 6677 8899 aabb ccdd eeff  .\"3DUfw........\n");
        while (big.size() < qsizetype(4) * 1024 * 1024)
            big += line;
        big += run({QStringLiteral("xxd")}, canaryKey());
        QElapsedTimer t;
        t.start();
        const QString out = r.redact(big);
        QVERIFY2(out.contains(QLatin1String("[redacted munge-key]")), "the key at the end was missed");
        QVERIFY2(t.elapsed() < 30000, qPrintable(QString::number(t.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TestRedaction)
#include "tst_redaction.moc"
