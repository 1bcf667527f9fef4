// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Files labforge did not just write (reports, run records, snapshot manifests, console logs)
// are read one way: no link followed, no wait on a FIFO, regular files only, a size bound,
// and an error naming the file. Files it writes where the user said (captures, diagrams,
// reports, kits) are written beside the target and renamed over it when whole; a target that
// is a directory, a FIFO, a device or a link is refused before anything runs. A kit's lock
// may not change a component's version, and a Release file's dates are read as Debian
// writes them.
#include "DebianKitMirror.h"
#include "FeatureModules.h"
#include "LabSnapshots.h"
#include "LinkControl.h"
#include "OfflineKit.h"
#include "OutputFile.h"
#include "PinsLock.h"
#include "ReportWriter.h"
#include "RunHistory.h"
#include "RunInventory.h"
#include "SerialConsole.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Labforge;

namespace {

struct Run
{
    int code = -1;
    QString output;
    qint64 ms = 0;
};

// The CLI under an address-space bound: a reader without one fails here, not on the machine.
Run labforge(const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    QElapsedTimer clock;
    clock.start();
    p.start(QStringLiteral("/bin/sh"),
            QStringList {QStringLiteral("-c"), QStringLiteral("ulimit -v 4000000; exec \"$0\" \"$@\""),
                         qEnvironmentVariable("LABFORGE_BINARY")}
                + args);
    if (!p.waitForFinished(15000)) {
        p.kill();
        p.waitForFinished();
        return Run {-1, QStringLiteral("(still running after 15 s)"), clock.elapsed()};
    }
    return Run {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll()),
                clock.elapsed()};
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// `path` made into what the row names: a link to a device, a sparse file of 64 GiB, a FIFO
// or a directory.
bool makeHostile(const QString &kind, const QString &path)
{
    if (kind == QLatin1String("link to /dev/zero"))
        return QFile::link(QStringLiteral("/dev/zero"), path);
    if (kind == QLatin1String("sparse 64 GiB")) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.resize(qint64(64) << 30);
    }
    if (kind == QLatin1String("FIFO"))
        return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
    return QDir().mkpath(path);
}

void hostileRows()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("why");
    QTest::newRow("a link to /dev/zero") << QStringLiteral("link to /dev/zero") << QStringLiteral("is a link");
    QTest::newRow("a sparse file of 64 GiB") << QStringLiteral("sparse 64 GiB") << QStringLiteral("more than");
    QTest::newRow("a FIFO") << QStringLiteral("FIFO") << QStringLiteral("not a regular file");
    QTest::newRow("a directory") << QStringLiteral("directory") << QStringLiteral("not a regular file");
}

mode_t modeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode : 0;
}

} // namespace

class TestUntrustedFiles : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private Q_SLOTS:
    // `labforge report DIR` (and the Runs view, through RunHistory) on a report.json that is
    // no report: refused quickly, naming the file; never read without a bound.
    void reportsAreReadWithABound_data() { hostileRows(); }
    void reportsAreReadWithABound()
    {
        QFETCH(QString, kind);
        QFETCH(QString, why);
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("report.json"));
        QVERIFY(makeHostile(kind, json));
        const Run r = labforge({QStringLiteral("report"), dir.path()});
        QVERIFY2(r.code == 2 || r.code == 1, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.output)));
        QVERIFY2(r.output.contains(json) && r.output.contains(why), qPrintable(r.output));
        QVERIFY2(r.ms < 10000, qPrintable(QStringLiteral("%1 ms").arg(r.ms)));
        if (kind != QLatin1String("FIFO") && kind != QLatin1String("link to /dev/zero")) {
            const RunHistory::Entry e = RunHistory::entryOf(dir.path());
            QVERIFY2(e.error.contains(json) && e.error.contains(why), qPrintable(e.error));
        }
    }

    // The run record (state.json) and a snapshot's manifest, the same way.
    void runRecordsAreReadWithABound_data() { hostileRows(); }
    void runRecordsAreReadWithABound()
    {
        QFETCH(QString, kind);
        QFETCH(QString, why);
        QTemporaryDir run;
        RunInventory inventory(run.path());
        QVERIFY(makeHostile(kind, inventory.path()));
        QString error;
        QVERIFY(!inventory.load(&error));
        QVERIFY2(error.contains(inventory.path()) && error.contains(why), qPrintable(error));

        const QString folder = LabSnapshots::directory(run.path()) + QStringLiteral("/before");
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(makeHostile(kind, folder + QStringLiteral("/manifest.json")));
        error.clear();
        QVERIFY(!LabSnapshots(QStringLiteral("lab"), run.path()).list(&error));
        QVERIFY2(error.contains(folder + QStringLiteral("/manifest.json")) && error.contains(why), qPrintable(error));
    }

    void aReportReadsBackAndIsPrivate()
    {
        QTemporaryDir dir;
        RunReport report;
        report.lab = QStringLiteral("lab");
        QString error;
        QVERIFY2(ReportWriter::write(report, dir.path(), &error), qPrintable(error));
        for (const char *name : {"report.json", "junit.xml", "report.html"})
            QCOMPARE(modeOf(dir.filePath(QLatin1String(name))) & 07777, mode_t(0600));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 3); // nothing temporary left
        const auto back = ReportWriter::read(dir.path(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->lab, QStringLiteral("lab"));
    }

    // A report's timeline from elsewhere may span centuries: the time axis still counts its
    // seconds (found by fuzz_records, whose corpus keeps the input).
    void aTimelineOfCenturiesIsDrawn()
    {
        RunTimeline::Span span;
        span.stage = RunStage::Boot;
        span.start = QDateTime(QDate(1013, 3, 1), QTime(10, 0), Qt::UTC);
        span.end = QDateTime(QDate(2026, 3, 1), QTime(10, 0), Qt::UTC);
        const QString svg = ReportWriter::timelineSvg({span});
        const qint64 seconds = span.start.secsTo(span.end);
        QVERIFY2(svg.contains(QStringLiteral(">%1 s<").arg(seconds)), qPrintable(svg.left(2000)));
    }

    // `console --read-only` follows the console log: a FIFO or a link in its place is refused
    // at once.
    void theConsoleLogIsARegularFile()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("console.log"));
        QVERIFY(makeHostile(QStringLiteral("FIFO"), fifo));
        QString error;
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!SerialConsole::follow(fifo, 10, 1, STDOUT_FILENO, false, &error));
        QVERIFY2(error.contains(fifo) && error.contains(QLatin1String("not a regular file")), qPrintable(error));
        const QString link = dir.filePath(QStringLiteral("link.log"));
        QVERIFY(QFile::link(QStringLiteral("/etc/hostname"), link));
        QVERIFY(!SerialConsole::follow(link, 10, 1, STDOUT_FILENO, false, &error));
        QVERIFY2(error.contains(QLatin1String("is a link")), qPrintable(error));
        QVERIFY(clock.elapsed() < 1000);
    }

    // Output targets: what is not a regular file (or absent) is refused before anything runs.
    void outputTargetsAreRegularFiles()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("out.png"));
        QVERIFY(makeHostile(QStringLiteral("FIFO"), fifo));
        const QString directory = dir.filePath(QStringLiteral("folder.png"));
        QVERIFY(QDir().mkpath(directory));
        const QString link = dir.filePath(QStringLiteral("link.png"));
        QVERIFY(QFile::link(QStringLiteral("/dev/null"), link));
        QString error;
        QVERIFY(!OutputFile::checkTarget(fifo, &error));
        QVERIFY2(error.contains(QLatin1String("a FIFO")), qPrintable(error));
        QVERIFY(!OutputFile::checkTarget(directory, &error));
        QVERIFY2(error.contains(QLatin1String("a directory")), qPrintable(error));
        QVERIFY(!OutputFile::checkTarget(link, &error));
        QVERIFY2(error.contains(QLatin1String("a link")), qPrintable(error));
        QVERIFY(!OutputFile::checkTarget(QStringLiteral("/dev/null"), &error));
        QVERIFY2(error.contains(QLatin1String("a device")), qPrintable(error));
        QVERIFY(OutputFile::checkTarget(dir.filePath(QStringLiteral("new.png")), &error));

        for (const QString &target : {fifo, directory, link}) {
            const Run r = labforge(
                {QStringLiteral("export-image"), QStringLiteral("--template"), QStringLiteral("web-lab"), target});
            QVERIFY2(r.code == 2 && r.output.contains(QLatin1String("not a regular file")), qPrintable(r.output));
        }
        QVERIFY(S_ISFIFO(modeOf(fifo))); // still there, untouched
        QVERIFY(QFileInfo(directory).isDir());

        // A kit the same way, before anything is gathered: no work directory beside it, the
        // cache not even looked at (it does not exist), the FIFO as it was.
        const QString before = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden).join(u' ');
        const Run kit = labforge({QStringLiteral("kit"), QStringLiteral("export"), QStringLiteral("--template"),
                                  QStringLiteral("web-lab"), fifo, QStringLiteral("--cache-root"),
                                  dir.filePath(QStringLiteral("no-cache"))});
        QVERIFY2(kit.code == 1 && kit.output.contains(fifo + QStringLiteral(": it is a FIFO")), qPrintable(kit.output));
        QCOMPARE(kit.output.count(u'\n'), 1);
        QVERIFY(S_ISFIFO(modeOf(fifo)));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden).join(u' '), before);

        // The report's files and the JUnit file the same way: nothing is written.
        const QString reports = dir.filePath(QStringLiteral("reports"));
        QVERIFY(QDir().mkpath(reports));
        QVERIFY(makeHostile(QStringLiteral("FIFO"), reports + QStringLiteral("/junit.xml")));
        QVERIFY(!ReportWriter::write(RunReport {}, reports, &error));
        QVERIFY2(error.contains(QLatin1String("a FIFO")), qPrintable(error));
        QVERIFY(!QFile::exists(reports + QStringLiteral("/report.json")));
    }

    // A diagram replaces an existing file only once it is drawn whole.
    void anExportReplacesTheFileWhole()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("lab.svg"));
        QVERIFY(writeFile(out, "old"));
        const Run r =
            labforge({QStringLiteral("export-image"), QStringLiteral("--template"), QStringLiteral("web-lab"), out});
        QVERIFY2(r.code == 0, qPrintable(r.output));
        QVERIFY(readFile(out).contains("<svg"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList {QStringLiteral("lab.svg")});
    }

    // A place nothing can be written beside (no file may be made in /proc): one line that names
    // the target once, and the error of the writer as it is (no temporary name to translate yet).
    void anUnwritablePlaceIsNamedOnce()
    {
        const QString target = QStringLiteral("/proc/labforge-x.png");
        OutputFile out(target);
        QString error;
        QVERIFY(!out.prepare(&error));
        const QString shown = out.aboutTarget(error);
        QCOMPARE(shown, error);
        QCOMPARE(shown.count(target), 1);
        QVERIFY2(!shown.contains(u'\n'), qPrintable(shown));
        const Run r =
            labforge({QStringLiteral("export-image"), QStringLiteral("--template"), QStringLiteral("web-lab"), target});
        const QStringList said = r.output.split(u'\n').filter(QStringLiteral("labforge export-image:"));
        QVERIFY2(r.code != 0 && said.size() == 1 && said.first().count(target) == 1, qPrintable(r.output));
    }

    // `labforge capture -w FILE`: tcpdump (a stand-in on PATH here) writes beside FILE; FILE is
    // replaced when the capture ran its time and left as it was, content and mode, when
    // tcpdump failed; a FIFO is refused before tcpdump runs.
    void aCaptureReplacesTheFileOnlyWhenItRan()
    {
        QTemporaryDir dir;
        const QString bin = dir.filePath(QStringLiteral("bin"));
        QVERIFY(QDir().mkpath(bin));
        const QString log = dir.filePath(QStringLiteral("tcpdump.log"));
        const auto standIn = [&](const QByteArray &end) {
            const QString script = bin + QStringLiteral("/tcpdump");
            QFile::remove(script);
            return writeFile(script,
                             "#!/bin/sh\necho \"$*\" >> '" + log.toUtf8()
                                 + "'\nwhile [ $# -gt 0 ]; do [ \"$1\" = -w ] && out=$2; shift; done\n"
                                   "printf 'frames' > \"$out\"\n"
                                 + end)
                && QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        };
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(bin) + ':' + path);
        const QString notes = dir.filePath(QStringLiteral("notes.txt"));
        QVERIFY(writeFile(notes, "my notes"));
        QVERIFY(
            QFile::setPermissions(notes, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
        QString error;

        QVERIFY(standIn("echo 'tcpdump: tap9: No such device exists' >&2\nexit 1\n"));
        QVERIFY(
            !LinkControl::captureFrames(QStringLiteral("tap9"), QStringLiteral("52:54:00:00:00:02"), notes, 2, &error));
        QVERIFY2(error.contains(QLatin1String("No such device")), qPrintable(error));
        QCOMPARE(readFile(notes), QByteArray("my notes"));
        QCOMPARE(modeOf(notes) & 07777, mode_t(0644));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2); // notes and the log

        QVERIFY(standIn("exec sleep 30\n"));
        QVERIFY2(
            LinkControl::captureFrames(QStringLiteral("tap9"), QStringLiteral("52:54:00:00:00:02"), notes, 1, &error),
            qPrintable(error));
        QCOMPARE(readFile(notes), QByteArray("frames"));
        QCOMPARE(modeOf(notes) & 07777, mode_t(0600));
        QVERIFY(!readFile(log).contains(notes.toUtf8())); // tcpdump wrote beside it

        const QString fifo = dir.filePath(QStringLiteral("capture.pcap"));
        QVERIFY(makeHostile(QStringLiteral("FIFO"), fifo));
        QVERIFY(QFile::remove(log));
        QVERIFY(!LinkControl(dir.path()).capture(QStringLiteral("a"), QStringLiteral("b"), {}, fifo, 1, &error));
        QVERIFY2(error.contains(QLatin1String("a FIFO")), qPrintable(error));
        QVERIFY(!QFile::exists(log)); // refused before anything ran
        qputenv("PATH", path);
    }

    // A kit's lock that gives a component another version is refused, naming each with both
    // versions.
    void aKitLockMayNotChangeVersions()
    {
        const PinsLock &trusted = PinsLock::builtIn();
        QJsonObject json = QJsonDocument::fromJson(trusted.toJson()).object();
        QJsonObject components = json.value(QStringLiteral("components")).toObject();
        QVERIFY(components.size() >= 2);
        QStringList changed;
        for (const QString &name : components.keys().mid(0, 2)) {
            QJsonObject c = components.value(name).toObject();
            // One more digit at the end: a version of the same form, another release.
            c.insert(QStringLiteral("version"), c.value(QStringLiteral("version")).toString() + u'1');
            components.insert(name, c);
            changed.append(name);
        }
        json.insert(QStringLiteral("components"), components);
        QString error;
        const auto kit = PinsLock::fromJson(QJsonDocument(json).toJson(), &error);
        QVERIFY2(kit, qPrintable(error));
        QVERIFY(OfflineKit::mergedLock(trusted, trusted, QStringLiteral("same.kit"), &error));
        QString why;
        QVERIFY(!OfflineKit::mergedLock(trusted, *kit, QStringLiteral("changed.kit"), &why));
        for (const QString &name : std::as_const(changed))
            QVERIFY2(why.contains(name + u' ' + trusted.version(name) + QStringLiteral("1 (this labforge's lock: ")
                                  + trusted.version(name) + u')'),
                     qPrintable(why));
    }

    // A Release file's Date and Valid-Until as Debian's archives write them.
    void debianDatesAreReadAsDebianWritesThem_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("UTC (debian-security, snapshot)") << QStringLiteral("Sat, 08 Dec 2035 10:00:00 UTC");
        QTest::newRow("GMT") << QStringLiteral("Sat, 08 Dec 2035 10:00:00 GMT");
        QTest::newRow("+0000") << QStringLiteral("Sat, 08 Dec 2035 10:00:00 +0000");
        QTest::newRow("Z") << QStringLiteral("Sat, 08 Dec 2035 10:00:00 Z");
        QTest::newRow("one-digit day") << QStringLiteral("Sat, 8 Dec 2035 10:00:00 UTC");
        QTest::newRow("an offset") << QStringLiteral("Sat, 08 Dec 2035 12:00:00 +0200");
    }
    void debianDatesAreReadAsDebianWritesThem()
    {
        QFETCH(QString, text);
        const QDateTime date = DebianKitMirror::releaseDate(text);
        QVERIFY2(date.isValid(), qPrintable(text));
        QCOMPARE(date.toUTC(), QDateTime(QDate(2035, 12, 8), QTime(10, 0), Qt::UTC));
        QVERIFY(date > QDateTime::currentDateTimeUtc()); // not "expired"
        QVERIFY(!DebianKitMirror::releaseDate(QStringLiteral("next Tuesday")).isValid());
    }
};

QTEST_GUILESS_MAIN(TestUntrustedFiles)
#include "tst_untrustedfiles.moc"
